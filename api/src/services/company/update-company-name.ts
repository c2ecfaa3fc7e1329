import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { parseInput, requiredName } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { changeCompanyField } from './change-company-field.ts';

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
  const company = await changeCompanyField(deps, admin, 'name', name, 'COMPANY_RENAMED');
  deps.log.info(`Company ${company.id}: renamed by user ${admin.userId}.`);
  deps.events.publishPortalStale({ companyId: company.id, boardId: null });
  return company;
}
