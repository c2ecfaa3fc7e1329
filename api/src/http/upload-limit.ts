import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { cheapBodyLimit } from './body-limit.ts';
import type { TDeps } from '../deps.ts';
import { REST_BODY_LIMIT, TOO_LARGE_MESSAGE, tooLarge, tooLargeAnswer } from '../rest/index.ts';
import { IMPORT_LIMITS } from '../services/import/import-model.ts';
import { authenticateBearer, bearerToken } from '../services/account/authenticate.ts';
import { isCompanyAdmin } from '../viewer.ts';
import type { TViewer } from '../viewer.ts';
import { AppError } from '../errors.ts';
import { errorResponse } from '../rest/http.ts';
import { PREVIEW_UNDER_WAY_MESSAGE } from '../services/import/preview-import.ts';

const UPLOAD_MB = IMPORT_LIMITS.maxUploadBytes / 1024 / 1024;

/** What the 413 answer to files past the upload limit says. */
export const UPLOAD_TOO_LARGE_MESSAGE = `The files are larger than ${UPLOAD_MB} MB together.`;

/** The 413 answer to files past the upload limit. */
const uploadTooLarge = tooLargeAnswer(UPLOAD_TOO_LARGE_MESSAGE);

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
    if (!isMultipart(headerOf(c, 'content-type'))) return small(c, next);
    const uploader = await uploaderOf(deps, headerOf(c, 'authorization'));
    if (!uploader) return small(c, next);
    // One upload of a company at a time, refused before its parts are parsed: parsing a 48 MB
    // upload's parts holds the server's thread for some 200-400 ms, and three previews of one
    // owner at once held `/healthz` up to 7.9 s on the embedded database (outside attack 13,
    // F3). The preview itself is one a company at a time too (preview-import.ts).
    if (uploadsUnderWay.has(uploader.companyId)) {
      return errorResponse(c, new AppError('CONFLICT', PREVIEW_UNDER_WAY_MESSAGE));
    }
    uploadsUnderWay.add(uploader.companyId);
    try {
      return await large(c, next);
    } finally {
      uploadsUnderWay.delete(uploader.companyId);
    }
  };
}

/** Companies with a large upload (an import's files) being served in this process. */
const uploadsUnderWay = new Set<number>();

function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data/i.test(contentType ?? '');
}

/** The company owner or admin whose token `authorization` carries: they alone may import. */
async function uploaderOf(deps: TDeps, authorization: string | undefined): Promise<TViewer | null> {
  const token = bearerToken(authorization ?? null);
  const viewer = token ? await authenticateBearer(deps, token) : null;
  return isCompanyAdmin(viewer) ? viewer : null;
}

/** Whether `authorization` carries a company owner's or admin's token. */
async function isUploader(deps: TDeps, authorization: string | undefined): Promise<boolean> {
  return (await uploaderOf(deps, authorization)) !== null;
}

/**
 * Whether a Node request may be an import upload past REST_BODY_LIMIT (a multipart POST to
 * /graphql with a bearer token): the server reads a body before its request takes a place in
 * its address's line (server.ts), and asks `uploadLimitOf` first for these.
 */
export function mayBeLargeUpload(req: IncomingMessage): boolean {
  return (
    req.method === 'POST' &&
    (req.url === '/graphql' || req.url?.startsWith('/graphql?') === true) &&
    isMultipart(req.headers['content-type']) &&
    bearerToken(req.headers.authorization) !== undefined
  );
}

/**
 * The largest body a Node request may send, and what the 413 past it says: the upload limit
 * for a company owner's or admin's multipart request to /graphql, REST_BODY_LIMIT otherwise
 * (the limits graphqlBodyLimit, REST and MCP apply once the request is served).
 */
export async function uploadLimitOf(
  deps: TDeps,
  req: IncomingMessage,
): Promise<{ limit: number; message: string }> {
  return mayBeLargeUpload(req) && (await isUploader(deps, req.headers.authorization))
    ? { limit: IMPORT_LIMITS.maxUploadBytes, message: UPLOAD_TOO_LARGE_MESSAGE }
    : { limit: REST_BODY_LIMIT, message: TOO_LARGE_MESSAGE };
}
