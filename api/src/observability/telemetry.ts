import { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { Span } from '@opentelemetry/api';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { TTracingConfig } from '../config.ts';
import { writeTraceIdsInLogs } from './log.ts';
import { requestContextOf } from '../http/request-context.ts';

/** Requests nobody wants a trace of: probes and scrapes, several a minute, all alike. */
const UNTRACED_PATHS = new Set(['/healthz', '/livez', '/readyz', '/metrics']);

/** The longest a stop waits for the last spans to reach the collector. */
const FLUSH_AT_STOP_MS = 3_000;

/**
 * The packages the instrumentations patch. Their hooks see CommonJS `require` only, and on
 * Node 20 an ES module's `import` of a CommonJS package does not pass through it: each is
 * required here once, patched, and the server's imports then get that same (patched) copy
 * from Node's module cache. `http` is Node's own; the server bundle leaves the other three in
 * node_modules (scripts/build-server.mjs), so that there is one copy to patch.
 */
const INSTRUMENTED_MODULES = ['node:http', 'node:https', 'pg', 'ioredis', 'graphql'];

/**
 * Starts OpenTelemetry tracing (main.ts, before the server's modules load; only when an OTLP
 * endpoint is configured). Spans: each HTTP request the server answers (named by its route
 * pattern) and each it sends, PostgreSQL queries (pg), Redis commands (ioredis), and GraphQL's
 * parse, validate and execute. They go over OTLP as OpenTelemetry's own variables say
 * (OTEL_EXPORTER_OTLP_ENDPOINT, _PROTOCOL, _HEADERS, …; http/protobuf unless told), and each
 * log line written while a span is active carries its `traceId` and `spanId`. Metrics stay
 * on /metrics and logs on stdout: OpenTelemetry exports traces only.
 * Returns `stop`, which sends the spans still buffered.
 */
export function startTracing(config: TTracingConfig): { stop: () => Promise<void> } {
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request.url)),
        applyCustomAttributesOnSpan: (span, request) => {
          if (request instanceof IncomingMessage) nameByRoute(span, request);
        },
      }),
      new PgInstrumentation(),
      // Command names only: keys and values hold addresses and emails (rate limits).
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
      // A span per field resolver would outnumber everything else; resolvers that only read a
      // property get none.
      new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true }),
    ],
  });
  sdk.start();
  const requirePackage = createRequire(import.meta.url);
  for (const name of INSTRUMENTED_MODULES) requirePackage(name);
  writeTraceIdsInLogs(() => {
    const spanContext = trace.getActiveSpan()?.spanContext();
    if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
    return { traceId: spanContext.traceId, spanId: spanContext.spanId };
  });
  return {
    stop: () =>
      Promise.race([
        sdk.shutdown(),
        new Promise<void>((resolve) => setTimeout(resolve, FLUSH_AT_STOP_MS).unref()),
      ]),
  };
}

function pathOf(url: string | undefined): string {
  const path = url ?? '/';
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
}

/**
 * A server span is named and described by the route pattern that answered
 * (`POST /api/v1/ideas/:ideaId/upvote`), as the request's log line is: tokens in paths
 * (unsubscribe, privacy and confirmation links) and query values stay out of traces.
 */
function nameByRoute(span: Span, request: IncomingMessage): void {
  const route =
    requestContextOf({ incoming: request })?.route ??
    (pathOf(request.url) === '/graphql' ? '/graphql' : undefined);
  if (!route) return;
  span.updateName(`${request.method ?? 'GET'} ${route}`);
  span.setAttribute('http.route', route);
  span.setAttribute('url.path', route);
  const query = request.url?.split('?')[1];
  if (query) {
    const names = [...new URLSearchParams(query).keys()];
    span.setAttribute('url.query', names.map((name) => `${name}=REDACTED`).join('&'));
  }
}
