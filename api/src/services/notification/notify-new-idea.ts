import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Board, Idea } from '../../generated/prisma/client.ts';
import { TEAM_ROLES } from '../../viewer.ts';
import { enqueueNotifications } from './enqueue-notifications.ts';
import { newIdeaMailSql } from './new-idea-mail.ts';
import { newIdeaTexts } from './notification-texts.ts';

/** The company's team (OWNER, ADMIN, MEMBER: regular accounts), as enqueue recipients. */
export function teamRecipientsSql(companyId: number): Prisma.Sql {
  return Prisma.sql`
    SELECT "id" AS "userId", false AS "mine" FROM "User"
    WHERE "companyId" = ${companyId} AND "kind" = 'REGULAR'
      AND "role"::text = ANY(${[...TEAM_ROLES]}::text[])`;
}

/**
 * Where the team acts on a new idea: the moderation queue (this board's part) while it awaits
 * acceptance, else the idea in the console.
 */
export function newIdeaConsoleUrl(
  deps: TDeps,
  idea: { id: number; boardId: number; isAwaiting: boolean },
): string {
  const { appUrl } = deps.config;
  return idea.isAwaiting
    ? `${appUrl}/admin/queue?board=${idea.boardId}`
    : `${appUrl}/admin/boards/${idea.boardId}/ideas/${idea.id}`;
}

/**
 * A new idea reaches the team (issue 34): an unread NEW_IDEA entry in the console's
 * notifications of every team member but its author, and a mail now to those whose new-idea
 * mail is EACH (new-idea-mail.ts; DIGEST gets the day's list from new-idea-digest.ts, which
 * reads these entries). Answers how many mails were queued.
 */
export async function notifyNewIdea(
  deps: TDeps,
  idea: Pick<Idea, 'id' | 'title' | 'description' | 'authorId' | 'status'> & { board: Board },
): Promise<number> {
  const companyId = idea.board.companyId;
  const author =
    idea.authorId === null
      ? null
      : await deps.prisma.user.findUnique({
          where: { id: idea.authorId },
          select: { displayName: true },
        });
  await deps.prisma.$executeRaw`
    INSERT INTO "Notification" ("userId", "companyId", "kind", "ideaId", "actorId")
    SELECT t."userId", ${companyId}, 'NEW_IDEA', ${idea.id}, ${idea.authorId}
    FROM (${teamRecipientsSql(companyId)}) t
    WHERE t."userId" <> ${idea.authorId ?? 0}
    ORDER BY t."userId"`;
  const isAwaiting = idea.status === 'NOT_PUBLIC';
  return enqueueNotifications(deps, {
    companyId,
    topic: 'NEW_IDEA',
    boardIds: [idea.board.id],
    recipients: teamRecipientsSql(companyId),
    actorId: idea.authorId,
    dedupeKey: `new-idea:${idea.id}`,
    allows: Prisma.sql`${newIdeaMailSql('u')} = 'EACH'`,
    texts: newIdeaTexts({
      idea: {
        title: idea.title,
        boardName: idea.board.name,
        url: newIdeaConsoleUrl(deps, { id: idea.id, boardId: idea.board.id, isAwaiting }),
      },
      authorName: author?.displayName ?? '?',
      description: idea.description,
      isAwaiting,
    }),
  });
}
