import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Prisma, Release } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';
import { boardVisibleWhere, isAdminOf, isTeamMemberOf } from '../access.ts';
import type { TReleaseFilter } from './release-input.ts';

/**
 * Releases a caller may see: all of their company's if they administer it; otherwise the
 * published ones shown on a board they may see.
 */
export function releaseVisibleWhere(viewer: TViewer | null): Prisma.ReleaseWhereInput {
  const published: Prisma.ReleaseWhereInput = {
    isPublished: true,
    boards: { some: boardVisibleWhere(viewer) },
  };
  if (viewer && isAdminOf(viewer, viewer.companyId)) {
    return { OR: [{ companyId: viewer.companyId }, published] };
  }
  return published;
}

export function releaseFilterWhere(filter: TReleaseFilter): Prisma.ReleaseWhereInput {
  if (filter === 'PUBLISHED') return { isPublished: true };
  if (filter === 'UNPUBLISHED') return { isPublished: false };
  return {};
}

/** Newest release date first (the console's fixed DATE sort). */
export const RELEASE_ORDER: Prisma.ReleaseOrderByWithRelationInput[] = [
  { releaseDate: 'desc' },
  { id: 'desc' },
];

/**
 * A release of the caller's company that they administer. A release the caller may not see
 * (releaseVisibleWhere: for anyone but the company's team, a published release on a board
 * they see) is NOT_FOUND, as it is to a read: an end user learns nothing of a private board's
 * release or of an unpublished one. One they see but may not administer is FORBIDDEN.
 */
export async function findReleaseForAdmin(
  deps: TDeps,
  viewerOrNull: TViewer | null,
  releaseId: number,
): Promise<Release> {
  const viewer = requireViewer(viewerOrNull);
  // The team works with every release of its company (the console lists drafts): a MEMBER is
  // refused (FORBIDDEN), not told that a release it works beside does not exist.
  const where = isTeamMemberOf(viewer, viewer.companyId)
    ? { id: releaseId, companyId: viewer.companyId }
    : { id: releaseId, companyId: viewer.companyId, AND: [releaseVisibleWhere(viewer)] };
  const release = await deps.prisma.release.findFirst({ where });
  if (!release) throw errors.notFound('Release');
  if (!isAdminOf(viewer, release.companyId)) throw errors.forbidden();
  return release;
}
