import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInOwner } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { TEAM_KEYS_REFUSED, lockTeamMembers, requireTeamTarget } from './team-access.ts';

/**
 * Hands the company to another team member (the owner only, signed in): they become the OWNER
 * and the caller an ADMIN, in one transaction that locks both rows, so the company has exactly
 * one owner whatever runs beside it. Answers the new owner.
 */
export async function transferOwnership(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
): Promise<User> {
  const owner = await requireTeamTarget(deps, viewer, userId, (caller) =>
    requireSignedInOwner(caller, TEAM_KEYS_REFUSED),
  );
  if (userId === owner.userId) {
    throw new AppError('CONFLICT', 'You already own the company: pick another team member.');
  }
  return deps.prisma.$transaction(async (tx) => {
    const locked = await lockTeamMembers(tx, owner.companyId, [owner.userId, userId]);
    const ownerRow = locked.get(owner.userId)!;
    const heir = locked.get(userId)!;
    // Another transfer got here first: the caller is no longer the owner.
    if (ownerRow.role !== 'OWNER') throw errors.forbidden();
    await tx.user.update({ where: { id: owner.userId }, data: { role: 'ADMIN' } });
    const updated = await tx.user.update({ where: { id: userId }, data: { role: 'OWNER' } });
    await recordAudit(
      deps,
      {
        action: 'OWNERSHIP_TRANSFERRED',
        companyId: owner.companyId,
        actor: actorOf(owner),
        target: { type: 'User', id: userId },
        details: { name: heir.displayName, from: heir.role },
      },
      tx,
    );
    return updated;
  });
}
