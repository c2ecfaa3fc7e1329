import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { parseInput, requiredName } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';

/**
 * The company name: the sign-up rule (spec section 5, 6 to 50 characters), required once set,
 * NFC, without invisible or control characters (requiredName). Names are not unique: a
 * company is its slug and domain, and a uniqueness check would tell strangers which names exist.
 */
export const COMPANY_NAME_LIMITS = { min: 6, max: 50 } as const;

export const ZCompanyName = z.object({
  name: requiredName(COMPANY_NAME_LIMITS.min, COMPANY_NAME_LIMITS.max).meta({
    description: "The company's new name, 6 to 50 characters.",
  }),
});

/**
 * Renames the company (owners and admins, signed in as themselves). Its slug, and so every
 * public address, stays. The change and its audit entry (COMPANY_RENAMED, old and new name) are
 * written together; cached portal pages, which show the name, are dropped.
 */
export async function updateCompanyName(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<Company> {
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot rename the company: sign in to change its name.',
  );
  const { name } = parseInput(ZCompanyName, input);
  const company = await deps.prisma.$transaction(async (tx) => {
    const current = await tx.company.findUniqueOrThrow({
      where: { id: admin.companyId },
      select: { name: true },
    });
    const updated = await tx.company.update({ where: { id: admin.companyId }, data: { name } });
    if (current.name !== name) {
      await recordAudit(
        deps,
        {
          action: 'COMPANY_RENAMED',
          companyId: admin.companyId,
          actor: actorOf(admin),
          target: { type: 'Company', id: admin.companyId },
          details: { from: current.name, to: name },
        },
        tx,
      );
    }
    return updated;
  });
  deps.log.info(`Company ${company.id}: renamed by user ${admin.userId}.`);
  deps.events.publishPortalStale({ companyId: company.id, boardId: null });
  return company;
}
