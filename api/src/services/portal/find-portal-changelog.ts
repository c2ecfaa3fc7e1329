import type { TDeps } from '../../deps.ts';
import type { IdeaStatus, Prisma, ReleaseLabel } from '../../generated/prisma/client.ts';
import { COUNTED_IDEAS, ideaBeyondCapWhere } from '../plan/plan-state.ts';
import { RELEASE_PART_ORDER, releasePartVisibleWhere } from '../release/find-releases.ts';
import { RELEASE_ORDER } from '../release/release-access.ts';
import { releaseBodyHtml } from '../release/release-html.ts';
import { findPortal, ideaPathSlug } from './find-portal.ts';
import { releasePathSlug } from './portal-slugs.ts';
import type { TPortal } from './find-portal.ts';

/**
 * The changelog and roadmap of a company's portal (issue 20): what anyone may read, signed in or
 * not. A release is shown when it is published on at least one of the portal's boards (public,
 * active under the plan); a part links to its idea's page only when that idea is readable there.
 */

/** Releases per changelog page (and in the Atom feed). */
export const CHANGELOG_PAGE_SIZE = 20;

export type TPortalReleasePart = { id: number; title: string; ideaPath: string | null };

export type TPortalRelease = {
  id: number;
  name: string;
  releaseDate: Date;
  publishedAt: Date | null;
  updatedAt: Date;
  body: string;
  /** The body as sanitised HTML. */
  bodyHtml: string;
  coverImageUrl: string | null;
  labels: ReleaseLabel[];
  parts: TPortalReleasePart[];
  /** `{id}-{name-slug}`: the release's address under `/changelog/`. */
  pathSlug: string;
};

export type TPortalChangelog = {
  portal: TPortal;
  releases: TPortalRelease[];
  /** 1-based page number, and whether older releases follow. */
  page: number;
  hasOlder: boolean;
};

export { releasePathSlug } from './portal-slugs.ts';

function shownReleasesWhere(portal: TPortal): Prisma.ReleaseWhereInput {
  return {
    companyId: portal.company.id,
    isPublished: true,
    boards: { some: { id: { in: portal.boards.map((board) => board.id) } } },
  };
}

const RELEASE_SELECT = {
  id: true,
  name: true,
  releaseDate: true,
  publishedAt: true,
  updatedAt: true,
  body: true,
  bodyHtml: true,
  coverImageUrl: true,
  labels: true,
  parts: {
    where: releasePartVisibleWhere(null),
    orderBy: RELEASE_PART_ORDER,
    select: { id: true, title: true, ideaId: true },
  },
} satisfies Prisma.ReleaseSelect;

type TReleaseRow = Prisma.ReleaseGetPayload<{ select: typeof RELEASE_SELECT }>;

/** The portal addresses of the parts' ideas that readers may open, by idea id. */
async function readableIdeaPaths(
  deps: TDeps,
  portal: TPortal,
  ideaIds: number[],
): Promise<Map<number, string>> {
  if (ideaIds.length === 0) return new Map();
  const ideas = await deps.prisma.idea.findMany({
    where: {
      id: { in: ideaIds },
      boardId: { in: portal.boards.map((board) => board.id) },
      ...COUNTED_IDEAS,
      NOT: ideaBeyondCapWhere(portal.plan),
    },
    select: { id: true, title: true, boardId: true },
  });
  const boardSlugs = new Map(portal.boards.map((board) => [board.id, board.slug]));
  return new Map(
    ideas.map((idea) => [
      idea.id,
      `/${portal.company.slug}/${boardSlugs.get(idea.boardId)}/ideas/${ideaPathSlug(idea)}`,
    ]),
  );
}

async function toPortalReleases(
  deps: TDeps,
  portal: TPortal,
  rows: TReleaseRow[],
): Promise<TPortalRelease[]> {
  const ideaIds = rows.flatMap((row) =>
    row.parts.flatMap((part) => (part.ideaId === null ? [] : [part.ideaId])),
  );
  const paths = await readableIdeaPaths(deps, portal, [...new Set(ideaIds)]);
  const html = await Promise.all(rows.map((row) => releaseBodyHtml(deps, row)));
  return rows.map(({ parts, ...row }, index) => ({
    ...row,
    bodyHtml: html[index]!,
    parts: parts.map((part) => ({
      id: part.id,
      title: part.title,
      ideaPath: part.ideaId === null ? null : (paths.get(part.ideaId) ?? null),
    })),
    pathSlug: releasePathSlug(row),
  }));
}

/** One page of the changelog, newest release date first; null for an unknown company. */
export async function findPortalChangelog(
  deps: TDeps,
  companySlug: string,
  page = 1,
  pageSize = CHANGELOG_PAGE_SIZE,
): Promise<TPortalChangelog | null> {
  const portal = await findPortal(deps, companySlug);
  if (!portal) return null;
  const safePage = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  const rows = await deps.prisma.release.findMany({
    where: shownReleasesWhere(portal),
    orderBy: RELEASE_ORDER,
    skip: (safePage - 1) * pageSize,
    take: pageSize + 1,
    select: RELEASE_SELECT,
  });
  return {
    portal,
    releases: await toPortalReleases(deps, portal, rows.slice(0, pageSize)),
    page: safePage,
    hasOlder: rows.length > pageSize,
  };
}

/** One release of the changelog: null unless published on one of the company's portal boards. */
export async function findPortalRelease(
  deps: TDeps,
  companySlug: string,
  releaseId: number,
): Promise<{ portal: TPortal; release: TPortalRelease } | null> {
  const portal = await findPortal(deps, companySlug);
  if (!portal) return null;
  const row = await deps.prisma.release.findFirst({
    where: { id: releaseId, ...shownReleasesWhere(portal) },
    select: RELEASE_SELECT,
  });
  if (!row) return null;
  const [release] = await toPortalReleases(deps, portal, [row]);
  return release ? { portal, release } : null;
}

/**
 * The roadmap, the changelog and each release it shows (newest first, at most `limit`), for the
 * company's sitemap; null for an unknown company.
 */
export async function findChangelogSitemapEntries(
  deps: TDeps,
  companySlug: string,
  limit: number,
): Promise<{ path: string; updatedAt: Date }[] | null> {
  const portal = await findPortal(deps, companySlug);
  if (!portal) return null;
  const rows = await deps.prisma.release.findMany({
    where: shownReleasesWhere(portal),
    orderBy: RELEASE_ORDER,
    take: limit,
    select: { id: true, name: true, updatedAt: true },
  });
  const base = `/${portal.company.slug}`;
  const newest = new Date(Math.max(0, ...rows.map((row) => row.updatedAt.getTime())));
  const boardsChanged = new Date(
    Math.max(0, ...portal.boards.map((board) => board.updatedAt.getTime())),
  );
  return [
    { path: `${base}/roadmap`, updatedAt: boardsChanged },
    { path: `${base}/changelog`, updatedAt: rows.length > 0 ? newest : boardsChanged },
    ...rows.map((row) => ({
      path: `${base}/changelog/${releasePathSlug(row)}`,
      updatedAt: row.updatedAt,
    })),
  ];
}

/** The statuses the portal's roadmap shows, in its column order. */
export const ROADMAP_STATUSES = [
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
] as const satisfies readonly IdeaStatus[];
export type TRoadmapStatus = (typeof ROADMAP_STATUSES)[number];

/** The most ideas one roadmap column lists. */
const ROADMAP_COLUMN_SIZE = 100;

export type TRoadmapIdea = {
  id: number;
  title: string;
  voteCount: number;
  commentCount: number;
  boardName: string;
  path: string;
};

export type TPortalRoadmap = {
  portal: TPortal;
  columns: { status: TRoadmapStatus; ideas: TRoadmapIdea[] }[];
};

/**
 * The roadmap: readable ideas of the portal's boards that are planned, in progress or complete,
 * most voted first in each column.
 */
export async function findPortalRoadmap(
  deps: TDeps,
  companySlug: string,
): Promise<TPortalRoadmap | null> {
  const portal = await findPortal(deps, companySlug);
  if (!portal) return null;
  const boards = new Map(portal.boards.map((board) => [board.id, board]));
  const columns = await Promise.all(
    ROADMAP_STATUSES.map(async (status) => {
      const ideas = await deps.prisma.idea.findMany({
        where: {
          boardId: { in: [...boards.keys()] },
          status,
          NOT: ideaBeyondCapWhere(portal.plan),
        },
        orderBy: [{ voteCount: 'desc' }, { id: 'desc' }],
        take: ROADMAP_COLUMN_SIZE,
        select: {
          id: true,
          title: true,
          voteCount: true,
          commentCount: true,
          boardId: true,
        },
      });
      return {
        status,
        ideas: ideas.map((idea) => {
          const board = boards.get(idea.boardId);
          return {
            id: idea.id,
            title: idea.title,
            voteCount: idea.voteCount,
            commentCount: idea.commentCount,
            boardName: board?.name ?? '',
            path: `/${portal.company.slug}/${board?.slug}/ideas/${ideaPathSlug(idea)}`,
          };
        }),
      };
    }),
  );
  return { portal, columns };
}
