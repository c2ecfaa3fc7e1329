import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { findVisibleBoard, ideaVisibleWhere } from '../access.ts';
import { ideaWithinCapWhere, loadPlanState } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import type { TIdeaListParams, TIdeaSort } from './idea-input.ts';

/**
 * Which of a board's ideas a list shows: those the caller may see, within the plan's cap, of
 * the filtered status (ALL hides DECLINED), matching the search in title or description.
 */
export function ideaListWhere(
  viewer: TViewer | null,
  boardId: number,
  plan: TPlanState,
  params: TIdeaListParams,
): Prisma.IdeaWhereInput {
  const and: Prisma.IdeaWhereInput[] = [
    { boardId },
    ideaVisibleWhere(viewer),
    ideaWithinCapWhere(plan),
    params.filter === 'ALL' ? { status: { not: 'DECLINED' } } : { status: params.filter },
  ];
  if (params.search) {
    and.push({
      OR: [
        { title: { contains: params.search, mode: 'insensitive' } },
        { description: { contains: params.search, mode: 'insensitive' } },
      ],
    });
  }
  return { AND: and };
}

/**
 * List orders, each ending on the id so pages never skip or repeat an idea. STATUS follows the
 * pipeline (the enum's order: NOT_PUBLIC, OPEN, REVIEW, PLANNED, IN_PROGRESS, COMPLETE,
 * DECLINED), most votes first within a status.
 */
export function ideaListOrder(sort: TIdeaSort): Prisma.IdeaOrderByWithRelationInput[] {
  switch (sort) {
    case 'VOTES':
      return [{ voteCount: 'desc' }, { id: 'desc' }];
    case 'STATUS':
      return [{ status: 'asc' }, { voteCount: 'desc' }, { id: 'desc' }];
    case 'DATE_DESC':
      return [{ createdAt: 'desc' }, { id: 'desc' }];
    case 'DATE_ASC':
      return [{ createdAt: 'asc' }, { id: 'asc' }];
  }
}

export type TIdeaListQuery = {
  where: Prisma.IdeaWhereInput;
  orderBy: Prisma.IdeaOrderByWithRelationInput[];
};

/** The filter and order of a board's idea list (parameters already parsed with ZIdeaListParams). */
export async function ideaListQuery(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  params: TIdeaListParams,
  plan?: TPlanState,
): Promise<TIdeaListQuery> {
  const board = await findVisibleBoard(deps, viewer, boardId);
  const state = plan ?? (await loadPlanState(deps.prisma, board.companyId));
  return {
    where: ideaListWhere(viewer, board.id, state, params),
    orderBy: ideaListOrder(params.sort),
  };
}
