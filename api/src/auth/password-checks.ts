import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { RateLimitError } from '../http/rate-limit.ts';
import { createUsageMeter } from '../usage-meter.ts';
import { verifyPassword } from './password.ts';
import type { TPasswordChecksConfig } from '../config.ts';
import type { TRateLimiter } from '../http/rate-limit.ts';

/**
 * Caps on password hash checks (each ~130 ms of one core and 32 MiB, password.ts), so one
 * client cannot make everyone else's sign-in wait (outside attack 7, finding 1: 40 parallel
 * wrong passwords from one address held other people's sign-ins for 44-75 s, all 40 within the
 * 100 failures a minute allowed):
 * - `perAddress` sign-ins (or other password checks) IN FLIGHT per client address (or per
 *   account, for checks by a signed-in person): past it the next one is answered 429 with
 *   Retry-After after a pause (REFUSAL_PAUSE_MS), nothing hashed. Counted through Redis when
 *   REDIS_URL is set, like the rate limits, so several processes share it;
 * - `concurrent` hash checks at once in this process (node's thread pool has 4 threads), and
 *   never more than the machine's cores less one (hashChecksAtOnce): the event loop keeps a
 *   core. On two cores, one address's two sign-ins in flight (each two hashes: the decoys of
 *   log-in.ts) kept both busy, and every other request waited for the CPU (outside attack 13,
 *   F5: /healthz p50 5 -> 318 ms, others' reads 448 ms, while 1,071 of 1,088 sign-ins were
 *   refused at once). The others wait their turn address by address: the address that has
 *   used the checks least lately (their time, halved every second) goes next, so a person
 *   signing in waits for the check running, not for a flooding address's next ones (round
 *   the circle, their second hash waited behind the flood's next). With at most `perAddress`
 *   of each address waiting, a sign-in from a new address waits behind at most one check of
 *   each other address. Past `waiting` checks waiting (a flood from many addresses), an
 *   address with checks waiting already is answered 429 at once; one with none still waits
 *   its turn.
 * - The turns are a sign-in's, not a hash's: the checks of one `gate` (a sign-in's two) are
 *   counted in its key's use when the gate ends, so its second check waits as its first did,
 *   going before the first of a key that has used as much. Counted per hash, the address that
 *   had just hashed had used the most, and its second hash waited for one of each flooding
 *   address: twenty addresses with two sign-ins each held the company admin's sign-in
 *   8.9-10.8 s (outside attack 33, F5). A refusal for too many checks in flight counts as a
 *   tenth of a check: at a flood's start, when none of its addresses has had a turn yet, a
 *   person's first check still goes first.
 */

/**
 * How many hash checks run at once: `configured`, but at most one fewer than the cores (at
 * least one), so that hashing (scrypt, ~130 ms of a core each, in node's thread pool) never
 * takes every core from the thread that serves requests.
 */
export function hashChecksAtOnce(configured: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(configured, cores - 1));
}

/** How long a refused password check waits before its answer (429, Retry-After 1). */
export const REFUSAL_PAUSE_MS = 500;

/** The use (ms of checks) a refusal for too many checks in flight counts as: a tenth of one. */
const REFUSED_USE_MS = 10;

/** How long a place held by a process that died stays taken in Redis. */
const HOLD_TTL_SECONDS = 30;

const tooManyAtOnce = () =>
  new RateLimitError(
    1,
    'Too many password checks at once from your address. Please wait 1 second and try again.',
  );

const serverBusy = () =>
  new RateLimitError(1, 'Too many sign-ins at once. Please wait 1 second and try again.');

export type TPasswordChecks = {
  /**
   * Runs `work` (which checks passwords) as one of `key`'s checks in flight (a client address,
   * or `user:<id>` for a signed-in person's own password): RateLimitError at once when `key`
   * already has its `perAddress` in flight.
   */
  gate: <T>(key: string, work: () => Promise<T>) => Promise<T>;
  /** Runs one hash check when the process has room for it, its address's turn (one check of each waiting address in turn). */
  slot: <T>(work: () => Promise<T>) => Promise<T>;
  /** verifyPassword in a `slot`. */
  verify: (password: string, stored: string) => Promise<boolean>;
  /** Hash checks running and waiting in this process now. */
  load: () => { running: number; waiting: number };
};

/** One `gate` call's checks: whose, how many have run, and their time (ms). */
type TGateRun = { key: string; checked: number; usedMs: number };

/** A check waiting for its turn; `goingOn` when its gate has had a check already. */
type TWaiting = { start: () => void; goingOn: boolean };

export function createPasswordChecks(
  limiter: TRateLimiter,
  config: TPasswordChecksConfig,
  cores = availableParallelism(),
): TPasswordChecks {
  /**
   * Whose checks run in this call chain: the `gate`'s key (an address, `user:<id>`), how many
   * of its checks have run, and their time (one `gate` call, a sign-in).
   */
  const whose = new AsyncLocalStorage<TGateRun>();
  const concurrent = hashChecksAtOnce(config.concurrent, cores);
  let running = 0;
  let waiting = 0;
  // The checks waiting, by key (outside attack 8, F3: 40 addresses with two checks each filled
  // one shared line, and everyone else was refused). The key that has used the checks least
  // goes next; among equals one whose sign-in is under way, then the one waiting longest (a
  // key that had a turn goes to the back). In a key's line, sign-ins under way come first.
  const queues = new Map<string, TWaiting[]>();
  // Each key's use of the checks: milliseconds of hashing, halved every second.
  const uses = createUsageMeter();
  const next = () => {
    const now = performance.now();
    let chosen: [string, TWaiting[]] | undefined;
    let least = Infinity;
    for (const entry of queues) {
      const used = uses.usedBy(entry[0], now);
      const goesOn = entry[1][0]!.goingOn && !chosen?.[1][0]!.goingOn;
      if (used < least || (used === least && goesOn)) {
        least = used;
        chosen = entry;
      }
    }
    if (!chosen) {
      running -= 1;
      return;
    }
    const [key, line] = chosen;
    const { start } = line.shift()!;
    queues.delete(key);
    if (line.length > 0) queues.set(key, line);
    waiting -= 1;
    start();
  };
  const slot = async <T>(work: () => Promise<T>): Promise<T> => {
    const run = whose.getStore();
    const key = run?.key ?? '';
    const goingOn = run !== undefined && run.checked > 0;
    if (running >= concurrent) {
      // Past `waiting`, a key with checks waiting already is refused; a key with none still
      // gets its turn (each has at most `perAddress` in flight, so the line stays bounded). A
      // sign-in under way is never refused halfway: its first hash would be work thrown away.
      if (!goingOn && waiting >= config.waiting && queues.has(key)) throw serverBusy();
      // The finishing check hands its place straight to this one (running stays counted).
      await new Promise<void>((start) => {
        const line = queues.get(key) ?? [];
        const at = goingOn ? line.findIndex((other) => !other.goingOn) : -1;
        line.splice(at === -1 ? line.length : at, 0, { start, goingOn });
        queues.set(key, line);
        waiting += 1;
      });
    } else {
      running += 1;
    }
    const since = performance.now();
    try {
      return await work();
    } finally {
      if (run) {
        run.checked += 1;
        run.usedMs += performance.now() - since;
      } else {
        uses.charge(key, since);
      }
      // The next is chosen after a turn of the event loop, once the caller has asked for its
      // next check (a sign-in's second hash): chosen at once, the only one waiting then (a
      // flood's) went first.
      setImmediate(next);
    }
  };
  /** Runs `work` as one gate of `key`'s: its checks count in the key's use when it ends. */
  const runAs = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run: TGateRun = { key, checked: 0, usedMs: 0 };
    try {
      return await whose.run(run, work);
    } finally {
      if (run.usedMs > 0) uses.add(key, run.usedMs);
    }
  };
  return {
    gate: async (key, work) => {
      try {
        if (config.perAddress <= 0) return await runAs(key, work);
        const release = await limiter.hold(
          'passwordChecks',
          key,
          config.perAddress,
          HOLD_TTL_SECONDS,
        );
        if (!release) {
          // Asking past its checks in flight, an address asks for more than its share: the
          // refusal counts as use, so a person's first check goes before those of a flood's
          // addresses that have had no turn yet (at a flood's start, all of them).
          uses.add(key, REFUSED_USE_MS);
          throw tooManyAtOnce();
        }
        try {
          return await runAs(key, work);
        } finally {
          await release();
        }
      } catch (error) {
        // A refusal (too many at once here, too many failures in the work) is answered after a
        // pause, holding nothing meanwhile: answered at once, twenty loops of one address sent
        // 900 a second, a quarter of a core of requests answered 429 (outside attack 13, F5).
        // A client that waits for its answers now sends a few a second.
        if (error instanceof RateLimitError) {
          await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
        }
        throw error;
      }
    },
    slot,
    verify: (password, stored) => slot(() => verifyPassword(password, stored)),
    load: () => ({ running, waiting }),
  };
}

/**
 * A signed-in person's own password, checked as one of `key`'s checks in flight (their
 * address; `user:<id>` where the address is not at hand): true when it matches.
 */
export const checkOwnPassword = (
  checks: TPasswordChecks,
  key: string,
  password: string,
  stored: string,
): Promise<boolean> => checks.gate(key, () => checks.verify(password, stored));
