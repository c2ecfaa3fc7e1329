import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { TAuditActor } from '../audit/record-audit.ts';

/**
 * Revokes every live API key a team member created, inside the caller's transaction (the one
 * that removes or demotes them), with an API_KEY_REVOKED entry per key naming why. A key acts
 * with its creator's rights, so a key made as an admin must not outlive the admin role.
 * Answers the revoked keys' ids, for the revocation event (their live streams end).
 */
export async function revokeMemberApiKeys(
  deps: TDeps,
  tx: Prisma.TransactionClient,
  member: { userId: number; companyId: number },
  actor: TAuditActor,
  reason: 'TEAM_MEMBER_REMOVED' | 'TEAM_ROLE_CHANGED',
): Promise<number[]> {
  const revoked = await tx.apiKey.updateManyAndReturn({
    where: { createdById: member.userId, companyId: member.companyId, revokedAt: null },
    data: { revokedAt: new Date() },
    select: { id: true, name: true, prefix: true },
  });
  for (const key of revoked) {
    await recordAudit(
      deps,
      {
        action: 'API_KEY_REVOKED',
        companyId: member.companyId,
        actor,
        target: { type: 'ApiKey', id: key.id },
        details: { name: key.name, prefix: key.prefix, reason, createdBy: member.userId },
      },
      tx,
    );
  }
  return revoked.map(({ id }) => id);
}
