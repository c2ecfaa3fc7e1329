import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { BoardStatus } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { activityCustomStatus, recordIdeaActivity } from '../activity/record-idea-activity.ts';
import { findBoardStatusForAdmin } from './find-board-status.ts';

/**
 * Deletes a custom status. Ideas that show it move, in the same transaction, to
 * `moveToStatusId`: another status of the same board and kind, or null for the kind's default
 * name (their status, the kind, never changes). When ideas use it and no choice is given, the
 * answer says how many, so the console can ask. Each moved idea's activity says who moved it,
 * from which status to which, because the status was deleted.
 */
export async function deleteBoardStatus(
  deps: TDeps,
  viewer: TViewer | null,
  statusId: number,
  { moveToStatusId }: { moveToStatusId?: number | null },
): Promise<{ status: BoardStatus; movedIdeaCount: number }> {
  const { status, viewer: admin } = await findBoardStatusForAdmin(deps, viewer, statusId);
  let target: BoardStatus | null = null;
  if (moveToStatusId !== undefined && moveToStatusId !== null) {
    target = await deps.prisma.boardStatus.findFirst({
      where: { id: moveToStatusId, boardId: status.boardId, kind: status.kind },
    });
    if (!target || target.id === status.id) {
      throw errors.validation([
        {
          field: 'moveToStatusId',
          message: 'It has to be another status of the same kind on this board, or none.',
        },
      ]);
    }
  }
  return deps.prisma.$transaction(async (tx) => {
    const used = await tx.idea.count({ where: { customStatusId: status.id } });
    if (used > 0 && moveToStatusId === undefined) {
      throw errors.validation([
        {
          field: 'moveToStatusId',
          message: `${used} ideas show this status: choose the status they move to.`,
        },
      ]);
    }
    const moved = await tx.idea.updateManyAndReturn({
      where: { customStatusId: status.id },
      data: { customStatusId: target?.id ?? null },
      select: { id: true },
    });
    await recordIdeaActivity(
      tx,
      admin.userId,
      moved.map((idea) => ({
        ideaId: idea.id,
        kind: 'STATUS_CHANGED' as const,
        details: {
          fromStatus: status.kind,
          toStatus: status.kind,
          fromCustomStatus: activityCustomStatus(status),
          toCustomStatus: activityCustomStatus(target),
          cause: 'STATUS_DELETED' as const,
        },
      })),
    );
    await tx.boardStatus.delete({ where: { id: status.id } });
    return { status, movedIdeaCount: moved.length };
  });
}
