import { RateLimitError } from '../http/rate-limit.ts';
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
 *   Retry-After at once, nothing hashed. Counted through Redis when REDIS_URL is set, like the
 *   rate limits, so several processes share it;
 * - `concurrent` hash checks at once in this process (node's thread pool has 4 threads), the
 *   others waiting their turn in order of arrival. With at most `perAddress` of each address
 *   waiting, every address gets its turn: a flood from one address waits behind nobody else's
 *   sign-in but its own. Past `waiting` checks waiting (a flood from many addresses), the next
 *   one is answered 429 at once rather than queued for seconds.
 */

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
  /** Runs one hash check when the process has room for it, in order of arrival. */
  slot: <T>(work: () => Promise<T>) => Promise<T>;
  /** verifyPassword in a `slot`. */
  verify: (password: string, stored: string) => Promise<boolean>;
  /** Hash checks running and waiting in this process now. */
  load: () => { running: number; waiting: number };
};

export function createPasswordChecks(
  limiter: TRateLimiter,
  config: TPasswordChecksConfig,
): TPasswordChecks {
  let running = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    const start = queue.shift();
    if (start) start();
    else running -= 1;
  };
  const slot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= config.concurrent) {
      if (queue.length >= config.waiting) throw serverBusy();
      // The finishing check hands its place straight to this one (running stays counted).
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      next();
    }
  };
  return {
    gate: async (key, work) => {
      if (config.perAddress <= 0) return work();
      const release = await limiter.hold(
        'passwordChecks',
        key,
        config.perAddress,
        HOLD_TTL_SECONDS,
      );
      if (!release) throw tooManyAtOnce();
      try {
        return await work();
      } finally {
        await release();
      }
    },
    slot,
    verify: (password, stored) => slot(() => verifyPassword(password, stored)),
    load: () => ({ running, waiting: queue.length }),
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
