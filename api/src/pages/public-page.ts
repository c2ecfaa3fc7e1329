import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../root.ts';
import type { Hono } from 'hono';

export const WIDGET_DIST = path.join(ROOT, 'dist', 'widget');

/**
 * Serves the widget bundle at /widget.js; the public board pages that load it are the portal's
 * (portal/portal-routes.ts).
 */
export function mountWidgetScript(app: Hono): void {
  app.get('/widget.js', async (c) => {
    const file = path.join(WIDGET_DIST, 'widget.js');
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('access-control-allow-origin', '*');
    c.header('cross-origin-resource-policy', 'cross-origin');
    c.header('x-content-type-options', 'nosniff');
    if (!existsSync(file)) {
      return c.body('/* The widget is not built yet: run `npm run build`. */', 503);
    }
    // Short: customers' pages pick up a new widget within minutes.
    c.header('cache-control', 'public, max-age=300');
    return c.body(await readFile(file, 'utf8'));
  });
}

/** The preview page's own style: the page around the widget, as plain as a customer's page. */
const PREVIEW_STYLE =
  'body{margin:0;padding:12px;background:#fff;font-family:system-ui,sans-serif}';
const PREVIEW_STYLE_HASH = `'sha256-${createHash('sha256').update(PREVIEW_STYLE).digest('base64')}'`;

/**
 * The console's widget tab shows the widget as an anonymous visitor of a customer's page sees
 * it: /widget-preview/{boardHash} is a bare page with the tab's "no SSO" snippet (this server's
 * /widget.js, the board's container, no token). Only this server's own pages may frame it
 * (frame-ancestors 'self', X-Frame-Options SAMEORIGIN); the console frames it sandboxed without
 * allow-same-origin, so the widget there reads none of the console's storage. It shows what
 * the board's hash shows anyone: the board when it is public, the widget's explanation when it
 * is private or unknown.
 */
export function mountWidgetPreview(app: Hono): void {
  app.get('/widget-preview/:hash', (c) => {
    const hash = c.req.param('hash');
    if (!/^[\w-]{1,100}$/.test(hash)) return c.text('Not found', 404);
    // The console's language (?language=pl-PL): the widget speaks the page's language, as it
    // would on a customer's page of that language (widget/src/main.tsx, visitorLocale).
    const asked = c.req.query('language') ?? '';
    const language = /^(en|pl)(-[A-Z]{2})?$/.test(asked) ? asked : 'en';
    const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Widget preview</title>
<style>${PREVIEW_STYLE}</style>
</head>
<body>
<div id="feedboard" data-board-hash="${hash}"></div>
<script src="/widget.js" defer></script>
</body>
</html>
`;
    c.header(
      'content-security-policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        `style-src ${PREVIEW_STYLE_HASH}`,
        "img-src 'self' https: data:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
    c.header('x-frame-options', 'SAMEORIGIN');
    c.header('x-robots-tag', 'noindex');
    c.header('cache-control', 'no-store');
    return c.html(html);
  });
}
