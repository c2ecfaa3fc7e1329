import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { TEAM_ROLES } from '../../viewer.ts';
import { plainCommentText } from '../comment/mention-markup.ts';
import { usersWhoSeeBoard } from '../access.ts';
import { enqueueNotifications, loadMailCompany } from './enqueue-notifications.ts';
import { ideaRef, loadBoardRef } from './links.ts';
import { mentionTexts } from './notification-texts.ts';

export type TMention = {
  comment: { id: number; text: string; isInternal: boolean; authorId: number | null };
  idea: { id: number; title: string; board: { id: number; companyId: number } };
  /** The users the comment mentions (resolved: allowed there), each once. */
  userIds: number[];
  /** Users already mailed about this comment (the idea's author, by the admin-comment mail). */
  mailedAlready?: number[];
};

/**
 * Tells each mentioned user (never the author mentioning themselves): an unread entry in their
 * in-console notification list, and one mail per comment in their language when they allow
 * mention mails (`notifyMentions`, and not unsubscribed from all: the mail's one-click link
 * sets NONE). The team is sent to the idea in the console; an end user (mentioned in a public
 * comment) to the public board. An internal note only ever reaches the team, whatever the ids.
 */
export async function notifyMention(deps: TDeps, mention: TMention): Promise<number> {
  const { comment, idea } = mention;
  const companyId = idea.board.companyId;
  const team = [...TEAM_ROLES];
  const named = await deps.prisma.user.findMany({
    where: {
      id: { in: mention.userIds.filter((id) => id !== comment.authorId) },
      companyId,
      ...(comment.isInternal ? { role: { in: team } } : {}),
    },
    select: { id: true, role: true },
  });
  // Someone who may not see the board learns nothing of it, not even that they were named.
  const seeing = await usersWhoSeeBoard(
    deps,
    idea.board.id,
    named.map((u) => u.id),
  );
  const recipients = named.filter((u) => seeing.has(u.id));
  if (recipients.length === 0) return 0;
  await deps.prisma.notification.createMany({
    data: recipients.map((user) => ({
      userId: user.id,
      companyId,
      kind: 'MENTION' as const,
      commentId: comment.id,
      ideaId: idea.id,
      actorId: comment.authorId,
    })),
    skipDuplicates: true,
  });

  const [company, board, author] = await Promise.all([
    loadMailCompany(deps, companyId),
    loadBoardRef(deps, idea.board.id),
    comment.authorId === null
      ? null
      : deps.prisma.user.findUnique({
          where: { id: comment.authorId },
          select: { displayName: true },
        }),
  ]);
  const publicRef = ideaRef(deps, company.slug, { title: idea.title, board });
  const consoleUrl = `${deps.config.appUrl}/admin/boards/${board.id}/ideas/${idea.id}`;
  const isTeam = (role: string) => (team as string[]).includes(role);
  const isMailed = (id: number) => mention.mailedAlready?.includes(id) ?? false;
  const groups = [
    {
      ids: recipients.filter((u) => isTeam(u.role) && !isMailed(u.id)).map((u) => u.id),
      url: consoleUrl,
    },
    {
      ids: recipients.filter((u) => !isTeam(u.role) && !isMailed(u.id)).map((u) => u.id),
      url: publicRef.url,
    },
  ];
  let queued = 0;
  for (const group of groups) {
    if (group.ids.length === 0) continue;
    queued += await enqueueNotifications(deps, {
      companyId,
      topic: 'MENTION',
      boardIds: [idea.board.id],
      recipients: Prisma.sql`SELECT unnest(${group.ids}::int[]) AS "userId", false AS "mine"`,
      actorId: comment.authorId,
      dedupeKey: `mention:${comment.id}`,
      allows: Prisma.sql`u."notifyMentions" AND u."notifications" <> 'NONE'`,
      texts: mentionTexts({
        idea: { ...publicRef, url: group.url },
        authorName: author?.displayName ?? '—',
        text: plainCommentText(comment.text),
        isInternal: comment.isInternal,
      }),
    });
  }
  return queued;
}
