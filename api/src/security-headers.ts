import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { TConfig } from './config.ts';

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
 * Security headers on every answer: nosniff, a referrer policy, no legacy XSS filter, and HSTS
 * when the public address is https. Headers a handler set itself win (the public board pages
 * bring their own CSP; /widget.js and /api/v1 stay loadable from customers' sites).
 *
 * HTML answers without a CSP of their own are the console: they get CONSOLE_CSP, may not be
 * framed (clickjacking), and open no window relationship with other origins. GraphiQL
 * (GET /graphql in a browser) loads its code from a CDN and is left without the console's CSP.
 */
export function securityHeaders(config: Pick<TConfig, 'appUrl'>): MiddlewareHandler {
  const isHttps = config.appUrl.startsWith('https://');
  const everywhere = secureHeaders({
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    xFrameOptions: false,
    originAgentCluster: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: isHttps ? 'max-age=31536000; includeSubDomains' : false,
    overwrite: false,
  });
  return async (c, next) => {
    await everywhere(c, async () => {
      await next();
      const isHtml = c.res.headers.get('content-type')?.startsWith('text/html') ?? false;
      if (!isHtml || c.res.headers.has('content-security-policy') || c.req.path === '/graphql') {
        return;
      }
      c.res.headers.set('content-security-policy', CONSOLE_CSP);
      c.res.headers.set('x-frame-options', 'DENY');
      c.res.headers.set('cross-origin-opener-policy', 'same-origin');
      c.res.headers.set('cross-origin-resource-policy', 'same-origin');
    });
  };
}
