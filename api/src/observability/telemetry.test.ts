import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_BUNDLE_ENV } from '../testing/global-setup.ts';
import { attempt, startServerProcess } from '../testing/server-process.ts';
import type { TServerProcess } from '../testing/server-process.ts';
import { IS_POSTGRES_PASS, openTestDatabase } from '../testing/test-server.ts';

/**
 * Issue 35 point 5: OpenTelemetry traces over OTLP. The server runs as a process of its own (as
 * `npm start` runs it), so that its instrumentations patch its modules and nothing of them
 * reaches the other test files; a receiver on loopback decodes what it exports.
 */

/** A span as the receiver decoded it from OTLP's protobuf (opentelemetry/proto/trace/v1). */
type TReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** SpanKind: 2 server, 3 client. */
  kind: number;
  scope: string;
  service: string;
  attributes: Record<string, unknown>;
};

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

/**
 * Protobuf's wire format, enough of it for OTLP's trace requests: each field of a message as
 * its number and its value (a varint as a bigint, anything else as its bytes).
 */
function readFields(bytes: Uint8Array): { field: number; value: bigint | Uint8Array }[] {
  const fields: { field: number; value: bigint | Uint8Array }[] = [];
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
      shift += 7n;
    }
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const wire = key & 7;
    const field = key >> 3;
    if (wire === 0) fields.push({ field, value: varint() });
    else {
      const length = wire === 2 ? Number(varint()) : wire === 1 ? 8 : wire === 5 ? 4 : NaN;
      if (Number.isNaN(length)) throw new Error(`unexpected wire type ${wire}`);
      fields.push({ field, value: bytes.subarray(at, at + length) });
      at += length;
    }
  }
  return fields;
}

const bytesOf = (fields: ReturnType<typeof readFields>, field: number): Uint8Array[] =>
  fields.filter((f) => f.field === field).map((f) => f.value as Uint8Array);
const textOf = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('utf8');
const hexOf = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('hex');

/** KeyValue list → object; AnyValue's string, bool, int and double (what the spans here hold). */
function readAttributes(keyValues: Uint8Array[]): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const keyValue of keyValues) {
    const fields = readFields(keyValue);
    const key = textOf(bytesOf(fields, 1)[0]);
    const [value] = readFields(bytesOf(fields, 2)[0] ?? new Uint8Array());
    if (!value) continue;
    if (value.field === 1) attributes[key] = textOf(value.value as Uint8Array);
    else if (value.field === 2) attributes[key] = value.value === 1n;
    else if (value.field === 3) attributes[key] = Number(BigInt.asIntN(64, value.value as bigint));
    else if (value.field === 4) {
      attributes[key] = Buffer.from(value.value as Uint8Array).readDoubleLE(0);
    }
  }
  return attributes;
}

/** ExportTraceServiceRequest → its spans. */
function readTraceRequest(body: Uint8Array): TReceivedSpan[] {
  const spans: TReceivedSpan[] = [];
  for (const resourceSpans of bytesOf(readFields(body), 1)) {
    const fields = readFields(resourceSpans);
    const resource = readFields(bytesOf(fields, 1)[0] ?? new Uint8Array());
    const service = String(readAttributes(bytesOf(resource, 1))['service.name']);
    for (const scopeSpans of bytesOf(fields, 2)) {
      const scopeFields = readFields(scopeSpans);
      const scope = textOf(
        bytesOf(readFields(bytesOf(scopeFields, 1)[0] ?? new Uint8Array()), 1)[0],
      );
      for (const span of bytesOf(scopeFields, 2)) {
        const f = readFields(span);
        spans.push({
          traceId: hexOf(bytesOf(f, 1)[0]),
          spanId: hexOf(bytesOf(f, 2)[0]),
          parentSpanId: hexOf(bytesOf(f, 4)[0]),
          name: textOf(bytesOf(f, 5)[0]),
          kind: Number(f.find((x) => x.field === 6)?.value ?? 0),
          scope,
          service,
          attributes: readAttributes(bytesOf(f, 9)),
        });
      }
    }
  }
  return spans;
}

/** An OTLP/HTTP collector on loopback that keeps the spans it is sent (protobuf, as exported). */
async function startOtlpReceiver(): Promise<{
  url: string;
  spans: TReceivedSpan[];
  /** The content types of the requests it was sent. */
  contentTypes: Set<string | undefined>;
  close: () => Promise<void>;
}> {
  const spans: TReceivedSpan[] = [];
  const contentTypes = new Set<string | undefined>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      contentTypes.add(req.headers['content-type']);
      if (req.method === 'POST' && req.url === '/v1/traces') {
        spans.push(...readTraceRequest(Buffer.concat(chunks)));
      }
      // An empty ExportTraceServiceResponse: everything accepted.
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    contentTypes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let database: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
let dataDir = '';
/** Where the server keeps its data: the file's PostgreSQL database and Redis, or a folder. */
let storeEnv: Record<string, string> = {};

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  if (IS_POSTGRES_PASS) {
    database = await openTestDatabase();
    storeEnv = {
      DATABASE_URL: database.databaseUrl!,
      REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `telemetry-${process.pid}-${Date.now()}:`,
    };
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-telemetry-'));
    storeEnv = { DATA_DIR: dataDir };
  }
  // The request's log line is what the trace id is read from (debug by default on PGlite).
  storeEnv.REQUEST_LOG_LEVEL = 'info';
});

afterAll(async () => {
  await receiver?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A REST call to the server process that must succeed (attempt() of server-process.ts). */
async function call(
  server: TServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<any> {
  const outcome = await attempt(`${server.url}/api/v1${path}`, method, options);
  if (outcome.status === 'lost' || outcome.status < 200 || outcome.status >= 300) {
    throw new Error(`${method} ${path}: ${outcome.status}: ${JSON.stringify(outcome.body)}`);
  }
  return outcome.body === '' ? null : outcome.body;
}

/** Signs up a company, adds a board and an idea, and votes for it; the vote's request id. */
async function voteOnNewIdea(server: TServerProcess): Promise<string> {
  const { token } = await call(server, 'POST', '/registrations', {
    body: {
      email: `t-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret-password',
      company: 'Traced Company',
    },
  });
  const { companyId } = await call(server, 'GET', '/company', { token });
  const board = await call(server, 'POST', `/companies/${companyId}/boards`, {
    token,
    body: { name: 'Feature requests', companyId },
  });
  const idea = await call(server, 'POST', '/ideas/', {
    token,
    headers: { 'x-board-id': String(board.id) },
    body: { title: 'Dark mode' },
  });
  const requestId = `vote-${randomUUID()}`;
  const vote = await call(server, 'POST', `/ideas/${idea.id}/upvote`, {
    token,
    headers: { 'x-request-id': requestId },
  });
  expect(vote.voteCount).toBe(1);
  return requestId;
}

/** The JSON log line of the request with this id. */
function requestLine(server: TServerProcess, requestId: string): Record<string, unknown> {
  const line = server
    .output()
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((entry) => entry.msg === 'request' && entry.requestId === requestId);
  expect(line, server.output()).toBeDefined();
  return line!;
}

/** Whether `span` descends from the span `ancestorId` within `spans`. */
function descendsFrom(span: TReceivedSpan, ancestorId: string, spans: TReceivedSpan[]): boolean {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) {
    if (parent.spanId === ancestorId) return true;
  }
  return false;
}

// A server process on a new embedded database applies every migration at its first start.
const PROCESS_TEST_MS = 150_000;

/**
 * The server from its sources, through tsx, as in development (the run's bundle is what
 * startServerProcess prefers, and it reads the variable naming it as it starts).
 */
function startFromSources(env: Record<string, string>): Promise<TServerProcess> {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  delete process.env[SERVER_BUNDLE_ENV];
  try {
    return startServerProcess(env);
  } finally {
    if (bundle !== undefined) process.env[SERVER_BUNDLE_ENV] = bundle;
  }
}

describe.each([
  ['bundled, as `npm start` runs it', startServerProcess],
  ['from its sources (tsx)', startFromSources],
])('OpenTelemetry tracing of the server %s', (_, start) => {
  it(
    'exports the spans of a vote over OTLP: the route’s server span, its database queries and GraphQL; the request’s log line carries the trace id',
    async () => {
      const server = await start({
        ...storeEnv,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: '',
        // Spans leave in batches every 5 s by default: the test waits for a quicker one.
        OTEL_BSP_SCHEDULE_DELAY: '200',
      });
      let requestId = '';
      try {
        requestId = await voteOnNewIdea(server);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        const graphql = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-request-id': `${requestId}-graphql` },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        expect(await graphql.json()).toEqual({ data: { __typename: 'Query' } });
        // Its trace is exported within moments (and the vote's before it).
        await expect
          .poll(
            () => {
              const { traceId } = requestLine(server, `${requestId}-graphql`);
              return receiver.spans.some((span) => span.traceId === traceId);
            },
            { timeout: 20_000 },
          )
          .toBe(true);
      } finally {
        await server.stop();
      }
      expect(server.output()).toMatch(/Tracing: spans of service feedboard go over OTLP/);
      // OTLP's default transport: protobuf over HTTP.
      expect([...receiver.contentTypes]).toEqual(['application/x-protobuf']);

      const voteLine = requestLine(server, requestId);
      const voteSpan = receiver.spans.find(
        (span) => span.kind === SPAN_KIND_SERVER && span.traceId === voteLine.traceId,
      );
      expect(voteSpan, JSON.stringify(receiver.spans.map((s) => s.name))).toMatchObject({
        name: 'POST /api/v1/ideas/:id/upvote',
        service: 'feedboard',
        scope: '@opentelemetry/instrumentation-http',
        attributes: expect.objectContaining({
          'http.route': '/api/v1/ideas/:id/upvote',
          'http.request.method': 'POST',
          'http.response.status_code': 200,
        }),
      });
      // The line was written in the request's own span.
      expect(voteLine.spanId).toBe(voteSpan!.spanId);
      const trace = receiver.spans.filter((span) => span.traceId === voteSpan!.traceId);
      const inVote = trace.filter((span) => descendsFrom(span, voteSpan!.spanId, trace));
      if (IS_POSTGRES_PASS) {
        const queries = inVote.filter((span) => span.scope === '@opentelemetry/instrumentation-pg');
        expect(queries.map((span) => span.attributes['db.query.text'])).toContainEqual(
          expect.stringContaining('INSERT INTO "Vote"'),
        );
        expect(queries.every((span) => span.kind === SPAN_KIND_CLIENT)).toBe(true);
        const redis = inVote.filter(
          (span) => span.scope === '@opentelemetry/instrumentation-ioredis',
        );
        expect(redis.map((span) => span.name)).toContain('publish');
        // Command names only: a key or a value would be an address or an email.
        expect(redis.map((span) => span.attributes['db.query.text'])).toEqual(
          redis.map((span) => span.name),
        );
      } else {
        // The embedded database runs in the process, with no driver to instrument.
        expect(trace).toEqual([voteSpan]);
      }

      const graphqlLine = requestLine(server, `${requestId}-graphql`);
      const graphqlTrace = receiver.spans.filter(
        (span) =>
          span.traceId === graphqlLine.traceId &&
          // With Redis, the cost budget's counter (rate-limiter-flexible's EVALSHA) joins in.
          span.scope !== '@opentelemetry/instrumentation-ioredis',
      );
      // Validation is graphql's own; parsing is GraphQL Armor's (it counts tokens as it goes)
      // and execution graphql-jit's, which the instrumentation does not see.
      expect(graphqlTrace.map((span) => span.name).sort()).toEqual([
        'POST /graphql',
        'graphql.validate',
      ]);
      expect(graphqlTrace.find((span) => span.name === 'graphql.validate')?.scope).toBe(
        '@opentelemetry/instrumentation-graphql',
      );
      // Health probes are not traced (the probe came before the GraphQL request).
      expect(receiver.spans.map((span) => span.name)).not.toContainEqual(
        expect.stringMatching(/healthz|readyz|livez/),
      );
    },
    PROCESS_TEST_MS,
  );
});

describe('OpenTelemetry tracing unconfigured', () => {
  it(
    'is off without an OTLP endpoint: OpenTelemetry is not loaded and log lines carry no trace id',
    async () => {
      const server = await startServerProcess({
        ...storeEnv,
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
        // Every CommonJS module Node loads, on stderr.
        NODE_DEBUG: 'module',
      });
      const requestId = await voteOnNewIdea(server).finally(() => server.stop());
      const line = requestLine(server, requestId);
      expect(line).not.toHaveProperty('traceId');
      expect(line).not.toHaveProperty('spanId');
      const output = server.output();
      // The check below can see a package the bundle leaves in node_modules being loaded.
      expect(output).toMatch(/node_modules\/pg\//);
      expect(output).not.toMatch(/@opentelemetry\/(sdk-node|instrumentation)/);
      expect(output).not.toMatch(/require-in-the-middle/);
    },
    PROCESS_TEST_MS,
  );
});
