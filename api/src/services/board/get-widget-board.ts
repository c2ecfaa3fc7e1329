import type { TDeps } from '../../deps.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { findIdeasPage } from '../idea/find-idea-views.ts';
import type { TIdeaPage } from '../idea/find-idea-views.ts';
import { getBoardByHash } from './find-board-by-hash.ts';
import type { TPublicBoard } from './find-board-by-hash.ts';

export type TWidgetBoard = {
  board: TPublicBoard;
  /** The signed-in caller, or null. */
  me: User | null;
  /** May vote, submit and comment: a user of the board's company, and the board is active. */
  canParticipate: boolean;
  ideas: TIdeaPage;
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
  const board = await getBoardByHash(deps, viewer, boardHash);
  const [me, ideas] = await Promise.all([
    viewer ? deps.prisma.user.findUnique({ where: { id: viewer.userId } }) : null,
    findIdeasPage(deps, viewer, board.id, listParams),
  ]);
  const canParticipate = viewer !== null && viewer.companyId === board.companyId && board.active;
  return { board, me, canParticipate, ideas };
}
