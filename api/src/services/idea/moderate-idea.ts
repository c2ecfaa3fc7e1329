import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember, isTeamMemberOf } from '../access.ts';
import { declineIdea, notAwaiting } from './decline-idea.ts';
import type { TDeclineResult } from './decline-idea.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyRejection } from '../notification/notify-rejection.ts';
import {
  announceIdeaStatusChange,
  applyIdeaStatusChange,
  planIdeaStatusChange,
} from './set-idea-status.ts';

/**
 * The moderation queue (issue 34): end users' ideas awaiting acceptance (NOT_PUBLIC) that the
 * team has not rejected. Each action checks, under the idea's row lock, that the idea still
 * awaits acceptance: of two teammates acting on one idea at once, one wins and the other gets
 * CONFLICT (never a double accept, a merge of an accepted idea or a 500).
 */

/** Ideas in the queue: awaiting acceptance and not rejected. */
export const AWAITING_IDEA_WHERE = {
  status: 'NOT_PUBLIC',
  rejectedAt: null,
} satisfies Prisma.IdeaWhereInput;

/**
 * AWAITING_IDEA_WHERE in SQL: true for an idea in the queue. `alias` names the Idea row of the
 * statement (`i`), if it has one.
 */
export function isAwaitingSql(alias?: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(alias ? `${alias}."${name}"` : `"${name}"`);
  return Prisma.sql`(${column('status')} = 'NOT_PUBLIC' AND ${column('rejectedAt')} IS NULL)`;
}

/** A page of the queue holds this many ideas unless the caller asks for up to QUEUE_MAX_PAGE. */
export const QUEUE_PAGE = 50;
export const QUEUE_MAX_PAGE = 100;

function queueWhere(viewer: TViewer, boardId: number | null): Prisma.IdeaWhereInput {
  return {
    ...AWAITING_IDEA_WHERE,
    board: { companyId: viewer.companyId },
    ...(boardId === null ? {} : { boardId }),
  };
}

/** Null for anyone outside a company's team: the queue is the team's alone. */
function teamViewer(viewer: TViewer | null): TViewer | null {
  return viewer && isTeamMemberOf(viewer, viewer.companyId) ? viewer : null;
}

/** Where an idea stands in the queue's order (oldest first): a page cursor's content. */
export type TQueuePosition = { createdAt: Date; id: number };

/** Ideas strictly after (or, `isBefore`, before) a position in the queue's order. */
function beyond(position: TQueuePosition, isBefore: boolean): Prisma.IdeaWhereInput {
  const past = isBefore ? 'lt' : 'gt';
  return {
    OR: [
      { createdAt: { [past]: position.createdAt } },
      { createdAt: position.createdAt, id: { [past]: position.id } },
    ],
  };
}

/**
 * One page of the caller's company's queue (or one board's part of it), oldest first, from
 * `after` on (keyset paging: an idea accepted meanwhile shifts nothing, and every waiting idea
 * is reached, however many wait). `reverse` reads backwards from `before` (the newest first),
 * as Relay's `last` asks. Empty outside the team; the positions only ever narrow the team's own
 * queue, so a made-up cursor shows nothing it could not list anyway.
 */
export async function findAwaitingIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number | null,
  page: {
    limit: number;
    after?: TQueuePosition;
    before?: TQueuePosition;
    reverse?: boolean;
  },
): Promise<Idea[]> {
  const member = teamViewer(viewer);
  if (!member) return [];
  const direction = page.reverse ? 'desc' : 'asc';
  return deps.prisma.idea.findMany({
    where: {
      AND: [
        queueWhere(member, boardId),
        ...(page.after ? [beyond(page.after, false)] : []),
        ...(page.before ? [beyond(page.before, true)] : []),
      ],
    },
    orderBy: [{ createdAt: direction }, { id: direction }],
    take: Math.min(Math.max(page.limit, 0), QUEUE_MAX_PAGE + 1),
  });
}

/**
 * How many ideas one board holds in the queue; null unless the caller is on the team of the
 * board's company (another company's board is not counted as 0, it is not told at all).
 */
export async function countBoardAwaitingIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  board: { id: number; companyId: number },
): Promise<number | null> {
  if (!viewer || !isTeamMemberOf(viewer, board.companyId)) return null;
  return countAwaitingIdeas(deps, viewer, board.id);
}

/** How many ideas the caller's company's queue (or one board's) holds; null outside the team. */
export async function countAwaitingIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number | null = null,
): Promise<number | null> {
  const member = teamViewer(viewer);
  if (!member) return null;
  return deps.prisma.idea.count({ where: queueWhere(member, boardId) });
}

/** Locks the idea's row and refuses (CONFLICT) one that no longer awaits acceptance. */
async function lockAwaiting(tx: Prisma.TransactionClient, ideaId: number): Promise<void> {
  const [row] = await tx.$queryRaw<{ isAwaiting: boolean }[]>`
    SELECT ${isAwaitingSql()} AS "isAwaiting"
    FROM "Idea" WHERE "id" = ${ideaId}::int FOR UPDATE`;
  if (!row) throw errors.notFound('Idea');
  if (!row.isAwaiting) throw notAwaiting();
}

/**
 * Accepts an idea from the queue: it becomes OPEN, public to the board's readers, and its author
 * is mailed as for any status change (webhooks and Slack hear `idea.accepted`). The team only;
 * another company's idea is not found.
 */
export async function acceptIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<Idea> {
  const change = await planIdeaStatusChange(deps, viewer, ideaId, {
    status: 'OPEN',
    customStatusId: null,
  });
  await deps.prisma.$transaction(async (tx) => {
    await lockAwaiting(tx, ideaId);
    await applyIdeaStatusChange(tx, change);
  });
  const updated = await deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
  await announceIdeaStatusChange(deps, change, updated);
  return updated;
}

/**
 * Accepts an idea as a duplicate of an idea of the same board: declined DUPLICATE with its votes
 * merged (declineIdea), so the author and voters are mailed where it went and the merge can be
 * undone from the idea. CONFLICT when it no longer awaits acceptance.
 */
export async function acceptIdeaAsDuplicate(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  duplicateOfIdeaId: number | null,
): Promise<TDeclineResult> {
  return declineIdea(
    deps,
    viewer,
    ideaId,
    { reason: 'DUPLICATE', duplicateOfIdeaId, mergeVotes: true },
    { onlyAwaiting: true },
  );
}

const ZRejection = z.object({ reason: requiredText(1, 500) });

/**
 * Rejects an idea from the queue with a reason for its author: it stays unseen by readers
 * (NOT_PUBLIC), leaves the queue, and its author finds it with the reason in the widget's box
 * of their pending ideas. CONFLICT when it no longer awaits acceptance.
 */
export async function rejectIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<Idea> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const { reason } = parseInput(ZRejection, input);
  const rejected = await deps.prisma.$transaction(async (tx) => {
    await lockAwaiting(tx, ideaId);
    return tx.idea.update({
      where: { id: ideaId },
      data: { rejectedAt: new Date(), rejectionReason: reason },
    });
  });
  publishIdeaChange(deps, 'UPDATED', rejected, idea.board.companyId);
  await notifySafely(deps, `idea ${ideaId} rejected`, () =>
    notifyRejection(deps, { ...rejected, board: idea.board }, reason, member.userId),
  );
  return rejected;
}
