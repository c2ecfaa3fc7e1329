import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { bearerToken } from '../services/account/authenticate.ts';
import type { TMetrics } from '../observability/metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`: Prometheus text for a scraper holding METRICS_TOKEN as a bearer token. Unset,
 * the route answers 404 (nothing about the process is public); a wrong token gets 401.
 */
export function mountMetrics(app: Hono, metrics: TMetrics | null, token: string | undefined) {
  app.get('/metrics', async (c) => {
    if (!metrics || !token) return c.text('Not found', 404);
    const given = bearerToken(c.req.header('authorization'));
    // Compared as digests: equal lengths, and no early exit on the first differing byte.
    if (!given || !timingSafeEqual(digest(given), digest(token))) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('A valid METRICS_TOKEN bearer token is needed.', 401);
    }
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });
}
