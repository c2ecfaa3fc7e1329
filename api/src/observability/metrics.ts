import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { TPoolStats } from '../db/client.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * The process's Prometheus metrics, served at `GET /metrics` (METRICS_TOKEN). Each server has a
 * registry of its own, not prom-client's global one: tests run many servers in one process.
 * Labels are bounded: `route` is a route's pattern (`/api/v1/boards/:id/ideas`), never a path.
 */
export type TMetrics = {
  registry: Registry;
  /** One answered request: method, route pattern, status and seconds from arrival to the end. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
};

export type TMetricSources = {
  prisma: PrismaClient;
  /** Live streams (REST event streams and GraphQL subscriptions) open in this process. */
  openStreams: () => number;
  /** Request bodies read before their request started (http/body-intake.ts), in this process. */
  requestBodies?: () => { bytes: number; paused: number };
  /** The PostgreSQL pool; null on embedded PGlite. */
  poolStats: (() => TPoolStats) | null;
};

/** Seconds: most answers take a few milliseconds, a slow page or a mail call up to seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: TMetricSources): TMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'feedboard_' });

  const requests = new Counter({
    name: 'feedboard_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'feedboard_http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'feedboard_live_streams_open',
    help: 'Live streams (REST event streams and GraphQL subscriptions) open in this process.',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  new Gauge({
    name: 'feedboard_request_body_bytes',
    help: 'Bytes of request bodies read and not yet handed to their handler (arriving, or waiting for a place in their address’s line), in this process.',
    registers: [registry],
    collect() {
      this.set(sources.requestBodies?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: 'feedboard_request_bodies_paused',
    help: 'Request bodies whose reading waits for the body budget (CLIENT_BODY_BYTES, BODY_BYTES), in this process.',
    registers: [registry],
    collect() {
      this.set(sources.requestBodies?.().paused ?? 0);
    },
  });
  new Gauge({
    name: 'feedboard_mail_queue',
    help: 'Mails by state, over every process: queued (waiting to be sent or retried) and failed (gave up).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const [queued, failed] = await Promise.all([
        sources.prisma.mail.count({ where: { status: 'QUEUED' } }),
        sources.prisma.mail.count({ where: { status: 'FAILED' } }),
      ]);
      this.set({ state: 'queued' }, queued);
      this.set({ state: 'failed' }, failed);
    },
  });
  new Gauge({
    name: 'feedboard_webhook_deliveries',
    help: 'Webhook deliveries by state, over every process: pending (waiting for an attempt) and failed (gave up).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const [pending, failed] = await Promise.all([
        sources.prisma.webhookDelivery.count({ where: { status: 'PENDING' } }),
        sources.prisma.webhookDelivery.count({ where: { status: 'FAILED' } }),
      ]);
      this.set({ state: 'pending' }, pending);
      this.set({ state: 'failed' }, failed);
    },
  });
  const poolStats = sources.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'feedboard_database_pool_connections',
      help: 'PostgreSQL pool connections: open (in use or idle), idle, requests waiting for one, and the maximum.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'open' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
        this.set({ state: 'max' }, stats.max);
      },
    });
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
  };
}
