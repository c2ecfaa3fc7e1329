import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember } from '../access.ts';
import { ZIdeaStatusChange } from './idea-input.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyStatusChange } from '../notification/notify-status-change.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

/**
 * Moves an idea to any status but DECLINED (admins only; declining takes a reason). A declined
 * idea has no status options (spec section 4). A real change mails the idea's voters and author.
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
  // The condition makes a concurrent decline win cleanly instead of being overwritten, and
  // tells a real change (which mails people) from setting the status it already has.
  const { count } = await deps.prisma.idea.updateMany({
    where: { id: idea.id, status: { notIn: ['DECLINED', status] } },
    data: { status },
  });
  const updated = await deps.prisma.idea.findUniqueOrThrow({ where: { id: idea.id } });
  if (count === 0 && updated.status === 'DECLINED') {
    throw new AppError('CONFLICT', 'This idea is declined: its status can no longer change.', [
      { field: 'status', message: 'A declined idea has no status options.' },
    ]);
  }
  // Past this point the status really changed (the update's condition says so).
  if (count === 0) return updated;
  publishIdeaChange(deps, 'UPDATED', updated, idea.board.companyId);
  await notifySafely(deps, `idea ${idea.id} status`, () =>
    notifyStatusChange(deps, {
      idea: { ...updated, board: idea.board },
      status,
      actorId: member.userId,
    }),
  );
  await emitIdeaEvent(deps, 'IDEA_STATUS_CHANGED', updated, idea.board.companyId, {
    previousStatus: idea.status,
  });
  return updated;
}
