import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Board, Idea } from '../../generated/prisma/client.ts';
import { enqueueNotifications } from './enqueue-notifications.ts';
import { loadBoardRef } from './links.ts';
import { rejectionTexts } from './notification-texts.ts';

/**
 * Tells the author that the team rejected their idea from the moderation queue, with the
 * team's reason, in the author's language. No link: the idea is not public, and the author
 * finds it with the reason in the widget's box of their submitted ideas (on the company's own
 * site, whose address Feedboard does not know). Once per idea.
 */
export async function notifyRejection(
  deps: TDeps,
  idea: Pick<Idea, 'id' | 'title' | 'authorId'> & { board: Pick<Board, 'id' | 'companyId'> },
  reason: string,
  actorId: number,
): Promise<number> {
  if (idea.authorId === null) return 0;
  const board = await loadBoardRef(deps, idea.board.id);
  return enqueueNotifications(deps, {
    companyId: idea.board.companyId,
    topic: 'IDEA_REJECTED',
    boardIds: [idea.board.id],
    recipients: Prisma.sql`SELECT ${idea.authorId}::int AS "userId", true AS "mine"`,
    actorId,
    dedupeKey: `idea-rejected:${idea.id}`,
    texts: rejectionTexts({
      idea: { title: idea.title, boardName: board.name, url: null },
      reason,
    }),
  });
}
