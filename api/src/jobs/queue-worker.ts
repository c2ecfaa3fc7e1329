import { isDatabaseBusy } from '../db/errors.ts';
import type { TLogger } from '../observability/log.ts';

/**
 * Wait before the attempt after `attempts` failed ones (counted from 1): base, 2×base, 4×base, …
 * up to `maxMs`. Mail and webhook deliveries retry on this schedule.
 */
export function backoffMs(baseMs: number, maxMs: number, attempts: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * One process's worker over a durable queue in the database (mail, webhook deliveries). The
 * queue's own `runBatch` claims due rows (FOR UPDATE SKIP LOCKED, with a lease, so processes
 * never take one row twice), handles them and answers how many it took; the worker runs batches
 * until one finds nothing, one run at a time.
 */
export type TQueueWorker = {
  /** Polls every `pollMs` for rows that any process queued, until stopped. */
  start: (pollMs: number) => void;
  /** Runs now rather than at the next poll (this process just queued rows); no-op until started. */
  wake: () => void;
  /** Runs until nothing is due; a run already going takes one more round, and this waits for it. */
  drain: () => Promise<void>;
  /** Stops polling and taking rows; waits for the batch in hand. */
  stop: () => Promise<void>;
};

export function createQueueWorker(options: {
  name: string;
  log: TLogger;
  runBatch: () => Promise<number>;
}): TQueueWorker {
  const { name, log, runBatch } = options;
  const jobLog = log.child({ kind: 'job' });
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let poll: NodeJS.Timeout | undefined;

  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      // Rows queued after the running batch claimed: one more round finds them.
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        while (!stopped) {
          const started = performance.now();
          const taken = await runBatch();
          if (taken === 0) break;
          // One line per batch that did work (an idle poll writes nothing).
          jobLog.info('job', {
            job: name,
            taken,
            durationMs: Math.round((performance.now() - started) * 10) / 10,
          });
        }
      } while (again && !stopped);
    })()
      .catch((error: unknown) => {
        const message = `${name}: ${error instanceof Error ? error.message : String(error)}`;
        // A round that waited past the statement deadline is retried by the next poll.
        if (isDatabaseBusy(error)) log.warn(message);
        else log.error(message);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    start(pollMs) {
      if (poll || stopped) return;
      poll = setInterval(() => void drain(), pollMs);
      poll.unref();
    },
    wake() {
      if (poll) void drain();
    },
    drain,
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
    },
  };
}
