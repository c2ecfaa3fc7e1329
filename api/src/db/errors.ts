import { Prisma } from '../generated/prisma/client.ts';

/** True when the error is a unique-key violation (on `field`, when given). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') {
    return false;
  }
  if (!field) return true;
  return JSON.stringify(error.meta ?? {}).includes(field);
}

const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
// PostgreSQL's SQLSTATEs for "not now": connection exceptions (class 08), shutdown and
// recovery (57P01-57P03), too many connections (53300).
const UNAVAILABLE_SQLSTATE = /\b(08[0-9A-Z]{3}|57P0[1-3]|53300)\b/;
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|Connection terminated|connect(ion)? timeout|Can't reach database|DatabaseNotReachable|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection|Client has encountered a connection error/i;

/** True when the error means the database cannot be reached (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_CODES.has(error.code)) {
    return true;
  }
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { message, code } = cause as { message?: unknown; code?: unknown };
    const text = `${String(code ?? '')} ${String(message ?? '')}`;
    if (UNAVAILABLE_TEXT.test(text) || UNAVAILABLE_SQLSTATE.test(String(code ?? ''))) return true;
    if (/Code: `(08[0-9A-Z]{3}|57P0[1-3]|53300)`/.test(text)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
