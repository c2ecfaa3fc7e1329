import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { toRowId } from '../services/access.ts';
import { ZStorableText, parseInput } from '../validation.ts';
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
  /** OpenAPI-style path under /api/v1, as the spec writes it (`/boards/{id}`, `/ideas/`). */
  path: string;
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
  /** Failure statuses beyond those every route implies (400, 401, and 404 with path ids). */
  errors?: readonly (402 | 403 | 404 | 409 | 429 | 503)[];
  /**
   * A second success answer with its own status and body (the handler answers it as an
   * {@link OtherAnswer}), documented beside the first.
   */
  otherAnswer?: { status: 202; description: string; response: z.ZodType };
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

/** The route's `otherAnswer`: its status, with this body (checked against its schema in tests). */
export class OtherAnswer {
  constructor(readonly body: unknown) {}
}

/** A route answering JSON; the handler's answer is typed by (and, in tests, checked against) `response`. */
export function jsonRoute<S extends z.ZodType>(
  route: TRouteInfo & {
    status?: 200 | 201;
    response: S;
    handle: (c: TRestContext) => Promise<z.input<S> | JsonText | OtherAnswer>;
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

/** The documented path and, for a path written with a trailing slash, the same path without it. */
export function servedPaths(path: string): string[] {
  return path.length > 1 && path.endsWith('/') ? [path, path.slice(0, -1)] : [path];
}

export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable code: VALIDATION, NOT_FOUND, PLAN_LIMIT, …' }),
      message: z.string().meta({ description: 'A sentence for people.' }),
      fields: z
        .array(z.object({ field: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'Field-level problems, with the spec’s messages (VALIDATION).' }),
    }),
  })
  .meta({ id: 'Error' });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Malformed JSON or invalid input (`fields` names each field).',
  401: 'No session, or a bad or expired token.',
  402: "The company's plan has made the board view-only (code PLAN_LIMIT).",
  403: 'Signed in, but not allowed (e.g. not an admin of the company).',
  404: "Unknown id, or another company's object.",
  409: 'Conflicts with the current state.',
  429: 'Too many attempts (code RATE_LIMITED); the Retry-After header says how many seconds to wait.',
  503: 'A needed service is not available.',
};

function errorStatuses(route: TRestRoute): number[] {
  const statuses = new Set<number>([401, ...(route.errors ?? [])]);
  const request = route.request ?? {};
  if (request.body || request.query || request.headers) statuses.add(400);
  if (request.params || request.headers) statuses.add(404);
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
      if (result instanceof OtherAnswer) {
        const other = route.otherAnswer;
        if (!other)
          throw new Error(`${route.method.toUpperCase()} ${route.path} has no other answer`);
        if (options.checkResponses && !other.response.safeParse(result.body).success) {
          throw new Error(
            `${route.method.toUpperCase()} ${route.path} answered ${other.status} outside its documented schema`,
          );
        }
        return c.json(result.body as object, other.status);
      }
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
    for (const path of servedPaths(route.path)) {
      if (route.auth === 'signedIn') app[route.method](honoPath(path), requireSignedIn, handler);
      else app[route.method](honoPath(path), handler);
    }
    registerRoute(app, route);
  }
}

function registerRoute(app: OpenAPIHono<TRestEnv>, route: TRestRoute): void {
  const { request = {} } = route;
  const responses: Record<string, object> = {
    [route.status]: {
      description: route.status === 204 ? 'Done; no body.' : 'Success.',
      ...(route.response
        ? { content: { [route.streams ?? 'application/json']: { schema: route.response } } }
        : {}),
    },
  };
  if (route.otherAnswer) {
    responses[route.otherAnswer.status] = {
      description: route.otherAnswer.description,
      content: { 'application/json': { schema: route.otherAnswer.response } },
    };
  }
  for (const status of errorStatuses(route)) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Failure.',
      content: { 'application/json': { schema: ZErrorBody } },
    };
  }
  app.openAPIRegistry.registerPath({
    method: route.method,
    path: route.path,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
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
