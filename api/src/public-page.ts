import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono, Next } from 'hono';
import type { TDeps } from './deps.ts';
import { findPublicBoardBySlugs } from './services/board/find-board-by-hash.ts';
import type { TPublicBoard } from './services/board/find-board-by-hash.ts';

export const WIDGET_DIST = path.resolve(import.meta.dirname, '../../dist/widget');

/** First path segments that belong to the console, never to a company's public page. */
const CONSOLE_SEGMENTS = new Set([
  'admin',
  'api',
  'assets',
  'graphql',
  'healthz',
  'login',
  'logout',
  'password-reset',
  'public',
  'signup',
  'unsubscribe',
]);

const PAGE_STYLE =
  'body{margin:0;padding:24px 12px;background:#f4f5f7;font-family:system-ui,sans-serif}#feedboard{max-width:760px;margin:0 auto}';
const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/**
 * Serves the widget bundle at /widget.js and the public board pages
 * (`/public/{companySlug}/{boardSlug}` and `/{companySlug}/{boardSlug}`): a small page that
 * loads the widget (from WIDGET_URL, else this server) and mounts it for the board.
 */
export function mountPublicPages(app: Hono, deps: TDeps): void {
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

  const page = async (c: Context, next: Next) => {
    const { companySlug = '', boardSlug = '' } = c.req.param();
    const board = await findPublicBoardBySlugs(deps, companySlug, boardSlug);
    if (!board) return next();
    const { html, csp } = renderPublicPage(deps, board);
    c.header('content-security-policy', csp);
    c.header('referrer-policy', 'strict-origin-when-cross-origin');
    return c.html(html);
  };
  app.get('/public/:companySlug/:boardSlug', page);
  app.get('/:companySlug/:boardSlug', async (c, next) => {
    if (CONSOLE_SEGMENTS.has(c.req.param('companySlug'))) return next();
    return page(c, next);
  });
}

/** The public page of a board: title and sharing tags, the widget script and its container. */
export function renderPublicPage(deps: TDeps, board: TPublicBoard): { html: string; csp: string } {
  const { appUrl, widgetUrl } = deps.config;
  const scriptSrc = widgetUrl ? `${widgetUrl}/widget.js` : '/widget.js';
  const title = `${board.name} · ${board.company.name}`;
  const description =
    board.description ??
    `Share ideas, vote and follow the roadmap of ${board.company.name} (${board.name}).`;
  const url = `${appUrl}/public/${board.company.slug}/${board.slug}`;
  const lang = board.language.split('-')[0] === 'pl' ? 'pl' : 'en';
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<meta name="description" content="${e(description)}">
<link rel="canonical" href="${e(url)}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Feedboard">
<meta property="og:title" content="${e(title)}">
<meta property="og:description" content="${e(description)}">
<meta property="og:url" content="${e(url)}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${e(title)}">
<meta name="twitter:description" content="${e(description)}">
<meta name="theme-color" content="#${e(board.color)}">
<style>${PAGE_STYLE}</style>
</head>
<body>
<main id="feedboard" data-board-hash="${e(board.widgetHash)}"></main>
<script src="${e(scriptSrc)}" defer></script>
</body>
</html>
`;
  const widgetOrigin = widgetUrl ? new URL(widgetUrl).origin : "'self'";
  const csp = [
    "default-src 'none'",
    `script-src ${widgetOrigin}`,
    "connect-src 'self'",
    `style-src ${PAGE_STYLE_HASH}`,
    "img-src 'self' https: data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return { html, csp };
}
