import type { Context } from 'hono';

/**
 * The small pages that links in mails open (unsubscribe, email confirmation): one style, no
 * script, the user's language. GET pages only ask, with a button that POSTs: mail scanners and
 * link previews open every link of a mail, and must not act for its reader.
 */

const STYLE =
  'body{margin:0;padding:48px 16px;background:#f4f5f7;font-family:system-ui,sans-serif;color:#1d1d1f}main{max-width:520px;margin:0 auto;background:#fff;border-radius:8px;padding:24px 28px}h1{font-size:1.4rem;margin:0 0 12px}button{font:inherit;padding:8px 16px;border-radius:6px;border:0;background:#1d1d1f;color:#fff;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}a{color:#1d4ed8}.next{display:inline-block;margin-top:4px;padding:8px 16px;border-radius:6px;background:#1d1d1f;color:#fff;text-decoration:none}';

export type TPageLanguage = 'en' | 'pl';

/** A whole page; `title` and `body` are our own texts, `form` our own markup (nothing to escape). */
export function linkPage(lang: TPageLanguage, title: string, body: string, form = ''): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Feedboard</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>${body}</p>
${form}</main>
</body>
</html>
`;
}

/** A form whose one button POSTs to `action` (a path of ours, checked by the caller). */
export function postButton(action: string, label: string): string {
  return `<form method="post" action="${action}"><button type="submit">${label}</button></form>\n`;
}

/** A link that leads on from the page (`href` a path of ours, `label` our own text). */
export function nextLink(href: string, label: string, isMain = true): string {
  return `<p><a${isMain ? ' class="next"' : ''} href="${href}">${label}</a></p>\n`;
}

/** The language of the page: the user's, else the browser's first choice, else English. */
export function pickPageLanguage(c: Context, stored?: string): TPageLanguage {
  const wanted = stored ?? c.req.header('accept-language') ?? '';
  return wanted.trim().toLowerCase().startsWith('pl') ? 'pl' : 'en';
}

/** No script, no framing, no referrer (the token is in the address), never cached. */
export function setLinkPageHeaders(c: Context): void {
  c.header(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  );
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
}
