import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { parseInput, requiredBoolean } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';

const ZRequireTwoFactor = z.object({ required: requiredBoolean() });

/**
 * Requires (or stops requiring) two-factor sign-in of the company's whole team (owners, admins and members, who read private boards): the owner
 * only, signed in with a session, and with two-factor sign-in on for their own account first
 * (so the owner shows it works before asking it of others). Team members without it are made
 * to set it up at their next sign-in (see log-in.ts); their open sessions lose team powers until
 * they enrol (MUST_ENROL, authenticate.ts).
 */
export async function setRequireTwoFactor(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<Company> {
  const { required } = parseInput(ZRequireTwoFactor, input);
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot change sign-in rules: sign in to change them.',
  );
  if (admin.role !== 'OWNER') throw errors.forbidden();
  if (required) {
    const owner = await deps.prisma.user.findUniqueOrThrow({
      where: { id: admin.userId },
      select: { twoFactorEnabledAt: true },
    });
    if (!owner.twoFactorEnabledAt) {
      throw new AppError(
        'CONFLICT',
        'Turn on two-factor sign-in for your own account first, then require it of your team.',
      );
    }
  }
  const company = await deps.prisma.$transaction(async (tx) => {
    const updated = await tx.company.update({
      where: { id: admin.companyId },
      data: { requireTwoFactor: required },
    });
    await recordAudit(
      deps,
      {
        action: 'TWO_FACTOR_REQUIREMENT_CHANGED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Company', id: admin.companyId },
        details: { required },
      },
      tx,
    );
    return updated;
  });
  // Its members without a second factor lose their team's sight at once (MUST_ENROL): their
  // open live streams end as their requests are refused.
  if (required) deps.events.publishAccessChanged({ companyIds: [company.id] });
  deps.log.info(
    `Company ${company.id}: two-factor sign-in ${required ? 'required' : 'optional'} (user ${admin.userId}).`,
  );
  return company;
}
