import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Board, Idea } from '../../generated/prisma/client.ts';
import { enqueueNotifications } from './enqueue-notifications.ts';
import { awaitingTexts } from './notification-texts.ts';

/** Queues mails to the company's admins: an end user's idea awaits acceptance (NOT_PUBLIC). */
export async function notifyIdeaAwaiting(
  deps: TDeps,
  idea: Pick<Idea, 'title' | 'description' | 'authorId'> & { board: Board },
): Promise<number> {
  const companyId = idea.board.companyId;
  const author =
    idea.authorId === null
      ? null
      : await deps.prisma.user.findUnique({
          where: { id: idea.authorId },
          select: { displayName: true },
        });
  return enqueueNotifications(deps, {
    companyId,
    topic: 'IDEA_AWAITING',
    boardIds: [idea.board.id],
    recipients: Prisma.sql`
      SELECT "id" AS "userId", false AS "mine" FROM "User"
      WHERE "companyId" = ${companyId} AND "kind" = 'REGULAR' AND "role" IN ('OWNER', 'ADMIN')`,
    actorId: idea.authorId,
    texts: awaitingTexts({
      // Admins review it in the console, whether or not the board is public.
      idea: {
        title: idea.title,
        boardName: idea.board.name,
        url: `${deps.config.appUrl}/admin/boards/${idea.board.id}/list?filter=NOT_PUBLIC`,
      },
      authorName: author?.displayName ?? '?',
      description: idea.description,
    }),
  });
}
