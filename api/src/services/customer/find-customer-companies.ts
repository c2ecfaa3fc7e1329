import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
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

/**
 * The filter and order of the team's customer companies (biggest spend first), for a page of
 * them: the same list as findCustomerCompanies, refused as it is outside the team.
 */
export function customerCompaniesQuery(viewer: TViewer | null) {
  const { companyId } = requireTeamReader(viewer);
  return {
    where: { companyId } satisfies Prisma.CustomerCompanyWhereInput,
    orderBy: [
      { monthlySpend: 'desc' },
      { name: 'asc' },
      { id: 'asc' },
    ] satisfies Prisma.CustomerCompanyOrderByWithRelationInput[],
  };
}

/** How many end users work for each of these customer companies (one statement). */
export async function countCustomerCompanyMembers(
  deps: Pick<TDeps, 'prisma'>,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.prisma.customerCompanyMember.groupBy({
    by: ['customerCompanyId'],
    where: { customerCompanyId: { in: ids } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.customerCompanyId, row._count._all]));
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
