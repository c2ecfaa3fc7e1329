import { AppError, ERROR_STATUS } from '../errors.ts';
import type { TErrorCode } from '../errors.ts';
import { builder } from './builder.ts';

const FieldError = builder.objectRef<{ field: string; message: string }>('FieldError').implement({
  description: 'A problem with one input field, in words to show next to that field.',
  fields: (t) => ({
    field: t.exposeString('field', { description: 'The input field, e.g. `email`.' }),
    message: t.exposeString('message', {
      description: 'What is wrong, e.g. "This field is required."',
    }),
  }),
});

/** What each code means to a client (every code of ERROR_STATUS, with its REST status). */
const ERROR_CODE_DESCRIPTIONS: Record<TErrorCode, string> = {
  BAD_REQUEST: 'The request itself is malformed (REST 400).',
  VALIDATION: 'One or more inputs are not valid: `fields` says which and why (REST 400).',
  INVALID_TOKEN: 'A link or one-time token is invalid, used or expired (REST 400).',
  UNAUTHENTICATED: 'Sign in first: no valid session or API key (REST 401).',
  INVALID_CREDENTIALS: 'The email and password (or the code) do not match (REST 401).',
  PAYMENT_REQUIRED: 'The company’s plan does not include this (REST 402).',
  PLAN_LIMIT: 'The company’s plan allows no more of these (REST 402).',
  FORBIDDEN: 'Signed in, but not allowed to do this: the message says why (REST 403).',
  EMAIL_NOT_CONFIRMED:
    'The action mails from the caller’s address, which its owner has not confirmed yet (REST 403).',
  TWO_FACTOR_ENROLMENT_REQUIRED:
    'The company requires two-factor sign-in of its team and this account has none yet (REST 403).',
  USER_BLOCKED:
    'An admin blocked this end user: they read boards but cannot vote, comment or submit (REST 403).',
  NOT_FOUND: 'No such object, or one of another company (REST 404).',
  CONFLICT: 'The change conflicts with the current state, e.g. a taken name (REST 409).',
  PAYLOAD_TOO_LARGE: 'The request or an uploaded file is too large (REST 413).',
  UNSUPPORTED_MEDIA_TYPE: 'The request’s content type is not accepted (REST 415).',
  RATE_LIMITED: 'Too many requests: wait as long as Retry-After says (REST 429).',
  UNAVAILABLE:
    'A dependency (database, payment provider) cannot serve now: retry later (REST 503).',
  PAYMENTS_NOT_CONFIGURED: 'No payment provider is configured on this server (REST 503).',
};

const ErrorCode = builder.enumType('ErrorCode', {
  description:
    'Every code an AppError carries: stable, machine-readable; REST answers the same codes as `error.code`.',
  values: Object.fromEntries(
    (Object.keys(ERROR_STATUS) as TErrorCode[]).map((code) => [
      code,
      { description: ERROR_CODE_DESCRIPTIONS[code] },
    ]),
  ) as Record<TErrorCode, { description: string }>,
});

/** Expected failures (validation, not found, conflicts, plan limits) are results, not exceptions. */
builder.objectType(AppError, {
  name: 'AppError',
  description:
    'An expected failure. `code` is stable (VALIDATION, NOT_FOUND, CONFLICT, INVALID_CREDENTIALS, …); `fields` lists field-level problems.',
  fields: (t) => ({
    code: t.field({
      type: ErrorCode,
      description: 'A stable, machine-readable error code (ErrorCode lists them all).',
      resolve: (error) => error.code,
    }),
    message: t.exposeString('message', { description: 'A sentence for people.' }),
    fields: t.field({
      type: [FieldError],
      description: 'Field-level problems (empty unless the code is VALIDATION or similar).',
      resolve: (error) => error.fields ?? [],
    }),
  }),
});
