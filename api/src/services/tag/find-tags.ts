import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Prisma, Tag } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { isCompanyAdmin, isTeamMember } from '../../viewer.ts';
import { isTeamMemberOf } from '../access.ts';

/**
 * The tags a caller may see on ideas, as a filter: public tags, and private tags only of the
 * caller's own company when the caller is on its team. The one rule for REST, GraphQL, the
 * widget and the portal (the list statement writes it in SQL: tagVisibleSql).
 */
export function tagVisibleWhere(viewer: TViewer | null): Prisma.TagWhereInput {
  if (!viewer || !isTeamMember(viewer)) return { isPrivate: false };
  return { OR: [{ isPrivate: false }, { companyId: viewer.companyId }] };
}

/** Whether the caller sees a company's private tags (its team). */
export function seesPrivateTags(viewer: TViewer | null, companyId: number): boolean {
  return isTeamMemberOf(viewer, companyId);
}

/**
 * The tags of a company in name order: all of them for its team, its public ones for anyone
 * else who may see one of its boards (the caller passes a company they reached through a
 * visible board).
 */
export async function findCompanyTags(
  deps: TDeps,
  viewer: TViewer | null,
  companyId: number,
): Promise<Tag[]> {
  return deps.prisma.tag.findMany({
    where: {
      companyId,
      ...(seesPrivateTags(viewer, companyId) ? {} : { isPrivate: false }),
    },
    orderBy: [{ nameKey: 'asc' }, { id: 'asc' }],
  });
}

/**
 * A tag of the caller's own company: another company's tag is not found; a private tag is not
 * found outside the team; `admin` refuses anyone but OWNER and ADMIN.
 */
export async function findOwnTag(
  deps: TDeps,
  viewer: TViewer | null,
  tagId: number,
  { admin }: { admin: boolean },
): Promise<Tag> {
  if (!viewer) throw errors.unauthenticated();
  const tag = await deps.prisma.tag.findFirst({
    where: { id: tagId, companyId: viewer.companyId, ...tagVisibleWhere(viewer) },
  });
  if (!tag) throw errors.notFound('Tag');
  if (admin ? !isCompanyAdmin(viewer) : !isTeamMember(viewer)) throw errors.forbidden();
  return tag;
}
