import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { TRestEnv } from './http.ts';
import { registerErrorComponents } from './openapi-errors.ts';
import { withExamples } from './openapi-examples.ts';
import { registerWebhooks } from './openapi-webhooks.ts';
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
    operationId: 'getOpenApiDocument',
    tag: 'Meta',
    summary: 'This document',
    auth: 'none',
    response: ZOpenApiDocument,
    handle: async () => {
      document ??= openApiDocument(app);
      return document;
    },
  });
}

/** The operations' groups, in the reference's order. */
const TAGS = [
  {
    name: 'Accounts',
    description: 'Sign-up, sign-in, password recovery, the profile and the company.',
  },
  {
    name: 'Companies',
    description: 'A company’s boards, releases, users, plan and payments (admins).',
  },
  { name: 'Boards', description: 'A board and its settings.' },
  { name: 'Ideas', description: 'A board’s ideas: list, submit, edit, move, decline.' },
  { name: 'Votes', description: 'Votes on ideas and how much they matter.' },
  { name: 'Comments', description: 'Comments, replies and internal notes on ideas.' },
  { name: 'Releases', description: 'Release notes made of ideas and generic parts.' },
  { name: 'Export', description: 'CSV downloads for admins and owners.' },
  {
    name: 'Widget',
    description:
      'What the embeddable widget calls: SSO, its board, sign-up and sign-in, live events.',
  },
  { name: 'Billing', description: 'The payment provider’s calls.' },
  {
    name: 'Webhooks',
    description:
      'The company’s outgoing webhooks (see also the `webhooks` section: what they send).',
  },
  { name: 'Integrations', description: 'Calls from GitHub and Linear for linked issues.' },
  { name: 'Meta', description: 'This document.' },
];

/**
 * The license the document states. Feedboard is not open source (package.json: private); the
 * lint wants an SPDX identifier or a URL, and `LicenseRef-` is SPDX's form for a license of
 * one's own.
 */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/** The document of every route mounted on `app` (call once per app: it registers components). */
export function openApiDocument(app: OpenAPIHono<TRestEnv>) {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The session token from /login or /registrations (or a widget SSO session), or a company API key (`fbk_…`, made by an admin in the console) acting with its creator’s rights; a read-only key may only GET. Routes that answer or change a credential (the company secret, webhooks, API keys) need a signed-in person.',
  });
  registerErrorComponents(registry);
  registerWebhooks(registry);
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Feedboard REST API',
      version: '1',
      description:
        'The REST shims of Feedboard (the widget and older clients). JSON in and out; errors are `{error: {code, message, fields?}}`, each error answer listing its codes. Ids are plain numbers. CORS is open to any origin (bearer tokens, no cookies). The `webhooks` section describes what Feedboard POSTs to integrators’ webhook URLs.',
      license: LICENSE,
    },
    servers: [{ url: '/api/v1' }],
    tags: TAGS,
  });
  return withExamples(document);
}
