import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { toRowId } from '../services/access.ts';
import { ZStorableText, parseInput } from '../validation.ts';
import { errorResponseRef } from './openapi-errors.ts';
import { PAGING_HEADERS } from './paging.ts';
import type { TErrorStatus } from './openapi-errors.ts';
import type { TRestEnv } from './http.ts';
import { readJson, requireSignedIn } from './http.ts';

/**
 * One REST route as a table row: what the router serves and what the OpenAPI document says
 * come from the same object. Request schemas are the domain services' own zod schemas (the
 * service validates the body with them), so the document cannot drift from the rules.
 */

export type THttpMethod = 'get' | 'post' | 'put' | 'delete';
/** none: no identity needed; optional: anonymous or signed in (public boards); signedIn: 401 without a session. */
export type TAuth = 'none' | 'optional' | 'signedIn';
export type TRestContext = Context<TRestEnv>;

type TRouteInfo = {
  method: THttpMethod;
  /** OpenAPI-style path under /api/v1 (`/boards/{id}`), with no trailing slash. */
  path: string;
  /**
   * The same route at the path the spec writes with a trailing slash (`/ideas/`): still
   * served, not documented (a trailing-slash path is an error of the OpenAPI lint).
   */
  legacyPath?: string;
  /** The operation's stable name for generated clients: camelCase, verb first (`listBoards`). */
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: TAuth;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: z.ZodObject;
    body?: z.ZodType;
  };
  /**
   * Failure statuses beyond those every route implies: 401, 500 and 503 always; 400 with any
   * input; 404 with path ids or x-board-id; 413 and 415 with a body (see {@link errorStatuses}).
   */
  errors?: readonly (402 | 403 | 404 | 409 | 429 | 503)[];
  /** A paged list: its answer may carry `X-Next-Cursor` and `Link` (paging.ts). */
  pages?: boolean;
};

export type TRestRoute = TRouteInfo & {
  status: 200 | 201 | 204;
  response: z.ZodType | null;
  /** A stream's or file's media type (its handler answers the Response itself); JSON otherwise. */
  streams?: 'text/event-stream' | 'text/csv';
  handle: (c: TRestContext) => Promise<unknown>;
};

/**
 * An answer already written as JSON text (by PostgreSQL: idea-page-json.ts), sent as it is; in
 * tests it is parsed and checked against the route's schema like any other answer.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A route answering JSON; the handler's answer is typed by (and, in tests, checked against) `response`. */
export function jsonRoute<S extends z.ZodType>(
  route: TRouteInfo & {
    status?: 200 | 201;
    response: S;
    handle: (c: TRestContext) => Promise<z.input<S> | JsonText>;
  },
): TRestRoute {
  return { ...route, status: route.status ?? 200 };
}

/** A route answering 204 with no body. */
export function emptyRoute(
  route: TRouteInfo & { handle: (c: TRestContext) => Promise<void> },
): TRestRoute {
  return { ...route, status: 204, response: null };
}

/**
 * A route answering a server-sent event stream; `event` documents one event's data. The
 * handler builds the Response (hono's `streamSSE`).
 */
export function streamRoute(
  route: TRouteInfo & { event: z.ZodType; handle: (c: TRestContext) => Promise<Response> },
): TRestRoute {
  const { event, ...rest } = route;
  return { ...rest, status: 200, response: event, streams: 'text/event-stream' };
}

/**
 * A route answering a CSV download (`Content-Disposition: attachment`); the handler builds the
 * Response with {@link csvResponse}.
 */
export function csvRoute(
  route: TRouteInfo & { handle: (c: TRestContext) => Promise<Response> },
): TRestRoute {
  return {
    ...route,
    status: 200,
    response: z.string().meta({ description: 'CSV with a header row (RFC 4180, CRLF).' }),
    streams: 'text/csv',
  };
}

/** A CSV file as a download named `filename`, sent as it is read. */
export function csvResponse(file: {
  filename: string;
  stream: ReadableStream<Uint8Array>;
}): Response {
  return new Response(file.stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * Refuses a request whose path parameters, query or JSON body hold text PostgreSQL cannot
 * store (NUL, lone surrogates): 400 VALIDATION naming the parameter or field, before the
 * handler runs, so no route can pass such text on to SQL (a hash, a slug, a search).
 */
async function checkStorableText(c: TRestContext, route: TRestRoute): Promise<void> {
  parseInput(ZStorableText, c.req.param());
  parseInput(ZStorableText, c.req.query());
  if (route.request?.body) parseInput(ZStorableText, await readJson(c));
}

/** A numeric path id; anything else reads as an id no row has, so the service answers 404. */
export function pathId(c: TRestContext, name = 'id'): number {
  return toRowId(c.req.param(name));
}

const ZPathIdValue = z
  .string()
  .regex(/^\d+$/)
  .meta({ description: 'A numeric id. Anything else (or an id of another company) is a 404.' });

/** Path parameters that are numeric row ids. */
export function idParams<K extends string>(...names: K[]) {
  return z.object(
    Object.fromEntries(names.map((name) => [name, ZPathIdValue])) as Record<K, typeof ZPathIdValue>,
  );
}

/** `/boards/{id}` → `/boards/:id` */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The documented path and the route's legacy path (the spec's, with a trailing slash). */
export function servedPaths(route: Pick<TRestRoute, 'path' | 'legacyPath'>): string[] {
  return route.legacyPath ? [route.path, route.legacyPath] : [route.path];
}

/**
 * Every failure status the route can answer: 401 (a bad or expired token, on any route), 500
 * and 503 (the database or a needed service unreachable) on all; 400 with any input (a path
 * parameter too: text PostgreSQL cannot store is refused); 404 with path ids or x-board-id; 413
 * and 415 with a body (too large, not JSON); and the route's own `errors`.
 */
export function errorStatuses(route: TRestRoute): TErrorStatus[] {
  const statuses = new Set<TErrorStatus>([401, 500, 503, ...(route.errors ?? [])]);
  const request = route.request ?? {};
  if (request.body || request.query || request.headers || request.params) statuses.add(400);
  if (request.params || request.headers) statuses.add(404);
  if (request.body) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((x, y) => x - y);
}

/**
 * Serves every route on `app` and registers it in the app's OpenAPI registry. With
 * `checkResponses` (tests) an answer that does not match its documented schema fails loudly.
 */
export function mountRoutes(
  app: OpenAPIHono<TRestEnv>,
  routes: TRestRoute[],
  options: { checkResponses: boolean },
): void {
  for (const route of routes) {
    const handler = async (c: TRestContext): Promise<Response> => {
      await checkStorableText(c, route);
      const result = await route.handle(c);
      if (route.streams) return result as Response;
      if (route.status === 204) return c.body(null, 204);
      const isText = result instanceof JsonText;
      if (options.checkResponses && route.response) {
        const checked = route.response.safeParse(isText ? JSON.parse(result.text) : result);
        if (!checked.success) {
          throw new Error(
            `${route.method.toUpperCase()} ${route.path} answered outside its documented schema: ${checked.error.message}`,
          );
        }
      }
      if (isText) {
        return c.body(result.text, route.status, { 'content-type': 'application/json' });
      }
      return c.json(result, route.status);
    };
    for (const path of servedPaths(route)) {
      if (route.auth === 'signedIn') app[route.method](honoPath(path), requireSignedIn, handler);
      else app[route.method](honoPath(path), handler);
    }
    registerRoute(app, route);
  }
}

/** The route's description, saying where else it answers. */
function descriptionOf(route: TRestRoute): string {
  const legacy = route.legacyPath
    ? `Also answered at \`${route.legacyPath}\` (the spec's path, with a trailing slash).`
    : '';
  return [route.description, legacy].filter(Boolean).join('\n\n');
}

function registerRoute(app: OpenAPIHono<TRestEnv>, route: TRestRoute): void {
  const { request = {} } = route;
  const responses: Record<string, object> = {
    [route.status]: {
      description: route.status === 204 ? 'Done; no body.' : 'Success.',
      ...(route.pages ? { headers: PAGING_HEADERS } : {}),
      ...(route.response
        ? { content: { [route.streams ?? 'application/json']: { schema: route.response } } }
        : {}),
    },
  };
  for (const status of errorStatuses(route)) responses[status] = errorResponseRef(status);
  app.openAPIRegistry.registerPath({
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description || route.legacyPath ? { description: descriptionOf(route) } : {}),
    security:
      route.auth === 'signedIn'
        ? [{ bearerAuth: [] }]
        : route.auth === 'optional'
          ? [{}, { bearerAuth: [] }]
          : [],
    request: {
      ...(request.params ? { params: request.params } : {}),
      ...(request.query ? { query: request.query } : {}),
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body
        ? { body: { required: true, content: { 'application/json': { schema: request.body } } } }
        : {}),
    },
    responses,
  });
}
