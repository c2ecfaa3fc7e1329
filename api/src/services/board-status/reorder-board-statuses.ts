import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { BoardStatus } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';

const ZReorder = z.object({
  statusIds: z.array(z.number().int(), { error: 'It has to be a list of status ids.' }),
});

/**
 * Puts a board's custom statuses in the given order: the list names each of the board's
 * statuses exactly once (a stale or foreign list is refused, nothing moves).
 */
export async function reorderBoardStatuses(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<BoardStatus[]> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const { statusIds } = parseInput(ZReorder, input);
  return deps.prisma.$transaction(async (tx) => {
    const current = await tx.boardStatus.findMany({
      where: { boardId: board.id },
      select: { id: true },
    });
    const known = new Set(current.map((status) => status.id));
    if (
      statusIds.length !== known.size ||
      new Set(statusIds).size !== statusIds.length ||
      !statusIds.every((id) => known.has(id))
    ) {
      throw errors.validation([
        { field: 'statusIds', message: 'It has to list each of the board’s statuses once.' },
      ]);
    }
    for (const [position, id] of statusIds.entries()) {
      await tx.boardStatus.update({ where: { id }, data: { position } });
    }
    return tx.boardStatus.findMany({
      where: { boardId: board.id },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    });
  });
}
