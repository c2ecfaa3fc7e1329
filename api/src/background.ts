import type { TLogger } from './observability/log.ts';

/** Work started by runAfterAnswer that has not finished yet (this process). */
const pending = new Set<Promise<void>>();

/**
 * Runs `work` without the request waiting for it: the answer goes out at once, whatever the
 * work finds (e.g. whether an account exists, so its timing tells nobody). A failure is logged
 * with `what`, never thrown.
 */
export function runAfterAnswer(log: TLogger, what: string, work: () => Promise<void>): void {
  const running: Promise<void> = Promise.resolve()
    .then(work)
    .catch((error: unknown) => log.error(`${what} failed`, error))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Resolves once every runAfterAnswer work of this process has finished (tests, shutdown). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
