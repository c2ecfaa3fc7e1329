/**
 * Who may see and change what (spec section 6), in one place. Every service loads the objects
 * it works on through these functions, so no transport can skip a check. Another company's
 * private object is "not found", never "forbidden": a caller never learns that it exists.
 */
import type { TDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { TIdeaChange } from '../events.ts';
import type { Board, Idea, Prisma, Product } from '../generated/prisma/client.ts';
import type { TViewer } from '../viewer.ts';
import { isCompanyAdmin, isTeamMember, requireViewer } from '../viewer.ts';
import { isBoardActive, isIdeaWithinCap, loadPlanState, planStateOf } from './plan/plan-state.ts';
import type { TPlanState } from './plan/plan-state.ts';

/** OWNER or ADMIN of this very company. */
export function isAdminOf(viewer: TViewer | null, companyId: number): boolean {
  return isCompanyAdmin(viewer) && viewer?.companyId === companyId;
}

/** OWNER, ADMIN or MEMBER of this very company: sees its ideas awaiting acceptance. */
export function isTeamMemberOf(viewer: TViewer | null, companyId: number): boolean {
  return isTeamMember(viewer) && viewer?.companyId === companyId;
}

/**
 * The company whose people and keys the caller administers, or 0 (no company has it): what
 * admin-only node lookups filter on.
 */
export function administeredCompanyId(viewer: TViewer | null): number {
  return isCompanyAdmin(viewer) ? (viewer?.companyId ?? 0) : 0;
}

/** Boards a caller may see: their own company's (public or private) and any public board. */
export function boardVisibleWhere(viewer: TViewer | null): Prisma.BoardWhereInput {
  return viewer
    ? { OR: [{ companyId: viewer.companyId }, { isPublic: true }] }
    : { isPublic: true };
}

/**
 * Ideas a caller may see: on a visible board, and accepted (not NOT_PUBLIC) unless the caller
 * wrote it or is on its company's team.
 */
export function ideaVisibleWhere(viewer: TViewer | null): Prisma.IdeaWhereInput {
  const statusRule: Prisma.IdeaWhereInput[] = [{ status: { not: 'NOT_PUBLIC' } }];
  if (viewer) statusRule.push({ authorId: viewer.userId });
  if (isTeamMember(viewer)) statusRule.push({ board: { companyId: viewer?.companyId ?? 0 } });
  return { board: boardVisibleWhere(viewer), OR: statusRule };
}

/**
 * The comments a caller may read, as a filter: public comments, and internal notes only on
 * ideas of the caller's own company when the caller is on its team (an API key acts as its
 * creator, so an admin's key is the team; a demoted creator's key is not). The one rule for
 * REST, GraphQL, the widget and the portal.
 */
export function commentVisibleWhere(viewer: TViewer | null): Prisma.CommentWhereInput {
  if (!viewer || !isTeamMember(viewer)) return { isInternal: false };
  return { OR: [{ isInternal: false }, { idea: { board: { companyId: viewer.companyId } } }] };
}

/**
 * The rule of ideaVisibleWhere on a row already read: accepted (not NOT_PUBLIC) unless the
 * caller wrote it or is on its company's team.
 */
function isAcceptedOrOwn(
  viewer: TViewer | null,
  idea: { status: string; authorId: number | null },
  companyId: number,
): boolean {
  return (
    idea.status !== 'NOT_PUBLIC' ||
    (viewer !== null && idea.authorId === viewer.userId) ||
    isTeamMemberOf(viewer, companyId)
  );
}

/** Whether a live event concerns an idea the subscriber may see (the rule of ideaVisibleWhere). */
export function canSeeIdeaChange(viewer: TViewer | null, change: TIdeaChange): boolean {
  return isAcceptedOrOwn(viewer, change, change.companyId);
}

/** ideaVisibleWhere (board visible, idea accepted or the caller's own) on rows already read. */
export function isIdeaVisibleTo(
  viewer: TViewer | null,
  idea: { status: string; authorId: number | null },
  board: { companyId: number; isPublic: boolean },
): boolean {
  const isBoardVisible = board.isPublic || viewer?.companyId === board.companyId;
  return isBoardVisible && isAcceptedOrOwn(viewer, idea, board.companyId);
}

/** Editors (the company's admins and the idea's author) may edit, delete and see voters. */
export function canEditIdea(
  viewer: TViewer | null,
  idea: { authorId: number | null; companyId: number },
): boolean {
  if (!viewer) return false;
  return (
    isAdminOf(viewer, idea.companyId) || (idea.authorId !== null && idea.authorId === viewer.userId)
  );
}

/** Only the company's team (owner, admins, members) moves ideas through statuses and declines them. */
export function canUpdateIdeaStatus(viewer: TViewer | null, companyId: number): boolean {
  return isTeamMemberOf(viewer, companyId);
}

/** A board the caller may see, or NOT_FOUND. */
export async function findVisibleBoard(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<Board> {
  const board = await deps.prisma.board.findFirst({
    where: { id: boardId, ...boardVisibleWhere(viewer) },
  });
  if (!board) throw errors.notFound('Board');
  return board;
}

/** A company's subscription row as plan-state.ts reads it (null: none, so FREE). */
export type TSubscriptionRow = { product: Product | null; expiresAt: Date | null };

/**
 * A board the caller may see with its company's subscription row, or NOT_FOUND: one plain
 * statement (GraphQL's `board(id:)` and every list read start here).
 */
export async function findVisibleBoardWithSubscription(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<{ board: Board; subscription: TSubscriptionRow }> {
  const [row] = await deps.sql<
    Board & { subscriptionProduct: Product | null; subscriptionExpiresAt: Date | null }
  >`
    SELECT b.*, s."product"::text AS "subscriptionProduct", s."expiresAt" AS "subscriptionExpiresAt"
    FROM "Board" b LEFT JOIN "Subscription" s ON s."companyId" = b."companyId"
    WHERE b."id" = ${boardId}::int
      AND (b."isPublic" OR b."companyId" = ${viewer?.companyId ?? 0}::int)`;
  if (!row) throw errors.notFound('Board');
  const { subscriptionProduct: product, subscriptionExpiresAt: expiresAt, ...board } = row;
  return { board, subscription: { product, expiresAt } };
}

/**
 * A board the caller may see with its company's plan, or NOT_FOUND: the board and the
 * subscription row in one statement, then the plan's cutoffs when the plan in force has caps.
 */
export async function findVisibleBoardWithPlan(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<{ board: Board; plan: TPlanState }> {
  const { board, subscription } = await findVisibleBoardWithSubscription(deps, viewer, boardId);
  return { board, plan: await planStateOf(deps.prisma, board.companyId, subscription) };
}

export type TWritableBoard = { board: Board; plan: TPlanState; viewer: TViewer };

/**
 * A board of the caller's own company that is active under the plan: what end users need to
 * submit, vote and comment. Signed-out callers get 401; other companies' boards are not found;
 * inactive boards answer the plan-limit error.
 */
export async function findBoardForMember(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  boardId: number,
): Promise<TWritableBoard> {
  const viewer = requireViewer(viewerOrNull);
  const board = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: viewer.companyId },
  });
  if (!board) throw errors.notFound('Board');
  const plan = await loadPlanState(deps.prisma, board.companyId);
  if (!isBoardActive(plan, board)) throw errors.inactiveBoard();
  return { board, plan, viewer };
}

/** A board the caller administers; `active` also requires it to be active under the plan. */
export async function findBoardForAdmin(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  boardId: number,
  options: { active: boolean } = { active: true },
): Promise<TWritableBoard> {
  const viewer = requireViewer(viewerOrNull);
  const board = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: viewer.companyId },
  });
  if (!board) throw errors.notFound('Board');
  if (!isCompanyAdmin(viewer)) throw errors.forbidden();
  const plan = await loadPlanState(deps.prisma, board.companyId);
  if (options.active && !isBoardActive(plan, board)) throw errors.inactiveBoard();
  return { board, plan, viewer };
}

export type TIdeaWithBoard = Idea & { board: Board };

/**
 * The plan's cap for one idea read by id: an accepted idea past it is hidden from everyone but
 * the company's admins (who see it as a locked row), by id as in lists. NOT_FOUND otherwise.
 */
export async function requireWithinCapFor(
  deps: TDeps,
  viewer: TViewer | null,
  idea: Pick<Idea, 'id' | 'status' | 'createdAt'> & { companyId: number },
): Promise<void> {
  if (idea.status === 'NOT_PUBLIC' || isAdminOf(viewer, idea.companyId)) return;
  const plan = await loadPlanState(deps.prisma, idea.companyId);
  if (!isIdeaWithinCap(plan, idea)) throw errors.notFound('Idea');
}

/** An idea the caller may see (within the plan's cap), with its board, or NOT_FOUND. */
export async function findVisibleIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TIdeaWithBoard> {
  const idea = await deps.prisma.idea.findFirst({
    where: { id: ideaId, ...ideaVisibleWhere(viewer) },
    include: { board: true },
  });
  if (!idea) throw errors.notFound('Idea');
  await requireWithinCapFor(deps, viewer, { ...idea, companyId: idea.board.companyId });
  return idea;
}

export type TWritableIdea = {
  idea: Idea & { board: Pick<Board, 'id' | 'companyId'> };
  plan: TPlanState;
  viewer: TViewer;
  /** The idea's company has an enabled webhook for VOTE_CHANGED that covers its board. */
  isVoteWatched: boolean;
};

type TMemberIdeaRow = Idea & {
  boardCreatedAt: Date;
  product: Product | null;
  expiresAt: Date | null;
  isVoteWatched: boolean;
};

/**
 * An idea the caller may act on: visible to them, on a board of their own company, on an active
 * board, and within the plan's cap of visible ideas. Which acts each role may do is the
 * caller's to check (canEditIdea, canUpdateIdeaStatus).
 *
 * Votes come through here, so the idea, its board, the company's plan and whether a webhook
 * watches votes are one plain statement (the rule of ideaVisibleWhere, for a member of the
 * board's company); the plan's cutoffs are read only when the plan in force has caps.
 */
export async function findIdeaForMember(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  ideaId: number,
): Promise<TWritableIdea> {
  const viewer = requireViewer(viewerOrNull);
  const { companyId } = viewer;
  const [found] = await deps.sql<TMemberIdeaRow>`
    SELECT i."id", i."boardId", i."authorId", i."title", i."description",
           i."status"::text AS "status", i."voteCount", i."value", i."commentCount",
           i."declineReason"::text AS "declineReason", i."declineComment", i."duplicateOfId",
           i."declinedAt", i."createdAt", i."updatedAt", i."customStatusId",
           b."createdAt" AS "boardCreatedAt",
           s."product"::text AS "product", s."expiresAt",
           EXISTS (
             SELECT 1 FROM "Webhook" w
             WHERE w."companyId" = b."companyId" AND w."isEnabled"
               AND 'VOTE_CHANGED' = ANY (w."events")
               AND (w."boardId" IS NULL OR w."boardId" = b."id")
           ) AS "isVoteWatched"
    FROM "Idea" i
    JOIN "Board" b ON b."id" = i."boardId"
    LEFT JOIN "Subscription" s ON s."companyId" = b."companyId"
    WHERE i."id" = ${ideaId}::int AND b."companyId" = ${companyId}::int
      AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = ${viewer.userId}::int
           OR ${isTeamMember(viewer)}::boolean)`;
  if (!found) throw errors.notFound('Idea');
  const { boardCreatedAt, product, expiresAt, isVoteWatched, ...idea } = found;
  const plan = await planStateOf(deps.prisma, companyId, { product, expiresAt });
  if (!isBoardActive(plan, { id: idea.boardId, createdAt: boardCreatedAt })) {
    throw errors.inactiveBoard();
  }
  if (!isIdeaWithinCap(plan, idea)) throw errors.cappedIdea();
  return {
    idea: { ...idea, board: { id: idea.boardId, companyId } },
    plan,
    viewer,
    isVoteWatched,
  };
}

/** Parses a path or argument id; anything but a positive integer is an id no row has. */
export function toRowId(id: unknown): number {
  const value =
    typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647 ? value : 0;
}
