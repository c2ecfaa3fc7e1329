import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { TRestEnv } from './http.ts';
import { jsonRoute } from './route.ts';
import type { TRestRoute } from './route.ts';

const ZOpenApiDocument = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
  .meta({ description: 'An OpenAPI 3.1 document.' });

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of every route, generated from the route table
 * (built once, on the first request, after every route is registered).
 */
export function openApiRoute(app: OpenAPIHono<TRestEnv>): TRestRoute {
  let document: ReturnType<OpenAPIHono<TRestEnv>['getOpenAPI31Document']> | undefined;
  return jsonRoute({
    method: 'get',
    path: '/openapi.json',
    tag: 'Meta',
    summary: 'This document',
    auth: 'none',
    response: ZOpenApiDocument,
    handle: async () => {
      document ??= buildDocument(app);
      return document;
    },
  });
}

function buildDocument(app: OpenAPIHono<TRestEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token from /login or /registrations (or a widget SSO session).',
  });
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Feedboard REST API',
      version: '1',
      description:
        'The REST shims of Feedboard (the widget and older clients). JSON in and out; errors are `{error: {code, message, fields?}}`. Ids are plain numbers. CORS is open to any origin (bearer tokens, no cookies).',
    },
    servers: [{ url: '/api/v1' }],
  });
}
