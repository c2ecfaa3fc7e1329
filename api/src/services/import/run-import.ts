import type { TDeps } from '../../deps.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import { createQueueWorker } from '../../jobs/queue-worker.ts';
import type { TLogger } from '../../observability/log.ts';
import { yieldToOthers } from '../../yield-to-others.ts';
import { loadPlanState } from '../plan/plan-state.ts';
import type { TImportPayload, TImportResult } from './import-job-view.ts';
import { countNewRows, requireRoomForIdeas } from './preview-import.ts';

/**
 * Rows written per statement. On the embedded database the transaction holds the only
 * connection, and each statement the server's thread: between two chunks the requests that need
 * no statement (/livez, the import's own progress, cached portal pages, static files) run.
 */
const CHUNK = 1_000;
/** A claim lasts this long; a worker that died mid-import leaves the job to another after it. */
const LEASE_SECONDS = 15 * 60;
/** The longest an import's transaction may run. */
const TRANSACTION_MS = 10 * 60 * 1000;
/** Claims after which a job that keeps dying with its worker is given up. */
const MAX_ATTEMPTS = 3;

/** A preview nobody started is deleted, with the file's rows it holds, after this long. */
export const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;
/** How often a process's idle worker looks for such previews. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

type TTx = Prisma.TransactionClient;
type TRunDeps = { prisma: PrismaClient; log: TLogger };

export type TImportWorker = {
  start: (pollMs?: number) => void;
  /** Runs now (a job was just queued) rather than at the next poll. */
  wake: () => void;
  /** Runs queued jobs until none is left (tests and the bench). */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
  /**
   * Rows done of the job this process is running, fresher than the row: the job's own
   * transaction holds embedded PGlite's only connection, so its progress reaches the table
   * once it ends (PostgreSQL gets it as it goes).
   */
  progressOf: (jobId: number) => number | undefined;
};

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += CHUNK) out.push(rows.slice(at, at + CHUNK));
  return out;
}

/**
 * Writes an import's payload into its board in the caller's transaction: people (end users
 * without password, matched by email whatever its case to end users only), ideas, votes and comments, each
 * skipping what an earlier run of the same file wrote (the unique keys Idea(board, source,
 * source id), Vote(idea, user) and Comment(idea, source id)), with dates and authors kept.
 * Each idea's voteCount and commentCount rise by exactly the rows inserted, in the statement
 * that inserts them; the board's per-status counts follow through their triggers.
 */
export async function writeImport(
  tx: TTx,
  job: { id: number; companyId: number; boardId: number },
  payload: TImportPayload,
  onProgress: (rows: number) => void,
): Promise<TImportResult> {
  // One import at a time per company: two of them would each create the same new people.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('feedboard:import'), ${job.companyId}::int)`;
  const model = { ...payload, problems: [], skipped: 0 };
  const plan = await loadPlanState(tx, job.companyId);
  const toCreate = await countNewRows(tx, job.companyId, job.boardId, payload.source, model);
  await requireRoomForIdeas(tx, plan, toCreate.ideas);
  let done = 0;
  const progress = async (rows: number) => {
    done += rows;
    onProgress(done);
    await yieldToOthers();
  };

  // People: the company's end users by email, the oldest first; the others created. A team
  // member's address is not theirs to sign: the file's author becomes an end user of that
  // address (no sign-in), never the owner's or an admin's account (outsider finding 9: an
  // admin's import published ideas and comments as the owner).
  const userIds = new Map<string, number>();
  const emails = payload.people.map((person) => person.email);
  if (emails.length) {
    const known = await tx.$queryRaw<{ id: number; email: string }[]>`
      SELECT DISTINCT ON (lower("email")) "id", lower("email") AS "email" FROM "User"
      WHERE "companyId" = ${job.companyId}::int AND "role" = 'END_USER'
        AND lower("email") = ANY(${emails}::text[])
      ORDER BY lower("email"), "id"`;
    for (const user of known) userIds.set(user.email, Number(user.id));
  }
  const newPeople = payload.people.filter((person) => !userIds.has(person.email));
  for (const part of chunks(newPeople)) {
    const created = await tx.$queryRaw<{ id: number; email: string }[]>`
      INSERT INTO "User" ("companyId", "kind", "role", "email", "displayName", "createdAt", "updatedAt")
      SELECT ${job.companyId}::int, 'REGULAR', 'END_USER', p."email", p."name", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
      FROM unnest(${part.map((p) => p.email)}::text[], ${part.map((p) => p.name)}::text[]) AS p("email", "name")
      RETURNING "id", "email"`;
    for (const user of created) userIds.set(user.email, Number(user.id));
    await yieldToOthers();
  }

  // Ideas: inserted unless the board has that source id; then every one's id, new or not.
  let ideasCreated = 0;
  const ideaIds = new Map<string, number>();
  for (const part of chunks(payload.ideas)) {
    const inserted = await tx.$queryRaw<{ id: number; externalId: string }[]>`
      INSERT INTO "Idea" ("boardId", "authorId", "title", "description", "status", "customStatusId",
        "declineReason", "declinedAt", "createdAt", "updatedAt", "importSource", "importExternalId")
      SELECT ${job.boardId}::int, i."authorId", i."title", i."description", i."status"::"IdeaStatus",
        i."customStatusId",
        CASE WHEN i."status" = 'DECLINED' THEN 'OTHER'::"DeclineReason" END,
        CASE WHEN i."status" = 'DECLINED' THEN (i."createdAt"::timestamptz AT TIME ZONE 'UTC') END,
        (i."createdAt"::timestamptz AT TIME ZONE 'UTC'), now() AT TIME ZONE 'UTC', ${payload.source}, i."externalId"
      FROM unnest(
        ${part.map((i) => (i.authorEmail ? (userIds.get(i.authorEmail) ?? null) : null))}::int[],
        ${part.map((i) => i.title)}::text[],
        ${part.map((i) => i.description)}::text[],
        ${part.map((i) => i.status)}::text[],
        ${part.map((i) => payload.customStatusIds[`${i.status}:${i.sourceStatus.toLowerCase()}`] ?? null)}::int[],
        ${part.map((i) => i.createdAt)}::text[],
        ${part.map((i) => i.externalId)}::text[]
      ) AS i("authorId", "title", "description", "status", "customStatusId", "createdAt", "externalId")
      ON CONFLICT ("boardId", "importSource", "importExternalId") DO NOTHING
      RETURNING "id", "importExternalId" AS "externalId"`;
    ideasCreated += inserted.length;
    const all = await tx.$queryRaw<{ id: number; externalId: string }[]>`
      SELECT "id", "importExternalId" AS "externalId" FROM "Idea"
      WHERE "boardId" = ${job.boardId}::int AND "importSource" = ${payload.source}
        AND "importExternalId" = ANY(${part.map((i) => i.externalId)}::text[])`;
    for (const idea of all) ideaIds.set(idea.externalId, Number(idea.id));
    await progress(part.length);
  }

  // Votes and comments: inserted unless there, each idea's count raised by what went in.
  let votesCreated = 0;
  for (const part of chunks(payload.votes)) {
    const [row] = await tx.$queryRaw<{ n: number }[]>`
      WITH inserted AS (
        INSERT INTO "Vote" ("ideaId", "userId", "createdAt")
        SELECT v."ideaId", v."userId", (v."createdAt"::timestamptz AT TIME ZONE 'UTC')
        FROM unnest(${part.map((v) => ideaIds.get(v.ideaExternalId)!)}::int[],
                    ${part.map((v) => userIds.get(v.email)!)}::int[],
                    ${part.map((v) => v.createdAt)}::text[]) AS v("ideaId", "userId", "createdAt")
        ON CONFLICT ("ideaId", "userId") DO NOTHING
        RETURNING "ideaId"
      ), counted AS (
        UPDATE "Idea" i SET "voteCount" = i."voteCount" + c.n
        FROM (SELECT "ideaId", count(*)::int AS n FROM inserted GROUP BY "ideaId") c
        WHERE i."id" = c."ideaId"
        RETURNING c.n
      )
      SELECT coalesce(sum(n), 0)::int AS n FROM counted`;
    votesCreated += Number(row?.n ?? 0);
    await progress(part.length);
  }
  let commentsCreated = 0;
  for (const part of chunks(payload.comments)) {
    const [row] = await tx.$queryRaw<{ n: number }[]>`
      WITH inserted AS (
        INSERT INTO "Comment" ("ideaId", "authorId", "text", "createdAt", "updatedAt", "importExternalId")
        SELECT c."ideaId", c."authorId", c."text", (c."createdAt"::timestamptz AT TIME ZONE 'UTC'),
          (c."createdAt"::timestamptz AT TIME ZONE 'UTC'), c."externalId"
        FROM unnest(${part.map((c) => ideaIds.get(c.ideaExternalId)!)}::int[],
                    ${part.map((c) => (c.email ? (userIds.get(c.email) ?? null) : null))}::int[],
                    ${part.map((c) => c.text)}::text[],
                    ${part.map((c) => c.createdAt)}::text[],
                    ${part.map((c) => c.externalId)}::text[]) AS c("ideaId", "authorId", "text", "createdAt", "externalId")
        ON CONFLICT ("ideaId", "importExternalId") DO NOTHING
        RETURNING "ideaId"
      ), counted AS (
        UPDATE "Idea" i SET "commentCount" = i."commentCount" + c.n
        FROM (SELECT "ideaId", count(*)::int AS n FROM inserted GROUP BY "ideaId") c
        WHERE i."id" = c."ideaId"
        RETURNING c.n
      )
      SELECT coalesce(sum(n), 0)::int AS n FROM counted`;
    commentsCreated += Number(row?.n ?? 0);
    await progress(part.length);
  }
  return {
    ideas: ideasCreated,
    users: newPeople.length,
    votes: votesCreated,
    comments: commentsCreated,
  };
}

/** Claims the oldest queued job (or one whose worker died) for this process; null when none is due. */
async function claimJob(prisma: PrismaClient) {
  const [job] = await prisma.$queryRaw<
    { id: number; companyId: number; boardId: number; attempts: number }[]
  >`
    WITH picked AS MATERIALIZED (
      SELECT "id" FROM "ImportJob"
      WHERE "status" IN ('QUEUED', 'RUNNING')
        AND ("lockedUntil" IS NULL OR "lockedUntil" < (now() AT TIME ZONE 'UTC'))
      ORDER BY "id" LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "ImportJob" AS j
    SET "status" = 'RUNNING', "attempts" = j."attempts" + 1,
        "lockedUntil" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${LEASE_SECONDS}),
        "startedAt" = coalesce(j."startedAt", now() AT TIME ZONE 'UTC'), "processed" = 0,
        "updatedAt" = now() AT TIME ZONE 'UTC'
    FROM picked WHERE j."id" = picked."id"
    RETURNING j."id", j."companyId", j."boardId", j."attempts"`;
  return job ? { ...job, id: Number(job.id), attempts: Number(job.attempts) } : null;
}

/**
 * Runs one due import job, if any (answers 1, else 0): its whole payload in one transaction, so
 * a failure leaves none of it behind (the job is then FAILED with the reason) and a worker that
 * dies mid-import leaves nothing either (another one starts over once the lease has passed;
 * after MAX_ATTEMPTS the job is FAILED). Progress is written outside the transaction.
 */
export async function runImportJob(deps: TRunDeps, live: Map<number, number>): Promise<number> {
  const job = await claimJob(deps.prisma);
  if (!job) return 0;
  if (job.attempts > MAX_ATTEMPTS) {
    await finish(deps.prisma, job.id, {
      status: 'FAILED',
      error: 'The import stopped several times before it finished; nothing of it was written.',
    });
    return 1;
  }
  const row = await deps.prisma.importJob.findUnique({
    where: { id: job.id },
    select: { payload: true, total: true },
  });
  if (!row) return 1;
  const payload = row.payload as unknown as TImportPayload;
  const report = (done: number) => {
    live.set(job.id, done);
    // Not awaited: on PGlite it waits for the transaction (the only connection); the condition
    // keeps a late write from undoing the end.
    void deps.prisma.importJob
      .updateMany({
        where: { id: job.id, status: 'RUNNING', processed: { lt: done } },
        data: { processed: done },
      })
      .catch(() => {});
  };
  try {
    const result = await deps.prisma.$transaction((tx) => writeImport(tx, job, payload, report), {
      timeout: TRANSACTION_MS,
      maxWait: 60_000,
    });
    await finish(deps.prisma, job.id, { status: 'SUCCEEDED', processed: row.total, result });
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : 'The import failed and nothing of it was written. Please try again; if it fails again, contact support.';
    if (!(error instanceof AppError))
      deps.log.error(`Import ${job.id} failed: ${(error as Error).message}`);
    await finish(deps.prisma, job.id, { status: 'FAILED', error: message });
  } finally {
    live.delete(job.id);
  }
  return 1;
}

async function finish(
  prisma: PrismaClient,
  id: number,
  data: {
    status: 'SUCCEEDED' | 'FAILED';
    processed?: number;
    result?: TImportResult;
    error?: string;
  },
) {
  await prisma.importJob.update({
    where: { id },
    data: {
      status: data.status,
      processed: data.processed,
      result: data.result as unknown as Prisma.InputJsonValue | undefined,
      error: data.error ?? null,
      lockedUntil: null,
      finishedAt: new Date(),
      // The write is done: the file's rows are not kept longer than needed.
      payload: {},
    },
  });
}

/**
 * Deletes previews older than PREVIEW_KEPT_MS that were never started: each holds an export's
 * rows (its payload), which are not kept for an import nobody asked for. Answers how many.
 */
export async function deleteStalePreviews(prisma: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await prisma.importJob.deleteMany({
    where: { status: 'PREVIEWED', createdAt: { lt: new Date(now.getTime() - PREVIEW_KEPT_MS) } },
  });
  return count;
}

/**
 * The import jobs on the background job loop (jobs/queue-worker.ts); when idle, at most once an
 * hour, it deletes stale previews (the first idle round of a process does at once).
 */
export function createImportWorker(deps: Pick<TDeps, 'prisma' | 'log'>): TImportWorker {
  const live = new Map<number, number>();
  let sweptAt = -Infinity;
  const worker = createQueueWorker({
    name: 'Import worker',
    log: deps.log,
    runBatch: async () => {
      const taken = await runImportJob(deps, live);
      if (taken > 0 || performance.now() - sweptAt < SWEEP_EVERY_MS) return taken;
      sweptAt = performance.now();
      const deleted = await deleteStalePreviews(deps.prisma);
      if (deleted > 0) deps.log.info(`Import worker: deleted ${deleted} previews never started`);
      return 0;
    },
  });
  return {
    start: (pollMs = 2_000) => worker.start(pollMs),
    wake: worker.wake,
    drain: worker.drain,
    stop: worker.stop,
    progressOf: (jobId) => live.get(jobId),
  };
}
