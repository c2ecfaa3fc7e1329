import type { OpenAPIHono } from '@hono/zod-openapi';
import { DATABASE_RETRY_AFTER_SECONDS, ERROR_STATUS, errors } from '../errors.ts';
import type { AppError, TErrorCode } from '../errors.ts';
import { z } from 'zod';
import { messages } from '../validation.ts';

type OpenAPIRegistry = OpenAPIHono['openAPIRegistry'];

/**
 * The error answers of the OpenAPI document, one response component per status (`Error404`):
 * what it means, the codes it carries (from the one code → status table, errors.ts) and an
 * example. Operations refer to them (route.ts), so a status means the same everywhere.
 */

/** The code of an unexpected failure (rest/index.ts answers it; it is no AppError). */
const INTERNAL = 'INTERNAL';

/** Every `error.code` a REST answer can carry. */
export const ERROR_CODES: readonly (TErrorCode | typeof INTERNAL)[] = [
  ...(Object.keys(ERROR_STATUS) as TErrorCode[]),
  INTERNAL,
];

export type TErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

type TErrorResponse = {
  description: string;
  example: AppError | { error: { code: string; message: string } };
  /** Whether the answer says how long to wait (`Retry-After`, seconds): always, or sometimes. */
  retryAfter?: 'always' | 'sometimes';
};

const ERROR_RESPONSES: Record<TErrorStatus, TErrorResponse> = {
  400: {
    description:
      'Malformed JSON (BAD_REQUEST), invalid input (VALIDATION: `fields` names each field), or a bad one-use token (INVALID_TOKEN).',
    example: errors.validation([{ field: 'title', message: messages.required }]),
  },
  401: {
    description:
      'No session, or a bad or expired token (UNAUTHENTICATED); a wrong email or password (INVALID_CREDENTIALS).',
    example: errors.unauthenticated(),
  },
  402: {
    description:
      "The company's plan has made the board view-only or hidden the idea (PLAN_LIMIT), or the action needs a paid plan (PAYMENT_REQUIRED).",
    example: errors.inactiveBoard(),
  },
  403: {
    description:
      'Signed in, but not allowed (FORBIDDEN, e.g. not an admin of the company); an unconfirmed address (EMAIL_NOT_CONFIRMED); two-factor sign-in required first (TWO_FACTOR_ENROLMENT_REQUIRED); an end user the company blocked (USER_BLOCKED).',
    example: errors.forbidden(),
  },
  404: {
    description: "Unknown id, or another company's object (NOT_FOUND).",
    example: errors.notFound('Idea'),
  },
  409: {
    description: 'Conflicts with the current state (CONFLICT).',
    example: { error: { code: 'CONFLICT', message: 'This merge was undone already.' } },
  },
  413: {
    description: 'The request body is larger than 1 MB (PAYLOAD_TOO_LARGE).',
    example: {
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
    },
  },
  415: {
    description:
      'A body that is not JSON, or sent compressed (UNSUPPORTED_MEDIA_TYPE): send `Content-Type: application/json`, uncompressed.',
    example: {
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Send the request body as JSON, with the header Content-Type: application/json.',
      },
    },
  },
  429: {
    description:
      'Too many attempts (RATE_LIMITED); the `Retry-After` header says how many seconds to wait.',
    example: {
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait 30 seconds and try again.',
      },
    },
    retryAfter: 'always',
  },
  500: {
    description: 'An unexpected failure on the server (INTERNAL); it is logged.',
    example: {
      error: { code: INTERNAL, message: 'Something went wrong on our side. Please try again.' },
    },
  },
  503: {
    description:
      'A needed service is not available (UNAVAILABLE: the database busy or unreachable, with `Retry-After`; PAYMENTS_NOT_CONFIGURED: no payment provider).',
    example: errors.databaseBusy(),
    retryAfter: 'sometimes',
  },
};

/** The codes each status carries. */
export function codesOfStatus(status: TErrorStatus): string[] {
  return ERROR_CODES.filter((code) =>
    code === INTERNAL ? status === 500 : ERROR_STATUS[code] === status,
  );
}

/** Every status an operation may list. */
const STATUSES = Object.keys(ERROR_RESPONSES).map(Number) as TErrorStatus[];

const componentName = (status: TErrorStatus) => `Error${status}`;

/** An operation's answer for `status`: a reference to its response component. */
export function errorResponseRef(status: TErrorStatus): { $ref: string } {
  return { $ref: `#/components/responses/${componentName(status)}` };
}

/** An example as JSON (an AppError's own `toJSON`, or a plain answer). */
const asJson = (example: TErrorResponse['example']) =>
  JSON.parse(JSON.stringify({ error: 'error' in example ? example.error : example })) as {
    error: { code: string };
  };

/**
 * The one error shape, `{error: {code, message, fields?}}` (and what an error adds beside, such
 * as the language a refused widget speaks), with `code` one of `codes`.
 */
export function errorBodySchema(codes: readonly [string, ...string[]]) {
  return z.object({
    error: z.object({
      code: z.enum(codes).meta({ description: 'Stable code, for programs.' }),
      message: z.string().meta({ description: 'A sentence for people.' }),
      fields: z
        .array(z.object({ field: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'Field-level problems, with the spec’s messages (VALIDATION).' }),
    }),
  });
}

/**
 * Registers one response component per status (`Error404`) with its body schema of the same
 * name (the error shape, `code` one of the status's codes), and the `Retry-After` header. Every
 * status is some operation's: the lint refuses an unused component.
 */
export function registerErrorComponents(registry: OpenAPIRegistry): void {
  const retryAfter = {
    description: `Seconds to wait before trying again (an integer; ${DATABASE_RETRY_AFTER_SECONDS} while the database is busy).`,
    schema: { type: 'integer' as const, minimum: 0 },
    example: 30,
  };
  registry.registerComponent('headers', 'RetryAfter', { ...retryAfter, required: true });
  for (const status of STATUSES) {
    const { description, example, retryAfter: waits } = ERROR_RESPONSES[status];
    const json = asJson(example);
    const [first, ...rest] = codesOfStatus(status);
    if (!first || !codesOfStatus(status).includes(json.error.code)) {
      throw new Error(`The example of ${status} carries ${json.error.code}, not a code of it`);
    }
    const name = componentName(status);
    registry.register(name, errorBodySchema([first, ...rest]));
    registry.registerComponent('responses', name, {
      description,
      ...(waits === 'always'
        ? { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } }
        : waits === 'sometimes'
          ? { headers: { 'Retry-After': retryAfter } }
          : {}),
      content: {
        'application/json': { schema: { $ref: `#/components/schemas/${name}` }, example: json },
      },
    });
  }
}
