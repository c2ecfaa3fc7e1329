import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { TDeps } from '../deps.ts';
import { AppError, errors } from '../errors.ts';
import { messages, nestsTooDeep } from '../validation.ts';
import { requestContextOf } from '../http/request-context.ts';
import { authenticateBearer, bearerToken } from '../services/account/authenticate.ts';
import { API_KEY_PREFIX } from '../services/api-key/api-keys.ts';
import type { TViewer } from '../viewer.ts';
import { canWrite, requireWriter, withAddress } from '../viewer.ts';
import { clientOf } from '../http/client-ip.ts';
import type { RateLimitError, TClient } from '../http/rate-limit.ts';

export type TRestEnv = { Variables: { viewer: TViewer | null } };

/** The request's JSON body; an empty body reads as `{}`, anything unparsable is a 400. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  // Refused before parsing: parsing ~1 MB of nested brackets alone stalls the server for seconds.
  if (nestsTooDeep(text)) throw errors.validation([{ field: 'body', message: messages.tooDeep }]);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw errors.malformedJson();
  }
}

/** Resolves the bearer token (if any) to a viewer; a bad token is a 401, not an anonymous call. */
export function withViewer(deps: TDeps): MiddlewareHandler<TRestEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const token = bearerToken(header);
    if (header && !token) throw errors.unauthenticated();
    // A session token or a company API key, as on /graphql: a key acts with its creator's
    // rights, and what mints or reads credentials refuses it in the service (canReadCredentials).
    const isKey = token?.startsWith(API_KEY_PREFIX) ?? false;
    const viewer = token ? await authenticateBearer(deps, token) : null;
    if (token && !viewer) {
      throw new AppError(
        'UNAUTHENTICATED',
        isKey
          ? 'This API key is not valid: it was revoked or never existed.'
          : 'Your session has expired. Please sign in again.',
      );
    }
    // A read-only key reads: every route that is not a GET is refused before it runs, as a
    // mutation is on /graphql (requireWriter).
    if (viewer && !canWrite(viewer) && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      requireWriter(viewer);
    }
    c.set('viewer', withAddress(viewer, clientOf(c, deps.config.trustProxy)));
    // The request's log line names the caller's company.
    const request = requestContextOf(c.env);
    if (request && viewer) request.companyId = viewer.companyId;
    await next();
  };
}

/** Routes after this one answer 401 to anonymous callers. */
export const requireSignedIn: MiddlewareHandler<TRestEnv> = async (c, next) => {
  if (!c.get('viewer')) throw errors.unauthenticated();
  await next();
};

/** 429 with Retry-After (seconds) and the one error shape, code RATE_LIMITED. */
export function rateLimitedResponse(c: Context, error: RateLimitError): Response {
  c.header('retry-after', String(error.retryAfterSeconds));
  return c.json({ error: { code: error.code, message: error.message } }, 429);
}

/** The caller's address (for rate limits), honouring TRUST_PROXY. */
export const clientOfRequest = (deps: TDeps, c: Context): TClient =>
  clientOf(c, deps.config.trustProxy);

/**
 * The one JSON error shape: `{error: {code, message, fields?}}` (and what the error adds beside),
 * with `Retry-After` when the error says when to try again.
 */
export function errorResponse(c: Context, error: AppError): Response {
  if (error.retryAfterSeconds !== undefined)
    c.header('retry-after', String(error.retryAfterSeconds));
  return c.json({ ...error.beside, error: error.toJSON() }, error.status as ContentfulStatusCode);
}
