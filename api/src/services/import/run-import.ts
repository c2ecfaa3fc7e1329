import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { PrismaClient } from '../../generated/prisma/client.ts';
import { AppError } from '../../errors.ts';
import { createQueueWorker } from '../../jobs/queue-worker.ts';
import type { TLogger } from '../../observability/log.ts';
import { yieldToOthers } from '../../yield-to-others.ts';
import { lockCustomerValuesShared } from '../customer/idea-value.ts';
import { loadPlanState } from '../plan/plan-state.ts';
import type { TImportPayload, TImportResult } from './import-job-view.ts';
import { deleteImportJobs, deleteImportParts, loadImportPayload } from './import-parts.ts';
import { findImportedIdeas, requireRoomForIdeas } from './preview-import.ts';

/**
 * Rows written per chunk: each chunk is one short transaction of its own, so other requests'
 * statements run between two chunks (on the embedded database a transaction holds the only
 * connection: an import in one transaction held every read of every board until it ended).
 */
const CHUNK = 1_000;
/**
 * A claim lasts this long and is renewed after every chunk; a worker that died mid-import
 * leaves the job to another after it, which resumes it (every chunk can run again).
 */
const LEASE_SECONDS = 2 * 60;
/** The longest one chunk's transaction may run. */
const CHUNK_TRANSACTION_MS = 60 * 1000;
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
  /** Rows done of the job this process is running (the row has it too, after each chunk). */
  progressOf: (jobId: number) => number | undefined;
};

/**
 * Characters of text (titles, descriptions, comments) one chunk writes at most: an idea's text
 * goes into the search indexes (trigram and text search), so a chunk of 1,000 ideas with long
 * descriptions was one statement of seconds on the embedded database, the server's thread held
 * throughout (issue 33.2, attack 7); a vote counts its idea's text (it rewrites that row).
 * Short rows still go 1,000 a chunk.
 */
const CHUNK_TEXT = 100_000;

/** The rows in chunks of CHUNK rows, cut earlier where `text` of the rows passes CHUNK_TEXT. */
function chunks<T>(rows: readonly T[], text: (row: T) => number = () => 0): T[][] {
  const out: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const row of rows) {
    const length = text(row);
    if (part.length > 0 && (part.length >= CHUNK || size + length > CHUNK_TEXT)) {
      out.push(part);
      part = [];
      size = 0;
    }
    part.push(row);
    size += length;
  }
  if (part.length > 0) out.push(part);
  return out;
}

const ideaText = (idea: TImportPayload['ideas'][number]) =>
  idea.title.length + (idea.description?.length ?? 0);

type TChunkRunner = <T>(write: (tx: TTx) => Promise<T>) => Promise<T>;

/**
 * Each chunk of an import in a short transaction of its own, under the company's import lock
 * (one import writes at a time per company: two would each create the same new people).
 */
export function chunkRunner(prisma: PrismaClient, companyId: number): TChunkRunner {
  return (write) =>
    prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('feedboard:import'), ${companyId}::int)`;
        return write(tx);
      },
      { timeout: CHUNK_TRANSACTION_MS, maxWait: 60_000 },
    );
}

/**
 * Writes an import's payload into its board, a chunk per transaction (`inChunk`): people (end
 * users without password, matched by email whatever its case to end users only), ideas, votes
 * and comments, each skipping what an earlier run of the same file wrote (the unique keys Idea(board, source,
 * source id), Vote(idea, user) and Comment(idea, source id)), with dates and authors kept, and
 * each new row marked with the job (`importJobId`), so a failed import takes back exactly its
 * own rows (undoImport). Every chunk can run again: a job resumed after its worker died adds
 * only what is missing. Each idea's voteCount and commentCount rise by exactly the rows
 * inserted, in the statement that inserts them; the board's per-status counts follow through
 * their triggers.
 */
export async function writeImport(
  prisma: PrismaClient,
  inChunk: TChunkRunner,
  job: { id: number; companyId: number; boardId: number },
  payload: TImportPayload,
  onProgress: (rows: number) => void | Promise<void>,
): Promise<TImportResult> {
  // The plan's cap on visible ideas, checked again (the board may have filled since the
  // preview): only the new ideas count, looked up a chunk per statement with a turn between,
  // outside any transaction. In one transaction with every other lookup of the file it held
  // the embedded database's only connection for the whole of it (issue 33.2, attack 7).
  const plan = await loadPlanState(prisma, job.companyId);
  if (plan.caps.ideas !== null) {
    const ids = payload.ideas.map((idea) => idea.externalId);
    const imported = await findImportedIdeas(prisma, job.boardId, payload.source, ids);
    await requireRoomForIdeas(prisma, plan, ids.filter((id) => !imported.has(id)).length);
  }
  let done = 0;
  const progress = async (rows: number) => {
    done += rows;
    await onProgress(done);
    await yieldToOthers();
  };

  // People: the company's end users by email, the oldest first; the others created. A team
  // member's address is not theirs to sign: the file's author becomes an end user of that
  // address (no sign-in), never the owner's or an admin's account (outsider finding 9: an
  // admin's import published ideas and comments as the owner).
  const userIds = new Map<string, number>();
  let usersCreated = 0;
  for (const part of chunks(payload.people)) {
    await inChunk(async (tx) => {
      const emails = part.map((person) => person.email);
      const known = await tx.$queryRaw<{ id: number; email: string }[]>`
        SELECT DISTINCT ON (lower("email")) "id", lower("email") AS "email" FROM "User"
        WHERE "companyId" = ${job.companyId}::int AND "role" = 'END_USER'
          AND lower("email") = ANY(${emails}::text[])
        ORDER BY lower("email"), "id"`;
      for (const user of known) userIds.set(user.email, Number(user.id));
      const fresh = part.filter((person) => !userIds.has(person.email));
      if (fresh.length === 0) return;
      const created = await tx.$queryRaw<{ id: number; email: string }[]>`
        INSERT INTO "User" ("companyId", "kind", "role", "email", "displayName", "createdAt", "updatedAt", "importJobId")
        SELECT ${job.companyId}::int, 'REGULAR', 'END_USER', p."email", p."name", now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', ${job.id}::int
        FROM unnest(${fresh.map((p) => p.email)}::text[], ${fresh.map((p) => p.name)}::text[]) AS p("email", "name")
        RETURNING "id", "email"`;
      for (const user of created) userIds.set(user.email, Number(user.id));
      usersCreated += created.length;
    });
    await yieldToOthers();
  }

  // Ideas: inserted unless the board has that source id; then every one's id, new or not.
  let ideasCreated = 0;
  const ideaIds = new Map<string, number>();
  for (const part of chunks(payload.ideas, ideaText)) {
    await inChunk(async (tx) => {
      const inserted = await tx.$queryRaw<{ id: number; externalId: string }[]>`
      INSERT INTO "Idea" ("boardId", "authorId", "title", "description", "status", "customStatusId",
        "declineReason", "declinedAt", "createdAt", "updatedAt", "importSource", "importExternalId", "importJobId")
      SELECT ${job.boardId}::int, i."authorId", i."title", i."description", i."status"::"IdeaStatus",
        i."customStatusId",
        CASE WHEN i."status" = 'DECLINED' THEN 'OTHER'::"DeclineReason" END,
        CASE WHEN i."status" = 'DECLINED' THEN (i."createdAt"::timestamptz AT TIME ZONE 'UTC') END,
        (i."createdAt"::timestamptz AT TIME ZONE 'UTC'), now() AT TIME ZONE 'UTC', ${payload.source}, i."externalId", ${job.id}::int
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
    });
    await progress(part.length);
  }

  // Votes and comments: inserted unless there, each idea's count raised by what went in.
  // A vote rewrites its idea's row (voteCount), whose text the search indexes take again.
  const textOf = new Map(payload.ideas.map((idea) => [idea.externalId, ideaText(idea)]));
  let votesCreated = 0;
  for (const part of chunks(payload.votes, (vote) => textOf.get(vote.ideaExternalId) ?? 0)) {
    // The company's value lock shared first, as every writer that adds votes
    // (customer/idea-value.ts): an importer's voter may work for a customer.
    const [row] = await inChunk(async (tx) => {
      await lockCustomerValuesShared(tx, job.companyId);
      return tx.$queryRaw<{ n: number }[]>`
      WITH inserted AS (
        INSERT INTO "Vote" ("ideaId", "userId", "createdAt", "importJobId")
        SELECT v."ideaId", v."userId", (v."createdAt"::timestamptz AT TIME ZONE 'UTC'), ${job.id}::int
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
    });
    votesCreated += Number(row?.n ?? 0);
    await progress(part.length);
  }
  let commentsCreated = 0;
  for (const part of chunks(payload.comments, (comment) => comment.text.length)) {
    const [row] = await inChunk(
      (tx) => tx.$queryRaw<{ n: number }[]>`
      WITH inserted AS (
        INSERT INTO "Comment" ("ideaId", "authorId", "text", "createdAt", "updatedAt", "importExternalId", "importJobId")
        SELECT c."ideaId", c."authorId", c."text", (c."createdAt"::timestamptz AT TIME ZONE 'UTC'),
          (c."createdAt"::timestamptz AT TIME ZONE 'UTC'), c."externalId", ${job.id}::int
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
      SELECT coalesce(sum(n), 0)::int AS n FROM counted`,
    );
    commentsCreated += Number(row?.n ?? 0);
    await progress(part.length);
  }
  return {
    ideas: ideasCreated,
    users: usersCreated,
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

/** The job was taken over by another worker (its lease ran out): this one stops. */
class LostLease extends Error {}

/**
 * Runs one due import job, if any (answers 1, else 0), a chunk per short transaction
 * (writeImport), so the server's other requests run between chunks. After each chunk the job's
 * progress is written and its lease renewed. A worker that dies mid-import leaves the job to
 * another once the lease has passed, which resumes it; after MAX_ATTEMPTS claims, or on any
 * failure, the job's own rows are taken back (undoImport) and the job is FAILED with the
 * reason: a failed import leaves nothing of it behind.
 */
export async function runImportJob(deps: TRunDeps, live: Map<number, number>): Promise<number> {
  const job = await claimJob(deps.prisma);
  if (!job) return 0;
  if (job.attempts > MAX_ATTEMPTS) {
    await undoImport(deps.prisma, job);
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
  const report = async (done: number) => {
    live.set(job.id, done);
    // Progress and a renewed lease, only while the claim is still this worker's.
    const renewed = await deps.prisma.$executeRaw`
      UPDATE "ImportJob" SET "processed" = GREATEST("processed", ${done}::int),
        "lockedUntil" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${LEASE_SECONDS}),
        "updatedAt" = now() AT TIME ZONE 'UTC'
      WHERE "id" = ${job.id}::int AND "status" = 'RUNNING' AND "attempts" = ${job.attempts}::int`;
    if (renewed === 0) throw new LostLease();
  };
  try {
    const payload = await loadImportPayload(deps.prisma, job.id, row.payload);
    await writeImport(deps.prisma, chunkRunner(deps.prisma, job.companyId), job, payload, report);
    const result = await importedRows(deps.prisma, job);
    await finish(deps.prisma, job.id, { status: 'SUCCEEDED', processed: row.total, result });
  } catch (error) {
    if (error instanceof LostLease) return 1;
    const message =
      error instanceof AppError
        ? error.message
        : 'The import failed and nothing of it was written. Please try again; if it fails again, contact support.';
    if (!(error instanceof AppError))
      deps.log.error(`Import ${job.id} failed: ${(error as Error).message}`);
    await undoImport(deps.prisma, job);
    await finish(deps.prisma, job.id, { status: 'FAILED', error: message });
  } finally {
    live.delete(job.id);
  }
  return 1;
}

/** What a job created, over all its attempts: its rows, counted by their importJobId. */
async function importedRows(
  prisma: PrismaClient,
  job: { id: number; companyId: number },
): Promise<TImportResult> {
  const [row] = await prisma.$queryRaw<
    { ideas: number; users: number; votes: number; comments: number }[]
  >`
    WITH ideas AS (
      SELECT i."id", i."importJobId" FROM "Idea" i
      JOIN "Board" b ON b."id" = i."boardId" WHERE b."companyId" = ${job.companyId}::int
    )
    SELECT
      (SELECT count(*) FROM ideas WHERE "importJobId" = ${job.id}::int)::int AS "ideas",
      (SELECT count(*) FROM "User" WHERE "companyId" = ${job.companyId}::int
         AND "importJobId" = ${job.id}::int)::int AS "users",
      (SELECT count(*) FROM "Vote" v JOIN ideas ON ideas."id" = v."ideaId"
         WHERE v."importJobId" = ${job.id}::int)::int AS "votes",
      (SELECT count(*) FROM "Comment" c JOIN ideas ON ideas."id" = c."ideaId"
         WHERE c."importJobId" = ${job.id}::int)::int AS "comments"`;
  return {
    ideas: Number(row?.ideas ?? 0),
    users: Number(row?.users ?? 0),
    votes: Number(row?.votes ?? 0),
    comments: Number(row?.comments ?? 0),
  };
}

/**
 * Takes back what a job wrote, a chunk per short transaction, newest kind first: its comments
 * and votes (each idea's counts lowered by the rows that go), its ideas (the board's counts
 * follow through their triggers), and the people it created that nothing else refers to now.
 * Rows an earlier import of the same file wrote carry that job's id and stay.
 */
export async function undoImport(
  prisma: PrismaClient,
  job: { id: number; companyId: number },
): Promise<void> {
  const inChunk = chunkRunner(prisma, job.companyId);
  const ofCompany = Prisma.sql`SELECT i."id" FROM "Idea" i JOIN "Board" b ON b."id" = i."boardId"
    WHERE b."companyId" = ${job.companyId}::int`;
  const steps = [
    Prisma.sql`
      WITH gone AS (
        DELETE FROM "Comment" WHERE "id" IN (
          SELECT c."id" FROM "Comment" c WHERE c."importJobId" = ${job.id}::int
            AND c."ideaId" IN (${ofCompany}) LIMIT ${CHUNK})
        RETURNING "ideaId", "isInternal"
      ), counted AS (
        UPDATE "Idea" i SET "commentCount" = i."commentCount" - g.n
        FROM (SELECT "ideaId", count(*)::int AS n FROM gone WHERE NOT "isInternal"
              GROUP BY "ideaId") g
        WHERE i."id" = g."ideaId" RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`,
    Prisma.sql`
      WITH gone AS (
        DELETE FROM "Vote" WHERE "id" IN (
          SELECT v."id" FROM "Vote" v WHERE v."importJobId" = ${job.id}::int
            AND v."ideaId" IN (${ofCompany}) LIMIT ${CHUNK})
        RETURNING "ideaId"
      ), counted AS (
        UPDATE "Idea" i SET "voteCount" = i."voteCount" - g.n
        FROM (SELECT "ideaId", count(*)::int AS n FROM gone GROUP BY "ideaId") g
        WHERE i."id" = g."ideaId" RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`,
    Prisma.sql`
      WITH gone AS (
        DELETE FROM "Idea" WHERE "id" IN (
          SELECT i."id" FROM (${ofCompany}) own JOIN "Idea" i ON i."id" = own."id"
          WHERE i."importJobId" = ${job.id}::int LIMIT ${CHUNK})
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`,
    Prisma.sql`
      WITH gone AS (
        DELETE FROM "User" WHERE "id" IN (
          SELECT u."id" FROM "User" u
          WHERE u."companyId" = ${job.companyId}::int AND u."importJobId" = ${job.id}::int
            AND NOT EXISTS (SELECT 1 FROM "Vote" v WHERE v."userId" = u."id")
            AND NOT EXISTS (SELECT 1 FROM "Idea" i WHERE i."authorId" = u."id")
            AND NOT EXISTS (SELECT 1 FROM "Comment" c WHERE c."authorId" = u."id")
          LIMIT ${CHUNK})
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`,
  ];
  for (const step of steps) {
    for (;;) {
      const [row] = await inChunk((tx) => tx.$queryRaw<{ n: number }[]>`${step}`);
      await yieldToOthers();
      if (Number(row?.n ?? 0) < CHUNK) break;
    }
  }
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
  await deleteImportParts(prisma, id);
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
  const stale = await prisma.importJob.findMany({
    where: { status: 'PREVIEWED', createdAt: { lt: new Date(now.getTime() - PREVIEW_KEPT_MS) } },
    select: { id: true },
  });
  return deleteImportJobs(
    prisma,
    stale.map((job) => job.id),
    { status: 'PREVIEWED' },
  );
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
