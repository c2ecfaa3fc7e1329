import { newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import type { Company } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';

/**
 * Replaces the company's SSO secret with a new random one (owners and admins, signed in: an
 * API key may not, so a leaked key cannot lock the company's widget out). SSO tokens signed
 * with the old secret stop verifying at once; the company's server must sign with the new one.
 * Sessions already handed out through SSO stay valid.
 */
export async function rotateCompanySecret(deps: TDeps, viewer: TViewer | null): Promise<Company> {
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot rotate the company secret: sign in to rotate it.',
  );
  // A security event: the new secret and its entry are written together or not at all.
  const company = await deps.prisma.$transaction(async (tx) => {
    const updated = await tx.company.update({
      where: { id: admin.companyId },
      data: { secret: newToken() },
    });
    await recordAudit(
      deps,
      {
        action: 'COMPANY_SECRET_ROTATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Company', id: admin.companyId },
      },
      tx,
    );
    return updated;
  });
  deps.log.info(`Company ${company.id}: SSO secret rotated by user ${admin.userId}.`);
  return company;
}
