import type { TDeps } from '../../deps.ts';
import { createQueueWorker } from '../../jobs/queue-worker.ts';
import type { TQueueWorker } from '../../jobs/queue-worker.ts';

/** Rows deleted per statement, so a first run over a large backlog holds no long lock. */
const BATCH = 1_000;

/**
 * Deletes up to BATCH entries older than `retentionDays` (AUDIT_RETENTION_DAYS); answers how
 * many. The only way an entry is ever deleted, apart from its company's erasure.
 */
export async function deleteExpiredAuditEntries(
  deps: Pick<TDeps, 'prisma'>,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  return deps.prisma.$executeRaw`
    DELETE FROM "AuditEntry" WHERE id IN (
      SELECT id FROM "AuditEntry" WHERE "createdAt" < ${cutoff} ORDER BY id LIMIT ${BATCH}
    )`;
}

/**
 * The retention job on the background job loop (jobs/queue-worker.ts): every poll it deletes
 * expired entries in batches until none is left. Several processes may run it at once: a row
 * deleted twice is simply not found the second time.
 */
export function createAuditRetention(
  deps: Pick<TDeps, 'prisma' | 'log'>,
  retentionDays: number,
): TQueueWorker {
  return createQueueWorker({
    name: 'Audit retention',
    log: deps.log,
    runBatch: () => deleteExpiredAuditEntries(deps, retentionDays),
  });
}
