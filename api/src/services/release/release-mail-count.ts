import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { isAdminOf } from '../access.ts';
import { countChangelogRecipients } from '../changelog/notify-changelog-subscribers.ts';
import { countReleaseRecipients } from '../notification/notify-release-published.ts';

/**
 * How many mails publishing a release now would send (the publish dialog says so before anyone
 * is mailed): release mails to the voters and authors of its ideas, and the changelog's mails
 * to its subscribers, each by the rules that queue them. Admins only (null for anyone else).
 */
export async function releaseMailCount(
  deps: TDeps,
  viewer: TViewer | null,
  release: { id: number; companyId: number },
): Promise<number | null> {
  if (!viewer || !isAdminOf(viewer, release.companyId)) return null;
  const boards = await deps.prisma.board.findMany({
    where: { releases: { some: { id: release.id } } },
    select: { id: true, isPublic: true },
  });
  const withBoards = { ...release, boards };
  const [toVoters, toSubscribers] = await Promise.all([
    countReleaseRecipients(deps, withBoards, viewer.userId),
    countChangelogRecipients(deps, withBoards),
  ]);
  return toVoters + toSubscribers;
}
