import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { findCustomerCompanyForAdmin } from './customer-company-input.ts';
import type { TCustomerCompanyView } from './customer-company-input.ts';
import { lockCustomerValues } from './idea-value.ts';
import { findCustomerCompanyView } from './save-customer-company.ts';

/**
 * An end user of the caller's company for a membership change: another company's user, a team
 * member or an unknown id is "End user not found".
 */
async function requireEndUser(
  deps: Pick<TDeps, 'prisma'>,
  companyId: number,
  userId: number,
): Promise<void> {
  const found = await deps.prisma.user.count({
    where: { id: userId, companyId, role: 'END_USER' },
  });
  if (found === 0) throw errors.notFound('End user');
}

/**
 * Attaches an end user to a customer company (OWNER or ADMIN), for customers who never came
 * through SSO; attaching twice is one membership. The user's votes count toward their ideas'
 * value from then on (in the same transaction: customer/idea-value.ts). A later SSO sign-in whose token
 * carries `companies` sets the user's companies to the token's list.
 */
export async function attachCustomerCompanyMember(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  customerCompanyId: number,
  userId: number,
): Promise<TCustomerCompanyView> {
  const { company } = await findCustomerCompanyForAdmin(deps, viewer, customerCompanyId);
  await requireEndUser(deps, company.companyId, userId);
  await deps.prisma.$transaction(async (tx) => {
    await lockCustomerValues(tx, company.companyId);
    await tx.customerCompanyMember.createMany({
      data: [{ customerCompanyId: company.id, userId }],
      skipDuplicates: true,
    });
  });
  return findCustomerCompanyView(deps, company.id);
}

/**
 * Detaches an end user from a customer company (OWNER or ADMIN); not a member: no change. Their
 * ideas' values follow in the same transaction. The private boards the company granted
 * them go with it, their open live streams of those boards included (publishAccessChanged).
 */
export async function detachCustomerCompanyMember(
  deps: Pick<TDeps, 'prisma' | 'events'>,
  viewer: TViewer | null,
  customerCompanyId: number,
  userId: number,
): Promise<TCustomerCompanyView> {
  const { company } = await findCustomerCompanyForAdmin(deps, viewer, customerCompanyId);
  await requireEndUser(deps, company.companyId, userId);
  const detached = await deps.prisma.$transaction(async (tx) => {
    await lockCustomerValues(tx, company.companyId);
    const { count } = await tx.customerCompanyMember.deleteMany({
      where: { customerCompanyId: company.id, userId },
    });
    return count;
  });
  if (detached > 0) deps.events.publishAccessChanged({ userIds: [userId] });
  return findCustomerCompanyView(deps, company.id);
}
