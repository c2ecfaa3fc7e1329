import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Board, Idea } from '../../generated/prisma/client.ts';
import { enqueueNotifications, loadMailCompany } from './enqueue-notifications.ts';
import { ideaRef, loadBoardRef } from './links.ts';
import { adminCommentTexts } from './notification-texts.ts';

/** Queues the mail to an idea's author when an admin (not the author) comments on it. */
export async function notifyAdminComment(
  deps: TDeps,
  comment: {
    idea: Pick<Idea, 'title' | 'authorId'> & { board: Pick<Board, 'id' | 'companyId'> };
    adminId: number;
    text: string;
  },
): Promise<number> {
  const { idea } = comment;
  if (idea.authorId === null || idea.authorId === comment.adminId) return 0;
  const [company, board, admin] = await Promise.all([
    loadMailCompany(deps, idea.board.companyId),
    loadBoardRef(deps, idea.board.id),
    deps.prisma.user.findUniqueOrThrow({
      where: { id: comment.adminId },
      select: { displayName: true },
    }),
  ]);
  return enqueueNotifications(deps, {
    companyId: idea.board.companyId,
    topic: 'ADMIN_COMMENT',
    boardIds: [idea.board.id],
    recipients: Prisma.sql`SELECT ${idea.authorId}::int AS "userId", true AS "mine"`,
    actorId: comment.adminId,
    texts: adminCommentTexts({
      idea: ideaRef(deps, company.slug, { title: idea.title, board }),
      authorName: admin.displayName,
      text: comment.text,
    }),
  });
}
