import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// An outside attack (issue 33) sent 450,000 nested brackets (900 KB, under the 1 MB body
// limit) to sign-in: the check for unstorable text walked them recursively, overflowed the
// stack and answered 500. Input deeper than 64 levels is a validation error now.
const DEPTH = 450_000;
const nestedList = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const nestedObject = '{"a":'.repeat(150_000) + '1' + '}'.repeat(150_000);

let server: TTestServer;
let a: TRestCompany;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
});

describe('deeply nested input', () => {
  it('is a validation error on REST, signed in or not, never a 500', async () => {
    for (const [path, token] of [
      ['/api/v1/login', undefined],
      ['/api/v1/registrations', undefined],
      ['/api/v1/profile', a.owner.token],
    ] as const) {
      for (const rawBody of [nestedList, nestedObject]) {
        const method = path === '/api/v1/profile' ? 'PUT' : 'POST';
        const answer = await server.call(method, path, { rawBody, ...(token ? { token } : {}) });
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.body.error.code).toBe('VALIDATION');
      }
    }
  });

  it('is refused in GraphQL variables, never an internal error', async () => {
    const rawBody = `{"query":"query($v: String) { __typename }","variables":{"v":${nestedList}}}`;
    const answer = await server.call('POST', '/graphql', { rawBody });
    expect(answer.status).toBeLessThan(500);
    expect(JSON.stringify(answer.body)).not.toMatch(/INTERNAL/);
    expect(answer.body.errors?.length).toBeGreaterThan(0);
  });

  // A later attack (issue 41): ~1 MB of brackets stalled the server 2-4 s in JSON.parse alone,
  // before the check above could run. Such a body is refused unparsed: its one problem is the
  // body itself (the check after parsing named the path where it went too deep).
  it('is refused before parsing on REST, anonymous, with the body named as too deep', async () => {
    const megabyteList = '['.repeat(499_000) + ']'.repeat(499_000);
    const megabyteField = `{"email":${megabyteList}}`;
    for (const [path, rawBody] of [
      ['/api/v1/login', megabyteList],
      ['/api/v1/login', megabyteField],
      ['/api/v1/widget/boards/x/signup', megabyteField],
    ] as const) {
      const answer = await server.call('POST', path, { rawBody });
      expect(answer.status, path).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION');
      expect(answer.body.error.fields).toEqual([
        { field: 'body', message: 'It is nested too deeply.' },
      ]);
    }
  });

  it('is refused before parsing on GraphQL POST bodies with a plain 400', async () => {
    const megabyteList = '['.repeat(499_000) + ']'.repeat(499_000);
    const rawBody = `{"query":"query($v: String) { __typename }","variables":{"v":${megabyteList}}}`;
    const answer = await server.call('POST', '/graphql', { rawBody });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        message: 'The request body: It is nested too deeply.',
        extensions: { code: 'BAD_REQUEST' },
      },
    ]);
  });

  it('counts no brackets inside strings, escaped quotes included', async () => {
    const answer = await server.call('POST', '/api/v1/login', {
      rawBody: JSON.stringify({ email: `\\" ${'[{'.repeat(100)} \\`, password: 'secret' }),
    });
    expect(answer.status).toBe(400);
    // The email's own problem, not the body's depth.
    expect(answer.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
  });

  it('keeps ordinary nesting working', async () => {
    const answer = await server.call('PUT', '/api/v1/profile', {
      token: a.owner.token,
      body: { name: 'Still Works' },
    });
    expect(answer.status).toBe(200);
  });
});
