import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMIT_ACTIONS } from './config.ts';
import type { TRateLimit, TRateLimitAction } from './config.ts';
import type { TLogger } from './log.ts';

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
    super(
      message ??
        `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
    );
    this.name = 'RateLimitError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type TRateLimiter = {
  /**
   * Counts one attempt at `action` by the client address `ip` and by `account` (an email or an
   * SSO user), each when given; throws RateLimitError when either is over its limit.
   */
  consume: (action: TRateLimitAction, keys: { ip?: string; account?: string }) => Promise<void>;
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

  const consume = async (name: string, key: string): Promise<void> => {
    const counter = limiters.get(name);
    if (!counter) return;
    try {
      await counter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        throw new RateLimitError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
      // The store failed and had no fallback: count nothing rather than refuse everyone.
      options.log.warn(`Rate limit ${name} not checked: ${String(rejection)}`);
    }
  };

  return {
    kind: redis ? 'redis' : 'memory',
    isShared: () => redis?.status === 'ready',
    consume: async (action, { ip, account }) => {
      if (ip !== undefined) await consume(`${action}:ip`, ip);
      if (account) await consume(`${action}:account`, account.trim().toLowerCase().slice(0, 300));
    },
    close: async () => {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
