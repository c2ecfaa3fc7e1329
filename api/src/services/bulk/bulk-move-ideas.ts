import type { TDeps } from '../../deps.ts';
import type { Board, Idea } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import {
  announceIdeaMove,
  applyIdeaMove,
  findMoveTarget,
  planIdeaMove,
} from '../idea/move-idea.ts';
import { BULK_TRANSACTION, parseBulkIdeaIds, planEachIdea } from './bulk-idea-ids.ts';
import type { TBulkOutcome } from './bulk-idea-ids.ts';

export type TBulkMove = { outcomes: TBulkOutcome<Idea>[]; target: Board; fromBoardIds: number[] };

/**
 * Moves many ideas to another board of the same company, by moveIdea's rules for each, with
 * their votes, comments and followers: another company's board or idea is NOT_FOUND, an idea
 * already on the board a VALIDATION error naming it. All of them move in one transaction or
 * none does; the boards' lists then hear of each move.
 */
export async function bulkMoveIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  ideaIds: unknown,
  input: unknown,
): Promise<TBulkMove> {
  const ids = parseBulkIdeaIds(ideaIds);
  // The board is checked once before the ideas, so its refusal does not name an idea.
  const target = await findMoveTarget(deps, viewer, input);
  const moves = await planEachIdea(ids, (ideaId) => planIdeaMove(deps, viewer, ideaId, input));
  await deps.prisma.$transaction(async (tx) => {
    for (const move of moves) await applyIdeaMove(tx, move);
  }, BULK_TRANSACTION);
  const ideas = await deps.prisma.idea.findMany({ where: { id: { in: ids } } });
  const byId = new Map(ideas.map((idea) => [idea.id, idea]));
  const outcomes: TBulkOutcome<Idea>[] = [];
  for (const move of moves) {
    const idea = byId.get(move.idea.id);
    if (!idea) continue;
    announceIdeaMove(deps, move, idea);
    outcomes.push({ idea, isChanged: true });
  }
  return {
    outcomes,
    target,
    fromBoardIds: [...new Set(moves.map((move) => move.idea.boardId))],
  };
}
