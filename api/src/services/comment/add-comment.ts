import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Comment, User } from '../../generated/prisma/client.ts';
import { parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireNotBlocked } from '../../viewer.ts';
import { findIdeaForMember, isAdminOf } from '../access.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyAdminComment } from '../notification/notify-admin-comment.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

export const ZComment = z.object({ text: requiredText(6, 500) });

export type TCommentWithAuthor = Comment & { author: Pick<User, 'id' | 'displayName'> | null };

/**
 * Adds a comment (6 to 500 characters); the idea's comment count moves in the same transaction.
 * An admin's comment is mailed to the idea's author. Blocked end users are refused.
 */
export async function addComment(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<TCommentWithAuthor> {
  const { text } = parseInput(ZComment, input);
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  requireNotBlocked(member);
  const [comment, updated] = await deps.prisma.$transaction([
    deps.prisma.comment.create({
      data: { ideaId: idea.id, authorId: member.userId, text },
      include: { author: { select: { id: true, displayName: true } } },
    }),
    deps.prisma.idea.update({
      where: { id: idea.id },
      data: { commentCount: { increment: 1 } },
    }),
  ]);
  publishIdeaChange(deps, 'COMMENTED', updated, idea.board.companyId);
  if (isAdminOf(member, idea.board.companyId)) {
    await notifySafely(deps, `comment ${comment.id}`, () =>
      notifyAdminComment(deps, { idea, adminId: member.userId, text }),
    );
  }
  await emitIdeaEvent(deps, 'COMMENT_ADDED', updated, idea.board.companyId, {
    comment: {
      id: comment.id,
      text: comment.text,
      authorId: comment.authorId,
      authorName: comment.author?.displayName ?? null,
      createdAt: comment.createdAt.toISOString(),
    },
  });
  return comment;
}
