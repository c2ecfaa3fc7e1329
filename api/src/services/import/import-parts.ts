import type { PrismaClient } from '../../generated/prisma/client.ts';
import { yieldToOthers } from '../../yield-to-others.ts';
import type { TImportPayload } from './import-job-view.ts';

/**
 * An import's rows are kept as ImportJobPart rows of at most PART_ROWS rows and PART_BYTES of
 * JSON each, written and read a statement at a time with a turn of the event loop between two
 * (issue 33.2, outside attack 7). As one JSON value of the ImportJob row, a 30 MB export was one
 * statement of tens of MB, and on the embedded database a statement holds the server's only
 * thread: every request waited for it (a 7.6 MB payload: 4.4 s; the attacker's 31 MB file:
 * about 40 s).
 */
export const PART_ROWS = 1_000;

/**
 * The JSON one part holds at most (a row longer than this is a part alone). A thousand ideas
 * with full descriptions were ~760 KB a statement: three previews of 74,000 such rows each took
 * turns of 100-950 ms on the embedded database, and `/healthz` answered in up to 7.9 s
 * (outside attack 13, F3). At 64 KB a part is a statement of a few ms there.
 */
export const PART_BYTES = 64 * 1024;

const KINDS = ['people', 'ideas', 'votes', 'comments'] as const;
type TKind = (typeof KINDS)[number];

/** What the ImportJob row keeps of the payload: the rows are in its parts. */
export type TStoredPayload = Pick<TImportPayload, 'source' | 'customStatusIds'> & {
  /** Rows of each kind in the parts, to tell a complete set of parts from a partial one. */
  rows: Record<TKind, number>;
};

type TDb = Pick<PrismaClient, 'importJobPart' | '$executeRaw' | '$queryRaw'>;
type TJobDb = TDb & Pick<PrismaClient, 'importJob'>;

/** The ImportJob row's `payload`: the source, the status ids and how many rows the parts hold. */
export function storedPayload(payload: TImportPayload): TStoredPayload {
  return {
    source: payload.source,
    customStatusIds: payload.customStatusIds,
    rows: Object.fromEntries(KINDS.map((kind) => [kind, payload[kind].length])) as Record<
      TKind,
      number
    >,
  };
}

/**
 * The rows as parts: at most PART_ROWS rows and PART_BYTES of JSON each (a longer row alone),
 * each part its JSON text.
 */
export function* partsOf(rows: readonly unknown[]): Generator<string> {
  let part: string[] = [];
  let bytes = 2;
  for (const row of rows) {
    const json = JSON.stringify(row);
    const size = Buffer.byteLength(json) + 1;
    if (part.length > 0 && (part.length >= PART_ROWS || bytes + size > PART_BYTES)) {
      yield `[${part.join(',')}]`;
      part = [];
      bytes = 2;
    }
    part.push(json);
    bytes += size;
  }
  if (part.length > 0) yield `[${part.join(',')}]`;
}

/**
 * Writes the payload's rows as the job's parts (partsOf), a statement per part with a turn of
 * the event loop between two. Each part goes as one JSON text parameter, cast to jsonb by the
 * database: through the client's Json type, Prisma walked each part's thousand objects on the
 * server's thread before sending it.
 */
export async function storeImportParts(
  db: TDb,
  jobId: number,
  payload: TImportPayload,
): Promise<void> {
  for (const kind of KINDS) {
    let seq = 0;
    for (const part of partsOf(payload[kind])) {
      await db.$executeRaw`
        INSERT INTO "ImportJobPart" ("importJobId", "kind", "seq", "rows")
        VALUES (${jobId}::int, ${kind}, ${seq}::int, ${part}::jsonb)`;
      seq += 1;
      await yieldToOthers();
    }
  }
}

/**
 * The whole payload of a job, its parts read one statement each. A job stored before parts
 * existed holds all of it in `payload`, which is answered as it is. Parts missing (a preview
 * still being stored, or cut short) throw.
 */
export async function loadImportPayload(
  db: TDb,
  jobId: number,
  stored: unknown,
): Promise<TImportPayload> {
  const kept = stored as Partial<TImportPayload> & Partial<TStoredPayload>;
  if (Array.isArray(kept.ideas)) return kept as TImportPayload;
  const { source, customStatusIds, rows } = kept as TStoredPayload;
  const parts = await db.importJobPart.findMany({
    where: { importJobId: jobId },
    select: { id: true, kind: true },
    orderBy: [{ kind: 'asc' }, { seq: 'asc' }],
  });
  const payload: TImportPayload = {
    source,
    customStatusIds,
    people: [],
    ideas: [],
    votes: [],
    comments: [],
  };
  for (const part of parts) {
    const row = await db.importJobPart.findUniqueOrThrow({
      where: { id: part.id },
      select: { rows: true },
    });
    (payload[part.kind as TKind] as unknown[]).push(...(row.rows as unknown[]));
    await yieldToOthers();
  }
  for (const kind of KINDS) {
    if (payload[kind].length !== rows[kind]) {
      throw new Error(`The import's stored ${kind} are incomplete.`);
    }
  }
  return payload;
}

/**
 * What one statement of deleteImportParts deletes at most (a larger part alone): deleting a
 * part's stored JSON costs the database about as much as writing it did.
 */
const DELETE_BYTES = 256 * 1024;

/**
 * Deletes a job's parts (its write is done, or the preview is dropped), a statement per few
 * parts of at most DELETE_BYTES together (parts stored before PART_BYTES were up to ~760 KB:
 * twenty of them were one statement of 15 MB).
 */
export async function deleteImportParts(db: TDb, jobId: number): Promise<void> {
  for (;;) {
    // pg_column_size reads a stored value's size without reading the value.
    const some = await db.$queryRaw<{ id: number; bytes: number }[]>`
      SELECT "id", pg_column_size("rows") AS "bytes" FROM "ImportJobPart"
      WHERE "importJobId" = ${jobId}::int ORDER BY "id" LIMIT 20`;
    if (some.length === 0) return;
    const ids: number[] = [];
    let bytes = 0;
    for (const part of some) {
      bytes += Number(part.bytes);
      if (ids.length > 0 && bytes > DELETE_BYTES) break;
      ids.push(Number(part.id));
    }
    await db.importJobPart.deleteMany({ where: { id: { in: ids } } });
  }
}

/**
 * Deletes jobs whose `where` still holds (a PREVIEWED status, say), each one's parts first a few
 * parts a statement (deleteImportParts), then its row. Deleted through the row's cascade, a
 * job's parts (an export's rows, up to tens of MB) went in one statement, and the sweep of stale
 * previews deleted every company's at once. Answers how many rows went.
 */
export async function deleteImportJobs(
  db: TJobDb,
  ids: readonly number[],
  where: { status?: 'PREVIEWED' } = {},
): Promise<number> {
  let deleted = 0;
  for (const id of ids) {
    // A job started meanwhile keeps its parts (the write reads them).
    if ((await db.importJob.count({ where: { id, ...where } })) === 0) continue;
    await deleteImportParts(db, id);
    deleted += (await db.importJob.deleteMany({ where: { id, ...where } })).count;
  }
  return deleted;
}
