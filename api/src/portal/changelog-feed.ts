import { Feed } from 'feed';
import type { TPortalChangelog } from '../services/portal/find-portal-changelog.ts';
import { releaseExcerpt } from '../services/release/render-markdown.ts';
import { escapeHtml, markup } from './html.ts';
import type { TPortalTranslator } from './portal-texts.ts';
import { onSite, siteUrl } from './portal-paths.ts';
import type { TPortalSite } from './portal-paths.ts';

/**
 * `/{company}/changelog.atom`: the newest releases of the changelog as an Atom 1.0 feed, each
 * entry with its address, its dates and its notes as sanitised HTML (the parts listed after the
 * body, linked to their idea pages when those are public).
 */
export function renderChangelogFeed(
  t: TPortalTranslator,
  site: TPortalSite,
  changelog: TPortalChangelog,
): string {
  const { portal, releases } = changelog;
  const { company } = portal;
  const pageUrl = siteUrl(site, '/changelog');
  const newest = releases
    .map((release) => release.publishedAt ?? release.updatedAt)
    .reduce((latest, date) => (date > latest ? date : latest), new Date(0));
  const feed = new Feed({
    id: pageUrl,
    title: t.t('feedTitle', { company: company.name }),
    description: t.t('changelogIntro', { company: company.name }),
    link: pageUrl,
    language: t.dateLocale,
    updated: releases.length > 0 ? newest : new Date(0),
    generator: 'Feedboard',
    copyright: company.name,
    author: { name: company.name, link: siteUrl(site) },
    feedLinks: { atom: `${pageUrl}.atom` },
  });
  for (const release of releases) {
    const url = `${pageUrl}/${release.pathSlug}`;
    const parts =
      release.parts.length > 0
        ? markup`<h3>${t.t('releaseParts')}</h3><ul>${release.parts.map(
            (part) =>
              markup`<li>${part.ideaPath ? markup`<a href="${site.origin}${onSite(site, part.ideaPath)}">${part.title}</a>` : part.title}</li>`,
          )}</ul>`.value
        : '';
    const cover = release.coverImageUrl
      ? markup`<p><img src="${release.coverImageUrl}" alt="" /></p>`.value
      : '';
    feed.addItem({
      id: url,
      // Written as type="html": the name's text is escaped so that "<b>" stays text.
      title: escapeHtml(release.name),
      link: url,
      date: release.updatedAt,
      published: release.publishedAt ?? release.updatedAt,
      // The summary is HTML too for feed readers: the excerpt's text is escaped as such.
      description: escapeHtml(releaseExcerpt(release.body)) || undefined,
      content: `${cover}${release.bodyHtml}${parts}` || escapeHtml(release.name),
      category: release.labels.map((label) => ({ name: t.t(`label${label}`), term: label })),
    });
  }
  return feed.atom1();
}
