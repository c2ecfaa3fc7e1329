import type { MiddlewareHandler } from 'hono';
import type { TConfig } from '../config.ts';

/**
 * The console's Content-Security-Policy: its own scripts only (the built console has no inline
 * script), its own API, no plugins, no framing. Styles allow 'unsafe-inline' because the
 * dialogs' scroll lock (Radix, react-remove-scroll) injects a <style> element at run time.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The API explorers' pages (GraphiQL on /graphql, Swagger UI on /api/v1/docs; explorers.ts):
 * the console's policy, plus fonts from data: URLs (GraphiQL's stylesheet embeds its editor's
 * icon fonts). Their code is this server's own files: no CDN, no inline script, no eval; Monaco's
 * workers are same-origin files. Inline styles are allowed as on the console (the editor and
 * Swagger UI set style elements at run time).
 */
export const EXPLORER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Pages with EXPLORER_CSP instead of the console's. */
const EXPLORER_PAGES = new Set(['/graphql', '/api/v1/docs']);

/**
 * The headers every answer carries: nosniff, a referrer policy, no legacy XSS filter or
 * download sniffing, no cross-domain policy files, and HSTS when the public address is https.
 * One list for both ways a request is served (hono's middleware below and yoga's plugin on the
 * GraphQL fast path, server.ts).
 */
export function baseSecurityHeaders(
  config: Pick<TConfig, 'appUrl'>,
): ReadonlyArray<readonly [string, string]> {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
    ...(config.appUrl.startsWith('https://')
      ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as const)
      : []),
  ];
}

/** Sets each of `headers` that the answer does not carry yet (a handler's own value wins). */
export function addMissingHeaders(
  target: Headers,
  headers: ReadonlyArray<readonly [string, string]>,
): void {
  for (const [name, value] of headers) if (!target.has(name)) target.set(name, value);
}

/**
 * Security headers on every answer (baseSecurityHeaders). Headers a handler set itself win (the
 * public board pages bring their own CSP; /widget.js and /api/v1 stay loadable from customers'
 * sites).
 *
 * HTML answers without a CSP of their own are the console: they get CONSOLE_CSP, may not be
 * framed (clickjacking), and open no window relationship with other origins. HTML answers with
 * a CSP of their own (portal pages, the pages mail links open) keep it, with frame-ancestors
 * 'none' added when it has none, X-Frame-Options DENY and the same opener policy. The API explorers
 * (GraphiQL on GET /graphql, the REST reference on /api/v1/docs) get the same, with EXPLORER_CSP.
 */
export function securityHeaders(config: Pick<TConfig, 'appUrl'>): MiddlewareHandler {
  const headers = baseSecurityHeaders(config);
  return async (c, next) => {
    await next();
    addMissingHeaders(c.res.headers, headers);
    const isHtml = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
    if (!isHtml) return;
    const own = c.res.headers.get('content-security-policy');
    if (own !== null) {
      // A page with a policy of its own (portal, mail links) is still never framed.
      c.res.headers.set('content-security-policy', withoutFraming(own));
      addMissingHeaders(c.res.headers, UNFRAMED);
      return;
    }
    const csp = EXPLORER_PAGES.has(c.req.path) ? EXPLORER_CSP : CONSOLE_CSP;
    c.res.headers.set('content-security-policy', csp);
    c.res.headers.set('x-frame-options', 'DENY');
    c.res.headers.set('cross-origin-opener-policy', 'same-origin');
    c.res.headers.set('cross-origin-resource-policy', 'same-origin');
  };
}

/** What every HTML answer carries besides its policy: no framing, no window relationship. */
const UNFRAMED = [
  ['x-frame-options', 'DENY'],
  ['cross-origin-opener-policy', 'same-origin'],
] as const;

/**
 * A page's own policy with `frame-ancestors 'none'` added when it names no frame-ancestors
 * (`default-src` does not cover it): the one rule that keeps every HTML page of this server
 * out of other sites' frames (clickjacking), whichever handler wrote the page.
 */
export function withoutFraming(csp: string): string {
  if (/(^|;)\s*frame-ancestors\s/i.test(csp)) return csp;
  return `${csp.trim().replace(/;\s*$/, '')}; frame-ancestors 'none'`;
}
