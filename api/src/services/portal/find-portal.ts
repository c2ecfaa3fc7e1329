import type { TDeps } from '../../deps.ts';
import type { Board, Company } from '../../generated/prisma/client.ts';
import { unstorableText } from '../../validation.ts';
import { listCommentPage } from '../comment/list-comments.ts';
import type { TCommentWithAuthor } from '../comment/add-comment.ts';
import { declineDetailsOf, getIdeaView } from '../idea/find-idea-views.ts';
import type { TDeclineDetails, TIdeaView } from '../idea/find-idea-views.ts';
import {
  COUNTED_IDEAS,
  ideaBeyondCapWhere,
  isBoardActive,
  isIdeaWithinCap,
  loadPlanState,
} from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import { ideaPathSlug } from './portal-slugs.ts';

/**
 * What a company's public portal shows to anyone, signed in or not: public boards that are
 * active under the plan, and their ideas that readers of the board may see (accepted, within the
 * plan's cap). Everything else (private boards, ideas awaiting acceptance, ideas past the cap,
 * another company's rows) is absent: the portal answers a plain 404 for it.
 */
export type TPortalCompany = Pick<
  Company,
  'id' | 'name' | 'slug' | 'logoUrl' | 'websiteUrl' | 'brandColor'
>;

const COMPANY_SELECT = {
  id: true,
  name: true,
  slug: true,
  logoUrl: true,
  websiteUrl: true,
  brandColor: true,
} as const;

export type TPortalBoard = Pick<
  Board,
  'id' | 'name' | 'slug' | 'description' | 'color' | 'themePrimaryText' | 'language' | 'updatedAt'
> & { ideaCount: number };

export type TPortal = { company: TPortalCompany; boards: TPortalBoard[]; plan: TPlanState };

export type TPortalIdea = {
  company: TPortalCompany;
  board: TPortalBoard & { widgetHash: string };
  idea: TIdeaView;
  /** The path part after `/ideas/`: `{id}-{title-slug}`. */
  pathSlug: string;
  decline: TDeclineDetails | null;
  /** The kept idea of a duplicate, when readers may open it. */
  keptIdea: { id: number; title: string; pathSlug: string } | null;
  comments: TCommentWithAuthor[];
  /** Which page of comments this is (1-based) and whether another follows. */
  commentPage: { page: number; hasNext: boolean };
};

export { ideaPathSlug, pathSlugOf } from './portal-slugs.ts';

/** The id at the start of an idea's path part (`42-dark-mode` → 42), or null. */
export function ideaIdOfPath(pathPart: string): number | null {
  const match = /^([1-9][0-9]{0,9})(?:-|$)/.exec(pathPart);
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? id : null;
}

async function findCompany(deps: TDeps, slug: string): Promise<TPortalCompany | null> {
  if (unstorableText(slug)) return null;
  return deps.prisma.company.findUnique({
    where: { slug },
    select: COMPANY_SELECT,
  });
}

/**
 * The slug of the company whose own domain `host` is (lower case, no port), or null. Only a
 * domain the company proved it holds (a DNS TXT record, services/custom-domain) is served: a
 * claimed one waits, whoever claimed it.
 */
export async function findCompanySlugByDomain(deps: TDeps, host: string): Promise<string | null> {
  if (unstorableText(host)) return null;
  const company = await deps.prisma.company.findUnique({
    where: { customDomainBound: host },
    select: { slug: true },
  });
  return company?.slug ?? null;
}

/** Readable ideas per board (accepted, within the plan's cap), in one grouped statement. */
async function countReadableIdeas(
  deps: TDeps,
  plan: TPlanState,
  boardIds: number[],
): Promise<Map<number, number>> {
  if (boardIds.length === 0) return new Map();
  const rows = await deps.prisma.idea.groupBy({
    by: ['boardId'],
    where: { boardId: { in: boardIds }, ...COUNTED_IDEAS, NOT: ideaBeyondCapWhere(plan) },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.boardId, row._count._all]));
}

const BOARD_SELECT = {
  id: true,
  name: true,
  slug: true,
  description: true,
  color: true,
  themePrimaryText: true,
  language: true,
  updatedAt: true,
  createdAt: true,
  widgetHash: true,
} as const;

/** A company's portal: the company and its public, active boards (oldest first). */
export async function findPortal(deps: TDeps, companySlug: string): Promise<TPortal | null> {
  const company = await findCompany(deps, companySlug);
  if (!company) return null;
  const [plan, boards] = await Promise.all([
    loadPlanState(deps.prisma, company.id),
    deps.prisma.board.findMany({
      where: { companyId: company.id, isPublic: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: BOARD_SELECT,
    }),
  ]);
  const active = boards.filter((board) => isBoardActive(plan, board));
  const counts = await countReadableIdeas(
    deps,
    plan,
    active.map((board) => board.id),
  );
  return {
    company,
    plan,
    boards: active.map(({ createdAt: _createdAt, widgetHash: _hash, ...board }) => ({
      ...board,
      ideaCount: counts.get(board.id) ?? 0,
    })),
  };
}

export type TPortalBoardPage = {
  company: TPortalCompany;
  board: TPortalBoard & { widgetHash: string };
  plan: TPlanState;
};

/** A board's page: null unless the company has a public board of that slug, active under the plan. */
export async function findPortalBoard(
  deps: TDeps,
  companySlug: string,
  boardSlug: string,
): Promise<TPortalBoardPage | null> {
  const company = await findCompany(deps, companySlug);
  if (!company || unstorableText(boardSlug)) return null;
  const [plan, board] = await Promise.all([
    loadPlanState(deps.prisma, company.id),
    deps.prisma.board.findFirst({
      where: { companyId: company.id, slug: boardSlug, isPublic: true },
      select: BOARD_SELECT,
    }),
  ]);
  if (!board || !isBoardActive(plan, board)) return null;
  return { company, board: { ...board, ideaCount: 0 }, plan };
}

/**
 * One idea's page: null unless the company, its public and active board and a readable idea on
 * that very board all match.
 */
export async function findPortalIdea(
  deps: TDeps,
  companySlug: string,
  boardSlug: string,
  ideaId: number,
  commentPage = 1,
): Promise<TPortalIdea | null> {
  const found = await findPortalBoard(deps, companySlug, boardSlug);
  if (!found) return null;
  const { company, board } = found;
  // getIdeaView applies the reader's rules (accepted, within the plan's cap); the idea must
  // also be on this very board.
  const isReadable = (idea: TIdeaView | null): idea is TIdeaView =>
    idea !== null && idea.boardId === board.id;
  const idea = await getIdeaView(deps, null, ideaId).catch(() => null);
  if (!isReadable(idea)) return null;
  const decline = declineDetailsOf(idea);
  const kept = decline?.duplicateOf
    ? await getIdeaView(deps, null, decline.duplicateOf.id).catch(() => null)
    : null;
  const paged = await listCommentPage(deps, null, idea.id, commentPage);
  return {
    company,
    board,
    idea,
    pathSlug: ideaPathSlug(idea),
    decline,
    keptIdea: isReadable(kept)
      ? { id: kept.id, title: kept.title, pathSlug: ideaPathSlug(kept) }
      : null,
    comments: paged.comments,
    commentPage: { page: paged.page, hasNext: paged.hasNext },
  };
}

/** The companies whose portal has a public board (their sitemaps go in robots.txt). */
export async function findSitemapCompanies(deps: TDeps): Promise<string[]> {
  const companies = await deps.prisma.company.findMany({
    where: { boards: { some: { isPublic: true } } },
    orderBy: { id: 'asc' },
    take: 10_000,
    select: { slug: true },
  });
  return companies.map((company) => company.slug);
}

export type TSitemapEntry = { path: string; updatedAt: Date };

/** The most addresses one sitemap file may list (sitemaps.org). */
const SITEMAP_LIMIT = 50_000;

/**
 * Every public page of a company's portal, for search engines: the portal, each public active
 * board, and each readable idea on them (newest changes first, at most 50,000).
 */
export async function findSitemapEntries(
  deps: TDeps,
  companySlug: string,
): Promise<TSitemapEntry[] | null> {
  const portal = await findPortal(deps, companySlug);
  if (!portal) return null;
  const { company, boards, plan } = portal;
  const ideas = await deps.prisma.idea.findMany({
    where: { boardId: { in: boards.map((board) => board.id) }, status: { not: 'NOT_PUBLIC' } },
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
    select: {
      id: true,
      title: true,
      boardId: true,
      status: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  const boardSlugs = new Map(boards.map((board) => [board.id, board.slug]));
  const newest = [...boards.map((board) => board.updatedAt), ...ideas.map((i) => i.updatedAt)];
  const entries: TSitemapEntry[] = [
    {
      path: `/${company.slug}`,
      updatedAt: new Date(Math.max(0, ...newest.map((date) => date.getTime()))),
    },
    ...boards.map((board) => ({
      path: `/${company.slug}/${board.slug}`,
      updatedAt: board.updatedAt,
    })),
    ...ideas
      .filter((idea) => isIdeaWithinCap(plan, idea))
      .map((idea) => ({
        path: `/${company.slug}/${boardSlugs.get(idea.boardId)}/ideas/${ideaPathSlug(idea)}`,
        updatedAt: idea.updatedAt,
      })),
  ];
  return entries.slice(0, SITEMAP_LIMIT);
}
