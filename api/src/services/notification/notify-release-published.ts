import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { RELEASE_PART_ORDER, releasePartForEveryReaderWhere } from '../release/find-releases.ts';
import {
  countNotificationRecipients,
  enqueueNotifications,
  loadMailCompany,
  notificationReach,
} from './enqueue-notifications.ts';
import type { TNotification } from './enqueue-notifications.ts';
import { boardUrl } from './links.ts';
import { changelogUrl } from '../changelog/changelog-links.ts';
import { releasePathSlug } from '../portal/portal-slugs.ts';
import { loadMarkdown } from '../release/load-markdown.ts';
import { COMPLETED_IDEAS, releaseTexts } from './notification-texts.ts';

/** How much of the release's notes (as plain text) the mail quotes. */
const RELEASE_NOTES_MAX = 400;

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
  // The release's own page on the portal's changelog when a public board shows it; else (only
  // the team and the widget's readers see its boards) the board, as before.
  const publicBoard = release.boards.find((b) => b.isPublic);
  const shownOn = publicBoard ?? release.boards[0];
  const url = publicBoard
    ? `${changelogUrl(deps, company.slug)}/${releasePathSlug(release)}`
    : shownOn
      ? boardUrl(deps, company.slug, shownOn)
      : null;
  const { releaseExcerpt } = await loadMarkdown();
  return enqueueNotifications(deps, {
    ...releaseRecipients(release, actorId),
    fill: { placeholder: COMPLETED_IDEAS, sql: completedIdeasOf(release.id) },
    texts: releaseTexts({
      name: release.name,
      date: release.releaseDate.toISOString().slice(0, 10),
      parts: listed.map((p) => p.title),
      notes: releaseExcerpt(release.body, RELEASE_NOTES_MAX),
      url,
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

/**
 * SQL answering rows of ("id" int): whom the release's mail, queued now, would reach. A status
 * mail of an idea this release's publishing completes leaves them out (notifyStatusChange):
 * their release mail names the idea.
 */
export async function releaseMailReach(
  deps: TDeps,
  releaseId: number,
  actorId: number,
): Promise<Prisma.Sql> {
  const release = await deps.prisma.release.findUniqueOrThrow({
    where: { id: releaseId },
    select: { id: true, companyId: true, boards: { select: { id: true } } },
  });
  return notificationReach(releaseRecipients(release, actorId));
}

/**
 * The recipient's part of a release mail: the release's ideas they submitted or voted for that
 * are complete now (those its publishing may just have completed, whose status mail they were
 * not sent), listed under a line in their language; '' when none.
 */
function completedIdeasOf(releaseId: number): Prisma.Sql {
  const heading = Prisma.sql`CASE WHEN u."language" LIKE 'pl%'
    THEN ${COMPLETED_HEADING.pl}::text ELSE ${COMPLETED_HEADING.en}::text END`;
  return Prisma.sql`coalesce((
    SELECT E'\n\n' || ${heading} || E'\n' || string_agg('  \u2022 ' || i."title", E'\n' ORDER BY i."id")
    FROM "Idea" i
    WHERE i."status" = 'COMPLETE'
      AND i."id" IN (SELECT p."ideaId" FROM "ReleasePart" p WHERE p."releaseId" = ${releaseId})
      AND (i."authorId" = u."id"
        OR EXISTS (SELECT 1 FROM "Vote" v WHERE v."ideaId" = i."id" AND v."userId" = u."id"))
  ), '')`;
}

const COMPLETED_HEADING = {
  en: 'Now complete, of the ideas you submitted or voted for:',
  pl: 'Teraz uko\u0144czone (Twoje pomys\u0142y lub z Twoim g\u0142osem):',
};
