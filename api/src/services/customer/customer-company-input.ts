import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { CustomerCompany } from '../../generated/prisma/client.ts';
import { messages, optionalText, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireViewer } from '../../viewer.ts';
import { isTeamMemberOf } from '../access.ts';
import { CUSTOMER_COMPANY_LIMITS } from './customer-company-limits.ts';

const L = CUSTOMER_COMPANY_LIMITS;

export const SPEND_MESSAGE = `It has to be a number from 0 to ${L.maxMonthlySpend}.`;

/** A monthly spend: a number (or its text, `1234.5`) from 0, rounded to cents. */
export const ZMonthlySpend = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? messages.required : SPEND_MESSAGE,
    })
    .finite({ error: SPEND_MESSAGE })
    .min(0, { error: SPEND_MESSAGE })
    .max(L.maxMonthlySpend, { error: SPEND_MESSAGE })
    .transform((spend) => Math.round(spend * 100) / 100),
);

/** A customer company as an admin creates or edits it. */
export const ZCustomerCompanyInput = z.object({
  name: requiredText(1, L.maxNameLength),
  externalId: requiredText(1, L.maxExternalIdLength),
  monthlySpend: ZMonthlySpend,
  plan: optionalText(1, L.maxPlanLength),
});
export type TCustomerCompanyInput = z.output<typeof ZCustomerCompanyInput>;

export const EXTERNAL_ID_TAKEN = 'Another customer company already has this external id.';

/** A customer company as lists show it: with how many end users work for it. */
export type TCustomerCompanyView = CustomerCompany & { memberCount: number };

/** The caller's company, if they are on its team (MEMBER reads customers; ADMIN+ changes them). */
export function requireTeamReader(viewer: TViewer | null): TViewer {
  const signedIn = requireViewer(viewer);
  if (!isTeamMemberOf(signedIn, signedIn.companyId)) throw errors.forbidden();
  return signedIn;
}

/**
 * A customer company of the caller's company, for an admin to change: another company's or an
 * unknown id is "Customer company not found" whatever the caller's role; then anyone but an
 * OWNER or ADMIN is refused.
 */
export async function findCustomerCompanyForAdmin(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  customerCompanyId: number,
): Promise<{ viewer: TViewer; company: CustomerCompany }> {
  const { companyId } = requireViewer(viewer);
  const company = await deps.prisma.customerCompany.findFirst({
    where: { id: customerCompanyId, companyId },
  });
  if (!company) throw errors.notFound('Customer company');
  return { viewer: requireCompanyAdmin(viewer), company };
}

/** Whether an error is PostgreSQL's (through Prisma) unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'P2002' || String((error as Error)?.message ?? '').includes('23505');
}
