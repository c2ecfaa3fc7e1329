import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { createQueueWorker } from '../../jobs/queue-worker.ts';
import { isAwaitingSql } from '../idea/moderate-idea.ts';
import type { TQueueWorker } from '../../jobs/queue-worker.ts';
import { enqueueNotifications } from './enqueue-notifications.ts';
import { newIdeaMailSql } from './new-idea-mail.ts';
import { DIGEST_LIST_CAP, newIdeaDigestTexts } from './notification-texts.ts';
import { newIdeaConsoleUrl } from './notify-new-idea.ts';

/** Companies whose digests one batch queues. */
const BATCH = 20;

/** How often each process looks for a finished day whose digests are not queued yet. */
export const NEW_IDEA_DIGEST_POLL_MS = 10 * 60 * 1000;

/** The UTC day before `now`, YYYY-MM-DD: the last whole day. */
export function previousUtcDay(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

type TDigestRow = {
  userId: number;
  ideaId: number;
  title: string;
  boardId: number;
  boardName: string;
  authorName: string | null;
  isAwaiting: boolean;
  /** How many ideas the member's digest counts (it lists the first DIGEST_LIST_CAP). */
  total: number;
};

/**
 * Queues the digest of one company's new ideas of `day` (UTC) to each team member whose new-idea
 * mail is DIGEST: the ideas of their NEW_IDEA notifications of that day that still exist (so
 * never their own), one mail per member. The mails' dedupe key (`new-idea-digest:<day>:<user>`)
 * makes a second queueing, by this process or another at the same moment, queue nothing.
 */
export async function queueCompanyDigest(
  deps: TDeps,
  companyId: number,
  day: string,
): Promise<number> {
  // Each member's first DIGEST_LIST_CAP ideas and their count: however many ideas a day brings,
  // the statement answers at most that many rows a member.
  const rows = await deps.prisma.$queryRaw<TDigestRow[]>`
    SELECT "userId", "ideaId", "title", "boardId", "boardName", "authorName", "isAwaiting", "total"
    FROM (
      SELECT n."userId", i."id" AS "ideaId", i."title", b."id" AS "boardId",
        b."name" AS "boardName", a."displayName" AS "authorName",
        ${isAwaitingSql('i')} AS "isAwaiting",
        row_number() OVER (PARTITION BY n."userId" ORDER BY i."id") AS "rank",
        (count(*) OVER (PARTITION BY n."userId"))::int AS "total"
      FROM "Notification" n
      JOIN "User" u ON u."id" = n."userId"
      JOIN "Idea" i ON i."id" = n."ideaId"
      JOIN "Board" b ON b."id" = i."boardId"
      LEFT JOIN "User" a ON a."id" = i."authorId"
      WHERE n."companyId" = ${companyId} AND n."kind" = 'NEW_IDEA'
        AND n."createdAt" >= ${day}::date AND n."createdAt" < ${day}::date + 1
        AND ${newIdeaMailSql('u')} = 'DIGEST'
    ) listed
    WHERE "rank" <= ${DIGEST_LIST_CAP}
    ORDER BY "userId", "ideaId"`;
  // Members whose lists are the same get one statement (usually the whole team: only an
  // author's own idea is missing from their list).
  const byUser = new Map<number, TDigestRow[]>();
  for (const row of rows) {
    const ideas = byUser.get(row.userId);
    if (ideas) ideas.push(row);
    else byUser.set(row.userId, [row]);
  }
  const groups = new Map<string, { userIds: number[]; ideas: TDigestRow[] }>();
  for (const [userId, ideas] of byUser) {
    const key = `${ideas[0]?.total}:${ideas.map((idea) => idea.ideaId).join(',')}`;
    const group = groups.get(key) ?? { userIds: [], ideas };
    group.userIds.push(userId);
    groups.set(key, group);
  }
  let queued = 0;
  for (const { userIds, ideas } of groups.values()) {
    queued += await enqueueNotifications(deps, {
      companyId,
      topic: 'NEW_IDEA_DIGEST',
      boardIds: [...new Set(ideas.map((idea) => idea.boardId))],
      recipients: Prisma.sql`SELECT unnest(${userIds}::int[]) AS "userId", false AS "mine"`,
      actorId: null,
      dedupeKey: `new-idea-digest:${day}`,
      allows: Prisma.sql`${newIdeaMailSql('u')} = 'DIGEST'`,
      texts: newIdeaDigestTexts({
        day,
        total: ideas[0]?.total ?? ideas.length,
        ideas: ideas.map((idea) => ({
          title: idea.title,
          boardName: idea.boardName,
          authorName: idea.authorName ?? '?',
          isAwaiting: idea.isAwaiting,
          url: newIdeaConsoleUrl(deps, {
            id: idea.ideaId,
            boardId: idea.boardId,
            isAwaiting: idea.isAwaiting,
          }),
        })),
        moreUrl: `${deps.config.appUrl}/admin/queue`,
      }),
    });
  }
  return queued;
}

/**
 * One round of the digest job: queues the digests of the last whole UTC day for up to BATCH
 * companies that had new ideas that day and whose digest of it is not marked queued
 * (Company.newIdeaDigestDay), then marks them. Several processes may run it at once: the mails'
 * dedupe keys keep it to one mail per member and day, and a process that died between queueing
 * and marking leaves the company to the next round, which queues nothing new. Answers how many
 * companies were marked (a company whose queueing failed is left for the next poll).
 */
export async function runNewIdeaDigests(deps: TDeps, now: Date = new Date()): Promise<number> {
  const day = previousUtcDay(now);
  const due = await deps.prisma.$queryRaw<{ companyId: number }[]>`
    SELECT c."id" AS "companyId" FROM "Company" c
    WHERE (c."newIdeaDigestDay" IS NULL OR c."newIdeaDigestDay" < ${day}::date)
      AND EXISTS (SELECT 1 FROM "Notification" n
                  WHERE n."companyId" = c."id" AND n."kind" = 'NEW_IDEA'
                    AND n."createdAt" >= ${day}::date AND n."createdAt" < ${day}::date + 1)
    ORDER BY c."id" LIMIT ${BATCH}`;
  let marked = 0;
  for (const { companyId } of due) {
    try {
      await queueCompanyDigest(deps, companyId, day);
      await deps.prisma.$executeRaw`
        UPDATE "Company" SET "newIdeaDigestDay" = ${day}::date
        WHERE "id" = ${companyId} AND ("newIdeaDigestDay" IS NULL OR "newIdeaDigestDay" < ${day}::date)`;
      marked += 1;
    } catch (error) {
      deps.log.error(
        `The new-idea digest of company ${companyId} for ${day} was not queued`,
        error,
      );
    }
  }
  return marked;
}

/**
 * The daily digest on the background job loop (jobs/queue-worker.ts): every poll, on whichever
 * process comes first, the last whole day's digests that are not queued yet; started by
 * run-server.ts.
 */
export function createNewIdeaDigestWorker(deps: TDeps): TQueueWorker {
  return createQueueWorker({
    name: 'New-idea digests',
    log: deps.log,
    runBatch: () => runNewIdeaDigests(deps),
  });
}
