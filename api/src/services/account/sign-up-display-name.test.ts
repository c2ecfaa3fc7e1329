import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Sign-up asks the owner's name (optional, 2 to 50 characters, as the profile's): it is the name
 * beside their ideas and comments; without it, the part of the address before @ as before. REST
 * and GraphQL. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let server: TTestServer;
let counter = 0;
const email = () => `name${(counter += 1)}-${process.pid}-${Date.now()}@example.com`;
const ME = `{ viewer { user { displayName } } }`;
const REGISTER = `mutation ($email: String!, $displayName: String) {
  register(email: $email, password: "secret-password", displayName: $displayName) {
  __typename ... on MutationRegisterSuccess { data { token } }
  ... on AppError { code fields { field message } } } }`;

const nameOf = async (token: string) =>
  (await gql(server, ME, {}, token)).body.data.viewer.user.displayName;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the owner’s name at sign-up', () => {
  it('is the name the owner shows, over REST and GraphQL', async () => {
    const rest = await server.call('POST', '/api/v1/registrations', {
      body: { email: email(), password: 'secret-password', displayName: '  Ada Lovelace ' },
    });
    expect(rest.status).toBe(201);
    expect(await nameOf(rest.body.token)).toBe('Ada Lovelace');
    const graph = await gql(server, REGISTER, { email: email(), displayName: 'Grace Hopper' });
    expect(await nameOf(graph.body.data.register.data.token)).toBe('Grace Hopper');
  });

  it('is optional: without it (or blank), the part of the address before @', async () => {
    for (const displayName of [undefined, '', '   ']) {
      const address = email();
      const answer = await server.call('POST', '/api/v1/registrations', {
        body: { email: address, password: 'secret-password', displayName },
      });
      expect(answer.status).toBe(201);
      expect(await nameOf(answer.body.token)).toBe(address.split('@')[0]);
    }
  });

  it('keeps the profile’s lengths: a field error, and no account', async () => {
    for (const displayName of ['A', 'x'.repeat(51)]) {
      const address = email();
      const answer = await server.call('POST', '/api/v1/registrations', {
        body: { email: address, password: 'secret-password', displayName },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toEqual([
        { field: 'displayName', message: expect.stringMatching(/2|50/) },
      ]);
      expect(await server.deps.prisma.user.count({ where: { loginEmail: address } })).toBe(0);
    }
  });
});
