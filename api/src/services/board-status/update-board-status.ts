import type { TDeps } from '../../deps.ts';
import type { BoardStatus } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { ZBoardStatusFields } from './board-status-input.ts';
import { findBoardStatusForAdmin } from './find-board-status.ts';
import { requireDistinctStatusNames } from './distinct-status-names.ts';

/**
 * Renames a custom status (both languages, each unlike the board's other status names) and sets
 * its colour; its kind never changes.
 */
export async function updateBoardStatus(
  deps: TDeps,
  viewer: TViewer | null,
  statusId: number,
  input: unknown,
): Promise<BoardStatus> {
  const { status } = await findBoardStatusForAdmin(deps, viewer, statusId);
  const fields = parseInput(ZBoardStatusFields, input);
  return deps.prisma.$transaction(async (tx) => {
    await requireDistinctStatusNames(tx, status.boardId, fields, status.id);
    return tx.boardStatus.update({ where: { id: status.id }, data: fields });
  });
}
