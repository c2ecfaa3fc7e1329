import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Comment, User } from '../../generated/prisma/client.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { isMissing, parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireNotBlocked } from '../../viewer.ts';
import {
  commentVisibleWhere,
  findIdeaForMember,
  isAdminOf,
  isTeamMemberOf,
  toRowId,
} from '../access.ts';
import { limitSubmission } from '../submission-limits.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyAdminComment } from '../notification/notify-admin-comment.ts';
import { notifyMention } from '../notification/notify-mention.ts';
import { plainCommentText } from './mention-markup.ts';
import { resolveMentions } from './resolve-mentions.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

export const ZComment = z.object({
  text: requiredText(6, 500),
  /** An internal note: the company's team only. */
  isInternal: z
    .preprocess(
      (input) => (input === null ? undefined : input),
      z.boolean({ error: 'It has to be true or false.' }).optional(),
    )
    .default(false),
  /** The top-level comment of the same idea this one answers (REST: its number). */
  parentId: z.unknown().optional(),
});

/** A comment with what lists show of its author (the role: the widget's "Team" badge). */
export type TCommentWithAuthor = Comment & {
  author: Pick<User, 'id' | 'displayName' | 'role' | 'avatarUrl'> | null;
};
/** What a comment carries of its author, for every read of comments. */
export const COMMENT_AUTHOR = {
  author: { select: { id: true, displayName: true, role: true, avatarUrl: true } },
} as const;

const parentProblem = (message: string) => errors.validation([{ field: 'parentId', message }]);

/**
 * Adds a comment (6 to 500 characters). Public comments move the idea's commentCount in the same
 * transaction, reach live subscribers and webhooks, and an admin's is mailed to the idea's
 * author. An internal note (`isInternal`, the company's team only) does none of that: nobody
 * outside the team learns it exists. A reply (`parentId`) answers a top-level comment of the
 * same idea that the caller can see; replying to a reply is refused (one level, like Canny),
 * and a reply to an internal note is itself internal. Blocked end users are refused, and end
 * users are limited per user and per client address (limitSubmission: 429 past it).
 *
 * Mentions (`@[Name](user:ID)`, resolve-mentions.ts) are kept only for users who may be
 * mentioned there (an internal note: the team only); each mentioned user is notified once.
 * Everything that leaves the console (mails, webhooks, Slack) reads the mention as `@Name`.
 */
export async function addComment(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
  client?: TClient,
): Promise<TCommentWithAuthor> {
  const data = parseInput(ZComment, input);
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  requireNotBlocked(member);
  const isTeam = isTeamMemberOf(member, idea.board.companyId);
  if (data.isInternal && !isTeam) throw errors.forbidden();

  let parentId: number | null = null;
  let isInternal = data.isInternal;
  if (!isMissing(data.parentId)) {
    parentId = toRowId(data.parentId);
    const parent = await deps.prisma.comment.findFirst({
      where: { id: parentId, ideaId: idea.id, ...commentVisibleWhere(member) },
      select: { parentId: true, isInternal: true },
    });
    if (!parent) throw parentProblem('Comment not found');
    if (parent.parentId !== null) {
      throw parentProblem(
        'Replies are one level deep: reply to the comment that starts the thread.',
      );
    }
    isInternal ||= parent.isInternal;
  }
  await limitSubmission(deps, 'commentSubmission', member, idea.board.companyId, client);

  const companyId = idea.board.companyId;
  const mentions = await resolveMentions(deps, { id: idea.id, companyId, isInternal }, data.text);
  const create = deps.prisma.comment.create({
    data: {
      ideaId: idea.id,
      authorId: member.userId,
      text: mentions.text,
      isInternal,
      parentId,
      mentions: { create: mentions.userIds.map((userId) => ({ userId })) },
    },
    include: COMMENT_AUTHOR,
  });
  const notifyMentioned = (comment: TCommentWithAuthor, mailedAlready: number[] = []) =>
    mentions.userIds.length === 0
      ? Promise.resolve()
      : notifySafely(deps, `mentions of comment ${comment.id}`, () =>
          notifyMention(deps, { comment, idea, userIds: mentions.userIds, mailedAlready }),
        );
  if (isInternal) {
    const note = await create;
    await notifyMentioned(note);
    return note;
  }

  const [comment, updated] = await deps.prisma.$transaction([
    create,
    deps.prisma.idea.update({
      where: { id: idea.id },
      data: { commentCount: { increment: 1 } },
    }),
  ]);
  publishIdeaChange(deps, 'COMMENTED', updated, companyId);
  const plainText = plainCommentText(comment.text);
  // The author of the idea hears of an admin's comment once: its own mail, not a second one
  // for being mentioned in it.
  let mailedAuthor = 0;
  if (isAdminOf(member, companyId)) {
    await notifySafely(deps, `comment ${comment.id}`, async () => {
      mailedAuthor = await notifyAdminComment(deps, {
        idea,
        adminId: member.userId,
        text: plainText,
      });
    });
  }
  await notifyMentioned(comment, mailedAuthor > 0 && idea.authorId ? [idea.authorId] : []);
  await emitIdeaEvent(deps, 'COMMENT_ADDED', updated, companyId, {
    comment: {
      id: comment.id,
      text: plainText,
      authorId: comment.authorId,
      authorName: comment.author?.displayName ?? null,
      createdAt: comment.createdAt.toISOString(),
      parentId: comment.parentId,
    },
  });
  return comment;
}
