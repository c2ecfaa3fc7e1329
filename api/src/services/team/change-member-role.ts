import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { User } from '../../generated/prisma/client.ts';
import { parseInput, requiredEnum } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { revokeMemberApiKeys } from '../api-key/revoke-member-api-keys.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import {
  lockTeamMembers,
  ownerRoleRefusal,
  requireTeamAdmin,
  requireTeamTarget,
} from './team-access.ts';

/** The roles an admin gives: OWNER only passes by transferOwnership. */
export const ASSIGNABLE_ROLES = ['ADMIN', 'MEMBER'] as const;

const ZChangeMemberRole = z.object({ role: requiredEnum(ASSIGNABLE_ROLES) });

/**
 * Makes a team member an ADMIN or a MEMBER (owners and admins, signed in). The owner's role
 * is refused (transferOwnership moves it); a user who is not on the caller's team is not found.
 * The change and its audit entry are written together; it applies to the member's very next
 * request, since each request reads the role afresh, and their open live streams close at once.
 * An admin made a member loses the API keys they created (revoked, each audit-logged): a key
 * acts with its creator's rights, and those it was made for are gone.
 */
export async function changeMemberRole(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
  input: unknown,
): Promise<User> {
  const admin = await requireTeamTarget(deps, viewer, userId, requireTeamAdmin);
  const { role } = parseInput(ZChangeMemberRole, input);
  const { updated, isChanged } = await deps.prisma.$transaction(async (tx) => {
    const member = (await lockTeamMembers(tx, admin.companyId, [userId])).get(userId)!;
    if (member.role === 'OWNER') throw ownerRoleRefusal();
    const updated = await tx.user.update({ where: { id: userId }, data: { role } });
    if (member.role === 'ADMIN' && role === 'MEMBER') {
      await revokeMemberApiKeys(
        deps,
        tx,
        { userId, companyId: admin.companyId },
        actorOf(admin),
        'TEAM_ROLE_CHANGED',
      );
    }
    if (member.role !== role) {
      await recordAudit(
        deps,
        {
          action: 'TEAM_ROLE_CHANGED',
          companyId: admin.companyId,
          actor: actorOf(admin),
          target: { type: 'User', id: userId },
          details: { name: member.displayName, from: member.role, to: role },
        },
        tx,
      );
    }
    return { updated, isChanged: member.role !== role };
  });
  // Streams opened with the old role's sight close; the client reopens them as what it is now.
  if (isChanged) deps.events.publishCredentialRevoked({ userIds: [userId] });
  return updated;
}
