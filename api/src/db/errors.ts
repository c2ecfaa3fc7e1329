import { Prisma } from '../generated/prisma/client.ts';
import { errors } from '../errors.ts';
import type { AppError } from '../errors.ts';

/** True when the error is a unique-key violation (on `field`, when given). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') {
    return false;
  }
  if (!field) return true;
  return JSON.stringify(error.meta ?? {}).includes(field);
}

const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017']);
// PostgreSQL's SQLSTATEs for "not now": connection exceptions (class 08), shutdown and
// recovery (57P01-57P03), too many connections (53300), and a write on a server that is
// read-only (25006: a standby, or a primary just promoted by a failover).
const UNAVAILABLE_SQLSTATE = /\b(08[0-9A-Z]{3}|57P0[1-3]|53300|25006)\b/;
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|Connection terminated|connect(ion)? timeout|Can't reach database|DatabaseNotReachable|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection|Client has encountered a connection error/i;

// A statement past its deadline (57014, `statement_timeout`; 55P03, a lock wait; 25P03 an idle
// transaction ended), no pool connection free in time, or PGlite's queue past the deadline
// (DatabaseBusyError below). A transaction's own deadlines: isTransactionTimeout.
const BUSY_SQLSTATE = /^(57014|55P03|25P03)$/;
const BUSY_TEXT =
  /canceling statement due to (statement|lock) timeout|timeout exceeded when trying to connect|DATABASE_BUSY|idle-in-transaction timeout/i;

/** The embedded database's queue held a request past the statement deadline (db/pglite.ts). */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';
  constructor(waitedMs: number) {
    super(`DATABASE_BUSY: waited ${waitedMs} ms for the embedded database`);
    this.name = 'DatabaseBusyError';
  }
}

/**
 * Prisma's P2024 (no pool connection in time), and its P2028 ("Transaction API error") when a
 * transaction could not start within its `maxWait` ("Unable to start a transaction in the given
 * time": every connection was taken) or ran past its `timeout` (`meta.timeout`). Another P2028,
 * such as a query on a transaction the code already committed, is a bug: it stays a 500.
 */
function isTransactionTimeout(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === 'P2024') return true;
  if (error.code !== 'P2028') return false;
  const meta = error.meta as { timeout?: unknown } | undefined;
  return (
    meta?.timeout !== undefined ||
    /Unable to start a transaction in the given time|expired transaction|timeout/i.test(
      error.message,
    )
  );
}

/** True when the error is the database refusing work past its deadline (answer 503, not 500). */
export function isDatabaseBusy(error: unknown): boolean {
  if (isTransactionTimeout(error)) return true;
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { message, code, originalCode } = cause as {
      message?: unknown;
      code?: unknown;
      originalCode?: unknown;
    };
    if (BUSY_SQLSTATE.test(String(code ?? '')) || BUSY_SQLSTATE.test(String(originalCode ?? ''))) {
      return true;
    }
    if (BUSY_TEXT.test(String(message ?? ''))) return true;
    if (/Code: `(57014|55P03|25P03)`/.test(String(message ?? ''))) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// PostgreSQL's disk_full (53100), and the operating system's words for it (ENOSPC): PGlite
// reports a relation it cannot extend as `could not extend file "base/5/16385": No space left on
// device` with code 53100.
const DISK_FULL_SQLSTATE = /^53100$/;
const DISK_FULL_TEXT = /No space left on device|ENOSPC|Code: `53100`/i;

/** True when the database could not write because its disk is full (answer 503, not 500). */
export function isDiskFull(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { message, code, originalCode, originalMessage } = cause as {
      message?: unknown;
      code?: unknown;
      originalCode?: unknown;
      originalMessage?: unknown;
    };
    if (
      DISK_FULL_SQLSTATE.test(String(code ?? '')) ||
      DISK_FULL_SQLSTATE.test(String(originalCode ?? ''))
    ) {
      return true;
    }
    if (DISK_FULL_TEXT.test(`${String(message ?? '')} ${String(originalMessage ?? '')}`)) {
      return true;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Which of the database's "not now" failures an error is, or null for any other error. */
export type TDatabaseFault = 'disk-full' | 'busy' | 'unreachable';

export function databaseFaultOf(error: unknown): TDatabaseFault | null {
  if (isDiskFull(error)) return 'disk-full';
  if (isDatabaseBusy(error)) return 'busy';
  if (isDatabaseUnavailable(error)) return 'unreachable';
  return null;
}

/**
 * The 503 a database failure answers: "disk full" when a write found no room, "busy" when a
 * statement or the wait for a connection passed its deadline, "not reachable" when the database
 * cannot be reached; null otherwise.
 */
export function databaseUnavailableError(error: unknown): AppError | null {
  const fault = databaseFaultOf(error);
  if (fault === 'disk-full') return errors.diskFull();
  if (fault === 'busy') return errors.databaseBusy();
  if (fault === 'unreachable') return errors.unavailable();
  return null;
}

/** True when the error means the database cannot be reached or is busy (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (isDiskFull(error)) return true;
  if (isDatabaseBusy(error)) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_CODES.has(error.code)) {
    return true;
  }
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { message, code } = cause as { message?: unknown; code?: unknown };
    const text = `${String(code ?? '')} ${String(message ?? '')}`;
    if (UNAVAILABLE_TEXT.test(text) || UNAVAILABLE_SQLSTATE.test(String(code ?? ''))) return true;
    if (/Code: `(08[0-9A-Z]{3}|57P0[1-3]|53300|25006)`/.test(text)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
