import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { yieldToOthers } from '../../yield-to-others.ts';
import type { TImportPayload } from './import-job-view.ts';

/**
 * An import's rows are kept as ImportJobPart rows of PART_ROWS each, written and read a
 * statement at a time with a turn of the event loop between two (issue 33.2, outside attack
 * 7). As one JSON value of the ImportJob row, a 30 MB export was one statement of tens of MB,
 * and on the embedded database a statement holds the server's only thread: every request
 * waited for it (a 7.6 MB payload: 4.4 s; the attacker's 31 MB file: about 40 s).
 */
export const PART_ROWS = 1_000;

const KINDS = ['people', 'ideas', 'votes', 'comments'] as const;
type TKind = (typeof KINDS)[number];

/** What the ImportJob row keeps of the payload: the rows are in its parts. */
export type TStoredPayload = Pick<TImportPayload, 'source' | 'customStatusIds'> & {
  /** Rows of each kind in the parts, to tell a complete set of parts from a partial one. */
  rows: Record<TKind, number>;
};

type TDb = Pick<PrismaClient, 'importJobPart'>;

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

/** Writes the payload's rows as the job's parts, a statement per PART_ROWS rows. */
export async function storeImportParts(
  db: TDb,
  jobId: number,
  payload: TImportPayload,
): Promise<void> {
  for (const kind of KINDS) {
    const rows: readonly unknown[] = payload[kind];
    for (let at = 0, seq = 0; at < rows.length; at += PART_ROWS, seq += 1) {
      await db.importJobPart.create({
        data: {
          importJobId: jobId,
          kind,
          seq,
          rows: rows.slice(at, at + PART_ROWS) as Prisma.InputJsonValue,
        },
      });
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

/** Deletes a job's parts (its write is done), a statement per few parts. */
export async function deleteImportParts(db: TDb, jobId: number): Promise<void> {
  for (;;) {
    const some = await db.importJobPart.findMany({
      where: { importJobId: jobId },
      select: { id: true },
      take: 20,
    });
    if (some.length === 0) return;
    await db.importJobPart.deleteMany({ where: { id: { in: some.map((part) => part.id) } } });
  }
}
