import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { canEditIdea, findVisibleIdea } from '../access.ts';

export type TVoter = { id: number; name: string };

/** Who voted for an idea, earliest first: editors only (admins and the idea's author). */
export async function listVoters(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoter[]> {
  const idea = await findVisibleIdea(deps, viewer, ideaId);
  if (!canEditIdea(viewer, { authorId: idea.authorId, companyId: idea.board.companyId })) {
    throw viewer?.companyId === idea.board.companyId ? errors.forbidden() : errors.notFound('Idea');
  }
  const votes = await deps.prisma.vote.findMany({
    where: { ideaId: idea.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { user: { select: { id: true, displayName: true } } },
  });
  return votes.map(({ user }) => ({ id: user.id, name: user.displayName }));
}
