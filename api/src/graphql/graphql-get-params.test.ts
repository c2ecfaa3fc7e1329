import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function getGraphQL(params: Record<string, string>) {
  const search = new URLSearchParams({ query: '{ __typename }', ...params });
  const response = await fetch(`${server.url}/graphql?${search}`, {
    headers: { accept: 'application/graphql-response+json, application/json' },
  });
  return { status: response.status, body: await response.json() };
}

describe('GET /graphql', () => {
  it('answers 400 naming the parameter when variables or extensions are not a JSON object', async () => {
    for (const [name, raw] of [
      ['variables', '{'],
      ['variables', 'not json'],
      ['variables', '[1,2]'],
      ['variables', '42'],
      ['extensions', '{"persistedQuery":'],
      ['extensions', '"text"'],
    ] as const) {
      const { status, body } = await getGraphQL({ [name]: raw });
      expect(status, `${name}=${raw}`).toBe(400);
      expect(body.errors[0].extensions.code, `${name}=${raw}`).toBe('BAD_REQUEST');
      expect(body.errors[0].message, `${name}=${raw}`).toContain(`The ${name} parameter`);
    }
  });

  it('still runs a GET operation with well-formed variables', async () => {
    const { status, body } = await getGraphQL({ variables: '{"n":1}', extensions: '{}' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ __typename: 'Query' });
  });
});
