import type { Hono } from 'hono';
import type { TDatabase } from '../db/client.ts';
import type { TDeps } from '../deps.ts';

/** How long /readyz waits for Redis to answer a PING. */
const REDIS_PING_MS = 1_000;

export type THealthOptions = {
  /** True once the process has been told to stop (SIGTERM): /readyz answers 503 from then on. */
  isStopping?: () => boolean;
};

type TCheck = { status: string };

/**
 * The probes an orchestrator watches (docs/operations.md "Running at scale"):
 * - `/livez`: the process is alive and serving (no dependency is asked): restart it when not.
 * - `/readyz`: it can do its work now: the database answers, has room to write, Redis answers
 *   (when REDIS_URL is set), and the process is not stopping. 503 when any check fails, with
 *   every check named: send it no traffic until it passes again.
 * (`/healthz`, the database alone, stays as it was for the probes already pointed at it.)
 */
export function mountHealth(
  app: Hono,
  deps: Pick<TDeps, 'databaseFaults' | 'events' | 'config'>,
  db: Pick<TDatabase, 'isHealthy'>,
  options: THealthOptions = {},
): void {
  app.get('/livez', (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: 'ok' });
  });
  app.get('/readyz', async (c) => {
    c.header('cache-control', 'no-store');
    const [isHealthy, disk, redis] = await Promise.all([
      db.isHealthy(),
      deps.databaseFaults.checkDisk(),
      deps.config.redisUrl ? deps.events.isConnected(REDIS_PING_MS) : Promise.resolve(null),
    ]);
    // Statuses only: the probe is anonymous, so it tells neither the database's kind nor the
    // disk's free room (a stranger watching it would learn how close a full disk is).
    const checks: Record<string, TCheck> = {
      database: { status: isHealthy ? 'ok' : 'unreachable' },
      disk: { status: disk.status },
      ...(redis === null ? {} : { redis: { status: redis ? 'ok' : 'unreachable' } }),
      shutdown: { status: options.isStopping?.() ? 'stopping' : 'ok' },
    };
    const isReady = Object.values(checks).every((check) => check.status === 'ok');
    return c.json({ status: isReady ? 'ok' : 'unavailable', checks }, isReady ? 200 : 503);
  });
}
