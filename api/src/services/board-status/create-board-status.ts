import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { BoardStatus } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import { requireDistinctStatusNames } from './distinct-status-names.ts';
import { MAX_BOARD_STATUSES, ZCreateBoardStatus } from './board-status-input.ts';

/**
 * Adds a custom status (admins of the board's company) after the board's last one; its names
 * must differ from the board's other status names (requireDistinctStatusNames).
 */
export async function createBoardStatus(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<BoardStatus> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const fields = parseInput(ZCreateBoardStatus, input);
  return deps.prisma.$transaction(async (tx) => {
    await requireDistinctStatusNames(tx, board.id, fields);
    const last = await tx.boardStatus.aggregate({
      where: { boardId: board.id },
      _max: { position: true },
      _count: true,
    });
    if (last._count >= MAX_BOARD_STATUSES) {
      throw new AppError('CONFLICT', `A board holds at most ${MAX_BOARD_STATUSES} statuses.`);
    }
    return tx.boardStatus.create({
      data: { ...fields, boardId: board.id, position: (last._max.position ?? -1) + 1 },
    });
  });
}
