import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { BoardStatus } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { boardVisibleWhere, findBoardForAdmin, findVisibleBoard } from '../access.ts';
import type { TWritableBoard } from '../access.ts';

/** A board's custom statuses in their order, for anyone who may see the board. */
export async function findBoardStatuses(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<BoardStatus[]> {
  const board = await findVisibleBoard(deps, viewer, boardId);
  return deps.prisma.boardStatus.findMany({
    where: { boardId: board.id },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

/**
 * The custom statuses of many boards in their order, each board's only if the caller may see
 * it (else none): one statement for all (`Board.statuses` of a list of ideas or boards read each
 * board's on its own, twice: 100 statements for `nodes` of 50 ideas).
 */
export async function findBoardsStatuses(
  deps: TDeps,
  viewer: TViewer | null,
  boardIds: readonly number[],
): Promise<Map<number, BoardStatus[]>> {
  const rows = await deps.prisma.boardStatus.findMany({
    where: { boardId: { in: [...new Set(boardIds)] }, board: boardVisibleWhere(viewer) },
    orderBy: [{ boardId: 'asc' }, { position: 'asc' }, { id: 'asc' }],
  });
  const byBoard = new Map<number, BoardStatus[]>(boardIds.map((id) => [id, []]));
  for (const row of rows) byBoard.get(row.boardId)?.push(row);
  return byBoard;
}

/**
 * A custom status whose board the caller administers: another company's status is not found
 * (before any role check, so its existence does not leak), a MEMBER is refused.
 */
export async function findBoardStatusForAdmin(
  deps: TDeps,
  viewer: TViewer | null,
  statusId: number,
): Promise<{ status: BoardStatus } & TWritableBoard> {
  if (!viewer) throw errors.unauthenticated();
  const status = await deps.prisma.boardStatus.findFirst({
    where: { id: statusId, board: { companyId: viewer.companyId } },
  });
  if (!status) throw errors.notFound('Status');
  return { status, ...(await findBoardForAdmin(deps, viewer, status.boardId)) };
}
