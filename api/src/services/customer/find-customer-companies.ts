import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { requireTeamReader } from './customer-company-input.ts';
import type { TCustomerCompanyView } from './customer-company-input.ts';

/**
 * The caller's company's customer companies, biggest spend first, with how many end users work
 * for each (the whole team reads them; end users and anonymous callers are refused).
 */
export async function findCustomerCompanies(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
): Promise<TCustomerCompanyView[]> {
  const { companyId } = requireTeamReader(viewer);
  const rows = await deps.prisma.customerCompany.findMany({
    where: { companyId },
    include: { _count: { select: { members: true } } },
    orderBy: [{ monthlySpend: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  });
  return rows.map(({ _count, ...company }) => ({ ...company, memberCount: _count.members }));
}

/** The end users working for a customer company the caller's team reads, by name. */
export async function findCustomerCompanyMembers(
  deps: Pick<TDeps, 'prisma'>,
  viewer: TViewer | null,
  customerCompanyId: number,
): Promise<{ id: number; displayName: string; email: string | null }[]> {
  const { companyId } = requireTeamReader(viewer);
  const members = await deps.prisma.customerCompanyMember.findMany({
    where: { customerCompanyId, customerCompany: { companyId } },
    select: { user: { select: { id: true, displayName: true, email: true } } },
    orderBy: [{ user: { displayName: 'asc' } }, { userId: 'asc' }],
  });
  return members.map((member) => member.user);
}
