import type { TDeps } from '../../deps.ts';
import type { IdeaStatus } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { findVisibleBoard } from '../access.ts';
import { findIdeasPage } from './find-idea-views.ts';
import type { TIdeaView } from './find-idea-views.ts';

/** The roadmap's columns, in pipeline order (the console's and the widget's). */
export const ROADMAP_STATUSES = ['REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'] as const;
export type TRoadmapStatus = (typeof ROADMAP_STATUSES)[number] & IdeaStatus;

/** How many ideas one column holds (most votes first), as one page of a board list. */
const COLUMN_SIZE = 100;

export type TRoadmap = {
  board: { id: number; name: string };
  columns: { status: TRoadmapStatus; ideas: TIdeaView[]; totalCount: number }[];
};

/**
 * A board's roadmap as the caller sees it: its ideas in review, planned, in progress and
 * complete, most votes first. Each column is a board list filtered by status, so every rule of
 * the lists holds (who sees the board and which ideas, the plan's cap).
 */
export async function findRoadmap(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<TRoadmap> {
  const board = await findVisibleBoard(deps, viewer, boardId);
  const columns: TRoadmap['columns'] = [];
  for (const status of ROADMAP_STATUSES) {
    const page = await findIdeasPage(deps, viewer, boardId, {
      filter: status,
      sort: 'VOTES',
      limit: COLUMN_SIZE,
    });
    columns.push({ status, ideas: page.ideas, totalCount: page.totalCount });
  }
  return { board: { id: board.id, name: board.name }, columns };
}
