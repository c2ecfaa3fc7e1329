import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput, requiredOr } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import { isBoardActive } from '../plan/plan-state.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { recordIdeaActivity } from '../activity/record-idea-activity.ts';

export const ZIdeaMove = z.object({
  boardId: z.number({ error: requiredOr('This field is required.') }).int(),
});

const boardProblem = (message: string) => errors.validation([{ field: 'boardId', message }]);

export type TMovedIdea = { idea: Idea; fromBoardId: number };

/**
 * Moves an idea to another board of the same company (the team: owner, admins and members, who
 * triage). Its votes, comments, notes and the people who follow it (voters, author, commenters)
 * go with it, as they hang on the idea; the boards' idea counters move in the same statement
 * (the BoardIdeaCount triggers). Another company's board is not found; the board it is on
 * already is a VALIDATION error; an inactive board (past the plan) answers the plan error.
 */
export async function moveIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<TMovedIdea> {
  const { idea, plan, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const { boardId } = parseInput(ZIdeaMove, input);
  const target = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: idea.board.companyId },
  });
  if (!target) throw errors.notFound('Board');
  if (target.id === idea.boardId) throw boardProblem('The idea is on this board already.');
  if (!isBoardActive(plan, target)) throw errors.inactiveBoard();

  // The condition makes two moves at once (or a move racing a deletion) apply once.
  const count = await deps.prisma.$transaction(async (tx) => {
    const changed = await tx.idea.updateMany({
      where: { id: idea.id, boardId: idea.boardId },
      data: { boardId: target.id },
    });
    if (changed.count > 0) {
      const from = await tx.board.findUniqueOrThrow({ where: { id: idea.boardId } });
      await recordIdeaActivity(tx, member.userId, [
        {
          ideaId: idea.id,
          kind: 'MOVED',
          details: {
            fromBoardId: from.id,
            fromBoardName: from.name,
            toBoardId: target.id,
            toBoardName: target.name,
          },
        },
      ]);
    }
    return changed.count;
  });
  if (count === 0) {
    throw new AppError('CONFLICT', 'The idea was moved or deleted meanwhile: reload it.');
  }
  const moved = await deps.prisma.idea.findUniqueOrThrow({ where: { id: idea.id } });
  // The old board's lists drop it; the new board's take it in.
  publishIdeaChange(deps, 'DELETED', { ...moved, boardId: idea.boardId }, idea.board.companyId);
  publishIdeaChange(deps, 'CREATED', moved, idea.board.companyId);
  return { idea: moved, fromBoardId: idea.boardId };
}
