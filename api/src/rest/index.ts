import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { cheapBodyLimit } from '../http/body-limit.ts';
import { PUBLIC_CORS } from '../http/cors.ts';
import type { TDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { accountRoutes } from './accounts.ts';
import { billingRoutes } from './billing.ts';
import { boardRoutes } from './boards.ts';
import { commentRoutes } from './comments.ts';
import { companyRoutes } from './companies.ts';
import type { TRestEnv } from './http.ts';
import { errorResponse, rateLimitedResponse, withViewer } from './http.ts';
import { RateLimitError } from '../http/rate-limit.ts';
import { exportRoutes } from './exports.ts';
import { ideaRoutes } from './ideas.ts';
import { integrationRoutes } from './integrations.ts';
import { openApiRoute } from './openapi.ts';
import { releaseRoutes } from './releases.ts';
import { mountRoutes } from './route.ts';
import { similarIdeaRoutes } from './similar-ideas.ts';
import { voteRoutes } from './votes.ts';
import { webhookRoutes } from './webhooks.ts';
import { widgetRoutes } from './widget.ts';

export const REST_BODY_LIMIT = 1024 * 1024;

/**
 * A 413 answer saying `message`. The unread rest of the body makes Node close the connection
 * afterwards, so the answer says so (`Connection: close`): a client that kept the connection
 * alive would otherwise send its next request into a closing socket and fail.
 */
export function tooLargeAnswer(message: string): (c: Context) => Response {
  return (c) => {
    c.header('Connection', 'close');
    return errorResponse(c, new AppError('PAYLOAD_TOO_LARGE', message));
  };
}

/** What the 413 answer to a body over REST_BODY_LIMIT says. */
export const TOO_LARGE_MESSAGE = 'The request body is larger than 1 MB.';

/** The 413 answer to a body over REST_BODY_LIMIT. */
export const tooLarge = tooLargeAnswer(TOO_LARGE_MESSAGE);

/** `application/json` or any `application/…+json` type (parameters such as charset aside). */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type);
}

/** The answer to a compressed body (RFC 9110 15.5.16: a coding the server does not take). */
export const UNCOMPRESSED_BODIES_ONLY =
  'Send the request body uncompressed, without a Content-Encoding header.';

/**
 * Whether a body is sent in a content coding (gzip, br, …): none is decoded here, so its bytes
 * were read as JSON and refused as "not valid JSON", which says nothing of the cause.
 */
export function isEncodedBody(contentEncoding: string | null | undefined): boolean {
  const coding = contentEncoding?.trim().toLowerCase() ?? '';
  return coding !== '' && coding !== 'identity';
}

/** Whether a request carries a body: a length above 0, or a chunked one. */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return Number(length) > 0;
  return c.req.header('transfer-encoding') !== undefined;
}

/**
 * Every body /api/v1 reads is JSON, and says so: a body of any other type is a 415 before
 * anything reads it. A page of another site can send `text/plain` (or a form's types) to any
 * address without a CORS preflight; refusing those keeps every write behind the preflight that
 * `application/json` requires.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (hasBody(c) && isEncodedBody(c.req.header('content-encoding'))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNCOMPRESSED_BODIES_ONLY);
    }
    if (hasBody(c) && !isJsonMediaType(c.req.header('content-type'))) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON, with the header Content-Type: application/json.',
      );
    }
    await next();
  };
}

/** The `/api/v1` REST shims: parse, call a domain service, shape the spec's JSON. */
export function restApi(deps: TDeps): OpenAPIHono<TRestEnv> {
  const api = new OpenAPIHono<TRestEnv>();
  // The widget calls these from customers' sites; bearer tokens (no cookies) carry identity.
  api.use(
    cors({
      origin: PUBLIC_CORS.origin,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: [...PUBLIC_CORS.allowHeaders],
      exposeHeaders: [...PUBLIC_CORS.exposeHeaders],
      maxAge: PUBLIC_CORS.maxAgeSeconds,
    }),
  );
  api.use(
    cheapBodyLimit({
      maxSize: REST_BODY_LIMIT,
      onError: tooLarge,
    }),
  );
  api.use(jsonBodiesOnly());
  api.use(withViewer(deps));
  mountRoutes(
    api,
    [
      ...accountRoutes(deps),
      ...companyRoutes(deps),
      ...boardRoutes(deps),
      ...similarIdeaRoutes(deps),
      ...exportRoutes(deps),
      ...releaseRoutes(deps),
      ...ideaRoutes(deps),
      ...voteRoutes(deps),
      ...commentRoutes(deps),
      ...widgetRoutes(deps),
      ...billingRoutes(deps),
      ...webhookRoutes(deps),
      ...integrationRoutes(deps),
      openApiRoute(api),
    ],
    // Tests hold every answer to its documented schema.
    { checkResponses: Boolean(process.env.VITEST) },
  );

  api.onError((error, c) => {
    if (error instanceof AppError) return errorResponse(c, error);
    if (error instanceof RateLimitError) return rateLimitedResponse(c, error);
    const unavailable = deps.databaseFaults.answer(error);
    if (unavailable) return errorResponse(c, unavailable);
    deps.log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.json(
      {
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      },
      500,
    );
  });
  return api;
}
