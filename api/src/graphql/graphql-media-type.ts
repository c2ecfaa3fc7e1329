import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { UNCOMPRESSED_BODIES_ONLY, isEncodedBody, isJsonMediaType } from '../rest/index.ts';
import { messages, nestsTooDeep } from '../validation.ts';

/** The answer to a POST whose body is not JSON (REST's words, /api/v1 says the same). */
export const JSON_BODIES_ONLY =
  'Send the request body as JSON, with the header Content-Type: application/json.';

/** The answer to a multipart POST without credentials: only a signed-in import uploads files. */
export const SIGNED_IN_UPLOADS_ONLY = `${JSON_BODIES_ONLY} A multipart/form-data request is for file uploads (previewImport) and needs an Authorization header.`;

/** The media type of a request, lower case, without parameters. */
function mediaTypeOf(request: Request): string {
  return request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The answer to a POST body that is not JSON (REST's words). */
export const INVALID_JSON = 'The request body is not valid JSON.';

/**
 * Every JSON POST body's parser (yoga's own matched only some JSON types, and its answer to
 * invalid JSON carried the parser's SyntaxError as `originalError`). A body nested deeper than
 * MAX_INPUT_DEPTH is refused before parsing: parsing ~1 MB of brackets takes seconds.
 */
async function parseJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (nestsTooDeep(text)) {
    throw new GraphQLError(`The request body: ${messages.tooDeep}`, {
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GraphQLError(INVALID_JSON, {
      extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
    });
  }
  if (body === null || typeof body !== 'object') {
    throw new GraphQLError(
      `POST body is expected to be object but received ${body === null ? 'null' : typeof body}`,
      { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
    );
  }
  return body as Record<string, unknown>;
}

/**
 * What a POST to /graphql may carry: JSON (`application/json` in any letter case, with or
 * without parameters, or any `application/…+json` such as `application/graphql-response+json`),
 * and multipart/form-data only with an `Authorization` header (previewImport's file uploads).
 * Anything else, and a compressed body (`Content-Encoding`, which nothing here decodes), answers
 * 415 with a JSON error before the body is read or the caller looked up.
 *
 * `text/plain`, `application/x-www-form-urlencoded` and `multipart/form-data` are what a page of
 * another site may POST without a CORS preflight; yoga parsed the last two into operations, so
 * a form on any site could run anonymous mutations here. A browser adds `Authorization` to a
 * cross-site request only after a preflight, so a multipart request that carries it is no form
 * post. GET (queries only) is untouched.
 */
export function mediaTypePlugin<TServerContext extends object>(): Plugin<TServerContext> {
  return {
    onRequestParse: ({ request, setRequestParser, endResponse, fetchAPI }) => {
      if (request.method !== 'POST') return;
      const refuse = (message: string) =>
        endResponse(
          new fetchAPI.Response(
            JSON.stringify({
              errors: [{ message, extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }],
            }),
            { status: 415, headers: { 'content-type': 'application/json; charset=utf-8' } },
          ),
        );
      if (isEncodedBody(request.headers.get('content-encoding'))) {
        refuse(UNCOMPRESSED_BODIES_ONLY);
        return;
      }
      const type = mediaTypeOf(request);
      if (isJsonMediaType(type)) {
        // Ours, not yoga's, for every JSON type: yoga's matches only `application/json` and
        // `application/graphql+json` in that letter case, checks no depth and leaks its
        // SyntaxError.
        setRequestParser(parseJsonBody);
        return;
      }
      const isUpload = type === 'multipart/form-data' && request.headers.has('authorization');
      if (isUpload) return;
      refuse(type === 'multipart/form-data' ? SIGNED_IN_UPLOADS_ONLY : JSON_BODIES_ONLY);
    },
  };
}
