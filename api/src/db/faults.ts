import { statfs } from 'node:fs/promises';
import type { AppError } from '../errors.ts';
import { createLogThrottle } from '../observability/log.ts';
import type { TLogger } from '../observability/log.ts';
import { databaseFaultOf, databaseUnavailableError } from './errors.ts';
import type { TDatabaseFault } from './errors.ts';

/** How long after a write failed for a full disk readiness still says "full". */
export const DISK_FULL_HOLD_MS = 30_000;
/** The embedded database's folder with less free room than this is full (readiness fails). */
export const MIN_FREE_BYTES = 1024 * 1024;

/** The disk check of /readyz. */
export type TDiskCheck = {
  status: 'ok' | 'full';
  /** Free room of the embedded database's folder (PGlite only; PostgreSQL's disk is its own). */
  freeBytes?: number;
};

export type TDatabaseFaults = {
  /**
   * The 503 a database failure answers ("storage full", "busy", "not reachable"), or null for
   * any other error. Each is counted for readiness and logged once per kind per 30 s
   * (createLogThrottle), never with a stack.
   */
  answer: (error: unknown) => AppError | null;
  /** Whether the database can take writes as far as room goes (readiness). */
  checkDisk: () => Promise<TDiskCheck>;
};

const LINES: Record<TDatabaseFault, string> = {
  'disk-full':
    "The database's disk is full: writes answer 503 until there is room again (reads still work).",
  busy: 'The database is past its statement deadline: requests answer 503 "busy".',
  unreachable: 'The database is not reachable: requests answer 503.',
};

/**
 * What the server knows of its database's faults. `dataDir` is the embedded database's folder
 * (null on a PostgreSQL server), whose free room readiness reads too.
 */
export function createDatabaseFaults(log: TLogger, dataDir: string | null): TDatabaseFaults {
  const throttle = createLogThrottle(log);
  let diskFullAt = Number.NEGATIVE_INFINITY;
  return {
    answer: (error) => {
      const fault = databaseFaultOf(error);
      if (!fault) return null;
      if (fault === 'disk-full') diskFullAt = performance.now();
      // The kind only: a driver's message may quote the statement and its values.
      throttle(fault === 'disk-full' ? 'error' : 'warn', `database-${fault}`, LINES[fault]);
      return databaseUnavailableError(error);
    },
    checkDisk: async () => {
      const isRecent = performance.now() - diskFullAt < DISK_FULL_HOLD_MS;
      if (!dataDir) return { status: isRecent ? 'full' : 'ok' };
      const stats = await statfs(dataDir).catch(() => null);
      if (!stats) return { status: isRecent ? 'full' : 'ok' };
      const freeBytes = stats.bavail * stats.bsize;
      return { status: isRecent || freeBytes < MIN_FREE_BYTES ? 'full' : 'ok', freeBytes };
    },
  };
}
