import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let operations: { method: string; path: string }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  const document = await expectCall(server, 'GET', '/openapi.json', 200);
  operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(
    ([path, methods]) =>
      Object.keys(methods)
        // Event streams answer 200 and stay open (widget.test.ts covers them).
        .filter(
          (method) =>
            method !== 'delete' &&
            !methods[method].responses['200']?.content?.['text/event-stream'],
        )
        .map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await server?.close();
});

/** The path with the caller's own ids, so the request reaches the service's validation. */
function ownPath(path: string): string {
  const id = path.startsWith('/companies')
    ? a.owner.companyId
    : path.startsWith('/boards')
      ? a.boardId
      : path.startsWith('/releases')
        ? a.releaseId
        : a.ideaId;
  return path.replace('{id}', String(id)).replace('{partId}', String(a.partId));
}

const BAD_BODIES = ['[]', '"text"', 'null', '42', '{"a":{"b":[1,2,{}]}}', '{"name":{}}', '{'];
const BAD_QUERIES = ['?filter[]=x', '?limit=1e400&offset=NaN', '?sort=%00', '?search=%F0%9F%92%A9'];

describe('never a 500 for bad input', () => {
  it('answers every route’s malformed bodies and queries with a 4xx in the one error shape', async () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, path } of operations) {
      // Logging out would end the session the rest of the loop uses.
      if (path === '/logout') continue;
      for (const rawBody of method === 'GET' ? [undefined] : BAD_BODIES) {
        for (const query of method === 'GET' ? BAD_QUERIES : ['']) {
          const response = await server.call(method, `/api/v1${ownPath(path)}${query}`, {
            token: a.owner.token,
            rawBody,
            headers: {
              'content-type': 'application/json',
              'x-board-id': String(a.boardId),
            },
          });
          const where = `${method} ${path}${query} ${rawBody ?? ''}`;
          expect(response.status, where).toBeLessThan(500);
          if (response.status >= 400) {
            expect(response.body.error, where).toEqual({
              code: expect.any(String),
              message: expect.any(String),
              ...(response.body.error.fields ? { fields: expect.any(Array) } : {}),
            });
          }
        }
      }
    }
  });
});
