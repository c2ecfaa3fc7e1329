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
const UNAVAILABLE_TEXT =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|Connection terminated|connect(ion)? timeout|Can't reach database|DatabaseNotReachable|the database system is (starting up|shutting down)|terminating connection/i;

/** True when the error means the database cannot be reached (answer 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientInitializationError) return true;
  if (error instanceof Prisma.PrismaClientKnownRequestError && UNAVAILABLE_CODES.has(error.code)) {
    return true;
  }
  for (let cause: unknown = error, depth = 0; cause && depth < 5; depth += 1) {
    const { message, code } = cause as { message?: unknown; code?: unknown };
    if (UNAVAILABLE_TEXT.test(`${String(code ?? '')} ${String(message ?? '')}`)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
