import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Board, Idea, Prisma } from '../../generated/prisma/client.ts';
import { parseInput, requiredOr } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import type { TWritableIdea } from '../access.ts';
import { requireViewer } from '../../viewer.ts';
import { isBoardActive, loadPlanState } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { recordIdeaActivity } from '../activity/record-idea-activity.ts';

export const ZIdeaMove = z.object({
  boardId: z.number({ error: requiredOr('This field is required.') }).int(),
});

const boardProblem = (message: string) => errors.validation([{ field: 'boardId', message }]);

export type TMovedIdea = { idea: Idea; fromBoardId: number };

/** A move checked and ready to write (planIdeaMove). */
export type TIdeaMove = {
  idea: TWritableIdea['idea'];
  actorId: number;
  target: Board;
};

/**
 * The board ideas of the caller's company may move to: another company's board is not found;
 * an inactive board (past the plan) answers the plan error.
 */
export async function findMoveTarget(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  input: unknown,
  plan?: TPlanState,
): Promise<Board> {
  const viewer = requireViewer(viewerOrNull);
  const { boardId } = parseInput(ZIdeaMove, input);
  const target = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: viewer.companyId },
  });
  if (!target) throw errors.notFound('Board');
  if (!isBoardActive(plan ?? (await loadPlanState(deps.prisma, viewer.companyId)), target)) {
    throw errors.inactiveBoard();
  }
  return target;
}

/**
 * Checks the move of one idea without writing anything (moveIdea and bulkMoveIdeas share it):
 * the idea is the caller's company's (else not found), the caller is on its team, the target
 * is another board of the same company.
 */
export async function planIdeaMove(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<TIdeaMove> {
  const { idea, plan, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const target = await findMoveTarget(deps, member, input, plan);
  if (target.id === idea.boardId) throw boardProblem('The idea is on this board already.');
  return { idea, actorId: member.userId, target };
}

/**
 * Writes a planned move inside the caller's transaction, with its activity row. An idea moved
 * or deleted meanwhile is a CONFLICT, which rolls the whole transaction back.
 */
export async function applyIdeaMove(tx: Prisma.TransactionClient, move: TIdeaMove): Promise<void> {
  const { idea, target } = move;
  // An imported idea keeps its import key (source and row id: a re-import of its board skips
  // it), unless the target board holds an idea imported with the same key, where it would
  // clash with that idea's (a 500 before: outside attack 8, F6): then it leaves the key behind.
  const [clash] = await tx.$queryRaw<{ found: number }[]>`
    SELECT 1 AS "found" FROM "Idea" moved
    JOIN "Idea" there ON there."boardId" = ${target.id}::int
      AND there."importSource" = moved."importSource"
      AND there."importExternalId" = moved."importExternalId"
    WHERE moved."id" = ${idea.id}::int`;
  // The condition makes two moves at once (or a move racing a deletion) apply once.
  const changed = await tx.idea.updateMany({
    where: { id: idea.id, boardId: idea.boardId },
    data: clash ? { boardId: target.id, importExternalId: null } : { boardId: target.id },
  });
  if (changed.count === 0) {
    throw new AppError('CONFLICT', 'The idea was moved or deleted meanwhile: reload it.');
  }
  const from = await tx.board.findUniqueOrThrow({ where: { id: idea.boardId } });
  await recordIdeaActivity(tx, move.actorId, [
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

/** What follows a committed move: the old board's lists drop it; the new board's take it in. */
export function announceIdeaMove(deps: TDeps, move: TIdeaMove, moved: Idea): void {
  const { idea } = move;
  publishIdeaChange(deps, 'DELETED', { ...moved, boardId: idea.boardId }, idea.board.companyId);
  publishIdeaChange(deps, 'CREATED', moved, idea.board.companyId);
}

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
  const move = await planIdeaMove(deps, viewer, ideaId, input);
  await deps.prisma.$transaction((tx) => applyIdeaMove(tx, move));
  const moved = await deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
  announceIdeaMove(deps, move, moved);
  return { idea: moved, fromBoardId: move.idea.boardId };
}
