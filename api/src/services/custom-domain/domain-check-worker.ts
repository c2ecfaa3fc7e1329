import type { TDeps } from '../../deps.ts';
import { createQueueWorker } from '../../jobs/queue-worker.ts';
import type { TQueueWorker } from '../../jobs/queue-worker.ts';
import { checkCustomDomain } from './check-custom-domain.ts';

/** Companies checked per batch (each a DNS lookup of a few seconds at most). */
const BATCH = 10;

/** A claimed check not finished by then (a process died) is taken by another process. */
const LEASE_SECONDS = 300;

/** How often each process looks for due checks. */
export const DOMAIN_CHECK_POLL_MS = 60_000;

/**
 * Claims up to BATCH companies whose domain check is due, in one statement: FOR UPDATE SKIP
 * LOCKED lets several processes claim side by side, and moving the next check a lease ahead
 * keeps a claimed company out of every other process's batch until this one has checked it
 * (the check then sets the real next time). Answers their ids.
 */
export async function claimDueDomainChecks(
  deps: Pick<TDeps, 'prisma'>,
  limit = BATCH,
): Promise<number[]> {
  const rows = await deps.prisma.$queryRaw<{ id: number }[]>`
    WITH picked AS MATERIALIZED (
      SELECT c."id" FROM "Company" c
      WHERE c."customDomainNextCheckAt" <= (now() AT TIME ZONE 'UTC')
      ORDER BY c."customDomainNextCheckAt", c."id"
      LIMIT ${limit}
      FOR UPDATE OF c SKIP LOCKED
    )
    UPDATE "Company" AS c
    SET "customDomainNextCheckAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${LEASE_SECONDS})
    FROM picked WHERE c."id" = picked."id"
    RETURNING c."id"`;
  return rows.map((row) => Number(row.id));
}

/** Claims one batch of due checks and runs them; answers how many were checked. */
export async function runDomainChecks(
  deps: Pick<TDeps, 'prisma' | 'config' | 'log'>,
): Promise<number> {
  const ids = await claimDueDomainChecks(deps);
  for (const id of ids) {
    try {
      await checkCustomDomain(deps, id);
    } catch (error) {
      // The lease runs out and another round tries again.
      deps.log.error(`Domain check of company ${id} failed`, error);
    }
  }
  return ids.length;
}

/**
 * The periodic domain check on the background job loop (jobs/queue-worker.ts): every poll it
 * looks up the proofs that are due (claims waiting for their record, verified domains every few
 * hours) on whichever process claims them first; started by main.ts.
 */
export function createDomainCheckWorker(
  deps: Pick<TDeps, 'prisma' | 'config' | 'log'>,
): TQueueWorker {
  return createQueueWorker({
    name: 'Domain checks',
    log: deps.log,
    runBatch: () => runDomainChecks(deps),
  });
}
