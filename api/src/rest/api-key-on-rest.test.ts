import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let owner: TTestAccount;
let other: TTestAccount;
let fullKey = '';
let readOnlyKey = '';

async function createKey(token: string, isReadOnly: boolean): Promise<string> {
  const { body } = await gql(
    server,
    `mutation ($r: Boolean) { createApiKey(name: "Integrator", isReadOnly: $r) {
      ... on MutationCreateApiKeySuccess { data { key } } } }`,
    { r: isReadOnly },
    token,
  );
  return body.data.createApiKey.data.key;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  other = await signUpCompany(server);
  fullKey = await createKey(owner.token, false);
  readOnlyKey = await createKey(owner.token, true);
});
afterAll(async () => {
  await server?.close();
});

/**
 * A company API key works on /api/v1 as on /graphql: it acts with its creator's rights (a
 * first-hour integrator found REST answering 401 to every key, and their only way in a
 * person's password). A read-only key reads and changes nothing.
 */
describe('a company API key on the REST API', () => {
  it('reads and writes with its creator’s rights, in its own company only', async () => {
    const boards = await server.call('GET', `/api/v1/companies/${owner.companyId}/boards`, {
      token: fullKey,
    });
    expect(boards.status).toBe(200);
    // What answers a credential (the company's SSO secret) stays a signed-in person's.
    const secret = await server.call('GET', '/api/v1/company', { token: fullKey });
    expect(secret.status).toBe(403);
    expect(JSON.stringify(secret.body)).not.toMatch(/secret"\s*:\s*"/i);
    const board = await server.call('POST', `/api/v1/companies/${owner.companyId}/boards`, {
      token: fullKey,
      body: { name: 'Made with a key' },
    });
    expect(board.status).toBe(201);
    const idea = await server.call('POST', '/api/v1/ideas/', {
      token: fullKey,
      headers: { 'x-board-id': String(board.body.id) },
      body: { title: 'Filed by an integration' },
    });
    expect(idea.status).toBe(201);
    // Another company's board is not found, as for the creator's own session.
    const foreign = await server.call('POST', `/api/v1/companies/${other.companyId}/boards`, {
      token: fullKey,
      body: { name: 'Not theirs at all' },
    });
    expect(foreign.status).toBe(404);
  });

  it('read-only: reads, and every write is refused before it runs', async () => {
    const read = await server.call('GET', `/api/v1/companies/${owner.companyId}/boards`, {
      token: readOnlyKey,
    });
    expect(read.status).toBe(200);
    const before = await server.deps.prisma.board.count({ where: { companyId: owner.companyId } });
    const write = await server.call('POST', `/api/v1/companies/${owner.companyId}/boards`, {
      token: readOnlyKey,
      body: { name: 'Should not exist' },
    });
    expect(write.status).toBe(403);
    expect(write.body.error).toEqual({
      code: 'FORBIDDEN',
      message: 'This API key is read-only: it cannot change anything.',
    });
    expect(await server.deps.prisma.board.count({ where: { companyId: owner.companyId } })).toBe(
      before,
    );
  });

  it('is told when it is revoked or unknown, not that a session expired', async () => {
    const key = await createKey(owner.token, false);
    const { body } = await gql(server, '{ apiKeys { id } }', {}, owner.token);
    const newest = body.data.apiKeys[0].id;
    await gql(
      server,
      `mutation ($id: ID!) { revokeApiKey(apiKeyId: $id) { __typename } }`,
      { id: newest },
      owner.token,
    );
    for (const token of [key, 'fbk_not-a-key-at-all']) {
      const answer = await server.call('GET', '/api/v1/company', { token });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'This API key is not valid: it was revoked or never existed.',
      });
    }
    // A session that really ended still says so.
    const ended = await server.call('GET', '/api/v1/company', { token: 'not-a-session' });
    expect(ended.body.error.message).toBe('Your session has expired. Please sign in again.');
  });
});
