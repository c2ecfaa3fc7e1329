import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { API_KEY_ON_REST } from './http.ts';

let server: TTestServer;
let owner: TTestAccount;
let apiKey = '';
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  const { body } = await gql(
    server,
    `mutation { createApiKey(name: "Integrator") {
      ... on MutationCreateApiKeySuccess { data { key } } } }`,
    {},
    owner.token,
  );
  apiKey = body.data.createApiKey.data.key;
});
afterAll(async () => {
  await server?.close();
});

describe('a company API key sent to the REST API', () => {
  it('is told that keys are for /graphql and /mcp, not that a session expired', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/company'],
      ['GET', '/api/v1/companies'],
      ['POST', '/api/v1/logout'],
    ] as const) {
      const response = await server.call(method, path, { token: apiKey });
      expect(response.status, path).toBe(401);
      expect(response.body, path).toEqual({
        error: { code: 'UNAUTHENTICATED', message: API_KEY_ON_REST },
      });
      expect(response.body.error.message).not.toMatch(/expired/);
    }
    // The same key works where it belongs.
    const { body } = await gql(server, '{ viewer { company { id } } }', {}, apiKey);
    expect(body.data.viewer.company.id).toBeTruthy();
    // A session that really ended still says so.
    const ended = await server.call('GET', '/api/v1/company', { token: 'not-a-session' });
    expect(ended.body.error.message).toBe('Your session has expired. Please sign in again.');
  });
});
