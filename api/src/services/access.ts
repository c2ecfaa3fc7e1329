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
import { sqlFragment, sqlPart } from '../db/sql.ts';
import type { TSqlPart } from '../db/sql.ts';
import { isBoardActive, isIdeaWithinCap, loadPlanState, planStateOf } from './plan/plan-state.ts';
import type { TPlanState } from './plan/plan-state.ts';

/** OWNER or ADMIN of this very company. */
export function isAdminOf(viewer: TViewer | null, companyId: number): boolean {
  return isCompanyAdmin(viewer) && viewer?.companyId === companyId;
}

/**
 * Who reads a board's access settings (ssoAccess, allowed email domains and customer
 * companies): the admins of its company, who change them. Everyone else, members included,
 * reads the board without them.
 */
export function canReadBoardAccess(viewer: TViewer | null, board: { companyId: number }): boolean {
  return isAdminOf(viewer, board.companyId);
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

/**
 * What the board rule reads of a board: its company, whether it is public, and the grants of a
 * private board (Board.ssoAccess, Board.allowedEmailDomains, BoardCustomerAccess).
 */
export type TBoardAccess = {
  companyId: number;
  isPublic: boolean;
  ssoAccess: boolean;
  allowedEmailDomains: readonly string[] | null;
  /** The customer companies granted (BoardCustomerAccess.customerCompanyId). */
  customerCompanyIds: readonly number[];
};

/** The board columns and relation the rule reads, for a Prisma `select` (toBoardAccess). */
export const BOARD_ACCESS_SELECT = {
  companyId: true,
  isPublic: true,
  ssoAccess: true,
  allowedEmailDomains: true,
  customerAccess: { select: { customerCompanyId: true } },
} as const;

/** A board read with BOARD_ACCESS_SELECT as the rule reads it. */
export function toBoardAccess(board: {
  companyId: number;
  isPublic: boolean;
  ssoAccess: boolean;
  allowedEmailDomains: string[] | null;
  customerAccess: { customerCompanyId: number }[];
}): TBoardAccess {
  return {
    companyId: board.companyId,
    isPublic: board.isPublic,
    ssoAccess: board.ssoAccess,
    allowedEmailDomains: board.allowedEmailDomains,
    customerCompanyIds: board.customerAccess.map((grant) => grant.customerCompanyId),
  };
}

/** The lower-cased domain of an address its owner confirmed, or null (the viewer's grant). */
export function confirmedDomainOf(user: {
  email: string | null;
  emailConfirmedAt: Date | null;
}): string | null {
  if (!user.email || !user.emailConfirmedAt) return null;
  const at = user.email.lastIndexOf('@');
  return at < 0 ? null : user.email.slice(at + 1).toLowerCase() || null;
}

/**
 * The session lookup's columns for the end user's grants (authenticate.ts, from `"User" u`):
 * the confirmed address's domain, as confirmedDomainOf reads it, and the customer companies.
 * A team member's are never read (the team sees every board of its company).
 */
export const END_USER_GRANT_COLUMNS = sqlFragment(`CASE WHEN u."emailConfirmedAt" IS NOT NULL
             AND position('@' in coalesce(u."email", '')) > 0
             THEN nullif(lower(substring(u."email" from '@([^@]*)$')), '') END
             AS "confirmedEmailDomain",
           CASE WHEN u.role = 'END_USER' OR u.kind <> 'REGULAR'
             THEN ARRAY(SELECT m."customerCompanyId" FROM "CustomerCompanyMember" m
                        WHERE m."userId" = u.id) END AS "customerCompanyIds"`);

/**
 * Who sees a board, THE rule (spec section 6, issue 33): anyone sees a public board; the team
 * (OWNER, ADMIN, MEMBER) sees every board of its company; an end user of the company sees a
 * private board only when the board grants it: to the company's SSO users (ssoAccess), to
 * confirmed addresses at an allowed domain (allowedEmailDomains), or to the members of an
 * allowed customer company (BoardCustomerAccess). Nobody else sees a private board, another
 * company's users included. Three forms of the one rule, for rows already read (this), for
 * Prisma (boardVisibleWhere) and for SQL (boardVisibleSql); access.test.ts checks they agree.
 */
export function canSeeBoard(viewer: TViewer | null, board: TBoardAccess): boolean {
  if (board.isPublic) return true;
  if (!viewer || viewer.companyId !== board.companyId) return false;
  if (isTeamMember(viewer)) return true;
  if (board.ssoAccess && viewer.kind === 'SSO') return true;
  const domain = viewer.confirmedEmailDomain;
  if (domain && (board.allowedEmailDomains ?? []).includes(domain)) return true;
  const customers = viewer.customerCompanyIds ?? [];
  return board.customerCompanyIds.some((id) => customers.includes(id));
}

/** The grants of a private board that may apply to this end user, as Prisma filters. */
function endUserGrantsWhere(viewer: TViewer): Prisma.BoardWhereInput[] {
  const grants: Prisma.BoardWhereInput[] = [];
  if (viewer.kind === 'SSO') grants.push({ ssoAccess: true });
  if (viewer.confirmedEmailDomain) {
    grants.push({ allowedEmailDomains: { has: viewer.confirmedEmailDomain } });
  }
  const customers = viewer.customerCompanyIds ?? [];
  if (customers.length > 0) {
    grants.push({ customerAccess: { some: { customerCompanyId: { in: [...customers] } } } });
  }
  return grants;
}

/** Boards a caller may see (canSeeBoard), as a Prisma filter. */
export function boardVisibleWhere(viewer: TViewer | null): Prisma.BoardWhereInput {
  if (!viewer) return { isPublic: true };
  if (isTeamMember(viewer)) return { OR: [{ companyId: viewer.companyId }, { isPublic: true }] };
  const grants = endUserGrantsWhere(viewer);
  if (grants.length === 0) return { isPublic: true };
  return { OR: [{ isPublic: true }, { companyId: viewer.companyId, OR: grants }] };
}

/**
 * Boards a caller may see (canSeeBoard) as an SQL condition on the board alias `b` (a fixed
 * identifier of the statement, never input). Only the grants that can apply to the caller are
 * written, so each kind of caller has a statement of its own and a plain plan.
 */
export function boardVisibleSql(viewer: TViewer | null, alias = 'b'): TSqlPart {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new RangeError(`Bad alias ${alias}`);
  const b = sqlFragment(alias);
  if (!viewer) return sqlPart`${b}."isPublic"`;
  if (isTeamMember(viewer)) {
    return sqlPart`(${b}."isPublic" OR ${b}."companyId" = ${viewer.companyId}::int)`;
  }
  const grants: TSqlPart[] = [];
  if (viewer.kind === 'SSO') grants.push(sqlPart`${b}."ssoAccess"`);
  if (viewer.confirmedEmailDomain) {
    grants.push(sqlPart`${viewer.confirmedEmailDomain}::text = ANY(${b}."allowedEmailDomains")`);
  }
  const customers = viewer.customerCompanyIds ?? [];
  if (customers.length > 0) {
    grants.push(sqlPart`EXISTS (SELECT 1 FROM "BoardCustomerAccess" bca
               WHERE bca."boardId" = ${b}."id" AND bca."customerCompanyId" = ANY(${[...customers]}::int[]))`);
  }
  if (grants.length === 0) return sqlPart`${b}."isPublic"`;
  const granted = grants.reduce((all, grant) => sqlPart`${all} OR ${grant}`);
  return sqlPart`(${b}."isPublic" OR (${b}."companyId" = ${viewer.companyId}::int AND (${granted})))`;
}

/**
 * canSeeBoard for every user of a statement at once (mails and notifications go to many): an
 * SQL condition on the board alias `board` and the user alias `user` (fixed identifiers of the
 * statement, never input), reading the user's role, kind, confirmed address and customer
 * companies as the session lookup does (END_USER_GRANT_COLUMNS).
 */
export function boardVisibleToUserCondition(board: string, user: string): string {
  for (const alias of [board, user]) {
    if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new RangeError(`Bad alias ${alias}`);
  }
  const [b, u] = [board, user];
  return `(${b}."isPublic" OR (${b}."companyId" = ${u}."companyId" AND (
      (${u}.kind = 'REGULAR' AND ${u}.role IN ('OWNER', 'ADMIN', 'MEMBER'))
      OR (${b}."ssoAccess" AND ${u}.kind = 'SSO')
      OR (${u}."emailConfirmedAt" IS NOT NULL
          AND lower(substring(${u}."email" from '@([^@]*)$')) = ANY(${b}."allowedEmailDomains"))
      OR EXISTS (SELECT 1 FROM "BoardCustomerAccess" bca
                 JOIN "CustomerCompanyMember" ccm ON ccm."customerCompanyId" = bca."customerCompanyId"
                 WHERE bca."boardId" = ${b}."id" AND ccm."userId" = ${u}."id"))))`;
}

/**
 * Which of `userIds` may see the board (canSeeBoard, as each of them is now): who a mention on
 * the board may reach.
 */
export async function usersWhoSeeBoard(
  deps: Pick<TDeps, 'sql'>,
  boardId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await deps.sql<{ id: number }>`
    SELECT u."id" FROM "User" u JOIN "Board" b ON b."id" = ${boardId}::int
    WHERE u."id" = ANY(${userIds}::int[]) AND ${sqlFragment(boardVisibleToUserCondition('b', 'u'))}`;
  return new Set(rows.map((row) => Number(row.id)));
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

/**
 * Whether a live event concerns an idea the subscriber may see (the rule of ideaVisibleWhere):
 * on a board they may see now (the board's access the feed attached, read again whenever the
 * board's settings change) and accepted or their own. A change without its board's access
 * shows to the company's team only.
 */
export function canSeeIdeaChange(viewer: TViewer | null, change: TIdeaChange): boolean {
  const isBoardVisible = change.board
    ? canSeeBoard(viewer, change.board)
    : isTeamMemberOf(viewer, change.companyId);
  return isBoardVisible && isAcceptedOrOwn(viewer, change, change.companyId);
}

/** ideaVisibleWhere (board visible, idea accepted or the caller's own) on rows already read. */
export function isIdeaVisibleTo(
  viewer: TViewer | null,
  idea: { status: string; authorId: number | null },
  board: TBoardAccess,
): boolean {
  return canSeeBoard(viewer, board) && isAcceptedOrOwn(viewer, idea, board.companyId);
}

/** What the kept-idea rule reads of the idea a declined duplicate names (namesKeptIdea). */
export const KEPT_IDEA_SELECT = {
  id: true,
  title: true,
  status: true,
  boardId: true,
  board: { select: { companyId: true, isPublic: true } },
} as const;

/** A kept idea read with KEPT_IDEA_SELECT. */
export type TKeptIdea = {
  id: number;
  title: string;
  status: string;
  boardId: number;
  board: { companyId: number; isPublic: boolean };
};

/**
 * Whether the decline details of a duplicate name its kept idea (id, title, found) to this
 * caller, who reads the declined idea on `declinedBoardId`: the company's team always; anyone
 * else only while the kept idea is accepted (not NOT_PUBLIC) and on the declined idea's own
 * board (which the reader sees) or on a public board. A kept idea moved to a private board is
 * not named to readers of the declined one (attack F14): it answers as a kept idea not found.
 * Viewer-independent outside the team, so a company's cached list cards (idea-cards.ts,
 * keptIdeaJoinSql) and single reads agree.
 */
export function namesKeptIdea(
  viewer: TViewer | null,
  declinedBoardId: number,
  kept: Omit<TKeptIdea, 'id' | 'title'>,
): boolean {
  if (isTeamMemberOf(viewer, kept.board.companyId)) return true;
  return kept.status !== 'NOT_PUBLIC' && (kept.boardId === declinedBoardId || kept.board.isPublic);
}

/** The kept idea as decline details show it: `{ id, title }` when namesKeptIdea, else null. */
export function keptIdeaFor(
  viewer: TViewer | null,
  declinedBoardId: number,
  kept: TKeptIdea | null,
): { id: number; title: string } | null {
  return kept && namesKeptIdea(viewer, declinedBoardId, kept)
    ? { id: kept.id, title: kept.title }
    : null;
}

/**
 * namesKeptIdea as the join condition of the kept idea `d` of the declined idea `i` (both
 * `"Idea"` rows) for a list of `companyId`'s boards.
 */
export function keptIdeaJoinSql(viewer: TViewer | null, companyId: number): TSqlPart {
  if (isTeamMemberOf(viewer, companyId)) return sqlFragment('');
  return sqlFragment(` AND d."status" <> 'NOT_PUBLIC'
             AND (d."boardId" = i."boardId"
                  OR EXISTS (SELECT 1 FROM "Board" db WHERE db."id" = d."boardId" AND db."isPublic"))`);
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

/** A board the caller may see (canSeeBoard), or NOT_FOUND. */
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
    WHERE b."id" = ${boardId}::int AND ${boardVisibleSql(viewer)}`;
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
 * A board of the caller's own company that they may see (canSeeBoard) and that is active under
 * the plan: what end users need to submit, vote and comment. Signed-out callers get 401;
 * other companies' boards and boards the caller may not see are not found; inactive boards
 * answer the plan-limit error.
 */
export async function findBoardForMember(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  boardId: number,
): Promise<TWritableBoard> {
  const viewer = requireViewer(viewerOrNull);
  const board = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: viewer.companyId, AND: [boardVisibleWhere(viewer)] },
  });
  if (!board) throw errors.notFound('Board');
  const plan = await loadPlanState(deps.prisma, board.companyId);
  if (!isBoardActive(plan, board)) throw errors.inactiveBoard();
  return { board, plan, viewer };
}

/**
 * A board the caller administers; `active` also requires it to be active under the plan. A
 * board the caller may not see is not found (an end user learns nothing of a private board);
 * one they see but may not administer is forbidden.
 */
export async function findBoardForAdmin(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  boardId: number,
  options: { active: boolean } = { active: true },
): Promise<TWritableBoard> {
  const viewer = requireViewer(viewerOrNull);
  const board = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: viewer.companyId, AND: [boardVisibleWhere(viewer)] },
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
 * An idea the caller may act on: visible to them (on a board they may see: canSeeBoard), on a
 * board of their own company, on an active
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
           i."declinedAt", i."rejectedAt", i."rejectionReason", i."createdAt", i."updatedAt",
           i."customStatusId", b."createdAt" AS "boardCreatedAt",
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
      AND ${boardVisibleSql(viewer)}
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
