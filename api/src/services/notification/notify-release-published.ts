import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { RELEASE_PART_ORDER, releasePartForEveryReaderWhere } from '../release/find-releases.ts';
import {
  countNotificationRecipients,
  enqueueNotifications,
  loadMailCompany,
} from './enqueue-notifications.ts';
import type { TNotification } from './enqueue-notifications.ts';
import { boardUrl } from './links.ts';
import { releaseTexts } from './notification-texts.ts';

/**
 * Queues the mails of a published release: to the voters and authors of the ideas it ships
 * (MY_IDEAS: authors only), once per user and release however often it is republished.
 */
export async function notifyReleasePublished(
  deps: TDeps,
  releaseId: number,
  actorId: number,
): Promise<number> {
  const release = await deps.prisma.release.findUniqueOrThrow({
    where: { id: releaseId },
    include: { boards: { orderBy: { id: 'asc' } } },
  });
  // Every recipient sees one of the release's boards at least, not necessarily each: the mail,
  // one text for all, lists the parts every one of them may read.
  const listed = await deps.prisma.releasePart.findMany({
    where: {
      releaseId,
      ...releasePartForEveryReaderWhere(release.boards.map((board) => board.id)),
    },
    orderBy: RELEASE_PART_ORDER,
    select: { title: true },
  });
  const company = await loadMailCompany(deps, release.companyId);
  const shownOn = release.boards.find((b) => b.isPublic) ?? release.boards[0];
  return enqueueNotifications(deps, {
    ...releaseRecipients(release, actorId),
    texts: releaseTexts({
      name: release.name,
      date: release.releaseDate.toISOString().slice(0, 10),
      parts: listed.map((p) => p.title),
      url: shownOn ? boardUrl(deps, company.slug, shownOn) : null,
    }),
  });
}

/** Who a release's mail goes to: the voters and authors of the ideas it ships. */
function releaseRecipients(
  release: { id: number; companyId: number; boards: { id: number }[] },
  actorId: number,
): Omit<TNotification, 'texts'> {
  return {
    companyId: release.companyId,
    topic: 'RELEASE',
    boardIds: release.boards.map((b) => b.id),
    dedupeKey: `release:${release.id}`,
    recipients: Prisma.sql`
      SELECT v."userId", false AS "mine" FROM "ReleasePart" p
        JOIN "Vote" v ON v."ideaId" = p."ideaId" WHERE p."releaseId" = ${release.id}
      UNION ALL
      SELECT i."authorId", true FROM "ReleasePart" p
        JOIN "Idea" i ON i."id" = p."ideaId"
        WHERE p."releaseId" = ${release.id} AND i."authorId" IS NOT NULL`,
    actorId,
  };
}

/**
 * How many release mails publishing it now would queue (notifyReleasePublished's recipients,
 * less those mailed about it before), as the publish dialog says.
 */
export async function countReleaseRecipients(
  deps: TDeps,
  release: { id: number; companyId: number; boards: { id: number }[] },
  actorId: number,
): Promise<number> {
  return countNotificationRecipients(deps, releaseRecipients(release, actorId));
}
