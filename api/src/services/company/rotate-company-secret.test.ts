import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let hashA: string;

const ROTATE = `mutation { rotateCompanySecret {
  __typename ... on MutationRotateCompanySecretSuccess { data { secret } } ${APP_ERROR} } }`;

const secretOf = async (company: TRestCompany): Promise<string> =>
  (await expectCall(server, 'GET', '/company', 200, { token: company.owner.token })).companySecret;

const exchange = (secret: string, id = 'customer-1') =>
  server.call('POST', '/api/v1/widget/sso', {
    body: {
      boardHash: hashA,
      token: jwt.sign({ id, name: 'Customer' }, secret, { expiresIn: 600 }),
    },
  });

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  hashA = (
    await expectCall(server, 'GET', `/boards/${a.boardId}/widget-setup`, 200, {
      token: a.owner.token,
    })
  ).boardHash;
});
afterAll(async () => {
  await server?.close();
});

describe('rotating the company secret', () => {
  it('over REST: answers the new secret; old tokens stop verifying, open sessions stay', async () => {
    const old = await secretOf(a);
    const before = await exchange(old);
    expect(before.status).toBe(200);
    const otherCompany = await secretOf(b);

    const rotated = await expectCall(server, 'POST', '/company/rotate-secret', 200, {
      token: a.owner.token,
    });
    expect(rotated).toEqual({
      companyId: a.owner.companyId,
      companyName: expect.any(String),
      companySecret: expect.any(String),
      slug: expect.any(String),
    });
    expect(rotated.companySecret).not.toBe(old);
    expect(rotated.companySecret.length).toBeGreaterThanOrEqual(43);
    expect(await secretOf(a)).toBe(rotated.companySecret);

    const refused = await exchange(old);
    expect(refused.status).toBe(401);
    expect(refused.body.error.fields).toEqual([
      { field: 'token', message: 'its signature does not match the company secret.' },
    ]);
    expect((await exchange(rotated.companySecret)).status).toBe(200);
    // The SSO session opened before the rotation still works.
    await expectCall(server, 'GET', '/me', 200, { token: before.body.token });
    // Another company's secret is untouched.
    expect(await secretOf(b)).toBe(otherCompany);
  });

  it('over GraphQL: answers the company with its new secret', async () => {
    const old = await secretOf(a);
    const data = await mutate(server, 'rotateCompanySecret', ROTATE, {}, a.owner.token);
    expect(data.secret).toEqual(expect.any(String));
    expect(data.secret).not.toBe(old);
    expect((await exchange(old)).status).toBe(401);
    expect((await exchange(data.secret)).status).toBe(200);
  });

  it('is for admins: members are forbidden, anonymous callers must sign in', async () => {
    const member = await addEndUser(server, a.owner.companyId);
    const secret = await secretOf(a);
    const rest = await server.call('POST', '/api/v1/company/rotate-secret', {
      token: member.token,
    });
    expect(rest.status).toBe(403);
    expect(rest.body.error.code).toBe('FORBIDDEN');
    const graphql = await mutate(server, 'rotateCompanySecret', ROTATE, {}, member.token);
    expect(graphql).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    expect((await server.call('POST', '/api/v1/company/rotate-secret')).status).toBe(401);
    const anonymous = await gql(server, ROTATE);
    expect(anonymous.body.errors).toEqual([
      expect.objectContaining({ extensions: { code: 'UNAUTHENTICATED' } }),
    ]);
    expect(await secretOf(a)).toBe(secret);
  });

  it('refuses an API key, so a leaked key cannot lock the widget out', async () => {
    const created = await gql(
      server,
      `mutation { createApiKey(name: "ci") { ... on MutationCreateApiKeySuccess { data { key } } } }`,
      {},
      a.owner.token,
    );
    const key = created.body.data.createApiKey.data.key as string;
    const secret = await secretOf(a);
    const answer = await mutate(server, 'rotateCompanySecret', ROTATE, {}, key);
    expect(answer).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    expect(await secretOf(a)).toBe(secret);
  });
});
