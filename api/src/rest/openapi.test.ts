import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../errors.ts';
import { createApp } from '../server.ts';
import { EVENT_TYPES, SUBSCRIBABLE_EVENTS } from '../services/webhook/webhook-input.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let document: any;

/** Every operation of the document: its paths' and its webhooks'. */
function operations(): { name: string; operation: any; isWebhook: boolean }[] {
  return (['paths', 'webhooks'] as const).flatMap((section) =>
    Object.entries<Record<string, any>>(document[section] ?? {}).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        operation,
        isWebhook: section === 'webhooks',
      })),
    ),
  );
}
beforeAll(async () => {
  server = await startTestServer();
  const response = await server.call('GET', '/api/v1/openapi.json');
  expect(response.status).toBe(200);
  document = response.body;
});
afterAll(async () => {
  await server?.close();
});

/** `/ideas/{id}` and `/ideas/:id` alike, and a trailing slash does not count. */
const normalise = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

/** Every call of spec section 7, as the spec writes it. */
const SECTION_7 = [
  'POST /registrations',
  'POST /login',
  'POST /logout',
  'POST /password-recovery/send-link',
  'POST /password-recovery/check-token',
  'POST /password-recovery/new-password',
  'GET /me',
  'GET /profile',
  'PUT /profile/language',
  'GET /company',
  'GET /companies/{id}/pricing',
  'GET /companies/{id}/boards',
  'GET /companies/{id}/releases',
  'GET /companies/{id}/users',
  'GET /companies/{id}/subscription',
  'GET /companies/{id}/payments',
  'POST /companies/{id}/boards',
  'POST /companies/{id}/releases',
  'POST /companies/{id}/subscription/upgrade/',
  'GET /boards/{id}',
  'GET /boards/{id}/limits',
  'GET /boards/{id}/releases',
  'GET /boards/{id}/widget-setup',
  'PUT /boards/{id}/name',
  'PUT /boards/{id}/language',
  'PUT /boards/{id}/theme',
  'PUT /boards/{id}/set-public',
  'GET /releases/{id}',
  'PUT /releases/{id}',
  'PUT /releases/{id}/publish',
  'POST /releases/{id}/parts',
  'POST /releases/{id}/add-from-ideas',
  'DELETE /releases/{id}/parts/{partId}',
  'GET /ideas/',
  'POST /ideas/',
  'GET /ideas/{id}',
  'PUT /ideas/{id}',
  'DELETE /ideas/{id}',
  'PUT /ideas/{id}/status',
  'POST /ideas/{id}/decline',
  'POST /ideas/{id}/upvote',
  'POST /ideas/{id}/downvote',
  'GET /ideas/{id}/voters',
  'GET /ideas/{id}/vote-importance',
  'PUT /ideas/{id}/vote-importance',
  'GET /ideas/{id}/comments',
  'POST /ideas/{id}/comments',
];
/**
 * What the embeddable widget adds (issue 7): SSO, its first screen by board hash, its sign-up and
 * sign-in (end users sign in through their company's widget, not the console), live events.
 */
const WIDGET = [
  'POST /widget/sso',
  'GET /widget/boards/{hash}',
  'POST /widget/boards/{hash}/signup',
  'POST /widget/boards/{hash}/login',
  'POST /widget/boards/{hash}/password-recovery/send-link',
  'GET /boards/{id}/events',
];
/**
 * Email notifications (issue 11): the user's preference and the admin's test email; and the
 * confirmation of the address they go to (issue 25.3).
 */
const NOTIFICATIONS = [
  'PUT /profile/notifications',
  'POST /company/test-email',
  'POST /profile/email-confirmation',
];
/** Routes the spec does not list: the payment provider's calls, secret rotation, similar ideas, exports, webhooks. */
const BEYOND_SECTION_7 = [
  'PUT /boards/{id}/access',
  'POST /billing/stripe-webhook',
  'POST /integrations/github/{key}',
  'POST /integrations/linear/{key}',
  'POST /login/second-factor',
  'POST /company/rotate-secret',
  'GET /boards/{id}/ideas/similar',
  'GET /boards/{id}/statuses',
  'GET /boards/{id}/export/ideas.csv',
  'GET /boards/{id}/export/voters.csv',
  'GET /companies/{id}/audit.csv',
  'POST /profile/privacy-requests',
  'GET /webhooks',
  'POST /webhooks',
  'PUT /webhooks/{id}',
  'DELETE /webhooks/{id}',
  'POST /webhooks/{id}/rotate-secret',
  'POST /webhooks/{id}/test',
  'GET /webhooks/{id}/deliveries',
  'PUT /profile',
  'PUT /profile/password',
];
const normaliseCall = (call: string) => {
  const [method, path] = call.split(' ');
  return `${method} ${normalise(path ?? '')}`;
};

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('lists exactly the routes the router serves', () => {
    const documented = Object.entries(document.paths as Record<string, object>)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${normalise(path)}`),
      )
      .sort();
    const served = [
      ...new Set(
        createApp(server.deps, server.db)
          .routes.filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'ALL')
          // The document's own reference page (HTML, api/src/pages/explorers.ts) is not a route of it.
          .filter((r) => r.path !== '/api/v1/docs')
          .map((r) => `${r.method} ${normalise(r.path.slice('/api/v1'.length))}`),
      ),
    ].sort();
    expect(documented).toEqual(served);
    expect(served).toEqual(
      [...SECTION_7, ...WIDGET, ...NOTIFICATIONS, ...BEYOND_SECTION_7, 'GET /openapi.json']
        .map(normaliseCall)
        .sort(),
    );
  });

  it('documents no path with a trailing slash, while the spec’s trailing-slash paths still answer', async () => {
    expect(Object.keys(document.paths).filter((path) => path.endsWith('/'))).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/ideas', '/companies/{id}/subscription/upgrade']),
    );
    for (const path of ['/api/v1/ideas/', '/api/v1/ideas']) {
      const response = await server.call('GET', path);
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual([
        { field: 'x-board-id', message: 'This field is required.' },
      ]);
    }
    for (const path of [
      '/api/v1/companies/1/subscription/upgrade/',
      '/api/v1/companies/1/subscription/upgrade',
    ]) {
      const response = await server.call('POST', path, { body: {} });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHENTICATED');
    }
    // Any other path keeps answering 404 with or without the slash.
    expect((await server.call('GET', '/api/v1/me/')).status).toBe(404);
  });

  it('names every operation (operationId) and says what it does', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(operations().filter(({ operation }) => !operation.operationId)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ operation }) => !operation.summary)).toEqual([]);
    expect(document.paths['/ideas'].get.operationId).toBe('listIdeas');
    expect(document.paths['/ideas'].post.operationId).toBe('createIdea');
    expect(document.paths['/companies/{id}/boards'].get.operationId).toBe('listBoards');
  });

  it('lists each operation’s error answers with their codes', () => {
    const missing = operations().flatMap(({ name, operation, isWebhook }) => {
      if (isWebhook) return [];
      const statuses = Object.keys(operation.responses);
      const expected = ['401', '500', '503'];
      if (operation.requestBody) expected.push('400', '413', '415');
      if (operation.parameters?.some((p: any) => p.in === 'path')) expected.push('400', '404');
      return expected.filter((status) => !statuses.includes(status)).map((s) => `${name} ${s}`);
    });
    expect(missing).toEqual([]);
    // Every error answer is the shared component of its status.
    for (const { operation } of operations()) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response).toEqual({ $ref: `#/components/responses/Error${status}` });
      }
    }
    // Every code of errors.ts (and INTERNAL) is some status's, and each example carries one.
    const responses = document.components.responses;
    const codes = Object.entries<any>(responses).flatMap(([name, response]) => {
      const media = response.content['application/json'];
      const schema = document.components.schemas[name];
      const statusCodes = schema.properties.error.properties.code.enum;
      expect(schema.properties.error.required).toEqual(['code', 'message']);
      expect(statusCodes).toContain(media.example.error.code);
      return statusCodes;
    });
    expect(codes.sort()).toEqual([...Object.keys(ERROR_STATUS), 'INTERNAL'].sort());
    expect(Object.keys(responses)).toEqual(
      expect.arrayContaining(['Error400', 'Error401', 'Error404', 'Error429', 'Error503']),
    );
    expect(responses.Error403.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Error403',
    );
    expect(document.components.schemas.Error403.properties.error.properties.code.enum).toEqual([
      'FORBIDDEN',
      'EMAIL_NOT_CONFIRMED',
      'TWO_FACTOR_ENROLMENT_REQUIRED',
      'USER_BLOCKED',
    ]);
  });

  it('declares Retry-After on 429, as the rate limits answer it', async () => {
    expect(document.components.responses.Error429.headers['Retry-After']).toEqual({
      $ref: '#/components/headers/RetryAfter',
    });
    expect(document.components.headers.RetryAfter).toMatchObject({
      required: true,
      schema: { type: 'integer' },
    });
    expect(document.paths['/login'].post.responses['429']).toEqual({
      $ref: '#/components/responses/Error429',
    });
  });

  it('gives an example of every request body and every answer with content', () => {
    const bare = operations().flatMap(({ name, operation }) => {
      const media = [
        ...Object.entries<any>(operation.requestBody?.content ?? {}).map(([t, m]) => [
          'request',
          t,
          m,
        ]),
        ...Object.entries<any>(operation.responses).flatMap(([status, response]) =>
          Object.entries<any>(response.content ?? {}).map(([t, m]) => [status, t, m]),
        ),
      ];
      return media
        .filter(([, , m]) => m.example === undefined)
        .map(([s, t]) => `${name} ${s} ${t}`);
    });
    expect(bare).toEqual([]);
    const errorExamples = Object.values<any>(document.components.responses).filter(
      (response) => response.content['application/json'].example === undefined,
    );
    expect(errorExamples).toEqual([]);
    expect(document.paths['/ideas'].post.requestBody.content['application/json'].example).toEqual({
      title: expect.any(String),
      description: expect.any(String),
    });
  });

  it('states a license', () => {
    expect(document.info.license).toEqual({
      name: 'Proprietary',
      identifier: 'LicenseRef-Proprietary',
    });
  });

  it('describes every webhook event the code sends under `webhooks`, with its body and signature', () => {
    const sent = [...SUBSCRIBABLE_EVENTS, 'TEST' as const].map((event) => EVENT_TYPES[event]);
    expect(Object.keys(document.webhooks).sort()).toEqual(sent.sort());
    for (const type of sent) {
      const operation = document.webhooks[type].post;
      const body = operation.requestBody.content['application/json'];
      expect(body.schema.properties.type.enum).toEqual([type]);
      expect(body.example.type).toBe(type);
      expect(operation.parameters.map((p: any) => `${p.in}:${p.name}`)).toContain(
        'header:feedboard-signature',
      );
    }
  });

  it('documents the request bodies with the services’ own rules', () => {
    const body = (path: string, method: string) =>
      document.paths[path][method].requestBody.content['application/json'].schema;
    expect(body('/boards/{id}/name', 'put').properties.name).toMatchObject({
      minLength: 6,
      maxLength: 100,
    });
    expect(body('/companies/{id}/boards', 'post').properties.name).toMatchObject({
      minLength: 6,
      maxLength: 50,
    });
    expect(body('/ideas/{id}/comments', 'post').required).toEqual(['text']);
    const listQuery = document.paths['/ideas'].get.parameters.map((p: any) => `${p.in}:${p.name}`);
    expect(listQuery).toEqual(
      expect.arrayContaining([
        'query:filter',
        'query:sort',
        'query:search',
        'query:limit',
        'query:offset',
        'header:x-board-id',
      ]),
    );
  });

  it('documents the live events as a server-sent event stream', () => {
    const operation = document.paths['/boards/{id}/events'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
  });

  it('marks signed-in routes with bearer auth and documents the error answers', () => {
    const operation = document.paths['/boards/{id}/name'].put;
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining([
        '200',
        '400',
        '401',
        '402',
        '403',
        '404',
        '413',
        '415',
        '500',
        '503',
      ]),
    );
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
  });
});

describe('CORS', () => {
  it.each(['PUT', 'DELETE', 'POST'])('answers a %s preflight from any site', async (method) => {
    const response = await fetch(`${server.url}/api/v1/ideas/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://customer.example',
        'access-control-request-method': method,
        'access-control-request-headers': 'authorization, content-type, x-board-id',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain(method);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-board-id',
    );
  });

  it('answers a simple request with the allow-origin header and no credentials', async () => {
    const response = await server.call('GET', '/api/v1/openapi.json', {
      headers: { origin: 'https://customer.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
