import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { canEditIdea, findIdeaForMember } from '../access.ts';
import { publishIdeaChange } from './publish-idea-change.ts';

/** Deletes an idea with its votes and comments (its author or an admin). */
export async function deleteIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<{ id: number; boardId: number }> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canEditIdea(member, { authorId: idea.authorId, companyId: idea.board.companyId })) {
    throw errors.forbidden();
  }
  // deleteMany: a concurrent delete of the same idea is a no-op here, not an error.
  const { count } = await deps.prisma.idea.deleteMany({ where: { id: idea.id } });
  if (count === 0) throw errors.notFound('Idea');
  publishIdeaChange(deps, 'DELETED', idea, idea.board.companyId);
  return { id: idea.id, boardId: idea.boardId };
}
