import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMember } from '../../viewer.ts';
import { findVisibleIdea } from '../access.ts';
import type { TCommentWithAuthor } from './add-comment.ts';

/**
 * The comments a caller may read, as a filter: public comments, and internal notes only on
 * ideas of the caller's own company when the caller is on its team (an API key acts as its
 * creator, so an admin's key is the team; a demoted creator's key is not). The one rule for
 * REST, GraphQL, the widget and the portal.
 */
export function commentVisibleWhere(viewer: TViewer | null): Prisma.CommentWhereInput {
  if (!viewer || !isTeamMember(viewer)) return { isInternal: false };
  return { OR: [{ isInternal: false }, { idea: { board: { companyId: viewer.companyId } } }] };
}

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
