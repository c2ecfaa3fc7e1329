import type { TDeps } from '../../deps.ts';
import type { User } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { revokeMemberApiKeys } from '../api-key/revoke-member-api-keys.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import {
  lockTeamMembers,
  ownerRemovalRefusal,
  requireTeamAdmin,
  requireTeamTarget,
} from './team-access.ts';

/**
 * Takes a person off the team (owners and admins, signed in): they become an end user of the
 * company, so their ideas, comments and votes stay, shown under their name. Their sessions end,
 * their API keys are revoked (each with an API_KEY_REVOKED entry) and their live streams close,
 * at once. The owner cannot be removed (they transfer ownership first: CONFLICT, worded for the
 * owner themselves and for an admin); a user who is not on the caller's team (an end user,
 * another company's member, an unknown id) is "Team member not found". An admin may take
 * themselves off the team.
 */
export async function removeMember(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
): Promise<User> {
  const admin = await requireTeamTarget(deps, viewer, userId, requireTeamAdmin);
  const removed = await deps.prisma.$transaction(async (tx) => {
    const member = (await lockTeamMembers(tx, admin.companyId, [userId])).get(userId)!;
    if (member.role === 'OWNER') throw ownerRemovalRefusal(userId === admin.userId);
    const now = new Date();
    const updated = await tx.user.update({ where: { id: userId }, data: { role: 'END_USER' } });
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    await revokeMemberApiKeys(
      deps,
      tx,
      { userId, companyId: admin.companyId },
      actorOf(admin),
      'TEAM_MEMBER_REMOVED',
    );
    await recordAudit(
      deps,
      {
        action: 'TEAM_MEMBER_REMOVED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'User', id: userId },
        details: { name: member.displayName, role: member.role },
      },
      tx,
    );
    return updated;
  });
  // Their live streams (sessions' and keys') end on every process.
  deps.events.publishCredentialRevoked({ userIds: [userId] });
  return removed;
}
