import type { TDeps } from '../../deps.ts';
import type { Prisma, Role, User } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyAdmin } from './company-access.ts';

export type TUserCounts = { total: number; sso: number; regular: number };

/** The users of the admin's company (regular and SSO), by display name; `roles` filters. */
export function companyUsersQuery(
  viewer: TViewer | null,
  companyId?: number,
  roles?: Role[],
): { where: Prisma.UserWhereInput; orderBy: Prisma.UserOrderByWithRelationInput[] } {
  const admin = requireOwnCompanyAdmin(viewer, companyId);
  return {
    where: { companyId: admin.companyId, ...(roles ? { role: { in: roles } } : {}) },
    orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
  };
}

/** How many users the company has: in all, of kind SSO, and regular (email and password). */
export async function countCompanyUsers(
  deps: TDeps,
  viewer: TViewer | null,
  companyId?: number,
): Promise<TUserCounts> {
  const { where } = companyUsersQuery(viewer, companyId);
  const groups = await deps.prisma.user.groupBy({ by: ['kind'], where, _count: { _all: true } });
  const count = (kind: string) => groups.find((g) => g.kind === kind)?._count._all ?? 0;
  const sso = count('SSO');
  const regular = count('REGULAR');
  return { total: sso + regular, sso, regular };
}

/** Every user of the company, sorted by display name (the REST list). */
export async function listCompanyUsers(
  deps: TDeps,
  viewer: TViewer | null,
  companyId?: number,
): Promise<User[]> {
  return deps.prisma.user.findMany(companyUsersQuery(viewer, companyId));
}
