import { AppError } from '../../errors.ts';

/**
 * PostgreSQL's answers that mean "this transaction lost a race, run it again": a deadlock
 * (40P01) and a serialization failure (40001). Prisma reports them as P2034 (a write conflict)
 * or, from a raw statement, as P2010 carrying the driver's error with its code.
 */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/** Whether `error` is a deadlock or serialization failure, however Prisma or pg wrapped it. */
export function isLostRace(error: unknown): boolean {
  let e = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, meta, cause, kind, originalCode } = e as {
      code?: unknown;
      meta?: { driverAdapterError?: unknown };
      cause?: unknown;
      kind?: unknown;
      originalCode?: unknown;
    };
    if (code === 'P2034' || kind === 'TransactionWriteConflict') return true;
    if (RETRYABLE_CODES.has(String(code)) || RETRYABLE_CODES.has(String(originalCode))) {
      return true;
    }
    e = meta?.driverAdapterError ?? cause;
  }
  return false;
}

/**
 * Runs `work` (a whole transaction) and, when it lost a race to a deadlock or a serialization
 * failure, once more: the second run starts afresh and sees what the winner committed. A
 * second loss is CONFLICT, never an internal error.
 */
export async function withOneRetry<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isLostRace(error)) throw error;
  }
  try {
    return await work();
  } catch (error) {
    if (!isLostRace(error)) throw error;
    throw new AppError(
      'CONFLICT',
      'Another change to these ideas happened at the same moment: try again.',
    );
  }
}
