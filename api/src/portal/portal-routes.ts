import type { Context, Hono, Next } from 'hono';
import { SitemapStream, streamToPromise } from 'sitemap';
import { localeOf } from '../../../widget/src/i18n.ts';
import type { TDeps } from '../deps.ts';
import { findIdeasPage } from '../services/idea/find-idea-views.ts';
import {
  findPortal,
  findPortalBoard,
  findPortalIdea,
  findSitemapCompanies,
  findSitemapEntries,
  ideaIdOfPath,
} from '../services/portal/find-portal.ts';
import type { TPortal, TPortalCompany } from '../services/portal/find-portal.ts';
import { renderChangelogFeed } from './changelog-feed.ts';
import {
  renderChangelogNotice,
  renderPortalChangelog,
  renderPortalRelease,
  renderPortalRoadmap,
  subscribeForm,
} from './changelog-pages.ts';
import type { TSubscribeState } from './changelog-pages.ts';
import { clientOf } from '../client-ip.ts';
import { AppError } from '../errors.ts';
import { RateLimitError } from '../rate-limit.ts';
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

/** First path segments that belong to the console or the API, never to a company's portal. */
export const CONSOLE_SEGMENTS = new Set([
  'admin',
  'api',
  'assets',
  'confirm-email',
  'explorers',
  'graphql',
  'healthz',
  'invitation',
  'login',
  'logout',
  'metrics',
  'password-reset',
  'privacy',
  'public',
  'robots.txt',
  'signup',
  'unsubscribe',
  'widget.js',
]);

/** The most release pages a sitemap lists. */
const SITEMAP_RELEASES = 5_000;

/** How many of a board's ideas its page lists as links (the widget pages through the rest). */
const BOARD_PAGE_IDEAS = 50;

/**
 * The path a company's portal lives under: `/{slug}`, or `/public/{slug}` for a company whose
 * slug is also one of the console's own first segments.
 */
export function portalBase(companySlug: string): string {
  return CONSOLE_SEGMENTS.has(companySlug) ? `/public/${companySlug}` : `/${companySlug}`;
}

function send(c: Context, page: TRenderedPage, status: 200 | 400 | 404 | 429 = 200) {
  c.header('content-security-policy', page.csp);
  c.header('referrer-policy', 'strict-origin-when-cross-origin');
  c.header('x-frame-options', 'DENY');
  return c.html(page.html, status);
}

/**
 * The public portal of each company (issue 20): `/{company}` lists its public boards,
 * `/{company}/{board}` is the board (its top ideas as links, then the live widget),
 * `/{company}/{board}/ideas/{id}-{slug}` is one idea, readable without JavaScript, and
 * `/{company}/sitemap.xml` lists them for search engines. `/{company}/roadmap` and
 * `/{company}/changelog` (one page per release, and `changelog.atom`) span the company's boards. Every page also answers under
 * `/public/…` (the spec's address for board pages). Anything a reader may not see is a 404.
 */
export function mountPortal(app: Hono, deps: TDeps): void {
  const context: TPortalContext = { appUrl: deps.config.appUrl, widgetUrl: deps.config.widgetUrl };

  const notFound = (c: Context, company: TPortalCompany) => {
    const locale = portalLocale(c.req.header('accept-language'), 'en');
    return send(c, renderPortalNotFound(portalTranslator(locale), context, company), 404);
  };

  const home = async (c: Context, next: Next) => {
    const portal = await findPortal(deps, c.req.param('companySlug') ?? '');
    if (!portal) return next();
    const fallback = localeOf(portal.boards[0]?.language);
    const t = portalTranslator(portalLocale(c.req.header('accept-language'), fallback));
    return send(c, renderPortalHome(t, context, portal));
  };

  const board = async (c: Context, next: Next) => {
    const { companySlug = '', boardSlug = '' } = c.req.param();
    const found = await findPortalBoard(deps, companySlug, boardSlug);
    if (!found) {
      const portal = await findPortal(deps, companySlug);
      return portal ? notFound(c, portal.company) : next();
    }
    const page = await findIdeasPage(deps, null, found.board.id, { limit: BOARD_PAGE_IDEAS });
    const t = portalTranslator(localeOf(found.board.language));
    return send(c, renderPortalBoard(t, context, found.board, found.company, page.ideas));
  };

  const idea = async (c: Context, next: Next) => {
    const { companySlug = '', boardSlug = '', ideaPath = '' } = c.req.param();
    const id = ideaIdOfPath(ideaPath);
    const found = id === null ? null : await findPortalIdea(deps, companySlug, boardSlug, id);
    if (!found) {
      const portal = await findPortal(deps, companySlug);
      return portal ? notFound(c, portal.company) : next();
    }
    if (ideaPath !== found.pathSlug) {
      const prefix = c.req.path.startsWith('/public/') ? '/public' : '';
      return c.redirect(
        `${prefix}/${companySlug}/${boardSlug}/ideas/${encodeURIComponent(found.pathSlug)}`,
        301,
      );
    }
    const t = portalTranslator(localeOf(found.board.language));
    return send(c, renderPortalIdea(t, context, found));
  };

  /** A company-wide page's language: the visitor's choice of ours, else its first board's. */
  const companyTranslator = (c: Context, portal: TPortal) =>
    portalTranslator(
      portalLocale(c.req.header('accept-language'), localeOf(portal.boards[0]?.language)),
    );

  const changelog = async (c: Context, next: Next) => {
    const pageParam = c.req.query('page');
    const subscribed = c.req.query('subscribed') === '1';
    const page = pageParam === undefined ? 1 : Number(pageParam);
    const found = await findPortalChangelog(deps, c.req.param('companySlug') ?? '', page);
    if (!found) return next();
    const t = companyTranslator(c, found.portal);
    if (pageParam !== undefined && (found.page !== page || found.releases.length === 0)) {
      return page === 1
        ? c.redirect(`/${found.portal.company.slug}/changelog`, 301)
        : notFound(c, found.portal.company);
    }
    const subscribe =
      found.page === 1
        ? subscribeForm(t, found.portal, subscribed ? { kind: 'sent' } : { kind: 'idle' })
        : null;
    return send(c, renderPortalChangelog(t, context, found, { subscribe }));
  };

  /** The form's POST: a mail to confirm, then back to the changelog (303, so reload is safe). */
  const subscribe = async (c: Context, next: Next) => {
    const companySlug = c.req.param('companySlug') ?? '';
    const portal = await findPortal(deps, companySlug);
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
      const found = await findPortalChangelog(deps, companySlug);
      if (!found) return next();
      const state: TSubscribeState = isLimited
        ? { kind: 'limited', email }
        : { kind: 'invalid', email };
      const page = renderPortalChangelog(t, context, found, {
        subscribe: subscribeForm(t, found.portal, state),
      });
      if (isLimited) c.header('retry-after', String(error.retryAfterSeconds));
      return send(c, page, isLimited ? 429 : 400);
    }
    return c.redirect(`${portalBase(portal.company.slug)}/changelog?subscribed=1#subscribe`, 303);
  };

  /**
   * The confirmation and unsubscribe links of the changelog's mails. GET only asks (mail
   * scanners open links); the page's button, or a mail client's RFC 8058 one-click POST, acts.
   */
  const changelogLink =
    (kind: 'confirm' | 'unsubscribe', isPost: boolean) => async (c: Context, next: Next) => {
      const { companySlug = '', token = '' } = c.req.param();
      const portal = await findPortal(deps, companySlug);
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

  const release = async (c: Context, next: Next) => {
    const { companySlug = '', releasePath = '' } = c.req.param();
    const id = ideaIdOfPath(releasePath);
    const found = id === null ? null : await findPortalRelease(deps, companySlug, id);
    if (!found) {
      const portal = await findPortal(deps, companySlug);
      return portal ? notFound(c, portal.company) : next();
    }
    if (releasePath !== found.release.pathSlug) {
      const prefix = c.req.path.startsWith('/public/') ? '/public' : '';
      return c.redirect(
        `${prefix}/${companySlug}/changelog/${encodeURIComponent(found.release.pathSlug)}`,
        301,
      );
    }
    return send(
      c,
      renderPortalRelease(companyTranslator(c, found.portal), context, found.portal, found.release),
    );
  };

  const feed = async (c: Context, next: Next) => {
    const found = await findPortalChangelog(deps, c.req.param('companySlug') ?? '');
    if (!found) return next();
    const t = portalTranslator(localeOf(found.portal.boards[0]?.language));
    c.header('content-type', 'application/atom+xml; charset=utf-8');
    c.header('cache-control', 'public, max-age=300');
    return c.body(renderChangelogFeed(t, deps.config.appUrl, found));
  };

  const roadmap = async (c: Context, next: Next) => {
    const found = await findPortalRoadmap(deps, c.req.param('companySlug') ?? '');
    if (!found) return next();
    return send(c, renderPortalRoadmap(companyTranslator(c, found.portal), context, found));
  };

  const sitemap = async (c: Context, next: Next) => {
    const slug = c.req.param('companySlug') ?? '';
    const pages = await findSitemapEntries(deps, slug);
    if (!pages) return next();
    const changelogPages = (await findChangelogSitemapEntries(deps, slug, SITEMAP_RELEASES)) ?? [];
    const entries = [...pages.slice(0, 1), ...changelogPages, ...pages.slice(1)].slice(0, 50_000);
    const stream = new SitemapStream({ hostname: deps.config.appUrl });
    for (const entry of entries) {
      stream.write({ url: entry.path, lastmod: entry.updatedAt.toISOString() });
    }
    stream.end();
    const xml = (await streamToPromise(stream)).toString('utf8');
    c.header('content-type', 'application/xml; charset=utf-8');
    c.header('cache-control', 'public, max-age=300');
    return c.body(xml);
  };

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
      ...companies.map((slug) => `Sitemap: ${deps.config.appUrl}${portalBase(slug)}/sitemap.xml`),
    ];
    c.header('cache-control', 'public, max-age=300');
    return c.text(`${lines.join('\n')}\n`);
  });

  const ownSegment =
    (handler: (c: Context, next: Next) => Promise<Response | void>) =>
    async (c: Context, next: Next) => {
      const slug = c.req.param('companySlug') ?? '';
      if (CONSOLE_SEGMENTS.has(slug) || slug.includes('.')) return next();
      return handler(c, next);
    };

  for (const prefix of ['/public', '']) {
    const wrap = prefix ? (handler: typeof home) => handler : ownSegment;
    app.get(`${prefix}/:companySlug/sitemap.xml`, wrap(sitemap));
    app.get(`${prefix}/:companySlug/changelog.atom`, wrap(feed));
    app.post(`${prefix}/:companySlug/changelog/subscribe`, wrap(subscribe));
    for (const kind of ['confirm', 'unsubscribe'] as const) {
      const path = `${prefix}/:companySlug/changelog/${kind}/:token`;
      app.get(path, wrap(changelogLink(kind, false)));
      app.post(path, wrap(changelogLink(kind, true)));
    }
    app.get(`${prefix}/:companySlug/changelog/:releasePath`, wrap(release));
    app.get(`${prefix}/:companySlug/changelog`, wrap(changelog));
    app.get(`${prefix}/:companySlug/roadmap`, wrap(roadmap));
    app.get(`${prefix}/:companySlug/:boardSlug/ideas/:ideaPath`, wrap(idea));
    app.get(`${prefix}/:companySlug/:boardSlug`, wrap(board));
    app.get(`${prefix}/:companySlug`, wrap(home));
  }
}
