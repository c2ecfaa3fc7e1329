import type { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { BoardStatus, Idea, Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import type { TWritableIdea } from '../access.ts';
import { ZIdeaStatusChange } from './idea-input.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyStatusChange } from '../notification/notify-status-change.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';
import { activityCustomStatus, recordIdeaActivity } from '../activity/record-idea-activity.ts';

/** A status change checked and ready to write (planIdeaStatusChange). */
export type TIdeaStatusChange = {
  idea: TWritableIdea['idea'];
  actorId: number;
  status: z.output<typeof ZIdeaStatusChange>['status'];
  customStatus: BoardStatus | null;
  previousCustomStatus: BoardStatus | null;
  mayReopen: boolean;
};

/**
 * Checks a status change of one idea without writing anything: the idea is the caller's
 * company's (else not found), the caller is on its team, the custom status is of the idea's
 * board and of the kind asked for. setIdeaStatus and bulkSetIdeaStatus share it.
 */
export async function planIdeaStatusChange(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
  { mayReopen = false }: { mayReopen?: boolean } = {},
): Promise<TIdeaStatusChange> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const { status, customStatusId } = parseInput(ZIdeaStatusChange, input);
  const customStatus =
    customStatusId === null
      ? null
      : await deps.prisma.boardStatus.findFirst({
          where: { id: customStatusId, boardId: idea.boardId },
        });
  if (customStatusId !== null && !customStatus) throw errors.notFound('Status');
  if (customStatus && customStatus.kind !== status) {
    throw errors.validation([
      { field: 'customStatusId', message: `It has to be a status of kind ${status}.` },
    ]);
  }
  const previousCustomStatus =
    idea.customStatusId === null
      ? null
      : await deps.prisma.boardStatus.findUnique({ where: { id: idea.customStatusId } });
  return { idea, actorId: member.userId, status, customStatus, previousCustomStatus, mayReopen };
}

/**
 * Writes a planned status change inside the caller's transaction, with its activity row;
 * answers whether the status really changed. Setting the status a declined idea cannot leave
 * (REST, no reopening) is a CONFLICT, which rolls the whole transaction back.
 */
export async function applyIdeaStatusChange(
  tx: Prisma.TransactionClient,
  change: TIdeaStatusChange,
): Promise<boolean> {
  const { idea, status, customStatus, mayReopen } = change;
  // The condition tells a real change (which mails people) from setting the status it already
  // has; the decline's details go in the same statement, so a reopened idea never keeps them.
  // Another custom status of the same kind is a change too, one only the team sees.
  const changed = await tx.idea.updateMany({
    where: {
      id: idea.id,
      OR: [
        { status: mayReopen ? { not: status } : { notIn: ['DECLINED', status] } },
        {
          status,
          ...(customStatus
            ? { OR: [{ customStatusId: null }, { customStatusId: { not: customStatus.id } }] }
            : { customStatusId: { not: null } }),
        },
      ],
    },
    data: {
      status,
      customStatusId: customStatus?.id ?? null,
      declineReason: null,
      declineComment: null,
      duplicateOfId: null,
      declinedAt: null,
    },
  });
  if (changed.count === 0) {
    const current = await tx.idea.findUnique({ where: { id: idea.id }, select: { status: true } });
    if (current?.status === 'DECLINED') {
      throw new AppError('CONFLICT', 'This idea is declined: its status can no longer change.', [
        { field: 'status', message: 'A declined idea has no status options.' },
      ]);
    }
    return false;
  }
  await recordIdeaActivity(tx, change.actorId, [
    {
      ideaId: idea.id,
      kind: 'STATUS_CHANGED',
      details: {
        fromStatus: idea.status,
        toStatus: status,
        fromCustomStatus: activityCustomStatus(change.previousCustomStatus),
        toCustomStatus: activityCustomStatus(customStatus),
      },
    },
  ]);
  return true;
}

/**
 * What follows a committed status change: live lists hear of it; a change of kind mails the
 * idea's voters and author and calls the webhooks. Within a kind only the custom status
 * changed: voters, webhooks and `/api/v1`'s `status` see no change, so nobody is mailed or
 * called, exactly as for setting the same status.
 */
export async function announceIdeaStatusChange(
  deps: TDeps,
  change: TIdeaStatusChange,
  updated: Idea,
  { releaseId }: { releaseId?: number } = {},
): Promise<void> {
  const { idea, status } = change;
  publishIdeaChange(deps, 'UPDATED', updated, idea.board.companyId);
  if (updated.status === idea.status) return;
  await notifySafely(deps, `idea ${idea.id} status`, () =>
    notifyStatusChange(deps, {
      idea: { ...updated, board: idea.board },
      status,
      actorId: change.actorId,
      ...(releaseId === undefined ? {} : { releaseId }),
    }),
  );
  await emitIdeaEvent(deps, 'IDEA_STATUS_CHANGED', updated, idea.board.companyId, {
    previousStatus: idea.status,
  });
}

/**
 * Moves an idea to any status but DECLINED (admins only; declining takes a reason). Moving a
 * declined idea reopens it: its decline reason, comment and duplicate link are cleared, while
 * votes it gave away to the kept idea stay where they went (they were moved, not lent). A real
 * change mails the idea's voters and author.
 *
 * `customStatusId` picks a custom status of the idea's board whose kind is `status` (another
 * board's or company's is not found); without it the idea shows the kind's default name.
 *
 * Reopening is the console's action (`mayReopen`, GraphQL): REST keeps the spec's rule that a
 * declined idea has no status options and answers CONFLICT, so `/api/v1` clients see no change.
 *
 * `releaseId`: the change is a release's publishing completing its idea, and that release's mail
 * follows; whoever it will reach gets that one mail instead of this one (notifyStatusChange).
 */
export async function setIdeaStatus(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
  options: { mayReopen?: boolean; releaseId?: number } = {},
): Promise<Idea> {
  const change = await planIdeaStatusChange(deps, viewer, ideaId, input, options);
  const isChanged = await deps.prisma.$transaction((tx) => applyIdeaStatusChange(tx, change));
  const updated = await deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
  if (isChanged) await announceIdeaStatusChange(deps, change, updated, options);
  return updated;
}
