/**
 * The server refused a request as one too many (HTTP 429, RATE_LIMITED): `retryAfterSeconds`
 * is its Retry-After. The console says how long to wait instead of its generic error
 * (ui/useAction.ts `failureOf`).
 */
export class RateLimitedError extends Error {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(`Rate limited: retry after ${retryAfterSeconds} s`);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The whole minutes to wait, at least one, from a Retry-After in seconds. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * The server is busy or its database out of reach for a moment (HTTP 503, UNAVAILABLE):
 * `retryAfterSeconds` is its Retry-After. A screen says so and tries again by itself
 * (layout/RouteError.tsx); a form keeps what was typed and says nothing was saved (failureOf).
 */
export class ServerBusyError extends Error {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super(`Server busy: retry after ${retryAfterSeconds} s`);
    this.name = 'ServerBusyError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
