import { createHash } from 'node:crypto';
import { DARK, STATUS_COLOURS, darkStatusColours } from '../../../widget/src/styles.ts';
import { formatDate } from '../../../widget/src/i18n.ts';
import type { TIdeaView } from '../services/idea/find-idea-views.ts';
import type { TPortal, TPortalCompany, TPortalIdea } from '../services/portal/find-portal.ts';
import { ideaPathSlug } from '../services/portal/find-portal.ts';
import { LINK, SafeHtml, markup, readableTextOn, withLink } from './html.ts';
import { sitePath, siteUrl } from './portal-paths.ts';
import { statusLabelHtml } from './widget-markup.tsx';
import { OG_HEIGHT, OG_WIDTH } from './og-image.ts';
import type { TPortalSite } from './portal-paths.ts';
import { DECLINE_REASONS } from './portal-texts.ts';
import type { TPortalTranslator } from './portal-texts.ts';
import { plainCommentText } from '../services/comment/mention-markup.ts';

/**
 * Where the widget script comes from (WIDGET_URL, else this server), the app's public address,
 * and the site the page is served on (the app's address, or the company's own domain).
 */
export type TPortalContext = { appUrl: string; widgetUrl: string | undefined; site: TPortalSite };

export type TRenderedPage = { html: string; csp: string };

export type TTheme = { color: string; primaryText: string };

/** The board colour every board starts with: Feedboard's own green, not the company's brand. */
const PRODUCT_GREEN = '53d23d';

/** The header of a portal whose boards keep Feedboard's green (or have none): a neutral slate. */
export const DEFAULT_THEME: TTheme = { color: '2d3748', primaryText: 'ffffff' };

/** A company-wide page's theme: its first public board's, else the neutral default. */
export function portalTheme(portal: TPortal): TTheme {
  const first = portal.boards[0];
  return first ? { color: first.color, primaryText: first.themePrimaryText } : DEFAULT_THEME;
}

const statusRules = Object.entries(STATUS_COLOURS)
  .map(
    ([status, [background, text]]) =>
      `.badge.status-${status.toLowerCase()}{background:${background};color:${text}}` +
      `.dot.status-${status.toLowerCase()}{background:${text}}`,
  )
  .join('');

/** The statuses on the dark scheme, as the widget draws them (darkStatusColours). */
const darkStatusRules = Object.entries(STATUS_COLOURS)
  .map(([status, [, text]]) => {
    const name = status.toLowerCase();
    const dark = darkStatusColours(text);
    return `.badge.status-${name}{background:${dark.background};color:${dark.text}}.dot.status-${name}{background:${dark.text}}`;
  })
  .join('');

/** The page's colours, light and (the visitor's system preference) dark: the widget's palette. */
const LIGHT_COLOURS =
  ':root{color-scheme:light dark;--page:#f4f5f7;--surface:#fff;--text:#1d2433;--muted:#4a5568;' +
  '--link:#1f5fbf;--border:#dfe3ea;--rule:#eef0f4;--field:#8a94a6;--error:#b3261e;' +
  '--button:#1d2433;--on-button:#fff;--ok-bg:#e3f5df;--ok-text:#1d5e16}';
const DARK_COLOURS =
  '@media (prefers-color-scheme:dark){' +
  `:root{--page:${DARK.bg};--surface:${DARK.surface};--text:${DARK.text};--muted:${DARK.muted};` +
  `--link:#9cc0ff;--border:${DARK.border};--rule:#2a2e36;--field:#6b7280;--error:#ff9d9d;` +
  `--button:${DARK.text};--on-button:${DARK.bg};--ok-bg:#1b3320;--ok-text:#a7e3a0}` +
  '.label-new{background:#1b3320;color:#a7e3a0}.label-improved{background:#1c2a44;color:#9cc0ff}' +
  '.label-fixed{background:#3a2c10;color:#f5c878}.declined{border-left-color:#ff9d9d}' +
  `${darkStatusRules}}`;

/**
 * The header's colours: the company's brand colour when it set one (Company.brandColor), else
 * the page's board colour, unless that kept the product's green (or is unreadable): neutral.
 */
export function brandTheme(theme: TTheme, company: TPortalCompany): TTheme {
  if (company.brandColor && /^[0-9a-f]{6}$/i.test(company.brandColor)) {
    return { color: company.brandColor, primaryText: 'ffffff' };
  }
  return /^[0-9a-f]{6}$/i.test(theme.color) && theme.color.toLowerCase() !== PRODUCT_GREEN
    ? theme
    : DEFAULT_THEME;
}

function styleSheet(theme: TTheme): string {
  const accent = theme.color;
  const onAccent = readableTextOn(accent, theme.primaryText);
  return [
    LIGHT_COLOURS,
    `:root{--accent:#${accent};--on-accent:#${onAccent}}`,
    '*{box-sizing:border-box}',
    'body{margin:0;background:var(--page);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    'a{color:var(--link)}a:focus-visible,summary:focus-visible{outline:3px solid var(--link);outline-offset:2px;border-radius:4px}',
    '.skip{position:absolute;left:-10000px;top:8px;background:var(--surface);color:var(--text);padding:8px 12px;border-radius:6px;z-index:2}',
    '.skip:focus{left:12px}',
    '.portal-header{background:var(--accent);color:var(--on-accent)}',
    '.portal-header__inner{max-width:820px;margin:0 auto;padding:20px 16px}',
    '.portal-header a{color:var(--on-accent);text-decoration:none;font-weight:700;font-size:1.25rem;overflow-wrap:anywhere}',
    '.portal-header a:focus-visible{outline-color:var(--on-accent)}',
    '.portal-brand{display:flex;flex-wrap:wrap;align-items:center;gap:4px 16px}',
    '.portal-logo{display:block;height:40px;width:auto;max-width:220px;object-fit:contain}',
    '.portal-header .portal-site{font-size:.9375rem;font-weight:600;text-decoration:underline}',
    '.portal-main{max-width:820px;margin:0 auto;padding:20px 16px 40px}',
    // The skip link focuses the content: no ring around the whole page for that.
    '.portal-main:focus{outline:none}',
    '.crumbs ol{list-style:none;padding:0;margin:0 0 16px;display:flex;flex-wrap:wrap;gap:4px 8px;font-size:.875rem}',
    '.crumbs li{overflow-wrap:anywhere}',
    '.crumbs li+li::before{content:"\\203A";margin-right:8px;color:var(--muted)}',
    '.card{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:20px;margin:0 0 16px}',
    'h1{font-size:1.75rem;line-height:1.25;margin:0 0 8px;overflow-wrap:anywhere}',
    'h2{font-size:1.125rem;line-height:1.3;margin:0 0 12px}',
    '.intro{margin:0 0 20px;color:var(--muted)}',
    '.meta{display:flex;flex-wrap:wrap;align-items:center;gap:6px 16px;color:var(--muted);font-size:.9375rem;margin:0 0 16px;padding:0;list-style:none}',
    '.badge{display:inline-flex;align-items:center;gap:6px;border-radius:999px;padding:2px 10px;font-size:.8125rem;font-weight:600}',
    '.badge .dot{display:inline-block;width:7px;height:7px;border-radius:50%}',
    statusRules,
    '.description{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}',
    '.list{list-style:none;padding:0;margin:0;display:grid;gap:12px}',
    '.list>li{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:16px 20px}',
    '.list a{font-weight:600;font-size:1.0625rem;overflow-wrap:anywhere}',
    '.list p{margin:4px 0 0;color:var(--muted);overflow-wrap:anywhere}',
    '.list .meta{margin:8px 0 0;font-size:.875rem}',
    '.comments{list-style:none;padding:0;margin:0}',
    '.comments li{border-top:1px solid var(--rule);padding:12px 0}',
    '.comments li:first-child{border-top:0;padding-top:0}',
    '.comment-meta{font-size:.875rem;color:var(--muted);margin:0 0 4px}',
    '.comment-text{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}',
    '.replies{margin:8px 0 0 16px;padding-left:12px;border-left:2px solid var(--rule)}',
    '.empty{color:var(--muted);margin:0}',
    '.declined{border-left:4px solid #c0262d}',
    '.declined p{margin:0 0 6px}',
    '.portal-footer{text-align:center;color:var(--muted);font-size:.8125rem;padding:0 16px 32px}',
    '.portal-header__inner{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 24px}',
    '.portal-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 20px}',
    '.portal-header .portal-nav a{font-size:1rem;font-weight:600;padding:4px 0;border-bottom:2px solid transparent}',
    '.portal-header .portal-nav a[aria-current="page"]{border-bottom-color:var(--on-accent)}',
    '.portal-header .portal-nav a:hover{border-bottom-color:var(--on-accent)}',
    '.card.release{padding:0;overflow:hidden}',
    '.release__cover{display:block;width:100%;max-height:320px;object-fit:cover;background:var(--rule)}',
    '.release__inner{padding:20px}',
    '.release__date{color:var(--muted);font-size:.875rem;margin:0 0 4px}',
    '.release h2{font-size:1.375rem;margin:0 0 8px;overflow-wrap:anywhere}',
    '.release h2 a{color:inherit;text-decoration:none}.release h2 a:hover{text-decoration:underline}',
    '.labels{list-style:none;padding:0;margin:0 0 12px;display:flex;flex-wrap:wrap;gap:6px}',
    '.label-new{background:#e3f5df;color:#1d5e16}.label-improved{background:#e8f0fd;color:#1f4f9c}.label-fixed{background:#fff1d6;color:#7a4d00}',
    '.release-body{overflow-wrap:anywhere}.release-body>:first-child{margin-top:0}.release-body>:last-child{margin-bottom:0}',
    '.release-body img{max-width:100%;height:auto;border-radius:8px}',
    '.release-body pre{background:var(--page);padding:12px;border-radius:8px;overflow-x:auto}',
    '.release-body code{font-size:.9em}',
    '.release-body blockquote{margin:0 0 1em;padding:0 0 0 12px;border-left:4px solid var(--border);color:var(--muted)}',
    '.release-body table{border-collapse:collapse;display:block;overflow-x:auto}.release-body th,.release-body td{border:1px solid var(--border);padding:4px 8px}',
    '.release h3{font-size:1rem;margin:16px 0 8px}',
    '.parts{margin:0;padding-left:20px}.parts li{margin:2px 0;overflow-wrap:anywhere}',
    '.pager{display:flex;justify-content:space-between;gap:12px;margin:0 0 16px}',
    '.feed-link{font-size:.875rem}',
    '.roadmap{display:grid;gap:16px;grid-template-columns:repeat(3,minmax(0,1fr))}',
    '.roadmap section{background:var(--surface);border:1px solid var(--border);border-radius:12px;padding:16px}',
    '.roadmap h2{display:flex;align-items:center;gap:8px;font-size:1rem}',
    '.roadmap section>ul{list-style:none;margin:0;padding:0;display:grid;gap:10px}',
    '.roadmap section>ul>li{border-top:1px solid var(--rule);padding-top:10px}.roadmap section>ul>li:first-child{border-top:0;padding-top:0}',
    '.roadmap section>ul>li>a{font-weight:600;overflow-wrap:anywhere}',
    '.roadmap .meta{margin:4px 0 0;font-size:.8125rem;gap:4px 12px}',
    '.dot{display:inline-block;width:12px;height:12px;border-radius:50%;border:2px solid}',
    '@media (max-width:800px){.roadmap{grid-template-columns:1fr}}',
    '.wide{max-width:1120px}.wide-page .portal-header__inner{max-width:1120px}',
    '.subscribe h2{margin-bottom:4px}.subscribe__intro{margin:0 0 12px;color:var(--muted)}',
    '.subscribe label{display:block;font-weight:600;margin:0 0 4px}',
    '.subscribe__row{display:flex;flex-wrap:wrap;gap:8px}',
    '.subscribe input{flex:1 1 220px;min-width:0;font:inherit;padding:8px 12px;border:1px solid var(--field);border-radius:8px;background:var(--surface);color:var(--text)}',
    'input:focus-visible,button:focus-visible{outline:3px solid var(--link);outline-offset:2px}',
    'button{font:inherit;font-weight:600;padding:8px 16px;border-radius:8px;border:0;background:var(--button);color:var(--on-button);cursor:pointer}',
    '.field-error{color:var(--error);margin:6px 0 0;font-weight:600}',
    '.notice{background:var(--ok-bg);color:var(--ok-text);border-radius:8px;padding:8px 12px;margin:0 0 12px}',
    '@media (max-width:480px){h1{font-size:1.375rem}.card,.list>li{padding:16px}}',
    DARK_COLOURS,
  ].join('');
}

type TFrame = {
  t: TPortalTranslator;
  context: TPortalContext;
  company: TPortalCompany;
  theme: TTheme;
  title: string;
  description: string;
  /** The canonical path (`/acme/ideas/ideas/4-dark-mode`). */
  path: string;
  ogType: 'website' | 'article';
  crumbs: { label: string; path: string | null }[];
  body: SafeHtml;
  /** Mounts the widget into the element carrying data-board-hash. */
  withWidget: boolean;
  /** Which of the portal's sections the page belongs to (marked in the header's menu). */
  section?: TPortalSection;
  /** An image for link previews (a release's cover); else the drawn card of `ogPath`. */
  image?: string | null;
  /** The page whose drawn card (`{path}/og.png`) previews it: the portal's home unless given. */
  ogPath?: string;
  /** An Atom feed to announce in the head. */
  feed?: { title: string; path: string } | null;
  /** Pages with a form that posts to this server. */
  hasForm?: boolean;
  /** A wider page (the roadmap's columns). */
  isWide?: boolean;
  /** A page for one visitor (a mail's link): kept out of search engines. */
  noIndex?: boolean;
};

export type TPortalSection = 'boards' | 'roadmap' | 'changelog';

/** The header's menu: the boards, the roadmap and the changelog of the company. */
function portalNav(t: TPortalTranslator, site: TPortalSite, current?: TPortalSection): SafeHtml {
  const items: [TPortalSection, string, string][] = [
    ['boards', sitePath(site), t.t('navBoards')],
    ['roadmap', sitePath(site, '/roadmap'), t.t('navRoadmap')],
    ['changelog', sitePath(site, '/changelog'), t.t('navChangelog')],
  ];
  return markup`<nav class="portal-nav" aria-label="${t.t('navLabel')}">
    <ul>
      ${items.map(
        ([section, path, label]) =>
          markup`<li><a href="${path}"${section === current ? markup` aria-current="page"` : null}>${label}</a></li>`,
      )}
    </ul>
  </nav>`;
}

/**
 * The header's start: the company's logo (its name as the alternative text) or its name, linked
 * to the portal's home, and a link back to the company's own site when it has one.
 */
function portalBrand(t: TPortalTranslator, site: TPortalSite, company: TPortalCompany): SafeHtml {
  return markup`<div class="portal-brand">
    <a class="portal-home" href="${sitePath(site)}">${
      company.logoUrl
        ? markup`<img class="portal-logo" src="${company.logoUrl}" alt="${company.name}" height="40" referrerpolicy="no-referrer" />`
        : company.name
    }</a>
    ${
      company.websiteUrl
        ? markup`<a class="portal-site" href="${company.websiteUrl}" rel="noopener">${t.t('backToWebsite', { company: company.name })}</a>`
        : null
    }
  </div>`;
}

/** One portal page: the company's header, a breadcrumb, the content and sharing tags. */
export function frame(page: TFrame): TRenderedPage {
  const { t, context } = page;
  const header = brandTheme(page.theme, page.company);
  const style = styleSheet(header);
  const styleHash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  const { site } = context;
  const url = siteUrl(site, page.path);
  const widgetSrc = context.widgetUrl ? `${context.widgetUrl}/widget.js` : '/widget.js';
  const image = page.image || siteUrl(site, `${page.ogPath ?? ''}/og.png`);
  const document = markup`<!doctype html>
    <html lang="${t.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${page.title}</title>
        <meta name="description" content="${page.description}" />
        ${page.noIndex ? markup`<meta name="robots" content="noindex" />` : null}
        <link rel="canonical" href="${url}" />
        <meta property="og:type" content="${page.ogType}" />
        <meta property="og:site_name" content="${page.company.name}" />
        <meta property="og:title" content="${page.title}" />
        <meta property="og:description" content="${page.description}" />
        <meta property="og:url" content="${url}" />
        <meta property="og:locale" content="${t.dateLocale.replace('-', '_')}" />
        <meta property="og:image" content="${image}" />
        ${
          page.image
            ? null
            : markup`<meta property="og:image:type" content="image/png" />
                <meta property="og:image:width" content="${String(OG_WIDTH)}" />
                <meta property="og:image:height" content="${String(OG_HEIGHT)}" />
                <meta property="og:image:alt" content="${page.title}" />`
        }
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content="${page.title}" />
        <meta name="twitter:description" content="${page.description}" />
        <meta name="theme-color" content="#${header.color}" />
        <link rel="sitemap" type="application/xml" href="${sitePath(site, '/sitemap.xml')}" />
        ${
          page.feed
            ? markup`<link rel="alternate" type="application/atom+xml" title="${page.feed.title}" href="${page.feed.path}" />`
            : null
        }
        <style>${new SafeHtml(style)}</style>
      </head>
      <body${page.isWide ? markup` class="wide-page"` : null}>
        <a class="skip" href="#content">${t.t('skipToContent')}</a>
        <header class="portal-header">
          <div class="portal-header__inner">
            ${portalBrand(t, site, page.company)}
            ${portalNav(t, site, page.section)}
          </div>
        </header>
        <main id="content" class="portal-main${page.isWide ? ' wide' : ''}" tabindex="-1">
          ${
            page.crumbs.length > 0
              ? markup`<nav class="crumbs" aria-label="${t.t('breadcrumb')}">
                  <ol>
                    ${page.crumbs.map((crumb) =>
                      crumb.path
                        ? markup`<li><a href="${crumb.path}">${crumb.label}</a></li>`
                        : markup`<li aria-current="page">${crumb.label}</li>`,
                    )}
                  </ol>
                </nav>`
              : null
          }
          ${page.body}
        </main>
        <footer class="portal-footer">${t.t('poweredBy')}</footer>
        ${page.withWidget ? markup`<script src="${widgetSrc}" defer></script>` : null}
      </body>
    </html> `;
  const widgetOrigin = context.widgetUrl ? new URL(context.widgetUrl).origin : "'self'";
  const csp = [
    "default-src 'none'",
    page.withWidget ? `script-src ${widgetOrigin}` : "script-src 'none'",
    "connect-src 'self'",
    `style-src ${styleHash}`,
    "img-src 'self' https: data:",
    "base-uri 'none'",
    page.hasForm ? "form-action 'self'" : "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html: document.value, csp };
}

const summarise = (text: string, max = 200) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** `/{company}`: the company's public, active boards. */
export function renderPortalHome(
  t: TPortalTranslator,
  context: TPortalContext,
  portal: TPortal,
): TRenderedPage {
  const { company, boards } = portal;
  const first = boards[0];
  const intro = t.t('boardsIntro', { company: company.name });
  const body = markup`<h1>${company.name}</h1>
    <p class="intro">${intro}</p>
    <section aria-labelledby="boards-title">
      <h2 id="boards-title">${t.t('boardsTitle')}</h2>
      ${
        boards.length === 0
          ? markup`<p class="card empty">${t.t('boardsEmpty')}</p>`
          : markup`<ul class="list">
              ${boards.map(
                (board) =>
                  markup`<li>
                    <a href="${sitePath(context.site, `/${board.slug}`)}">${board.name}</a>${
                      board.description ? markup`<p>${board.description}</p>` : null
                    }
                    <ul class="meta">
                      <li>${t.t('ideaCount', { count: board.ideaCount })}</li>
                    </ul>
                  </li>`,
              )}
            </ul>`
      }
    </section>`;
  return frame({
    t,
    context,
    company,
    theme: first ? { color: first.color, primaryText: first.themePrimaryText } : DEFAULT_THEME,
    title: company.name,
    description: intro,
    path: '',
    ogType: 'website',
    crumbs: [],
    body,
    withWidget: false,
    section: 'boards',
  });
}

/**
 * The status tag in the kind's colours, named by the board's own status when the idea shows one
 * (the page's CSP allows no inline styles, so its own colour stays with the widget and console).
 */
export function statusBadge(
  t: TPortalTranslator,
  status: TIdeaView['status'],
  customName?: string | null,
): SafeHtml {
  return statusLabelHtml(status, customName ?? t.widget(`status.${status}`));
}

function ideaMeta(t: TPortalTranslator, idea: TIdeaView): SafeHtml {
  return markup`<ul class="meta">
    <li>${statusBadge(t, idea.status, idea.customStatus?.name)}</li>
    <li>${t.t('votes', { count: idea.voteCount })}</li>
    <li>${t.t('comments', { count: idea.commentCount })}</li>
  </ul>`;
}

/** `/{company}/{board}`: the board's most voted ideas as plain links, then the live widget. */
export function renderPortalBoard(
  t: TPortalTranslator,
  context: TPortalContext,
  board: TPortalIdea['board'],
  company: TPortalCompany,
  ideas: TIdeaView[],
): TRenderedPage {
  const base = sitePath(context.site, `/${board.slug}`);
  // The list is the light DOM of the widget's container: read as is without JavaScript (and by
  // crawlers), replaced by the widget's own shadow root once the script runs.
  // The portal page is light (its dark scheme comes with the portal's restyle): the widget in it
  // stays light whatever the visitor's system prefers.
  const body = markup`<div id="feedboard" data-board-hash="${board.widgetHash}" data-portal>
    <h1>${board.name}</h1>
    ${board.description ? markup`<p class="intro">${board.description}</p>` : null}
    <section aria-labelledby="ideas-title">
      <h2 id="ideas-title">${t.t('topIdeas')}</h2>
      ${
        ideas.length === 0
          ? markup`<p class="card empty">${t.widget('list.empty')}</p>`
          : markup`<ol class="list">
              ${ideas.map(
                (idea) =>
                  markup`<li>
                    <a href="${base}/ideas/${ideaPathSlug(idea)}">${idea.title}</a
                    >${ideaMeta(t, idea)}
                  </li>`,
              )}
            </ol>`
      }
    </section>
  </div>`;
  return frame({
    t,
    context,
    company,
    theme: { color: board.color, primaryText: board.themePrimaryText },
    title: `${board.name} · ${company.name}`,
    description: board.description ?? t.t('boardsIntro', { company: company.name }),
    path: `/${board.slug}`,
    ogPath: `/${board.slug}`,
    ogType: 'website',
    crumbs: [
      { label: company.name, path: sitePath(context.site) },
      { label: board.name, path: null },
    ],
    body,
    withWidget: true,
    section: 'boards',
  });
}

/** `/{company}/{board}/ideas/{id}-{slug}`: one idea, readable without JavaScript. */
export function renderPortalIdea(
  t: TPortalTranslator,
  context: TPortalContext,
  page: TPortalIdea,
): TRenderedPage {
  const { company, board, idea, decline, keptIdea, comments, commentPage } = page;
  const base = sitePath(context.site, `/${board.slug}`);
  const date = (at: Date) => formatDate(at.toISOString(), t.locale);
  const author = idea.author?.displayName ?? t.t('formerUser');
  const ideaHref = sitePath(context.site, `/${board.slug}/ideas/${page.pathSlug}`);
  const pageLink = (n: number) => (n === 1 ? ideaHref : `${ideaHref}?comments=${n}`);
  // A duplicate says what became of it: merged into the kept idea (linked where the reader
  // may see it: keptIdea follows namesKeptIdea), not a reason's name.
  const merged =
    decline?.reason === 'DUPLICATE'
      ? markup`<section class="card declined" aria-labelledby="declined-title">
        <h2 id="declined-title">${t.t('mergedTitle')}</h2>
        <p>
          ${
            keptIdea
              ? withLink(
                  t.t('mergedInto', { link: LINK, date: date(decline.declinedAt) }),
                  markup`<a href="${base}/ideas/${keptIdea.pathSlug}">${keptIdea.title}</a>`,
                )
              : t.t('mergedElsewhere', { date: date(decline.declinedAt) })
          }
        </p>
        ${decline.comment ? markup`<p class="description">${decline.comment}</p>` : null}
      </section>`
      : null;
  const declined = merged
    ? merged
    : decline
      ? markup`<section class="card declined" aria-labelledby="declined-title">
        <h2 id="declined-title">${t.t('declinedTitle')}</h2>
        <p>
          ${t.t('declinedBecause', {
            date: date(decline.declinedAt),
            reason: DECLINE_REASONS[t.locale][decline.reason],
          })}
        </p>
        ${decline.comment ? markup`<p class="description">${decline.comment}</p>` : null}
        ${
          keptIdea
            ? markup`<p>${withLink(
                t.t('duplicateOf', { link: LINK }),
                markup`<a href="${base}/ideas/${keptIdea.pathSlug}">${keptIdea.title}</a>`,
              )}</p>`
            : null
        }
      </section>`
      : null;
  // data-portal: the widget takes an SSO token from the address's fragment and keeps the
  // session; who the visitor is never reaches this HTML, which is the same for everyone.
  const container = markup`id="feedboard" data-board-hash="${board.widgetHash}" data-portal`;
  const commentBody = (comment: (typeof comments)[number]) => markup`
    <p class="comment-meta">
      ${t.t('commentBy', {
        name: comment.author?.displayName ?? t.t('formerUser'),
        date: date(comment.createdAt),
      })}
    </p>
    <p class="comment-text">${plainCommentText(comment.text)}</p>`;
  const body = markup`<div ${container} data-idea-id="${idea.id}">
    <article class="card" aria-labelledby="idea-title">
      <h1 id="idea-title">${idea.title}</h1>
      ${ideaMeta(t, idea)}
      <p class="comment-meta">${t.t('postedBy', { name: author, date: date(idea.createdAt) })}</p>
      ${idea.description ? markup`<p class="description">${idea.description}</p>` : null}
    </article>
    ${declined}
    <section class="card" aria-labelledby="comments-title">
      <h2 id="comments-title">${t.widget('comments.title')}</h2>
      ${
        comments.length === 0
          ? markup`<p class="empty">${t.widget('comments.empty')}</p>`
          : markup`<ol class="comments">
              ${comments
                .filter((comment) => comment.parentId === null)
                .map((comment) => {
                  const replies = comments.filter((reply) => reply.parentId === comment.id);
                  return markup`<li>
                    ${commentBody(comment)}
                    ${
                      replies.length === 0
                        ? null
                        : markup`<ol class="comments replies">
                            ${replies.map((reply) => markup`<li>${commentBody(reply)}</li>`)}
                          </ol>`
                    }
                  </li>`;
                })}
            </ol>`
      }
      ${
        commentPage.page > 1 || commentPage.hasNext
          ? markup`<nav aria-label="${t.t('commentsPages')}"><ul class="pager">
              ${
                commentPage.page > 1
                  ? markup`<li><a href="${pageLink(commentPage.page - 1)}" rel="prev">${t.t('newerComments', { page: commentPage.page - 1 })}</a></li>`
                  : null
              }
              ${
                commentPage.hasNext
                  ? markup`<li><a href="${pageLink(commentPage.page + 1)}" rel="next">${t.t('olderComments', { page: commentPage.page + 1 })}</a></li>`
                  : null
              }
            </ul></nav>`
          : null
      }
    </section>
    <p><a href="${base}">${t.t('openBoard')}</a></p>
  </div>`;
  return frame({
    t,
    context,
    company,
    theme: { color: board.color, primaryText: board.themePrimaryText },
    title: `${idea.title} · ${board.name}`,
    description: summarise(idea.description ? idea.description : `${board.name} · ${company.name}`),
    path: `/${board.slug}/ideas/${page.pathSlug}`,
    ogPath: `/${board.slug}/ideas/${page.pathSlug}`,
    ogType: 'article',
    crumbs: [
      { label: company.name, path: sitePath(context.site) },
      { label: board.name, path: base },
      { label: idea.title, path: null },
    ],
    body,
    withWidget: true,
    section: 'boards',
  });
}

/** The portal's 404: plain, in the company's frame, never saying whether the page exists. */
export function renderPortalNotFound(
  t: TPortalTranslator,
  context: TPortalContext,
  company: TPortalCompany,
): TRenderedPage {
  const body = markup`<section class="card">
    <h1>${t.t('notFoundTitle')}</h1>
    <p>${t.t('notFoundText')}</p>
    <p><a href="${sitePath(context.site)}">${t.t('notFoundHome', { company: company.name })}</a></p>
  </section>`;
  return frame({
    t,
    context,
    company,
    theme: DEFAULT_THEME,
    title: t.t('notFoundTitle'),
    description: t.t('notFoundText'),
    path: '',
    ogType: 'website',
    crumbs: [],
    body,
    withWidget: false,
  });
}
