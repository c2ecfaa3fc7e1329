import type { TDeps } from '../../deps.ts';
import type { IdeaStatus } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMember } from '../../viewer.ts';
import { AWAITING_IDEA_WHERE } from '../idea/moderate-idea.ts';
import { companyHasIdeas } from './add-sample-ideas.ts';

/** How many ideas or comments each list of the dashboard shows. */
export const DASHBOARD_LIST_SIZE = 5;
/** Counts stop here (the console shows "1000+"): each count reads at most this many rows. */
export const DASHBOARD_COUNT_CAP = 1000;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Ideas still ahead of the team: accepted and neither done nor declined. */
export const OPEN_STATUSES: readonly IdeaStatus[] = ['OPEN', 'REVIEW', 'PLANNED', 'IN_PROGRESS'];

export type TDashboardIdea = {
  id: number;
  boardId: number;
  boardName: string;
  title: string;
  voteCount: number;
  createdAt: Date;
};

export type TDashboardComment = {
  id: number;
  ideaId: number;
  boardId: number;
  ideaTitle: string;
  authorName: string | null;
  text: string;
  isInternal: boolean;
  createdAt: Date;
};

export type TDashboardChecklist = {
  /** The company's oldest board, where most steps are done; null before the first one. */
  firstBoardId: number | null;
  /** Its name (what the console's "Make the board public" names), or null. */
  firstBoardName: string | null;
  boardCreated: boolean;
  boardOpened: boolean;
  widgetEmbedded: boolean;
  teammateInvited: boolean;
  releasePublished: boolean;
  dismissed: boolean;
};

export type TDashboard = {
  awaitingCount: number;
  awaiting: TDashboardIdea[];
  ideasThisWeek: number;
  votesThisWeek: number;
  topIdeas: TDashboardIdea[];
  recentComments: TDashboardComment[];
  checklist: TDashboardChecklist;
  /** Sample ideas the company has now (add-sample-ideas.ts). */
  sampleIdeaCount: number;
  /** Whether the console offers sample ideas: a board exists and no board has any idea yet. */
  canAddSampleIdeas: boolean;
};

const IDEA_SELECT = {
  id: true,
  boardId: true,
  title: true,
  voteCount: true,
  createdAt: true,
  board: { select: { name: true } },
} as const;

function toDashboardIdea(idea: {
  id: number;
  boardId: number;
  title: string;
  voteCount: number;
  createdAt: Date;
  board: { name: string };
}): TDashboardIdea {
  const { board, ...rest } = idea;
  return { ...rest, boardName: board.name };
}

/** A count of at most DASHBOARD_COUNT_CAP rows: the subquery stops reading there. */
async function cappedCount(deps: TDeps, sql: string, ...values: unknown[]): Promise<number> {
  const rows = await deps.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM (${sql} LIMIT ${DASHBOARD_COUNT_CAP}) AS capped`,
    ...values,
  );
  return rows[0]?.n ?? 0;
}

/**
 * What the console's home shows a team (OWNER, ADMIN, MEMBER; null for anyone else, API keys
 * of the team included as their creators): ideas awaiting acceptance, this week's ideas and
 * votes, top-voted open ideas, recent comments (internal notes included: the team reads them),
 * the first-week checklist and the sample ideas offer. Every statement is scoped to the viewer's
 * company and bounded (a take, a capped count, or an exists).
 */
export async function getDashboard(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<TDashboard | null> {
  if (!viewer || !isTeamMember(viewer)) return null;
  const companyId = viewer.companyId;
  const since = new Date(Date.now() - WEEK_MS);
  const inCompany = { board: { companyId } };
  const prisma = deps.prisma;
  const [
    awaitingCounts,
    awaiting,
    ideasThisWeek,
    votesThisWeek,
    topIdeas,
    comments,
    company,
    firstBoard,
    openedBoard,
    endUserVote,
    teammate,
    invitation,
    release,
    sampleIdeaCount,
    hasIdeas,
  ] = await Promise.all([
    // The moderation queue's own rule: awaiting and not rejected (a rejected idea stays
    // NOT_PUBLIC, so the per-board status counts cannot tell it apart).
    prisma.idea.count({ where: { ...inCompany, ...AWAITING_IDEA_WHERE } }),
    prisma.idea.findMany({
      where: { ...inCompany, ...AWAITING_IDEA_WHERE },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: DASHBOARD_LIST_SIZE,
      select: IDEA_SELECT,
    }),
    cappedCount(
      deps,
      `SELECT 1 FROM "Idea" i JOIN "Board" b ON b.id = i."boardId"
       WHERE b."companyId" = $1 AND i."createdAt" >= $2`,
      companyId,
      since,
    ),
    cappedCount(
      deps,
      `SELECT 1 FROM "Vote" v JOIN "Idea" i ON i.id = v."ideaId" JOIN "Board" b ON b.id = i."boardId"
       WHERE b."companyId" = $1 AND v."createdAt" >= $2`,
      companyId,
      since,
    ),
    prisma.idea.findMany({
      where: { ...inCompany, status: { in: [...OPEN_STATUSES] } },
      orderBy: [{ voteCount: 'desc' }, { id: 'desc' }],
      take: DASHBOARD_LIST_SIZE,
      select: IDEA_SELECT,
    }),
    prisma.comment.findMany({
      where: { idea: inCompany },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: DASHBOARD_LIST_SIZE,
      select: {
        id: true,
        ideaId: true,
        text: true,
        isInternal: true,
        createdAt: true,
        author: { select: { displayName: true } },
        idea: { select: { title: true, boardId: true } },
      },
    }),
    prisma.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { checklistDismissedAt: true },
    }),
    prisma.board.findFirst({
      where: { companyId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true },
    }),
    prisma.board.findFirst({
      where: { companyId, OR: [{ isPublic: true }, { ssoAccess: true }] },
      select: { id: true },
    }),
    // Nothing records the widget's loads: the first vote an end user cast themselves (not one
    // the team added on their behalf) is the sign that a widget or the portal reaches people.
    prisma.vote.findFirst({
      where: { addedById: null, user: { companyId, role: 'END_USER' }, idea: inCompany },
      select: { id: true },
    }),
    prisma.user.findFirst({
      where: { companyId, role: { in: ['ADMIN', 'MEMBER'] }, kind: 'REGULAR' },
      select: { id: true },
    }),
    prisma.invitation.findFirst({ where: { companyId, revokedAt: null }, select: { id: true } }),
    prisma.release.findFirst({ where: { companyId, isPublished: true }, select: { id: true } }),
    prisma.idea.count({ where: { ...inCompany, isSample: true } }),
    companyHasIdeas(prisma, companyId),
  ]);
  return {
    awaitingCount: awaitingCounts,
    awaiting: awaiting.map(toDashboardIdea),
    ideasThisWeek,
    votesThisWeek,
    topIdeas: topIdeas.map(toDashboardIdea),
    recentComments: comments.map((comment) => ({
      id: comment.id,
      ideaId: comment.ideaId,
      boardId: comment.idea.boardId,
      ideaTitle: comment.idea.title,
      authorName: comment.author?.displayName ?? null,
      text: comment.text,
      isInternal: comment.isInternal,
      createdAt: comment.createdAt,
    })),
    checklist: {
      firstBoardId: firstBoard?.id ?? null,
      firstBoardName: firstBoard?.name ?? null,
      boardCreated: firstBoard !== null,
      boardOpened: openedBoard !== null,
      widgetEmbedded: endUserVote !== null,
      teammateInvited: teammate !== null || invitation !== null,
      releasePublished: release !== null,
      dismissed: company.checklistDismissedAt !== null,
    },
    sampleIdeaCount,
    canAddSampleIdeas: firstBoard !== null && !hasIdeas,
  };
}
