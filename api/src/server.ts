import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import type { TConfig } from './config.ts';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { TDatabase } from './db/client.ts';
import type { TDeps } from './deps.ts';
import { clientFrom, clientOf } from './http/client-ip.ts';
import { createClientGate } from './http/client-gate.ts';
import { createGraphQL } from './graphql/graphql.ts';
import { AppError, errors } from './errors.ts';
import { mountExplorers } from './pages/explorers.ts';
import { mountHealth } from './http/health.ts';
import type { THealthOptions } from './http/health.ts';
import { mountMcp } from './mcp/mcp-route.ts';
import { createPortal } from './portal/portal-routes.ts';
import { mountWidgetPreview, mountWidgetScript } from './pages/public-page.ts';
import { securityHeaders } from './http/security-headers.ts';
import { mountUnsubscribePage } from './pages/unsubscribe-page.ts';
import { mountConfirmEmailPage } from './pages/confirm-email-page.ts';
import { mountPrivacyPage } from './pages/privacy-page.ts';
import { errorResponse } from './rest/http.ts';
import { REST_BODY_LIMIT, TOO_LARGE_MESSAGE, restApi } from './rest/index.ts';
import { graphqlBodyLimit, mayBeLargeUpload, uploadLimitOf } from './http/upload-limit.ts';
import { mountMetrics } from './http/metrics-route.ts';
import type { TMetrics } from './observability/metrics.ts';
import {
  outgoingOf,
  requestContextOf,
  requestIdFrom,
  setRequestContext,
} from './http/request-context.ts';
import type { TRequestContext } from './http/request-context.ts';
import { runAsStatementOwner } from './db/statement-owner.ts';
import { escapeHtml } from './portal/html.ts';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * The one HTTP application: /graphql (GraphiQL in a browser), /api/v1/* (its reference at
 * /api/v1/docs), /mcp (agents, mcp/mcp-route.ts), the explorers' files at /explorers/*, /healthz, /livez and /readyz (health.ts), /widget.js, the public board pages,
 * the unsubscribe and email-confirmation links of mails, and the built console for every other path (its router decides what is "not found").
 */
export function createApp(
  deps: TDeps,
  db: Pick<TDatabase, 'isHealthy' | 'kind'>,
  yoga = createGraphQL(deps),
  metrics: TMetrics | null = null,
  health: THealthOptions = {},
): Hono {
  const app = new Hono();
  // The route pattern that answered (`/api/v1/boards/:boardId/ideas/`), for the request's log
  // line and metrics: a pattern, so no token in a path reaches the log.
  app.use('*', async (c, next) => {
    await next();
    const request = requestContextOf(c.env);
    if (request) request.route = routePath(c);
  });
  app.use('*', securityHeaders(deps.config));
  // What REST and GraphQL do not answer themselves (the portal's pages, the small pages): a
  // database past its deadline is a 503 with Retry-After, never a 500 with a stack in the log.
  app.onError((error, c) => {
    const unavailable = deps.databaseFaults.answer(error);
    if (unavailable) {
      if (unavailable.retryAfterSeconds !== undefined) {
        c.header('retry-after', String(unavailable.retryAfterSeconds));
      }
      return c.text(unavailable.message, 503);
    }
    deps.log.error(`${c.req.method} ${c.req.path} failed`, error);
    return c.text('Something went wrong on our side. Please try again.', 500);
  });
  // A company's own domain gets its portal at `/` (before the console's files answer it).
  const portal = createPortal(deps);
  portal.mountDomains(app);

  app.get('/healthz', async (c) => {
    const isHealthy = await db.isHealthy();
    return c.json(
      {
        status: isHealthy ? 'ok' : 'unavailable',
        // No database kind: the probe is anonymous (as /readyz, health.ts).
        database: isHealthy ? 'ok' : 'unreachable',
      },
      isHealthy ? 200 : 503,
    );
  });

  mountHealth(app, deps, db, health);

  app.use('/graphql', graphqlBodyLimit(deps));
  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', (c) =>
    yoga.fetch(c.req.raw, {
      client: clientOf(c, deps.config.trustProxy),
      disconnect: disconnectOf(c.env),
      outgoing: outgoingOf(c.env),
      requestContext: requestContextOf(c.env),
    }),
  );
  mountMetrics(app, metrics, deps.config.metricsToken);
  mountExplorers(app);
  app.route('/api/v1', restApi(deps));
  mountMcp(app, deps);
  app.all('/api/*', (c) => errorResponse(c, errors.notFound('Route')));
  mountUnsubscribePage(app, deps);
  mountConfirmEmailPage(app, deps);
  mountPrivacyPage(app, deps);

  // The console's page itself, with the operator's settings it reads (consoleIndexHtml), also
  // at `/` and `/index.html`, which the static files would otherwise answer as built.
  const consolePage = async (c: Context) => {
    const index = path.join(WEB_DIST, 'index.html');
    if (!existsSync(index)) {
      return c.text('The console is not built yet: run `npm run build`.', 503);
    }
    return c.html(consoleIndexHtml(await readFile(index, 'utf8'), deps.config));
  };
  app.get('/', consolePage);
  app.get('/index.html', consolePage);
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), WEB_DIST) || '.' }));
  mountWidgetScript(app);
  mountWidgetPreview(app);
  portal.mountRoutes(app);
  app.get('*', consolePage);
  return app;
}

/**
 * The console's index.html with what its pages read from the server's configuration before
 * any request, as <meta> tags in its head: the operator's terms of use and privacy policy
 * (TERMS_URL, PRIVACY_URL), which the sign-up links to. An unset one has no tag.
 */
export function consoleIndexHtml(
  html: string,
  config: Pick<TConfig, 'termsUrl' | 'privacyUrl'>,
): string {
  const tags = [
    ['feedboard-terms-url', config.termsUrl],
    ['feedboard-privacy-url', config.privacyUrl],
  ]
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([name, url]) => `<meta name="${name}" content="${escapeHtml(url)}" />`);
  return tags.length === 0 ? html : html.replace('</head>', `${tags.join('\n')}\n</head>`);
}

/** Drops the connection of a request served by @hono/node-server (nothing under app.request). */
function disconnectOf(env: unknown): (() => void) | undefined {
  const outgoing = outgoingOf(env);
  return outgoing ? () => outgoing.destroy() : undefined;
}

/**
 * The Node HTTP server's timeouts. A client that sends its request slowly (a body at a byte
 * every 2 s held a connection 94 s) is cut off once REQUEST_TIMEOUT_MS has passed since the
 * request began (408, connection closed), checked a few times within that time. The headers
 * must arrive within it too. An idle keep-alive connection is no request: keepAliveTimeout
 * (main.ts) bounds it. Answers are not bounded: a live event stream stays open.
 */
export function httpServerOptions(config: Pick<TConfig, 'requestTimeoutMs'>): ServerOptions {
  const requestTimeout = config.requestTimeoutMs;
  return {
    requestTimeout,
    headersTimeout: Math.min(66_000, requestTimeout),
    connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(requestTimeout / 4))),
  };
}

/**
 * The Node request listener that serves the app. A GraphQL POST whose body declares a size
 * within the limit goes straight to yoga's own Node handler; everything else goes through hono.
 * Through hono, every operation's Node request became a web Request and yoga's answer was
 * copied back into Node's response: 0.5 ms of CPU per vote, a third of it (`npm run bench`).
 * Chunked bodies, whose size is known only once read, keep hono's counting body limit.
 */
export async function createRequestListener(
  deps: TDeps,
  db: Pick<TDatabase, 'isHealthy' | 'kind' | 'poolStats'>,
  health: THealthOptions = {},
): Promise<RequestListener> {
  const yoga = createGraphQL(deps);
  // Metrics cost a little per request and a registry per server: only when someone reads them,
  // and prom-client loads only then.
  const metrics = deps.config.metricsToken
    ? (await import('./observability/metrics.ts')).createMetrics({
        prisma: deps.prisma,
        openStreams: () => deps.streamSlots.count().total,
        requestBodies: () => deps.requestBodies.stats(),
        poolStats: db.poolStats,
      })
    : null;
  const viaHono = getRequestListener(createApp(deps, db, yoga, metrics, health).fetch);
  const serve: RequestListener = (req, res) => {
    const length = req.headers['content-length'];
    const isFastGraphQL =
      req.method === 'POST' &&
      (req.url === '/graphql' || req.url?.startsWith('/graphql?')) &&
      req.headers['transfer-encoding'] === undefined &&
      length !== undefined &&
      Number(length) <= REST_BODY_LIMIT;
    if (!isFastGraphQL) return viaHono(req, res);
    const client = clientFrom(
      req.socket.remoteAddress,
      String(req.headers['x-forwarded-for'] ?? ''),
      deps.config.trustProxy,
    );
    void yoga.handle(req, res, {
      client,
      disconnect: () => res.destroy(),
      outgoing: res,
      requestContext: requestContextOf({ incoming: req }),
    });
  };
  const requestLog = deps.log.child({ kind: 'request' });
  const gate = createClientGate(deps.config.clientGate);
  const bodies = deps.requestBodies;
  return (req, res) => {
    const started = performance.now();
    const context: TRequestContext = { requestId: requestIdFrom(req.headers['x-request-id']) };
    res.setHeader('X-Request-Id', context.requestId);
    // 'close' comes once per request, after the answer's end or when the client went away
    // (a live stream ends so); the line is written then, with the time it took.
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = context.route ?? (req.url?.startsWith('/graphql') ? '/graphql' : 'unmatched');
      metrics?.observeRequest(req.method ?? 'GET', route, res.statusCode, seconds);
      const line = {
        requestId: context.requestId,
        method: req.method,
        route,
        status: res.statusCode,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(context.companyId === undefined ? {} : { companyId: context.companyId }),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) requestLog.warn('request', line);
      else requestLog[deps.config.requestLogLevel]('request', line);
    });
    setRequestContext(req, context);
    const { ip } = clientFrom(
      req.socket.remoteAddress,
      String(req.headers['x-forwarded-for'] ?? ''),
      deps.config.trustProxy,
    );
    // Its statements take turns with other clients' and requests' on the embedded database
    // (db/pglite.ts). Health probes skip the client's line and are a client of their own: a
    // balancer asks from one address, and a probe asks whether the database answers, not how
    // long that address's other requests wait.
    if (isProbe(req.url)) {
      runAsStatementOwner(() => serve(req, res), 'health probes');
      return;
    }
    const arrival = gate.arrive(ip);
    if (!arrival) {
      refuseBusyClient(res);
      return;
    }
    let closed = false;
    let dropBody = () => {};
    res.once('close', () => {
      closed = true;
      dropBody();
      arrival.leave();
    });
    // A place in the line once the body is in: the body read is handed to the handlers
    // (@hono/node-server takes `rawBody`, yoga's Node handler `body`), and stops counting
    // against the address's budget (http/body-intake.ts).
    const enter = () =>
      arrival.enter(() => {
        dropBody();
        runAsStatementOwner(() => serve(req, res), ip, arrival.leave);
      });
    if (!hasBody(req)) {
      enter();
      return;
    }
    const read = ({ limit, message }: { limit: number; message: string }) => {
      if (closed) return;
      // A declared length past the limit is refused by the route's own limit, from the header,
      // without a byte read (a 413, as before).
      if (Number(req.headers['content-length'] ?? 0) > limit) {
        enter();
        return;
      }
      dropBody = bodies.receive(req, ip, limit, {
        onBody: (body) => {
          Object.assign(req, { rawBody: body, body: bodyForYoga(body) });
          enter();
        },
        onTooLarge: () => {
          arrival.leave();
          refuseTooLarge(res, message);
        },
        onStalled: () => {
          arrival.leave();
          refuseStalled(res, deps.config.bodyBudget.idleMs);
        },
        // An import upload (its token checked first) is never cut off to make room.
        ...(limit > REST_BODY_LIMIT
          ? {}
          : {
              onCut: () => {
                arrival.leave();
                refuseNoRoom(res);
              },
            }),
      });
    };
    if (!mayBeLargeUpload(req) || Number(req.headers['content-length'] ?? 0) <= REST_BODY_LIMIT) {
      read({ limit: REST_BODY_LIMIT, message: TOO_LARGE_MESSAGE });
      return;
    }
    // It may be an import upload (up to 48 MB): whose token it carries is checked in a turn of
    // the address's line, before a byte past 1 MB is read, so a stranger cannot make the server
    // hold a large body; the place is given back while the body arrives.
    arrival.enter(() => {
      void runAsStatementOwner(() => uploadLimitOf(deps, req), ip)
        .catch(() => ({ limit: REST_BODY_LIMIT, message: TOO_LARGE_MESSAGE }))
        .then((limit) => {
          arrival.stepOut();
          read(limit);
        });
    });
  };
}

/**
 * A body already read, as yoga's Node handler takes it (`req.body`, @whatwg-node/server): an
 * async iterable with one own key. A Buffer would do, but the handler counts its own keys
 * first (Object.keys): 75 ms for a body of 1 MB.
 */
function bodyForYoga(bytes: Buffer): { bytes: Buffer } & AsyncIterable<Buffer> {
  return {
    bytes,
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
  };
}

/** Whether a request carries a body: a length above 0, or a chunked one. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * A body read past its limit while it arrived (a chunked one; a declared length past it is the
 * route's to refuse): 413 in the API's one error shape, as the routes' limits answer, and the
 * connection closes (the rest of the body is not read).
 */
function refuseTooLarge(res: ServerResponse, message: string): void {
  closeWith(res, 413, new AppError('PAYLOAD_TOO_LARGE', message).toJSON());
}

/**
 * A body that sent nothing for BODY_IDLE_TIMEOUT_MS (http/body-intake.ts): 408 in the API's one
 * error shape, and the connection closes (the rest of the body is not read).
 */
function refuseStalled(res: ServerResponse, idleMs: number): void {
  const seconds = Math.round(idleMs / 100) / 10;
  const message = `The request body stopped arriving: nothing came for ${seconds} s. Please send it again.`;
  closeWith(res, 408, new AppError('BAD_REQUEST', message).toJSON());
}

/**
 * A body cut off while it arrived, so that another address's body could be read (the process's
 * BODY_BYTES were held, most by this address: http/body-intake.ts): 503 with Retry-After: 1,
 * and the connection closes.
 */
function refuseNoRoom(res: ServerResponse): void {
  const message =
    'The server is receiving too many requests at once. Please try again in a second.';
  closeWith(res, 503, new AppError('UNAVAILABLE', message).toJSON(), { 'retry-after': '1' });
}

/** Answers `error` in the API's one error shape and closes the connection (a body left unread). */
function closeWith(
  res: ServerResponse,
  status: number,
  error: { code: string; message: string },
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify({ error });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    connection: 'close',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

const PROBES = new Set(['/healthz', '/livez', '/readyz', '/metrics']);

function isProbe(url: string | undefined): boolean {
  if (!url) return false;
  const end = url.indexOf('?');
  return PROBES.has(end === -1 ? url : url.slice(0, end));
}

/**
 * The client's line is full (CLIENT_QUEUE requests already wait behind its CLIENT_CONCURRENCY):
 * 429 in the API's one error shape, to try again in a second.
 */
function refuseBusyClient(res: ServerResponse): void {
  const body = JSON.stringify({
    error: {
      code: 'RATE_LIMITED',
      message: 'Too many requests at once from your address. Please wait a second and try again.',
    },
  });
  res.writeHead(429, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': '1',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
