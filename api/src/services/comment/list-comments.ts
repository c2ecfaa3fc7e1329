import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { commentVisibleWhere, findVisibleIdea } from '../access.ts';
import type { TCommentWithAuthor } from './add-comment.ts';

/** An idea's comments (and replies), oldest first, for anyone who may see the idea. */
export async function listComments(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TCommentWithAuthor[]> {
  const idea = await findVisibleIdea(deps, viewer, ideaId);
  return deps.prisma.comment.findMany({
    where: { ideaId: idea.id, ...commentVisibleWhere(viewer) },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: { author: { select: { id: true, displayName: true } } },
  });
}
