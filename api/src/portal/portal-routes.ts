import type { Context, Next } from 'hono';
import { Hono } from 'hono';
import { localeOf } from '../../../widget/src/i18n.ts';
import type { TLocale } from '../../../widget/src/i18n.ts';
import type { TDeps } from '../deps.ts';
import { findIdeasPage } from '../services/idea/find-idea-views.ts';
import {
  findPortal,
  findPortalBoard,
  findCompanySlugByDomain,
  findPortalIdea,
  findSitemapCompanies,
  findSitemapEntries,
  ideaIdOfPath,
} from '../services/portal/find-portal.ts';
import type { TPortal, TPortalCompany } from '../services/portal/find-portal.ts';
import {
  renderChangelogNotice,
  renderPortalChangelog,
  renderPortalRelease,
  renderPortalRoadmap,
  subscribeForm,
} from './changelog-pages.ts';
import type { TSubscribeState } from './changelog-pages.ts';
import { clientOf } from '../http/client-ip.ts';
import { AppError } from '../errors.ts';
import { RateLimitError } from '../http/rate-limit.ts';
import { subscribeToChangelog } from '../services/changelog/subscribe-to-changelog.ts';
import {
  checkChangelogConfirmation,
  confirmChangelogSubscription,
} from '../services/changelog/confirm-changelog-subscription.ts';
import {
  checkChangelogUnsubscribe,
  unsubscribeFromChangelog,
} from '../services/changelog/unsubscribe-from-changelog.ts';
import {
  findChangelogSitemapEntries,
  findPortalChangelog,
  findPortalRelease,
  findPortalRoadmap,
} from '../services/portal/find-portal-changelog.ts';
import {
  renderPortalBoard,
  renderPortalHome,
  renderPortalIdea,
  renderPortalNotFound,
} from './portal-pages.ts';
import type { TPortalContext, TRenderedPage } from './portal-pages.ts';
import { portalLocale, portalTranslator } from './portal-texts.ts';
import { PortalCache, etagOf } from './portal-cache.ts';
import type { TCachedPage } from './portal-cache.ts';
import { COMMENT_PAGE_MAX } from '../services/comment/list-comments.ts';
import {
  CONSOLE_SEGMENTS,
  appSite,
  domainSite,
  onSite,
  sitePath,
  siteUrl,
} from './portal-paths.ts';
import type { TPortalSite } from './portal-paths.ts';
import { isHostName, normaliseHost } from '../services/company/update-company-portal.ts';
import { loadMarkdown } from '../services/release/load-markdown.ts';
import { boardCard, homeCard, ideaCard } from './og-cards.ts';
import { OG_RETRY_AFTER_SECONDS, OgImages } from './og-image.ts';
import type { TOgCard } from './og-image.ts';

export { CONSOLE_SEGMENTS, portalBase } from './portal-paths.ts';

/** The most release pages a sitemap lists. */
const SITEMAP_RELEASES = 5_000;

/** How many of a board's ideas its page lists as links (the widget pages through the rest). */
const BOARD_PAGE_IDEAS = 50;

/** How long a host's company (or none) is remembered before it is looked up again. */
const DOMAIN_LOOKUP_MS = 10_000;
const DOMAIN_LOOKUPS = 1_000;

/** A portal handler: the request, the next handler, and the site (app address or own domain). */
type THandler = (c: Context, next: Next, site: TPortalSite) => Promise<Response | void>;

/** What `send` keeps of a signed-out GET's page in the cache (see cached). */
type TCacheSlot = { key: string; ticket: number };

/** Which of our languages the visitor asks for ('' for none): pages differ by it, nothing else. */
const languageKey = (c: Context) =>
  portalLocale(c.req.header('accept-language'), '' as TLocale) as string;

/**
 * The public portal of each company (issue 20): `/{company}` lists its public boards,
 * `/{company}/{board}` is the board (its top ideas as links, then the live widget),
 * `/{company}/{board}/ideas/{id}-{slug}` is one idea, readable without JavaScript, and
 * `/{company}/sitemap.xml` lists them for search engines. `/{company}/roadmap` and
 * `/{company}/changelog` (one page per release, and `changelog.atom`) span the company's boards. Every page also answers under
 * `/public/…` (the spec's address for board pages). Anything a reader may not see is a 404.
 *
 * A company with its own domain (`feedback.acme.com`, see mountDomains) has the same pages at
 * `/`, `/{board}`, `/roadmap`… of that host, every link and canonical address on it.
 *
 * Signed-out visitors' pages come from an in-process cache (PortalCache) with a strong ETag;
 * a request with a cookie or an Authorization header is rendered for itself.
 */
export function createPortal(deps: TDeps, cache = new PortalCache(deps.events, deps.log)) {
  const appHost = new URL(deps.config.appUrl).hostname.toLowerCase();
  const contextOf = (site: TPortalSite): TPortalContext => ({
    appUrl: deps.config.appUrl,
    widgetUrl: deps.config.widgetUrl,
    site,
  });
  const slots = new WeakMap<Context, TCacheSlot>();

  function send(
    c: Context,
    page: TRenderedPage,
    status: 200 | 400 | 404 | 429 = 200,
    cacheAs?: { boardIds: number[]; tags?: string[] },
  ) {
    const headers: Record<string, string> = {
      'content-security-policy': page.csp,
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    };
    const slot = slots.get(c);
    if (slot && status === 200 && cacheAs) {
      const etag = etagOf(page.html);
      Object.assign(headers, {
        etag,
        'cache-control': 'no-cache',
        vary: 'Accept-Language, Cookie, Authorization',
      });
      const { boardIds, tags = boardIds.map((id) => `board:${id}`) } = cacheAs;
      cache.set(slot.key, slot.ticket, { html: page.html, headers, etag, boardIds, tags });
      if (matchesEtag(c, etag)) return notModified(headers);
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return c.html(page.html, status);
  }

  /**
   * Serves a signed-out visitor's GET from the cache, or renders it (and `send` keeps it). With
   * a query string (a changelog page, the subscribe notice) or any sign of a session, it renders.
   */
  const cached =
    (handler: THandler): THandler =>
    async (c, next, site) => {
      const isAnonymous =
        c.req.method === 'GET' &&
        !c.req.header('cookie') &&
        !c.req.header('authorization') &&
        !new URL(c.req.url).search;
      if (!isAnonymous) return handler(c, next, site);
      // The slug too: a company's own domain may pass to another company that proves it.
      const key = `${site.origin}${c.req.path}|${site.slug}|${languageKey(c)}`;
      // Concurrent misses of one page wait for one render (attack 7: a crowd on a cold page).
      return cache.cachedOr(
        key,
        (hit) =>
          matchesEtag(c, hit.etag)
            ? notModified(hit.headers)
            : new Response(hit.html, {
                status: 200,
                headers: { ...hit.headers, 'content-type': 'text/html; charset=UTF-8' },
              }),
        async () => {
          slots.set(c, { key, ticket: cache.ticket() });
          return handler(c, next, site);
        },
      );
    };

  /**
   * Every portal page's language, one rule for the portal and the widget it hosts (which follows
   * the page's `<html lang>`, docs/widget.md): the visitor's choice among ours (Accept-Language),
   * else `fallback` (the board's language, or the company's first board's). The board and idea
   * pages took the board's alone, so a Polish visitor's header flipped to English there and back
   * on the roadmap and changelog (F10 of the ninth first-hour walk).
   */
  const visitorTranslator = (c: Context, fallback: TLocale) =>
    portalTranslator(portalLocale(c.req.header('accept-language'), fallback));

  const notFound = (c: Context, site: TPortalSite, company: TPortalCompany) => {
    return send(c, renderPortalNotFound(visitorTranslator(c, 'en'), contextOf(site), company), 404);
  };

  const home: THandler = async (c, next, site) => {
    const portal = await findPortal(deps, site.slug);
    if (!portal) return next();
    const t = visitorTranslator(c, localeOf(portal.boards[0]?.language));
    return send(c, renderPortalHome(t, contextOf(site), portal), 200, boardsOf(portal));
  };

  const board: THandler = async (c, next, site) => {
    const boardSlug = c.req.param('boardSlug') ?? '';
    const found = await findPortalBoard(deps, site.slug, boardSlug);
    if (!found) {
      const portal = await findPortal(deps, site.slug);
      return portal ? notFound(c, site, portal.company) : next();
    }
    const page = await findIdeasPage(deps, null, found.board.id, { limit: BOARD_PAGE_IDEAS });
    const t = visitorTranslator(c, localeOf(found.board.language));
    const rendered = renderPortalBoard(t, contextOf(site), found.board, found.company, page.ideas);
    return send(c, rendered, 200, { boardIds: [found.board.id] });
  };

  const idea: THandler = async (c, next, site) => {
    const { boardSlug = '', ideaPath = '' } = c.req.param();
    const id = ideaIdOfPath(ideaPath);
    // `?comments=N`: the Nth bounded page of comments (anything else is the first).
    const asked = /^[1-9][0-9]{0,4}$/.exec(c.req.query('comments') ?? '');
    const commentPage = asked ? Math.min(Number(asked[0]), COMMENT_PAGE_MAX) : 1;
    const found =
      id === null ? null : await findPortalIdea(deps, site.slug, boardSlug, id, commentPage);
    if (!found) {
      const portal = await findPortal(deps, site.slug);
      return portal ? notFound(c, site, portal.company) : next();
    }
    if (ideaPath !== found.pathSlug) {
      const prefix = c.req.path.startsWith('/public/') ? '/public' : '';
      const path = `/${boardSlug}/ideas/${encodeURIComponent(found.pathSlug)}`;
      return c.redirect(site.root ? `${prefix}/${site.slug}${path}` : path, 301);
    }
    const t = visitorTranslator(c, localeOf(found.board.language));
    // Its own events (votes, comments, status) change it; the board's other ideas do not.
    const tags = [
      `idea:${found.idea.id}`,
      ...(found.keptIdea ? [`idea:${found.keptIdea.id}`] : []),
    ];
    const rendered = renderPortalIdea(t, contextOf(site), found);
    return send(c, rendered, 200, { boardIds: [found.board.id], tags });
  };

  /** A company-wide page's language: the visitor's choice of ours, else its first board's. */
  const companyTranslator = (c: Context, portal: TPortal) =>
    visitorTranslator(c, localeOf(portal.boards[0]?.language));

  const changelog: THandler = async (c, next, site) => {
    const pageParam = c.req.query('page');
    const subscribed = c.req.query('subscribed') === '1';
    const page = pageParam === undefined ? 1 : Number(pageParam);
    const found = await findPortalChangelog(deps, site.slug, page);
    if (!found) return next();
    const t = companyTranslator(c, found.portal);
    if (pageParam !== undefined && (found.page !== page || found.releases.length === 0)) {
      return page === 1
        ? c.redirect(sitePath(site, '/changelog'), 301)
        : notFound(c, site, found.portal.company);
    }
    const subscribe =
      found.page === 1
        ? subscribeForm(t, site, found.portal, subscribed ? { kind: 'sent' } : { kind: 'idle' })
        : null;
    const rendered = renderPortalChangelog(t, contextOf(site), found, { subscribe });
    return send(c, rendered, 200, boardsOf(found.portal));
  };

  /** The form's POST: a mail to confirm, then back to the changelog (303, so reload is safe). */
  const subscribe: THandler = async (c, next, site) => {
    const portal = await findPortal(deps, site.slug);
    if (!portal) return next();
    const t = companyTranslator(c, portal);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const email = typeof form.email === 'string' ? form.email.slice(0, 320) : '';
    try {
      await subscribeToChangelog(
        deps,
        portal.company,
        { email },
        { language: t.locale, client: clientOf(c, deps.config.trustProxy) },
      );
    } catch (error) {
      // Too many attempts is a RateLimitError (not an AppError): the page says so, with 429.
      const isLimited = error instanceof RateLimitError;
      if (!isLimited && !(error instanceof AppError)) throw error;
      // Only a refused address shows the changelog again (its releases rendered).
      const found = await findPortalChangelog(deps, site.slug);
      if (!found) return next();
      const state: TSubscribeState = isLimited
        ? { kind: 'limited', email }
        : { kind: 'invalid', email };
      const page = renderPortalChangelog(t, contextOf(site), found, {
        subscribe: subscribeForm(t, site, found.portal, state),
      });
      if (isLimited) c.header('retry-after', String(error.retryAfterSeconds));
      return send(c, page, isLimited ? 429 : 400);
    }
    return c.redirect(`${sitePath(site, '/changelog')}?subscribed=1#subscribe`, 303);
  };

  /**
   * The confirmation and unsubscribe links of the changelog's mails. GET only asks (mail
   * scanners open links); the page's button, or a mail client's RFC 8058 one-click POST, acts.
   */
  const changelogLink =
    (kind: 'confirm' | 'unsubscribe', isPost: boolean): THandler =>
    async (c, next, site) => {
      const token = c.req.param('token') ?? '';
      const portal = await findPortal(deps, site.slug);
      if (!portal) return next();
      const companyId = portal.company.id;
      const result =
        kind === 'confirm'
          ? isPost
            ? await confirmChangelogSubscription(deps, companyId, token)
            : await checkChangelogConfirmation(deps, companyId, token)
          : isPost
            ? await unsubscribeFromChangelog(deps, companyId, token)
            : await checkChangelogUnsubscribe(deps, companyId, token);
      const t =
        result.state === 'invalid'
          ? companyTranslator(c, portal)
          : portalTranslator(localeOf(result.language));
      const company = { company: portal.company.name };
      const context = contextOf(site);
      c.header('cache-control', 'no-store');
      c.header('referrer-policy', 'no-referrer');
      if (result.state === 'invalid') {
        const text = kind === 'confirm' ? t.t('confirmBadText') : t.t('unsubscribeBadText');
        return send(
          c,
          renderChangelogNotice(t, context, portal, { title: t.t('linkBadTitle'), text }),
          404,
        );
      }
      const notice =
        result.state === 'valid'
          ? kind === 'confirm'
            ? {
                title: t.t('confirmTitle'),
                text: t.t('confirmText', company),
                button: { action: c.req.path, label: t.t('confirmButton') },
              }
            : {
                title: t.t('unsubscribeTitle'),
                text: t.t('unsubscribeText', company),
                button: { action: c.req.path, label: t.t('unsubscribeButton') },
              }
          : kind === 'confirm'
            ? { title: t.t('confirmedTitle'), text: t.t('confirmedText', company) }
            : { title: t.t('unsubscribedTitle'), text: t.t('unsubscribedText', company) };
      return send(c, renderChangelogNotice(t, context, portal, notice));
    };

  const release: THandler = async (c, next, site) => {
    const releasePath = c.req.param('releasePath') ?? '';
    const id = ideaIdOfPath(releasePath);
    const found = id === null ? null : await findPortalRelease(deps, site.slug, id);
    if (!found) {
      const portal = await findPortal(deps, site.slug);
      return portal ? notFound(c, site, portal.company) : next();
    }
    if (releasePath !== found.release.pathSlug) {
      const prefix = c.req.path.startsWith('/public/') ? '/public' : '';
      const path = `/changelog/${encodeURIComponent(found.release.pathSlug)}`;
      return c.redirect(site.root ? `${prefix}/${site.slug}${path}` : path, 301);
    }
    const t = companyTranslator(c, found.portal);
    const { releaseExcerpt } = await loadMarkdown();
    const rendered = renderPortalRelease(
      t,
      contextOf(site),
      found.portal,
      found.release,
      releaseExcerpt(found.release.body),
    );
    return send(c, rendered, 200, boardsOf(found.portal));
  };

  /**
   * The Atom feed, kept in the portal's cache like the pages (its releases' changes forget it):
   * written afresh for each reader it cost 1-2 s of the one thread with long notes (attack 4,
   * F3). The feed takes no query, so a query string does not get around the cache.
   */
  const feed: THandler = async (c, next, site) => {
    const key = `${site.origin}${c.req.path}|${site.slug}|feed`;
    const fromCache = (hit: TCachedPage) =>
      matchesEtag(c, hit.etag)
        ? notModified(hit.headers)
        : new Response(hit.html, { status: 200, headers: hit.headers });
    const write = async () => {
      const ticket = cache.ticket();
      const found = await findPortalChangelog(deps, site.slug);
      if (!found) return next();
      const t = portalTranslator(localeOf(found.portal.boards[0]?.language));
      // The feed and sitemap writers load on their first request, not at every server start.
      const { renderChangelogFeed } = await import('./changelog-feed.ts');
      const xml = renderChangelogFeed(t, site, found);
      const etag = etagOf(xml);
      const headers = {
        'content-type': 'application/atom+xml; charset=utf-8',
        'cache-control': 'public, max-age=300',
        etag,
      };
      cache.set(key, ticket, { html: xml, headers, etag, ...boardsOfTagged(found.portal) });
      if (matchesEtag(c, etag)) return notModified(headers);
      return new Response(xml, { status: 200, headers });
    };
    return cache.cachedOr(key, fromCache, write);
  };

  const roadmap: THandler = async (c, next, site) => {
    const found = await findPortalRoadmap(deps, site.slug);
    if (!found) return next();
    const t = companyTranslator(c, found.portal);
    const rendered = renderPortalRoadmap(t, contextOf(site), found);
    return send(c, rendered, 200, boardsOf(found.portal));
  };

  /**
   * The company's sitemap: written once and kept in the portal's cache (as the feed), whoever
   * asks and with whatever query, with an ETag; concurrent first requests share one writing.
   */
  const sitemap: THandler = async (c, next, site) => {
    const key = `${site.origin}${c.req.path}|${site.slug}|sitemap`;
    const headers = (etag: string) => ({
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300',
      etag,
    });
    const hit = cache.get(key);
    if (hit) {
      if (matchesEtag(c, hit.etag)) return notModified(hit.headers);
      return new Response(hit.html, { status: 200, headers: hit.headers });
    }
    const xml = await cache.once(key, async () => {
      const ticket = cache.ticket();
      const portal = await findPortal(deps, site.slug);
      const pages = portal ? await findSitemapEntries(deps, site.slug) : null;
      if (!portal || !pages) return null;
      const changelogPages =
        (await findChangelogSitemapEntries(deps, site.slug, SITEMAP_RELEASES)) ?? [];
      const entries = [...pages.slice(0, 1), ...changelogPages, ...pages.slice(1)].slice(0, 50_000);
      const { SitemapStream, streamToPromise } = await import('sitemap');
      const stream = new SitemapStream({ hostname: site.origin });
      for (const entry of entries) {
        stream.write({ url: onSite(site, entry.path), lastmod: entry.updatedAt.toISOString() });
      }
      stream.end();
      const written = (await streamToPromise(stream)).toString('utf8');
      const etag = etagOf(written);
      // Kept for the cache's time (a minute), not dropped by the boards' idea events: a vote or
      // a comment changes nothing a sitemap lists, and one end user voting and unvoting had it
      // written afresh (1-2.6 s at 10,000 ideas) on every request (outside attack 8, F2). A
      // board made private or deleted still drops it at once (invalidateAll).
      cache.set(key, ticket, {
        html: written,
        headers: headers(etag),
        etag,
        boardIds: [],
        tags: [],
      });
      return written;
    });
    if (xml === null) return next();
    const etag = etagOf(xml);
    if (matchesEtag(c, etag)) return notModified(headers(etag));
    return new Response(xml, { status: 200, headers: headers(etag) });
  };

  /** A company's own domain: its portal is the whole site, its sitemap the only one. */
  const domainRobots: THandler = async (c, _next, site) => {
    c.header('cache-control', 'public, max-age=300');
    return c.text(`User-agent: *\nAllow: /\n\nSitemap: ${siteUrl(site, '/sitemap.xml')}\n`);
  };

  /**
   * A page's preview image (`…/og.png`, Open Graph): the same reader rules as the page (a
   * private board's or a hidden idea's is not found), one language rule, cacheable by anyone.
   */
  const images = new OgImages();
  const sendImage = async (c: Context, card: TOgCard) => {
    let image;
    try {
      image = await images.image(card);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'UNAVAILABLE') throw error;
      c.header('retry-after', String(error.retryAfterSeconds ?? OG_RETRY_AFTER_SECONDS));
      return c.text(error.message, 503);
    }
    const headers = {
      etag: image.etag,
      'cache-control': 'public, max-age=3600',
      vary: 'Accept-Language',
    };
    if (matchesEtag(c, image.etag)) return notModified(headers);
    return new Response(new Uint8Array(image.png), {
      status: 200,
      headers: { ...headers, 'content-type': 'image/png' },
    });
  };

  // No page of the console or the API ends in og.png: an image not found is a plain 404 (the
  // console's pages would answer the address with its HTML).
  const noImage = (c: Context) => c.text('Not found', 404);

  const homeImage: THandler = async (c, _next, site) => {
    const portal = await findPortal(deps, site.slug);
    if (!portal) return noImage(c);
    const t = companyTranslator(c, portal);
    return sendImage(c, homeCard(t, site, portal));
  };

  const boardImage: THandler = async (c, _next, site) => {
    // The portal's boards are its public, active ones with their readable ideas counted.
    const portal = await findPortal(deps, site.slug);
    const board = portal?.boards.find((one) => one.slug === c.req.param('boardSlug'));
    if (!portal || !board) return noImage(c);
    const t = visitorTranslator(c, localeOf(board.language));
    return sendImage(c, boardCard(t, site, portal.company, board));
  };

  const ideaImage: THandler = async (c, _next, site) => {
    const { boardSlug = '', ideaPath = '' } = c.req.param();
    const id = ideaIdOfPath(ideaPath);
    const found = id === null ? null : await findPortalIdea(deps, site.slug, boardSlug, id, 1);
    if (!found) return noImage(c);
    const t = visitorTranslator(c, localeOf(found.board.language));
    return sendImage(c, ideaCard(t, site, found));
  };

  const routes: [method: 'get' | 'post', path: string, handler: THandler][] = [
    ['get', '/og.png', homeImage],
    ['get', '/sitemap.xml', sitemap],
    ['get', '/changelog.atom', feed],
    ['post', '/changelog/subscribe', subscribe],
    ...(['confirm', 'unsubscribe'] as const).flatMap(
      (kind): [method: 'get' | 'post', path: string, handler: THandler][] => [
        ['get', `/changelog/${kind}/:token`, changelogLink(kind, false)],
        ['post', `/changelog/${kind}/:token`, changelogLink(kind, true)],
      ],
    ),
    ['get', '/changelog/:releasePath', cached(release)],
    ['get', '/changelog', cached(changelog)],
    ['get', '/roadmap', cached(roadmap)],
    ['get', '/:boardSlug/ideas/:ideaPath/og.png', ideaImage],
    ['get', '/:boardSlug/og.png', boardImage],
    ['get', '/:boardSlug/ideas/:ideaPath', cached(idea)],
    ['get', '/:boardSlug', cached(board)],
  ];

  /** The pages under the app's own address: `/{company}/…` and `/public/{company}/…`. */
  const mountRoutes = (app: Hono) => {
    app.get('/robots.txt', async (c) => {
      const companies = await findSitemapCompanies(deps);
      const lines = [
        'User-agent: *',
        // The console, the APIs and mail links are no pages for search engines.
        ...[
          '/admin',
          '/api/',
          '/graphql',
          '/login',
          '/signup',
          '/password-reset',
          '/unsubscribe',
        ].map((path) => `Disallow: ${path}`),
        'Allow: /',
        '',
        ...companies.map(
          (slug) => `Sitemap: ${siteUrl(appSite(deps.config.appUrl, slug), '/sitemap.xml')}`,
        ),
      ];
      c.header('cache-control', 'public, max-age=300');
      return c.text(`${lines.join('\n')}\n`);
    });

    for (const prefix of ['/public', '']) {
      const wrap = (handler: THandler) => async (c: Context, next: Next) => {
        const slug = c.req.param('companySlug') ?? '';
        if (!prefix && (CONSOLE_SEGMENTS.has(slug) || slug.includes('.'))) return next();
        return handler(c, next, appSite(deps.config.appUrl, slug));
      };
      for (const [method, path, handler] of routes) {
        app[method](`${prefix}/:companySlug${path}`, wrap(handler));
      }
      app.get(`${prefix}/:companySlug`, wrap(cached(home)));
    }
  };

  const domainApp = new Hono<{ Bindings: { site: TPortalSite } }>();
  const onDomain = (handler: THandler) => async (c: Context, next: Next) => {
    const boardSlug = c.req.param('boardSlug');
    // The console's and the API's own paths stay theirs on every host (the widget calls /api).
    if (boardSlug !== undefined && (CONSOLE_SEGMENTS.has(boardSlug) || boardSlug.includes('.'))) {
      return next();
    }
    return handler(c, next, (c.env as { site: TPortalSite }).site);
  };
  for (const [method, path, handler] of routes) domainApp[method](path, onDomain(handler));
  domainApp.get('/robots.txt', onDomain(domainRobots));
  domainApp.get('/', onDomain(cached(home)));
  domainApp.notFound(() => new Response(null, { status: 404, headers: { [UNMATCHED]: '1' } }));

  const domains = new Map<string, { slug: string | null; until: number }>();
  const companyOfHost = async (host: string): Promise<string | null> => {
    const known = domains.get(host);
    if (known && known.until > Date.now()) return known.slug;
    const slug = await findCompanySlugByDomain(deps, host);
    domains.delete(host);
    if (domains.size >= DOMAIN_LOOKUPS) domains.delete(domains.keys().next().value as string);
    domains.set(host, { slug, until: Date.now() + DOMAIN_LOOKUP_MS });
    return slug;
  };

  /**
   * Requests whose Host is a company's own domain get that company's portal at `/`; anything
   * the portal has no page for (the API, the widget script, the console's files) goes on.
   * Mount it before the console's static files (they would answer `/`).
   */
  const mountDomains = (app: Hono) => {
    app.use('*', async (c, next) => {
      const host = normaliseHost((c.req.header('host') ?? '').replace(/:\d+$/, ''));
      if (!host || host === appHost || !isHostName(host)) return next();
      const slug = await companyOfHost(host);
      if (!slug) return next();
      const response = await domainApp.fetch(c.req.raw, {
        ...(c.env as object),
        site: domainSite(host, slug),
      });
      if (response.headers.get(UNMATCHED)) return next();
      return response;
    });
  };

  return { mountRoutes, mountDomains, cache };
}

/** Marks the domain app's "no such page" answer, so the request goes on to the app's routes. */
const UNMATCHED = 'x-feedboard-portal-unmatched';

/** A company-wide page follows every public board of the company. */
const boardsOf = (portal: TPortal) => ({ boardIds: portal.boards.map((board) => board.id) });

/** boardsOf with the cache's tags written out (what `send` does for pages). */
const boardsOfTagged = (portal: TPortal) => {
  const { boardIds } = boardsOf(portal);
  return { boardIds, tags: boardIds.map((id) => `board:${id}`) };
};

/** Whether If-None-Match names this ETag (or is `*`). */
function matchesEtag(c: Context, etag: string): boolean {
  const header = c.req.header('if-none-match');
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === etag || tag === '*');
}

function notModified(headers: Record<string, string>): Response {
  const { etag = '', vary = '', 'cache-control': cacheControl = 'no-cache' } = headers;
  return new Response(null, {
    status: 304,
    headers: { etag, vary, 'cache-control': cacheControl },
  });
}

/** The portal's pages on the app's address (used by tests that need no own domains). */
export function mountPortal(app: Hono, deps: TDeps): void {
  const portal = createPortal(deps);
  portal.mountDomains(app);
  portal.mountRoutes(app);
}
