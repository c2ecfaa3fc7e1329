import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMIT_ACTIONS } from '../config.ts';
import type { TRateLimit, TRateLimitAction } from '../config.ts';
import type { TLogger } from '../observability/log.ts';

/**
 * The caller: `ip` is what limits count (an IPv6 /64 as one), `address` the full address as
 * seen (TRUST_PROXY rules), for the audit log, and the User-Agent it sent (kept with a new
 * session for the signed-in devices list).
 */
export type TClient = { ip: string; address?: string; userAgent?: string };

/**
 * Too many attempts. Not an AppError on purpose: GraphQL mutations turn AppErrors into
 * results, while a refusal to even try must stop the whole request (HTTP 429, Retry-After).
 */
export class RateLimitError extends Error {
  readonly code = 'RATE_LIMITED';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message?: string) {
    // No stack: a refusal is an answer, never logged with one, and capturing it was the
    // largest part of a refused sign-in's own work (outside attack 13, F5: a flood of them).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(
      message ??
        `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
    );
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'RateLimitError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type TRateLimiter = {
  /**
   * Counts one attempt at `action` (or `points` of it: a GraphQL operation's cost) by the
   * client address `ip` and by `account` (an email or an SSO user), each when given; throws
   * RateLimitError when either is over its limit.
   */
  consume: (
    action: TRateLimitAction,
    keys: { ip?: string; account?: string },
    points?: number,
  ) => Promise<void>;
  /** Gives back one attempt counted by `consume` (a success that must not count). */
  refund: (action: TRateLimitAction, keys: { ip?: string; account?: string }) => Promise<void>;
  /** Counts one attempt without refusing anything (throws nothing). */
  record: (action: TRateLimitAction, keys: { ip?: string; account?: string }) => Promise<void>;
  /**
   * How the account's counter of `action` stands: the attempts counted in the window, whether
   * that is over its limit, and when the window ends. Zero when nothing was counted.
   */
  peek: (
    action: TRateLimitAction,
    account: string,
  ) => Promise<{ count: number; isOver: boolean; retryAfterSeconds: number }>;
  /**
   * Holds one of `max` places of `name` for `key` while work runs (e.g. password checks in
   * flight per address): answers the function that gives the place back, or null when all
   * `max` are taken. Shared through Redis like the counters; a place a crashed process never
   * gave back expires after `ttlSeconds`.
   */
  hold: (
    name: string,
    key: string,
    max: number,
    ttlSeconds: number,
  ) => Promise<(() => Promise<void>) | null>;
  /** 'redis' when every process shares the counters, else 'memory'. */
  kind: 'redis' | 'memory';
  /** False while Redis is connecting or away (each process then counts on its own). */
  isShared: () => boolean;
  close: () => Promise<void>;
};

/**
 * Rate limits on sign-in, sign-up, password recovery and SSO (rate-limiter-flexible): in Redis
 * when `redisUrl` is set, so every process counts against the same limits; in memory otherwise.
 * When Redis is unreachable each process falls back to counting in its own memory, so limits
 * still hold (per process) and sign-ins keep working.
 */
export function createRateLimiter(options: {
  limits: Record<TRateLimitAction, TRateLimit>;
  redisUrl: string | undefined;
  redisPrefix: string;
  log: TLogger;
}): TRateLimiter {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // No offline queue: while Redis is away a call fails at once and the memory fallback counts.
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', (error) => options.log.warn(`Redis (rate limits): ${error.message}`));
  }
  const limiter = (keyPrefix: string, points: number, duration: number) => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${options.redisPrefix}rate-limit:${keyPrefix}`,
      points,
      duration,
      insuranceLimiter: memory,
    });
  };
  const limiters = new Map<string, RateLimiterAbstract>();
  for (const action of RATE_LIMIT_ACTIONS) {
    const { perIp, perAccount, windowSeconds } = options.limits[action];
    if (perIp > 0) limiters.set(`${action}:ip`, limiter(`${action}:ip`, perIp, windowSeconds));
    if (perAccount > 0) {
      limiters.set(`${action}:account`, limiter(`${action}:account`, perAccount, windowSeconds));
    }
  }

  const consume = async (name: string, key: string, points: number): Promise<void> => {
    const counter = limiters.get(name);
    if (!counter) return;
    try {
      await counter.consume(key, points);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        // Points of work refused (a GraphQL cost) are given back: the budget counts work done,
        // so a cheap request still fits what is left. A refused attempt (1) keeps counting.
        if (points > 1) await counter.reward(key, points).catch(() => {});
        throw new RateLimitError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      // The store failed and had no fallback: count nothing rather than refuse everyone.
      options.log.warn(`Rate limit ${name} not checked: ${String(rejection)}`);
    }
  };

  // A store failure while giving back, adding or reading counts nothing (as in consume).
  const quietly = async (name: string, work: () => Promise<unknown>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      options.log.warn(`Rate limit ${name} not updated: ${String(error)}`);
    }
  };
  const accountKey = (account: string) => account.trim().toLowerCase().slice(0, 300);
  const eachKey = (action: string, { ip, account }: { ip?: string; account?: string }) => [
    ...(ip !== undefined ? [[`${action}:ip`, ip] as const] : []),
    ...(account ? [[`${action}:account`, accountKey(account)] as const] : []),
  ];

  // Places held per key in this process (without Redis, or while Redis is away).
  const heldHere = new Map<string, number>();
  const holdHere = (key: string, max: number) => {
    const held = heldHere.get(key) ?? 0;
    if (held >= max) return null;
    heldHere.set(key, held + 1);
    return async () => {
      const left = (heldHere.get(key) ?? 1) - 1;
      if (left > 0) heldHere.set(key, left);
      else heldHere.delete(key);
    };
  };

  return {
    kind: redis ? 'redis' : 'memory',
    hold: async (name, key, max, ttlSeconds) => {
      const local = `${name}:${key}`;
      if (!redis || redis.status !== 'ready') return holdHere(local, max);
      const shared = `${options.redisPrefix}in-flight:${name}:${key}`;
      let held: number;
      try {
        const replies = await redis.multi().incr(shared).expire(shared, ttlSeconds).exec();
        held = Number(replies?.[0]?.[1]);
        if (!Number.isFinite(held)) throw new Error('no INCR reply');
      } catch (error) {
        options.log.warn(`In-flight limit ${name} counted here only: ${String(error)}`);
        return holdHere(local, max);
      }
      const giveBack = async () => {
        await quietly(name, () => redis.decr(shared));
      };
      if (held > max) {
        await giveBack();
        return null;
      }
      return giveBack;
    },
    isShared: () => redis?.status === 'ready',
    consume: async (action, { ip, account }, points = 1) => {
      if (ip !== undefined) await consume(`${action}:ip`, ip, points);
      if (account) await consume(`${action}:account`, accountKey(account), points);
    },
    refund: async (action, keys) => {
      for (const [name, key] of eachKey(action, keys)) {
        const counter = limiters.get(name);
        if (counter) await quietly(name, () => counter.reward(key, 1));
      }
    },
    record: async (action, keys) => {
      for (const [name, key] of eachKey(action, keys)) {
        const counter = limiters.get(name);
        if (counter) await quietly(name, () => counter.penalty(key, 1));
      }
    },
    peek: async (action, account) => {
      const name = `${action}:account`;
      const counter = limiters.get(name);
      const none = { count: 0, isOver: false, retryAfterSeconds: 0 };
      if (!counter) return none;
      let state: RateLimiterRes | null = null;
      await quietly(name, async () => {
        state = await counter.get(accountKey(account));
      });
      const res = state as RateLimiterRes | null;
      if (!res || res.consumedPoints <= 0) return none;
      return {
        count: res.consumedPoints,
        isOver: res.consumedPoints >= counter.points,
        retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      };
    },
    close: async () => {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

/** What a guarded sign-in reports once the password is checked. */
export type TSignInAttempt = { succeeded: () => Promise<void>; failed: () => Promise<void> };

/**
 * The limits of a password sign-in, so that guessing is slow and nobody can lock a stranger out:
 * - `login` per source (`ip`) and per account and source: each attempt is counted before the
 *   password is checked (so a burst cannot slip past), and given back when it succeeds, so only
 *   failures count and a source over its limit is refused even the right password;
 * - `loginEmail` per account from every source, failures only: past its limit, a source that
 *   failed on this account in its window is refused, while a source that has not failed keeps
 *   its tries (the owner on their own device is never refused for someone else's guesses).
 * `account` names what is tried: the email address alone, whichever place (console, widget,
 * portal) it is tried at, so one person has one allowance across every sign-in path.
 */
export async function guardSignIn(
  limiter: TRateLimiter,
  ip: string,
  account: string,
): Promise<TSignInAttempt> {
  const sourceAndAccount = `${ip} ${account}`;
  const [fromHere, fromEverywhere] = await Promise.all([
    limiter.peek('login', sourceAndAccount),
    limiter.peek('loginEmail', account),
  ]);
  if (fromEverywhere.isOver && fromHere.count > 0) {
    throw new RateLimitError(
      Math.min(fromHere.retryAfterSeconds, fromEverywhere.retryAfterSeconds),
    );
  }
  await limiter.consume('login', { ip, account: sourceAndAccount });
  return {
    succeeded: () => limiter.refund('login', { ip, account: sourceAndAccount }),
    failed: () => limiter.record('loginEmail', { account }),
  };
}
