import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueueWorker } from '../jobs/queue-worker.ts';
import { createLogger } from './log.ts';
import { gql } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { readSse } from '../testing/sse-reader.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * Issue 22 part 3: one JSON log line per request and per job, and Prometheus metrics at
 * /metrics behind METRICS_TOKEN. The server writes through process.stdout, captured here.
 */

const METRICS_TOKEN = 'metrics-token-for-the-observability-test';
const written: string[] = [];
let server: TTestServer;
let company: TRestCompany;

/** The JSON lines written since `from` (an index into `written`). */
function linesSince(from = 0): Record<string, unknown>[] {
  return written
    .slice(from)
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  const writeOut = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    written.push(String(chunk));
    // Request lines would drown the test run's own output.
    return String(chunk).startsWith('{') ? true : writeOut(chunk, ...(rest as []));
  });
  server = await startTestServer({
    logLevel: 'info',
    requestLogLevel: 'info',
    metricsToken: METRICS_TOKEN,
  });
  company = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
  vi.restoreAllMocks();
});

describe('request log lines', () => {
  it('writes one line per request with its id, route pattern, status, time and company', async () => {
    const from = written.length;
    const token = company.owner.token;
    const rest = await fetch(`${server.url}/api/v1/ideas/`, {
      headers: {
        authorization: `Bearer ${token}`,
        'x-board-id': String(company.boardId),
        'x-request-id': 'lb-4f2a-0001',
      },
    });
    expect(rest.status).toBe(200);
    // A load balancer's id is kept; without one the server makes one.
    expect(rest.headers.get('x-request-id')).toBe('lb-4f2a-0001');
    const graphql = await gql(server, '{ viewer { user { id } } }', {}, token);
    expect(graphql.body.errors).toBeUndefined();
    // A write with a body: the company is known after the body is read too.
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token,
      headers: { 'x-request-id': 'lb-4f2a-0002' },
    });
    const anonymous = await fetch(`${server.url}/api/v1/nothing-here`);
    expect(anonymous.status).toBe(404);
    const madeId = anonymous.headers.get('x-request-id') ?? '';
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
    // A header that is not a plain token is replaced, not echoed into the log.
    const odd = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'a b"c' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    await expect
      .poll(() => linesSince(from).filter((line) => line.msg === 'request').length)
      .toBeGreaterThanOrEqual(5);
    const requests = linesSince(from).filter((line) => line.msg === 'request');
    const byId = (id: string) => requests.find((line) => line.requestId === id);
    expect(byId('lb-4f2a-0001')).toMatchObject({
      level: 'info',
      kind: 'request',
      method: 'GET',
      route: '/api/v1/ideas/',
      status: 200,
      companyId: company.owner.companyId,
    });
    expect(byId('lb-4f2a-0001')?.durationMs).toEqual(expect.any(Number));
    expect(byId('lb-4f2a-0001')?.time).toEqual(expect.any(String));
    expect(requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        route: '/graphql',
        status: 200,
        companyId: company.owner.companyId,
      }),
    );
    expect(byId('lb-4f2a-0002')).toMatchObject({
      method: 'POST',
      route: '/api/v1/ideas/:id/upvote',
      status: 200,
      companyId: company.owner.companyId,
    });
    // Signed out: no company on the line.
    expect(byId(madeId)).toMatchObject({ route: '/api/*', status: 404 });
    expect(byId(madeId)).not.toHaveProperty('companyId');
  });

  it('names a path by its pattern, so a token in a link never reaches the log', async () => {
    const from = written.length;
    const token = 'a'.repeat(43);
    await fetch(`${server.url}/unsubscribe/${token}`);
    await expect
      .poll(() => linesSince(from).filter((line) => line.msg === 'request').length)
      .toBe(1);
    const [line] = linesSince(from).filter((entry) => entry.msg === 'request');
    expect(line?.route).toMatch(/^\/unsubscribe\/:/);
    expect(written.slice(from).join('')).not.toContain(token);
  });

  it('writes a line when a live stream ends, with the time it was open', async () => {
    const from = written.length;
    const stream = await readSse(`${server.url}/api/v1/boards/${company.boardId}/events`);
    await stream.waitFor((event) => event.event === 'ready');
    stream.close();
    await expect
      .poll(() =>
        linesSince(from).find(
          (line) => line.msg === 'request' && line.route === '/api/v1/boards/:id/events',
        ),
      )
      .toMatchObject({ status: 200, durationMs: expect.any(Number) });
  });
});

describe('job log lines', () => {
  it('writes one line per batch that did work, and none for an idle poll', async () => {
    const from = written.length;
    const batches = [3, 2, 0];
    const worker = createQueueWorker({
      name: 'Test queue',
      log: createLogger('info', 'json'),
      runBatch: async () => batches.shift() ?? 0,
    });
    worker.start(60_000);
    await worker.drain();
    await worker.drain();
    await worker.stop();
    const jobs = linesSince(from).filter((line) => line.msg === 'job');
    expect(jobs.map((line) => [line.kind, line.job, line.taken])).toEqual([
      ['job', 'Test queue', 3],
      ['job', 'Test queue', 2],
    ]);
    expect(jobs[0]?.durationMs).toEqual(expect.any(Number));
  });
});

describe('GET /metrics', () => {
  const metrics = (token?: string) =>
    fetch(`${server.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('asks for the metrics token', async () => {
    expect((await metrics()).status).toBe(401);
    const wrong = await metrics(`${METRICS_TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('counts requests by route and status, and shows live streams and the queues', async () => {
    const token = company.owner.token;
    for (let i = 0; i < 3; i += 1) {
      await expectCall(server, 'GET', '/ideas/', 200, {
        token,
        headers: { 'x-board-id': String(company.boardId) },
      });
    }
    const stream = await readSse(`${server.url}/api/v1/boards/${company.boardId}/events`);
    await stream.waitFor((event) => event.event === 'ready');
    const answer = await metrics(METRICS_TOKEN);
    stream.close();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    const value = (series: string) => {
      const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(
      value('feedboard_http_requests_total{method="GET",route="/api/v1/ideas/",status="200"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(
      value('feedboard_http_request_duration_seconds_count{method="GET",route="/api/v1/ideas/"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(value('feedboard_live_streams_open')).toBe(1);
    expect(value('feedboard_mail_queue{state="queued"}')).toEqual(expect.any(Number));
    expect(value('feedboard_webhook_deliveries{state="failed"}')).toBe(0);
    expect(value('feedboard_process_resident_memory_bytes')).toBeGreaterThan(0);
    // The pool exists on PostgreSQL only; embedded PGlite has none.
    if (server.db.kind === 'postgres') {
      expect(value('feedboard_database_pool_connections{state="max"}')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('feedboard_database_pool_connections');
    }
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const plain = await startTestServer();
    try {
      const answer = await fetch(`${plain.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('stopping', () => {
  it('tells live-stream clients to come back after a pause spread over a few seconds', async () => {
    const stopping = await startTestServer();
    try {
      const board = await restCompany(stopping);
      const stream = await readSse(`${stopping.url}/api/v1/boards/${board.boardId}/events`);
      // The usual pause after a dropped connection: 3 s.
      expect((await stream.waitFor((event) => event.event === 'ready')).retry).toBe(3_000);
      // What SIGTERM does (main.ts) before it waits for the requests in flight.
      stopping.deps.streamSlots.closeAll();
      const reconnect = await stream.waitFor((event) => event.event === 'reconnect');
      expect(reconnect.retry).toBeGreaterThanOrEqual(1_000);
      expect(reconnect.retry).toBeLessThan(5_000);
      stream.close();
    } finally {
      await stopping.close();
    }
  });
});
