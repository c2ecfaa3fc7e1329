import { formatCalendarDate } from '../../../widget/src/i18n.ts';
import type { TPortal } from '../services/portal/find-portal.ts';
import type {
  TPortalChangelog,
  TPortalRelease,
  TPortalRoadmap,
} from '../services/portal/find-portal-changelog.ts';
import { SafeHtml, markup } from './html.ts';
import { frame, portalTheme } from './portal-pages.ts';
import type { TPortalContext, TRenderedPage } from './portal-pages.ts';
import type { TPortalTranslator } from './portal-texts.ts';
import { onSite, sitePath } from './portal-paths.ts';
import type { TPortalSite } from './portal-paths.ts';

/** What the changelog page shows beside the releases: the subscription form and its outcome. */
export type TChangelogExtras = { subscribe?: SafeHtml | null };

const feedOf = (t: TPortalTranslator, site: TPortalSite, portal: TPortal) => ({
  title: t.t('feedTitle', { company: portal.company.name }),
  path: sitePath(site, '/changelog.atom'),
});

function releaseLabels(t: TPortalTranslator, release: TPortalRelease): SafeHtml | null {
  if (release.labels.length === 0) return null;
  return markup`<ul class="labels" aria-label="${t.t('releaseLabels')}">
    ${release.labels.map(
      (label) =>
        markup`<li class="badge label-${label.toLowerCase()}">${t.t(`label${label}`)}</li>`,
    )}
  </ul>`;
}

/** One release as an article: cover, date, name (a link on the list), labels, body, parts. */
function releaseArticle(
  t: TPortalTranslator,
  site: TPortalSite,
  release: TPortalRelease,
  heading: 'h1' | 'h2',
): SafeHtml {
  const path = sitePath(site, `/changelog/${release.pathSlug}`);
  const ymd = release.releaseDate.toISOString().slice(0, 10);
  const titleId = `release-${release.id}`;
  const name =
    heading === 'h1'
      ? markup`<h1 id="${titleId}">${release.name}</h1>`
      : markup`<h2 id="${titleId}"><a href="${path}">${release.name}</a></h2>`;
  return markup`<article class="card release" aria-labelledby="${titleId}">
    ${
      release.coverImageUrl
        ? markup`<img class="release__cover" src="${release.coverImageUrl}" alt="" loading="lazy" referrerpolicy="no-referrer" />`
        : null
    }
    <div class="release__inner">
      <p class="release__date"><time datetime="${ymd}">${formatCalendarDate(ymd, t.locale)}</time></p>
      ${name}
      ${releaseLabels(t, release)}
      ${release.bodyHtml ? markup`<div class="release-body">${new SafeHtml(release.bodyHtml)}</div>` : null}
      ${
        release.parts.length > 0
          ? markup`<h3>${t.t('releaseParts')}</h3>
            <ul class="parts">
              ${release.parts.map(
                (part) =>
                  markup`<li>${part.ideaPath ? markup`<a href="${onSite(site, part.ideaPath)}">${part.title}</a>` : part.title}</li>`,
              )}
            </ul>`
          : null
      }
    </div>
  </article>`;
}

/** `/{company}/changelog`: published releases, newest first, with their notes. */
export function renderPortalChangelog(
  t: TPortalTranslator,
  context: TPortalContext,
  changelog: TPortalChangelog,
  extras: TChangelogExtras = {},
): TRenderedPage {
  const { portal, releases, page, hasOlder } = changelog;
  const { company } = portal;
  const { site } = context;
  const base = sitePath(site, '/changelog');
  const feed = feedOf(t, site, portal);
  const intro = t.t('changelogIntro', { company: company.name });
  const pager =
    page > 1 || hasOlder
      ? markup`<nav class="pager" aria-label="${t.t('allReleases')}">
          <span>${page > 1 ? markup`<a href="${page === 2 ? base : `${base}?page=${page - 1}`}" rel="prev">${t.t('newerReleases')}</a>` : null}</span>
          <span>${hasOlder ? markup`<a href="${base}?page=${page + 1}" rel="next">${t.t('olderReleases')}</a>` : null}</span>
        </nav>`
      : null;
  const body = markup`<h1>${t.t('changelogTitle')}</h1>
    <p class="intro">${intro} <a class="feed-link" href="${feed.path}">${t.t('feedLink')}</a></p>
    ${extras.subscribe ?? null}
    ${
      releases.length === 0
        ? markup`<p class="card empty">${t.t('changelogEmpty')}</p>`
        : releases.map((release) => releaseArticle(t, site, release, 'h2'))
    }
    ${pager}`;
  const title = `${t.t('changelogTitle')} · ${company.name}`;
  return frame({
    t,
    context,
    company,
    theme: portalTheme(portal),
    title: page > 1 ? t.t('pageTitle', { title, page }) : title,
    description: intro,
    path: page > 1 ? `/changelog?page=${page}` : '/changelog',
    ogType: 'website',
    crumbs: [
      { label: company.name, path: sitePath(context.site) },
      { label: t.t('changelogTitle'), path: null },
    ],
    body,
    withWidget: false,
    section: 'changelog',
    feed,
    hasForm: Boolean(extras.subscribe),
  });
}

/** `/{company}/changelog/{id}-{slug}`: one release on its own page. */
export function renderPortalRelease(
  t: TPortalTranslator,
  context: TPortalContext,
  portal: TPortal,
  release: TPortalRelease,
  /** The body as one line of text (releaseExcerpt), for the page's description. */
  excerpt: string,
): TRenderedPage {
  const { company } = portal;
  const base = sitePath(context.site, '/changelog');
  const body = markup`${releaseArticle(t, context.site, release, 'h1')}
    <p><a href="${base}">${t.t('allReleases')}</a></p>`;
  return frame({
    t,
    context,
    company,
    theme: portalTheme(portal),
    title: `${release.name} · ${t.t('changelogTitle')} · ${company.name}`,
    description: excerpt || t.t('changelogIntro', { company: company.name }),
    path: `/changelog/${release.pathSlug}`,
    ogType: 'article',
    crumbs: [
      { label: company.name, path: sitePath(context.site) },
      { label: t.t('changelogTitle'), path: base },
      { label: release.name, path: null },
    ],
    body,
    withWidget: false,
    section: 'changelog',
    image: release.coverImageUrl?.startsWith('https:') ? release.coverImageUrl : null,
    feed: feedOf(t, context.site, portal),
  });
}

/** `/{company}/roadmap`: planned, in-progress and complete ideas of the public boards. */
export function renderPortalRoadmap(
  t: TPortalTranslator,
  context: TPortalContext,
  roadmap: TPortalRoadmap,
): TRenderedPage {
  const { portal, columns } = roadmap;
  const { company } = portal;
  const intro = t.t('roadmapIntro', { company: company.name });
  const isEmpty = columns.every((column) => column.ideas.length === 0);
  const showBoard = portal.boards.length > 1;
  const body = markup`<h1>${t.t('roadmapTitle')}</h1>
    <p class="intro">${intro}</p>
    ${
      isEmpty
        ? markup`<p class="card empty">${t.widget('roadmap.empty')}</p>`
        : markup`<div class="roadmap">
            ${columns.map((column) => {
              const id = `column-${column.status.toLowerCase()}`;
              return markup`<section aria-labelledby="${id}">
                <h2 id="${id}"><span class="dot status-${column.status.toLowerCase()}" aria-hidden="true"></span>${t.widget(`status.${column.status}`)}</h2>
                ${
                  column.ideas.length === 0
                    ? markup`<p class="empty">${t.t('roadmapColumnEmpty')}</p>`
                    : markup`<ul>
                        ${column.ideas.map(
                          (idea) => markup`<li>
                            <a href="${onSite(context.site, idea.path)}">${idea.title}</a>
                            <ul class="meta">
                              <li>${t.t('votes', { count: idea.voteCount })}</li>
                              ${showBoard ? markup`<li>${t.t('roadmapBoard', { board: idea.boardName })}</li>` : null}
                            </ul>
                          </li>`,
                        )}
                      </ul>`
                }
              </section>`;
            })}
          </div>`
    }`;
  return frame({
    t,
    context,
    company,
    theme: portalTheme(portal),
    title: `${t.t('roadmapTitle')} · ${company.name}`,
    description: intro,
    path: '/roadmap',
    ogType: 'website',
    crumbs: [
      { label: company.name, path: sitePath(context.site) },
      { label: t.t('roadmapTitle'), path: null },
    ],
    body,
    withWidget: false,
    section: 'roadmap',
    isWide: true,
  });
}

/** What the subscription form shows: nothing yet, a mail sent, or why the address was refused. */
export type TSubscribeState =
  | { kind: 'idle' }
  | { kind: 'sent' }
  | { kind: 'invalid'; email: string }
  | { kind: 'limited'; email: string };

/** The changelog's subscription form: a plain POST, so it works without JavaScript. */
export function subscribeForm(
  t: TPortalTranslator,
  site: TPortalSite,
  portal: TPortal,
  state: TSubscribeState,
): SafeHtml {
  const action = sitePath(site, '/changelog/subscribe');
  const error =
    state.kind === 'invalid'
      ? t.t('subscribeInvalid')
      : state.kind === 'limited'
        ? t.t('subscribeLimited')
        : null;
  const value = state.kind === 'invalid' || state.kind === 'limited' ? state.email : '';
  return markup`<section id="subscribe" class="card subscribe" aria-labelledby="subscribe-title">
    <h2 id="subscribe-title">${t.t('subscribeTitle')}</h2>
    <p class="subscribe__intro">${t.t('subscribeIntro', { company: portal.company.name })}</p>
    ${state.kind === 'sent' ? markup`<p class="notice" role="status">${t.t('subscribeSent')}</p>` : null}
    <form method="post" action="${action}" class="subscribe__form" novalidate>
      <label for="subscribe-email">${t.t('subscribeEmail')}</label>
      <div class="subscribe__row">
        <input id="subscribe-email" name="email" type="email" autocomplete="email" required
          value="${value}"${error ? markup` aria-invalid="true" aria-describedby="subscribe-error"` : null} />
        <button type="submit">${t.t('subscribeButton')}</button>
      </div>
      ${error ? markup`<p id="subscribe-error" class="field-error" role="alert">${error}</p>` : null}
    </form>
  </section>`;
}

/** A short answer page (confirm or unsubscribe links), in the company's frame. */
export function renderChangelogNotice(
  t: TPortalTranslator,
  context: TPortalContext,
  portal: TPortal,
  notice: { title: string; text: string; button?: { action: string; label: string } },
): TRenderedPage {
  const { company } = portal;
  const body = markup`<section class="card">
    <h1>${notice.title}</h1>
    <p>${notice.text}</p>
    ${
      notice.button
        ? markup`<form method="post" action="${notice.button.action}"><button type="submit">${notice.button.label}</button></form>`
        : markup`<p><a href="${sitePath(context.site, '/changelog')}">${t.t('backToChangelog')}</a></p>`
    }
  </section>`;
  return frame({
    t,
    context,
    company,
    theme: portalTheme(portal),
    title: `${notice.title} · ${company.name}`,
    description: notice.text,
    path: '/changelog',
    ogType: 'website',
    crumbs: [],
    body,
    withWidget: false,
    section: 'changelog',
    hasForm: Boolean(notice.button),
    noIndex: true,
  });
}
