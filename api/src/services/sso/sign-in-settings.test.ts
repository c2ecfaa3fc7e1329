import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

// Who may sign up through a company's widget and portal: anyone, confirmed addresses of listed
// domains, or SSO only (Company.signupPolicy), set by admins and audit-logged.

let server: TTestServer;
let company: TRestCompany;
let other: TRestCompany;
let boardHash: string;
let counter = 0;

const SETTINGS = `mutation ($trust: Boolean!, $policy: SignupPolicy!, $domains: [String!]!) {
  updateSignInSettings(ssoTrustEmails: $trust, signupPolicy: $policy, signupEmailDomains: $domains) {
    __typename ... on MutationUpdateSignInSettingsSuccess {
      data { ssoTrustEmails signupPolicy signupEmailDomains } } ${APP_ERROR} } }`;

const setPolicy = (policy: string, domains: string[] = [], token = company.owner.token) =>
  mutate(server, 'updateSignInSettings', SETTINGS, { trust: false, policy, domains }, token);

const signUp = (email: string) =>
  server.call('POST', `/api/v1/widget/boards/${boardHash}/signup`, {
    body: { email, password: 'visitor-password' },
  });

const newEmail = (domain: string) => {
  counter += 1;
  return `visitor${counter}-${Date.now()}@${domain}`;
};

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server);
  other = await restCompany(server);
  boardHash = (
    await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
      token: company.owner.token,
    })
  ).boardHash;
});

afterAll(async () => {
  await server?.close();
});

describe('updateSignInSettings', () => {
  it('is for owners and admins signed in: members, end users, API keys and anonymous callers change nothing', async () => {
    const member = await addEndUser(server, company.owner.companyId, { role: 'MEMBER' });
    const endUser = await addEndUser(server, company.owner.companyId);
    for (const token of [member.token, endUser.token]) {
      expect((await setPolicy('SSO_ONLY', [], token)).code).toBe('FORBIDDEN');
    }
    const key = await mutate(
      server,
      'createApiKey',
      `mutation { createApiKey(name: "integration") { __typename ... on MutationCreateApiKeySuccess { data { key } } ${APP_ERROR} } }`,
      {},
      company.owner.token,
    );
    expect((await setPolicy('SSO_ONLY', [], key.key)).code).toBe('FORBIDDEN');
    const anonymous = await gql(server, SETTINGS, { trust: true, policy: 'SSO_ONLY', domains: [] });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const row = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: company.owner.companyId },
    });
    expect(row).toMatchObject({ signupPolicy: 'ANYONE', ssoTrustEmails: false });
  });

  it('checks the domains by field, and audit-logs the change', async () => {
    const bad = await setPolicy('EMAIL_DOMAINS', ['example.com', 'not a domain']);
    expect(bad).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'signupEmailDomains', message: expect.stringContaining('not a domain') }],
    });
    const none = await setPolicy('EMAIL_DOMAINS', []);
    expect(none.fields).toEqual([
      { field: 'signupEmailDomains', message: 'List one domain at least, such as example.com.' },
    ]);
    const set = await setPolicy('EMAIL_DOMAINS', ['@Acme.example', 'acme.example']);
    expect(set).toEqual({
      ssoTrustEmails: false,
      signupPolicy: 'EMAIL_DOMAINS',
      signupEmailDomains: ['acme.example'],
    });
    const entry = await server.deps.prisma.auditEntry.findFirstOrThrow({
      where: { companyId: company.owner.companyId, action: 'SSO_SETTINGS_CHANGED' },
      orderBy: { id: 'desc' },
    });
    expect(entry.details).toMatchObject({
      signupPolicy: 'EMAIL_DOMAINS',
      signupEmailDomains: ['acme.example'],
    });
    // Another company's admin reads nothing of it.
    const read = await gql(
      server,
      '{ viewer { company { signupPolicy signupEmailDomains } } }',
      {},
      other.owner.token,
    );
    expect(read.body.data.viewer.company).toEqual({
      signupPolicy: 'ANYONE',
      signupEmailDomains: [],
    });
    await setPolicy('ANYONE');
  });
});

describe('the sign-up policy', () => {
  it('EMAIL_DOMAINS: refuses other domains on email; a listed one acts once confirmed', async () => {
    await setPolicy('EMAIL_DOMAINS', ['acme.example']);
    const outsider = await signUp(newEmail('elsewhere.example'));
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.fields).toEqual([
      { field: 'email', message: expect.stringContaining('acme.example') },
    ]);
    const insider = await signUp(newEmail('acme.example'));
    expect(insider.status).toBe(201);
    const token = insider.body.token as string;
    const view = await expectCall(server, 'GET', `/widget/boards/${boardHash}`, 200, { token });
    expect(view.canParticipate).toBe(false);
    const early = await server.call('POST', `/api/v1/ideas/${company.ideaId}/upvote`, { token });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('EMAIL_NOT_CONFIRMED');
    await server.deps.prisma.user.update({
      where: { id: insider.body.user.id },
      data: { emailConfirmedAt: new Date() },
    });
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, { token });
    await setPolicy('ANYONE');
    // Under ANYONE an unconfirmed sign-up takes part at once, as before.
    const anyone = await signUp(newEmail('elsewhere.example'));
    expect(anyone.status).toBe(201);
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token: anyone.body.token,
    });
  });

  it('SSO_ONLY: refuses email sign-up and sign-in through the widget, and takes SSO tokens', async () => {
    const email = newEmail('elsewhere.example');
    expect((await signUp(email)).status).toBe(201);
    await setPolicy('SSO_ONLY');
    const refused = await signUp(newEmail('elsewhere.example'));
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/signs people in with its own sign-in only/);
    const login = await server.call('POST', `/api/v1/widget/boards/${boardHash}/login`, {
      body: { email, password: 'visitor-password' },
    });
    expect(login.status).toBe(403);
    const { companySecret } = await expectCall(server, 'GET', '/company', 200, {
      token: company.owner.token,
    });
    const token = jwt.sign({ id: 'crm-1', name: 'Sol Sso' }, companySecret, {
      algorithm: 'HS256',
      expiresIn: '10m',
    });
    await expectCall(server, 'POST', '/widget/sso', 200, { body: { boardHash, token } });
    // The console's sign-in is the team's, whatever the policy.
    await expectCall(server, 'POST', '/login', 200, {
      body: { email: company.owner.email, password: 'secret-password' },
    });
    await setPolicy('ANYONE');
  });
});
