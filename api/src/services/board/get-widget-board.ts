import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import { unstorableText } from '../../validation.ts';
import type { SignupPolicy } from '../../generated/prisma/enums.ts';
import type { Tag, User } from '../../generated/prisma/client.ts';
import { findCompanyTags } from '../tag/find-tags.ts';
import type { TViewer } from '../../viewer.ts';
import { findIdeasPage } from '../idea/find-idea-views.ts';
import type { TIdeaPage } from '../idea/find-idea-views.ts';
import { ideaBeyondCapWhere, loadPlanState } from '../plan/plan-state.ts';
import { getBoardByHash } from './find-board-by-hash.ts';
import type { TPublicBoard } from './find-board-by-hash.ts';

export type TWidgetBoard = {
  board: TPublicBoard;
  /** The signed-in caller, or null. */
  me: User | null;
  /**
   * May vote, submit and comment: a user of the board's company whom its admins have not
   * blocked, and the board is active.
   */
  canParticipate: boolean;
  /** The caller is an end user the board's company blocked (the widget says why it is read-only). */
  isBlocked: boolean;
  /**
   * The caller signed up with an address the company wants confirmed first (EMAIL_DOMAINS): they
   * read until they open the mailed link (the widget says so and offers to send it again).
   */
  mustConfirmEmail: boolean;
  ideas: TIdeaPage;
  /**
   * The caller's own ideas on the board that the plan's cap hides from the list: the widget
   * tells their author they were received, while the list (what every reader sees) keeps
   * leaving them out.
   */
  myHiddenIdeas: { id: number; title: string }[];
  /**
   * The caller's own ideas on the board that await the team's acceptance (NOT_PUBLIC), newest
   * first: only their author (and the team) may read them, so the widget lists them to the
   * author alone, whatever page of the list they are on.
   */
  myPendingIdeas: { id: number; title: string; rejectionReason: string | null }[];
  /** The company's public tags by name: what the widget's list filters by (never private ones). */
  tags: Tag[];
};

/**
 * Everything the widget's first screen needs in one call: the board by its hash (theme,
 * language), who the caller is and what they may do, and the first page of ideas.
 */
export async function getWidgetBoard(
  deps: TDeps,
  viewer: TViewer | null,
  boardHash: string,
  listParams: unknown,
): Promise<TWidgetBoard> {
  const board = await getBoardByHash(deps, viewer, boardHash).catch(async (error: unknown) => {
    throw (await privateBoardRefusal(deps, viewer, boardHash)) ?? error;
  });
  const [me, ideas, myHiddenIdeas, myPendingIdeas, tags] = await Promise.all([
    viewer ? deps.prisma.user.findUnique({ where: { id: viewer.userId } }) : null,
    findIdeasPage(deps, viewer, board.id, listParams),
    findOwnHiddenIdeas(deps, viewer, board),
    findOwnPendingIdeas(deps, viewer, board),
    // As an outsider sees them: the widget shows public tags only, even to the team.
    findCompanyTags(deps, null, board.companyId),
  ]);
  const isOwnCompany = viewer !== null && viewer.companyId === board.companyId;
  const isBlocked = isOwnCompany && Boolean(me?.blockedAt);
  const mustConfirmEmail = isOwnCompany && Boolean(viewer.mustConfirmEmail);
  const canParticipate = isOwnCompany && board.active && !isBlocked && !mustConfirmEmail;
  return {
    board,
    me,
    canParticipate,
    isBlocked,
    mustConfirmEmail,
    ideas,
    myHiddenIdeas,
    myPendingIdeas,
    tags,
  };
}

/**
 * What a widget learns of a board its hash names but its caller may not see (a private board):
 * beside the usual 404, the board's language and how a visitor could get in: whose board it
 * is, whether the company's SSO users see it, whether a confirmed address at a listed domain
 * does (not which domains), the company's sign-up policy, and, for a caller signed in to that
 * company, whether their address still awaits confirmation. Nothing of the board itself (name,
 * ideas). The hash is what the company publishes in its pages' snippet, 24 random characters
 * nobody guesses; an unknown hash stays a plain 404.
 */
export type TPrivateBoardGate = {
  reason: 'PRIVATE';
  company: { name: string };
  ssoAccess: boolean;
  emailAccess: boolean;
  signupPolicy: SignupPolicy;
  /** The caller is signed in to the board's company, and their address awaits confirmation. */
  emailAwaitsConfirmation: boolean;
};

async function privateBoardRefusal(
  deps: TDeps,
  viewer: TViewer | null,
  boardHash: string,
): Promise<AppError | null> {
  if (unstorableText(boardHash)) return null;
  const board = await deps.prisma.board.findUnique({
    where: { widgetHash: boardHash },
    select: {
      companyId: true,
      language: true,
      ssoAccess: true,
      allowedEmailDomains: true,
      company: { select: { name: true, signupPolicy: true } },
    },
  });
  if (!board) return null;
  let emailAwaitsConfirmation = false;
  if (viewer && viewer.companyId === board.companyId) {
    const me = await deps.prisma.user.findUnique({
      where: { id: viewer.userId },
      select: { email: true, emailConfirmedAt: true },
    });
    emailAwaitsConfirmation = Boolean(me?.email && !me.emailConfirmedAt);
  }
  const access: TPrivateBoardGate = {
    reason: 'PRIVATE',
    company: { name: board.company.name },
    ssoAccess: board.ssoAccess,
    emailAccess: (board.allowedEmailDomains ?? []).length > 0,
    signupPolicy: board.company.signupPolicy,
    emailAwaitsConfirmation,
  };
  return new AppError('NOT_FOUND', errors.notFound('Board').message, undefined, {
    language: board.language,
    access,
  });
}

/** The caller's ideas on the board past the plan's cap, oldest first (none when signed out). */
async function findOwnHiddenIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  board: { id: number; companyId: number },
): Promise<{ id: number; title: string }[]> {
  if (!viewer || viewer.companyId !== board.companyId) return [];
  const plan = await loadPlanState(deps.prisma, board.companyId);
  if (!plan.ideaCutoff) return [];
  return deps.prisma.idea.findMany({
    where: { AND: [{ boardId: board.id, authorId: viewer.userId }, ideaBeyondCapWhere(plan)] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, title: true },
    take: 20,
  });
}

/** The caller's ideas on the board awaiting acceptance or rejected, newest first (none when signed out). */
async function findOwnPendingIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  board: { id: number; companyId: number },
): Promise<{ id: number; title: string; rejectionReason: string | null }[]> {
  if (!viewer || viewer.companyId !== board.companyId) return [];
  // Rejected ones too (they stay NOT_PUBLIC): the author reads the team's reason there.
  return deps.prisma.idea.findMany({
    where: { boardId: board.id, authorId: viewer.userId, status: 'NOT_PUBLIC' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, title: true, rejectionReason: true },
    take: 20,
  });
}
