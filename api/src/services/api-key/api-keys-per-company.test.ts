import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, gql, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { MAX_API_KEYS_PER_COMPANY } from './api-keys.ts';

const CREATE_KEY = `mutation ($name: String!) {
  createApiKey(name: $name) {
    __typename ... on MutationCreateApiKeySuccess { data { key apiKey { id } } } ${APP_ERROR}
  }
}`;
const REVOKE_KEY = `mutation ($apiKeyId: ID!) {
  revokeApiKey(apiKeyId: $apiKeyId) { __typename ${APP_ERROR} }
}`;

let server: TTestServer;
let owner: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
});
afterAll(async () => {
  await server?.close();
});

const createKey = async (name: string, token = owner.token) =>
  (await gql(server, CREATE_KEY, { name }, token)).body.data.createApiKey;

const heldKeys = (companyId: number) =>
  server.deps.prisma.apiKey.count({ where: { companyId, revokedAt: null } });

describe("a company's API keys (outside attack 14: one admin made 110 keys in a second)", () => {
  it('are at most 50 unrevoked, also when made at once; a revoked key makes room', async () => {
    const made = [];
    for (let n = 1; n < MAX_API_KEYS_PER_COMPANY - 5; n += 1) {
      made.push(await createKey(`Integration ${n}`));
    }
    // The last places are asked for by 20 requests at once: 6 get one.
    const racing = await Promise.all(
      Array.from({ length: 20 }, (_, n) => createKey(`Racing ${n}`)),
    );
    const won = racing.filter((answer) => answer.__typename === 'MutationCreateApiKeySuccess');
    expect(won).toHaveLength(6);
    expect(await heldKeys(owner.companyId)).toBe(MAX_API_KEYS_PER_COMPANY);
    const refused = racing.find((answer) => answer.__typename === 'AppError');
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message:
        'Your company has 50 API keys, the most it may hold. Revoke a key you no longer use, then create the new one.',
    });
    // Revoking one makes room for one.
    const revoked = await gql(
      server,
      REVOKE_KEY,
      { apiKeyId: made[0].data.apiKey.id },
      owner.token,
    );
    expect(revoked.body.data.revokeApiKey.__typename).not.toBe('AppError');
    expect((await createKey('After a revocation')).__typename).toBe('MutationCreateApiKeySuccess');
    expect((await createKey('One too many')).code).toBe('CONFLICT');
    // Another company's keys are its own.
    const other = await signUpCompany(server);
    expect((await createKey('Another company', other.token)).__typename).toBe(
      'MutationCreateApiKeySuccess',
    );
  });
});
