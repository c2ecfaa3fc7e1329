import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Comment, User } from '../../generated/prisma/client.ts';
import { parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findIdeaForMember } from '../access.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';

export const ZComment = z.object({ text: requiredText(6, 500) });

export type TCommentWithAuthor = Comment & { author: Pick<User, 'id' | 'displayName'> | null };

/** Adds a comment (6 to 500 characters); the idea's comment count moves in the same transaction. */
export async function addComment(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<TCommentWithAuthor> {
  const { text } = parseInput(ZComment, input);
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
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
  return comment;
}
