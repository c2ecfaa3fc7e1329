import type { TDeps } from '../../deps.ts';
import type { IdeaActivity } from '../../generated/prisma/client.ts';

/**
 * A page of an idea's activity, newest first, by keyset on the row id (`afterId`: older than
 * it; `beforeId`: newer than it; `reverse` reads from the other end). The caller has checked
 * that it is on the team of the idea's company (isTeamMemberOf).
 */
export function findIdeaActivityPage(
  deps: TDeps,
  ideaId: number,
  page: { limit: number; afterId?: number; beforeId?: number; reverse: boolean },
): Promise<IdeaActivity[]> {
  const id: { lt?: number; gt?: number } = {};
  if (page.afterId !== undefined) id.lt = page.afterId;
  if (page.beforeId !== undefined) id.gt = page.beforeId;
  return deps.prisma.ideaActivity.findMany({
    where: { ideaId, ...(page.afterId !== undefined || page.beforeId !== undefined ? { id } : {}) },
    orderBy: { id: page.reverse ? 'asc' : 'desc' },
    take: page.limit,
  });
}
