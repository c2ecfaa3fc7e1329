import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import { ZIdeaStatusChange } from './idea-input.ts';
import { publishIdeaChange } from './publish-idea-change.ts';

/**
 * Moves an idea to any status but DECLINED (admins only; declining takes a reason). A declined
 * idea has no status options (spec section 4).
 */
export async function setIdeaStatus(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<Idea> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const { status } = parseInput(ZIdeaStatusChange, input);
  // The condition makes a concurrent decline win cleanly instead of being overwritten.
  const { count } = await deps.prisma.idea.updateMany({
    where: { id: idea.id, status: { not: 'DECLINED' } },
    data: { status },
  });
  if (count === 0) {
    throw new AppError('CONFLICT', 'This idea is declined: its status can no longer change.', [
      { field: 'status', message: 'A declined idea has no status options.' },
    ]);
  }
  const updated = await deps.prisma.idea.findUniqueOrThrow({ where: { id: idea.id } });
  publishIdeaChange(deps, 'UPDATED', updated, idea.board.companyId);
  return updated;
}
