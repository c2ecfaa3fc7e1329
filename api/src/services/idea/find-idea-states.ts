import type { TIdeaChange } from '../../events.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';

/**
 * The current state of every idea on the boards, as idea events of kind UPDATED: what live
 * subscribers are sent to catch up after they may have missed events (a Redis outage).
 * Subscribers filter them by viewer like any other event.
 */
export async function findIdeaStates(
  prisma: PrismaClient,
  boardIds: number[],
): Promise<TIdeaChange[]> {
  const ideas = await prisma.idea.findMany({
    where: { boardId: { in: boardIds } },
    select: {
      id: true,
      boardId: true,
      authorId: true,
      status: true,
      voteCount: true,
      commentCount: true,
      board: { select: { companyId: true } },
    },
    orderBy: { id: 'asc' },
  });
  return ideas.map((idea) => ({
    kind: 'UPDATED',
    ideaId: idea.id,
    boardId: idea.boardId,
    companyId: idea.board.companyId,
    authorId: idea.authorId,
    status: idea.status,
    voteCount: idea.voteCount,
    commentCount: idea.commentCount,
  }));
}
