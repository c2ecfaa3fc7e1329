import type { TDeps } from '../../deps.ts';
import type { Board, Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { boardVisibleWhere } from '../access.ts';
import { isBoardActive, loadPlanState } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';

export type TBoardWithState = Board & { active: boolean };

/** A board with `active` as its company's plan decides it right now. */
export async function withActiveState<T extends Board>(
  deps: TDeps,
  board: T,
): Promise<T & { active: boolean }> {
  const plan = await loadPlanState(deps.prisma, board.companyId);
  return { ...board, active: isBoardActive(plan, board) };
}

/**
 * The filter and order of the boards of the caller's company that they may see, for a page of
 * them: oldest first, which is also active first (the plan keeps the company's oldest boards
 * active, services/plan/plan-state.ts isBoardActive), the order of findBoards.
 */
export function visibleBoardsQuery(viewer: TViewer | null) {
  const { companyId } = requireViewer(viewer);
  return {
    where: { companyId, AND: [boardVisibleWhere(viewer)] } satisfies Prisma.BoardWhereInput,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] satisfies Prisma.BoardOrderByWithRelationInput[],
  };
}

/**
 * The boards of the caller's company that they may see (services/access.ts canSeeBoard: the
 * team sees them all, an end user the public ones and those granted to them): active boards
 * first, then by age (oldest first), each with `active` as the plan decides it.
 */
export async function findBoards(
  deps: TDeps,
  viewer: TViewer | null,
  plan?: TPlanState,
): Promise<TBoardWithState[]> {
  const { companyId } = requireViewer(viewer);
  const [boards, state] = await Promise.all([
    deps.prisma.board.findMany(visibleBoardsQuery(viewer)),
    plan ?? loadPlanState(deps.prisma, companyId),
  ]);
  const withState = boards.map((board) => ({ ...board, active: isBoardActive(state, board) }));
  return [...withState.filter((b) => b.active), ...withState.filter((b) => !b.active)];
}
