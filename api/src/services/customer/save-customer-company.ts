import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin } from '../../viewer.ts';
import {
  EXTERNAL_ID_TAKEN,
  ZCustomerCompanyInput,
  findCustomerCompanyForAdmin,
  isUniqueViolation,
} from './customer-company-input.ts';
import type { TCustomerCompanyView } from './customer-company-input.ts';
import { lockCustomerValues } from './idea-value.ts';

async function withMemberCount(
  deps: Pick<TDeps, 'prisma'>,
  id: number,
): Promise<TCustomerCompanyView> {
  const { _count, ...company } = await deps.prisma.customerCompany.findUniqueOrThrow({
    where: { id },
    include: { _count: { select: { members: true } } },
  });
  return { ...company, memberCount: _count.members };
}

/**
 * Creates a customer company of the caller's company (OWNER or ADMIN): name, external id (its
 * id in the company's own system, unique per company), monthly spend, optional plan. A taken
 * external id is a field error, also when two admins create it at once (the unique key decides).
 */
export async function createCustomerCompany(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  input: unknown,
): Promise<TCustomerCompanyView> {
  const { companyId } = requireCompanyAdmin(viewer);
  const data = parseInput(ZCustomerCompanyInput, input);
  try {
    const created = await deps.prisma.customerCompany.create({
      data: { ...data, plan: data.plan ?? null, companyId },
    });
    return { ...created, memberCount: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw errors.validation([{ field: 'externalId', message: EXTERNAL_ID_TAKEN }]);
    }
    throw error;
  }
}

/**
 * Edits a customer company of the caller's company (OWNER or ADMIN; another company's is not
 * found). A new monthly spend moves the value of every idea one of its people voted for,
 * in the same transaction, so every list sorted by value sees the new spend at once.
 */
export async function updateCustomerCompany(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  customerCompanyId: number,
  input: unknown,
): Promise<TCustomerCompanyView> {
  const { company } = await findCustomerCompanyForAdmin(deps, viewer, customerCompanyId);
  const data = parseInput(ZCustomerCompanyInput, input);
  try {
    await deps.prisma.$transaction(async (tx) => {
      await lockCustomerValues(tx, company.companyId);
      // A new spend moves the values of the ideas the company stands behind (the trigger of
      // migration idea_customer_company).
      await tx.customerCompany.update({
        where: { id: company.id },
        data: { ...data, plan: data.plan ?? null },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw errors.validation([{ field: 'externalId', message: EXTERNAL_ID_TAKEN }]);
    }
    throw error;
  }
  return withMemberCount(deps, company.id);
}

export { withMemberCount as findCustomerCompanyView };
