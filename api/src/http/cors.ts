import type { Plugin } from 'graphql-yoga';

/**
 * The one cross-origin policy of the API (/graphql and /api/v1): any origin may call it, as
 * `Access-Control-Allow-Origin: *` and never with `Access-Control-Allow-Credentials`. Identity
 * travels only in the `Authorization` header, never in cookies, so a foreign page can act only
 * with a token it already holds and a browser sends no ambient credential (no cross-site request
 * forgery). A reflected origin with credentials allowed would invite cookies in later.
 */
export const PUBLIC_CORS = {
  origin: '*',
  /** Headers the widget and the console send beyond the safelisted ones. */
  allowHeaders: ['Authorization', 'Content-Type', 'X-Board-Id'],
  /**
   * Answer headers a page on another origin may read beyond the safelisted ones: a paged
   * list's next page (REST) and how long to wait after a 429 or 503.
   */
  exposeHeaders: ['X-Next-Cursor', 'Link', 'Retry-After'],
  maxAgeSeconds: 600,
} as const;

/**
 * PUBLIC_CORS for yoga (its own CORS would reflect the caller's origin and allow credentials):
 * a preflight answers 204; every answer to a cross-origin request says `*`.
 */
export function publicCorsPlugin<TServerContext extends object>(): Plugin<TServerContext> {
  return {
    onRequest: ({ request, endResponse, fetchAPI }) => {
      if (request.method !== 'OPTIONS') return;
      endResponse(new fetchAPI.Response(null, { status: 204, headers: { 'content-length': '0' } }));
    },
    onResponse: ({ request, response }) => {
      if (!request.headers.has('origin')) return;
      response.headers.set('access-control-allow-origin', PUBLIC_CORS.origin);
      response.headers.delete('access-control-allow-credentials');
      if (request.method !== 'OPTIONS') return;
      response.headers.set('access-control-allow-methods', 'GET, POST, OPTIONS');
      response.headers.set('access-control-allow-headers', PUBLIC_CORS.allowHeaders.join(', '));
      response.headers.set('access-control-max-age', String(PUBLIC_CORS.maxAgeSeconds));
    },
  };
}
