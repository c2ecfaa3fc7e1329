/**
 * How much of a shared resource each client has used lately: milliseconds of work, halved every
 * `halfLifeMs`, so a client that paused is soon as good as new. The embedded database's turns
 * (db/pglite.ts) and the password checks' turns (auth/password-checks.ts) both go to the
 * waiting client that has used least.
 */
export type TUsageMeter = {
  /** What `key` has used, as of `now`. */
  usedBy: (key: string, now: number) => number;
  /** Adds work that ran from `since` until now to `key`'s use. */
  charge: (key: string, since: number) => void;
  /** Adds `ms` of work to `key`'s use (work measured elsewhere, or a refusal's token cost). */
  add: (key: string, ms: number) => void;
};

type TUse = { used: number; at: number };

export function createUsageMeter(
  options: { halfLifeMs?: number; remembered?: number } = {},
): TUsageMeter {
  const halfLifeMs = options.halfLifeMs ?? 1_000;
  /** Clients remembered before those whose use has faded are forgotten. */
  const remembered = options.remembered ?? 1_000;
  const uses = new Map<string, TUse>();
  const decayed = (use: TUse | undefined, now: number) =>
    use ? use.used * 2 ** (-(now - use.at) / halfLifeMs) : 0;
  const add = (key: string, ms: number) => {
    const now = performance.now();
    // Read before the delete (which moves the key to the end of the Map's order): deleting
    // first made each client's use only its last piece of work (outside attack 13, F4).
    const used = decayed(uses.get(key), now) + ms;
    uses.delete(key);
    uses.set(key, { used, at: now });
    // The least recently charged first; one whose use has faded is as good as new.
    if (uses.size > remembered) {
      for (const [name, old] of uses) {
        if (uses.size <= remembered / 2 || decayed(old, now) > 1) break;
        uses.delete(name);
      }
    }
  };
  return {
    usedBy: (key, now) => decayed(uses.get(key), now),
    charge: (key, since) => add(key, performance.now() - since),
    add,
  };
}
