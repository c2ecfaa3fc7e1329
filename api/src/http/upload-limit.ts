import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { cheapBodyLimit } from './body-limit.ts';
import type { TDeps } from '../deps.ts';
import { REST_BODY_LIMIT, tooLarge, tooLargeAnswer } from '../rest/index.ts';
import { IMPORT_LIMITS } from '../services/import/import-model.ts';
import { authenticateBearer, bearerToken } from '../services/account/authenticate.ts';
import { isCompanyAdmin } from '../viewer.ts';

const UPLOAD_MB = IMPORT_LIMITS.maxUploadBytes / 1024 / 1024;

/** The 413 answer to files past the upload limit. */
const uploadTooLarge = tooLargeAnswer(`The files are larger than ${UPLOAD_MB} MB together.`);

function headerOf(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const value = incoming ? incoming.headers[name] : c.req.header(name);
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The body limit of /graphql: REST_BODY_LIMIT (1 MB), and IMPORT_LIMITS.maxUploadBytes for a multipart
 * request (previewImport's `uploads`) whose bearer token is a company owner's or admin's, the
 * only callers that may import. The token is checked before a byte of the body is read, so a
 * stranger cannot make the server buffer a large body.
 */
export function graphqlBodyLimit(deps: TDeps): MiddlewareHandler {
  const small = cheapBodyLimit({ maxSize: REST_BODY_LIMIT, onError: tooLarge });
  const large = cheapBodyLimit({ maxSize: IMPORT_LIMITS.maxUploadBytes, onError: uploadTooLarge });
  return async (c, next) => {
    if (!/^multipart\/form-data/i.test(headerOf(c, 'content-type') ?? '')) return small(c, next);
    const token = bearerToken(headerOf(c, 'authorization') ?? null);
    const viewer = token ? await authenticateBearer(deps, token) : null;
    return (isCompanyAdmin(viewer) ? large : small)(c, next);
  };
}
