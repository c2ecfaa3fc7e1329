/**
 * Expected failures. A service throws `AppError`; each transport maps the code once: REST to an
 * HTTP status and `{error: {code, message, fields?}}`, GraphQL to an error result.
 */

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  PAYMENT_REQUIRED: 402,
  PLAN_LIMIT: 402,
  FORBIDDEN: 403,
  /** The action mails from the caller's address, which its owner has not confirmed yet. */
  EMAIL_NOT_CONFIRMED: 403,
  /** The company requires two-factor sign-in of its team and this account has none yet. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 403,
  /** An admin blocked this end user: they read boards but cannot vote, comment or submit. */
  USER_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  /** No payment provider is configured (STRIPE_SECRET_KEY unset). */
  PAYMENTS_NOT_CONFIGURED: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;
export type TFieldError = { field: string; message: string };

export class AppError extends Error {
  readonly code: TErrorCode;
  readonly fields: TFieldError[] | undefined;
  /** What a REST answer carries beside `error` (e.g. the language a refused widget speaks). */
  readonly beside: Record<string, unknown> | undefined;
  /** Seconds to wait before trying again: the answer's `Retry-After` header (REST and GraphQL). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    fields?: TFieldError[],
    beside?: Record<string, unknown>,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.beside = beside;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toJSON(): { code: TErrorCode; message: string; fields?: TFieldError[] } {
    return {
      code: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

/**
 * How long a client waits before retrying a request the database could not serve now (busy past
 * DATABASE_STATEMENT_TIMEOUT_MS, no connection or transaction in time, not reachable).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const errors = {
  validation: (fields: TFieldError[]) =>
    new AppError('VALIDATION', 'Some fields are not valid.', fields),
  unauthenticated: () => new AppError('UNAUTHENTICATED', 'Sign in to continue.'),
  forbidden: () => new AppError('FORBIDDEN', 'You are not allowed to do this.'),
  notFound: (what: string) => new AppError('NOT_FOUND', `${what} not found.`),
  malformedJson: () => new AppError('BAD_REQUEST', 'The request body is not valid JSON.'),
  /** A write on a board that the company's plan has made view-only. */
  inactiveBoard: () =>
    new AppError(
      'PLAN_LIMIT',
      'This board is view-only: your plan allows fewer active boards. Upgrade the plan to make it active again.',
    ),
  /** A write on an idea hidden by the plan's cap on visible ideas. */
  cappedIdea: () =>
    new AppError(
      'PLAN_LIMIT',
      "This idea is hidden: your plan's limit on visible ideas is reached. Upgrade the plan to show it.",
    ),
  /** A vote, comment or idea from an end user whom the company's admins blocked. */
  userBlocked: () =>
    new AppError(
      'USER_BLOCKED',
      'Your account is blocked on this board: you can read it, but not vote, comment or add ideas.',
    ),
  /**
   * A statement, or the wait for a connection or a transaction, passed its deadline
   * (DATABASE_STATEMENT_TIMEOUT_MS, a transaction's maxWait or timeout).
   */
  databaseBusy: () =>
    new AppError(
      'UNAVAILABLE',
      'The database is too busy to answer this request in time. Please try again shortly.',
      undefined,
      undefined,
      DATABASE_RETRY_AFTER_SECONDS,
    ),
  unavailable: (what = 'The database') =>
    new AppError(
      'UNAVAILABLE',
      `${what} is not reachable right now. Please try again shortly.`,
      undefined,
      undefined,
      DATABASE_RETRY_AFTER_SECONDS,
    ),
};
