import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin, findVisibleBoard, ideaVisibleWhere } from '../access.ts';
import { ideaBeyondCapWhere, loadPlanState } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import { withActiveState } from './find-boards.ts';
import type { TBoardWithState } from './find-boards.ts';

/** One board the caller may see (public, or of their company), with `active`. */
export async function getBoard(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<TBoardWithState> {
  return withActiveState(deps, await findVisibleBoard(deps, viewer, boardId));
}

/** How many of the board's ideas the plan hides (what the upgrade prompt counts). */
export async function countCappedIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  board: { id: number },
  plan: TPlanState,
): Promise<number> {
  if (!plan.ideaCutoff) return 0;
  return deps.prisma.idea.count({
    where: { AND: [{ boardId: board.id }, ideaVisibleWhere(viewer), ideaBeyondCapWhere(plan)] },
  });
}

/** The board's limits: `cappedIdeas`, the ideas hidden by the plan's cap. */
export async function getBoardLimits(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<{ cappedIdeas: number }> {
  const board = await findVisibleBoard(deps, viewer, boardId);
  const plan = await loadPlanState(deps.prisma, board.companyId);
  return { cappedIdeas: await countCappedIdeas(deps, viewer, board, plan) };
}

/** What the widget tab embeds: the board's public hash (admins only). */
export async function getWidgetSetup(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<{ boardHash: string }> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId, { active: false });
  return { boardHash: board.widgetHash };
}
