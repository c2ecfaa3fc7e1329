import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * The company's SSO token rules (expiry required, longest lifetime) over GraphQL, as the
 * widget's REST sign-in applies them, and the widget tab's token checker with every kind of
 * caller. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let hashA: string;
let secretA: string;

const UPDATE = `mutation ($requireExpiry: Boolean!, $maxLifetimeMinutes: Int!) {
  updateSsoSettings(requireExpiry: $requireExpiry, maxLifetimeMinutes: $maxLifetimeMinutes) {
    __typename ... on MutationUpdateSsoSettingsSuccess { data { ssoRequireExpiry ssoMaxLifetimeMinutes } }
    ${APP_ERROR} } }`;

const SETTINGS = `{ viewer { company { ssoRequireExpiry ssoMaxLifetimeMinutes } } }`;

const CHECK = `query ($boardId: ID!, $token: String!) { checkSsoToken(boardId: $boardId, token: $token) {
  __typename
  ... on QueryCheckSsoTokenSuccess { data { isAccepted checks {
    check status reason message value at lifetimeMinutes maxLifetimeMinutes } } }
  ${APP_ERROR} } }`;

const now = () => Math.floor(Date.now() / 1000);

const exchange = (token: string) =>
  server.call('POST', '/api/v1/widget/sso', { body: { boardHash: hashA, token } });

const setRules = (requireExpiry: boolean, maxLifetimeMinutes: number, token = a.owner.token) =>
  mutate(server, 'updateSsoSettings', UPDATE, { requireExpiry, maxLifetimeMinutes }, token);

const check = (token: string, boardId = globalId('Board', a.boardId), as = a.owner.token) =>
  gql(server, CHECK, { boardId, token }, as);

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  hashA = (
    await expectCall(server, 'GET', `/boards/${a.boardId}/widget-setup`, 200, {
      token: a.owner.token,
    })
  ).boardHash;
  secretA = (await expectCall(server, 'GET', '/company', 200, { token: a.owner.token }))
    .companySecret;
});
afterAll(async () => {
  await server?.close();
});

describe('SSO token rules', () => {
  it('a new company requires exp with a 24-hour maximum; the widget sign-in refuses a token without it', async () => {
    const settings = await gql(server, SETTINGS, {}, a.owner.token);
    expect(settings.body.data.viewer.company).toEqual({
      ssoRequireExpiry: true,
      ssoMaxLifetimeMinutes: 1440,
    });
    const forever = await exchange(jwt.sign({ id: 'u1', name: 'Una' }, secretA));
    expect(forever.status).toBe(401);
    expect(forever.body.error).toEqual({
      code: 'UNAUTHENTICATED',
      message:
        'The single sign-on token was refused: it has no expiry (exp), and the company requires one.',
      fields: [
        { field: 'token', message: 'it has no expiry (exp), and the company requires one.' },
      ],
    });
    const tenMinutes = jwt.sign({ id: 'u1', name: 'Una' }, secretA, { expiresIn: 600 });
    expect((await exchange(tenMinutes)).status).toBe(200);
    const twoDays = jwt.sign({ id: 'u1', name: 'Una' }, secretA, { expiresIn: '2d' });
    const refused = await exchange(twoDays);
    expect(refused.status).toBe(401);
    expect(refused.body.error.fields[0].message).toMatch(
      /^it is valid for 28\d\d minutes; the company accepts at most 1440\.$/,
    );
  });

  it('an admin turns the requirement off and shortens the lifetime; sign-ins follow at once', async () => {
    expect(await setRules(false, 30)).toEqual({
      ssoRequireExpiry: false,
      ssoMaxLifetimeMinutes: 30,
    });
    expect((await exchange(jwt.sign({ id: 'u2', name: 'Duo' }, secretA))).status).toBe(200);
    const hour = jwt.sign({ id: 'u2', name: 'Duo' }, secretA, { expiresIn: 3600 });
    expect((await exchange(hour)).body.error.fields[0].message).toBe(
      'it is valid for 60 minutes; the company accepts at most 30.',
    );
    // Another company keeps its own rules.
    const other = await gql(server, SETTINGS, {}, b.owner.token);
    expect(other.body.data.viewer.company.ssoRequireExpiry).toBe(true);
    expect(await setRules(true, 1440)).toMatchObject({ ssoRequireExpiry: true });
  });

  it('validates the lifetime with a field message', async () => {
    for (const minutes of [0, -5, 10081]) {
      expect(await setRules(true, minutes)).toEqual({
        __typename: 'AppError',
        code: 'VALIDATION',
        message: 'Some fields are not valid.',
        fields: [
          {
            field: 'maxLifetimeMinutes',
            message: 'It has to be a whole number from 1 to 10080.',
          },
        ],
      });
    }
    const settings = await gql(server, SETTINGS, {}, a.owner.token);
    expect(settings.body.data.viewer.company.ssoMaxLifetimeMinutes).toBe(1440);
  });

  it('is for signed-in admins: members, SSO users and API keys are refused, anonymous must sign in', async () => {
    const member = await addEndUser(server, a.owner.companyId);
    const ssoUser = await addEndUser(server, a.owner.companyId, { kind: 'SSO' });
    for (const token of [member.token, ssoUser.token]) {
      expect(await setRules(false, 5, token)).toMatchObject({ code: 'FORBIDDEN' });
      const read = await gql(server, SETTINGS, {}, token);
      expect(read.body.data.viewer.company).toEqual({
        ssoRequireExpiry: null,
        ssoMaxLifetimeMinutes: null,
      });
    }
    const key = await apiKeyOf(a.owner.token);
    expect(await setRules(false, 5, key)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'API keys cannot change the SSO token rules: sign in to change them.',
    });
    const anonymous = await gql(server, UPDATE, { requireExpiry: false, maxLifetimeMinutes: 5 });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const settings = await gql(server, SETTINGS, {}, a.owner.token);
    expect(settings.body.data.viewer.company).toEqual({
      ssoRequireExpiry: true,
      ssoMaxLifetimeMinutes: 1440,
    });
  });
});

describe('checkSsoToken', () => {
  it('passes a complete, short-lived token with every check', async () => {
    const token = jwt.sign(
      { id: 'u-7', name: 'Ada', email: 'ada@example.com', email_verified: true },
      secretA,
      { expiresIn: 600 },
    );
    const answer = await check(token);
    const report = answer.body.data.checkSsoToken.data;
    expect(report.isAccepted).toBe(true);
    expect(report.checks.map((c: any) => [c.check, c.status, c.reason])).toEqual([
      ['TOKEN', 'PASSED', 'OK'],
      ['ALGORITHM', 'PASSED', 'OK'],
      ['SIGNATURE', 'PASSED', 'OK'],
      ['EXPIRY', 'PASSED', 'OK'],
      ['NOT_BEFORE', 'PASSED', 'ABSENT'],
      ['LIFETIME', 'PASSED', 'OK'],
      ['ID', 'PASSED', 'OK'],
      ['NAME', 'PASSED', 'OK'],
      ['EMAIL', 'PASSED', 'OK'],
      ['AVATAR', 'PASSED', 'ABSENT'],
      ['ATTRIBUTES', 'PASSED', 'ABSENT'],
      ['COMPANIES', 'PASSED', 'ABSENT'],
    ]);
    const lifetime = report.checks.find((c: any) => c.check === 'LIFETIME');
    expect(lifetime).toMatchObject({ lifetimeMinutes: 10, maxLifetimeMinutes: 1440 });
    const expiry = report.checks.find((c: any) => c.check === 'EXPIRY');
    expect(Math.abs(Date.parse(expiry.at) / 1000 - (now() + 600))).toBeLessThan(5);
    expect(report.checks.find((c: any) => c.check === 'EMAIL').value).toBe('ada@example.com');
    // Checking signs no one in.
    expect(await server.deps.prisma.user.count({ where: { externalId: 'u-7' } })).toBe(0);
  });

  it('warns that an address the token does not vouch for gets no mail, until the company trusts its tokens’ addresses', async () => {
    const token = jwt.sign({ id: 'u-8', name: 'Bo', email: 'bo@example.com' }, secretA, {
      expiresIn: 600,
    });
    const email = async () =>
      (await check(token)).body.data.checkSsoToken.data.checks.find(
        (c: any) => c.check === 'EMAIL',
      );
    const report = (await check(token)).body.data.checkSsoToken.data;
    expect(report.isAccepted).toBe(true);
    expect(await email()).toMatchObject({
      status: 'WARNING',
      reason: 'UNCONFIRMED',
      value: 'bo@example.com',
      message:
        'its email claim is not marked email_verified: true, so no mail reaches the user until they confirm the address.',
    });
    const TRUST = `mutation ($trust: Boolean!) { updateSignInSettings(ssoTrustEmails: $trust, signupPolicy: ANYONE, signupEmailDomains: []) {
      __typename ${APP_ERROR} } }`;
    expect((await gql(server, TRUST, { trust: true }, a.owner.token)).body.errors).toBeUndefined();
    try {
      expect(await email()).toMatchObject({ status: 'PASSED', reason: 'OK' });
    } finally {
      await gql(server, TRUST, { trust: false }, a.owner.token);
    }
    expect(await email()).toMatchObject({ status: 'WARNING', reason: 'UNCONFIRMED' });
  });

  it('shows the failing signature and every other finding at once', async () => {
    const token = jwt.sign({ id: 'x', name: 'X' }, 'not-the-company-secret', {
      expiresIn: '3d',
    });
    const report = (await check(token)).body.data.checkSsoToken.data;
    expect(report.isAccepted).toBe(false);
    const by = (name: string) => report.checks.find((c: any) => c.check === name);
    expect(by('SIGNATURE')).toMatchObject({
      status: 'FAILED',
      reason: 'MISMATCH',
      message: 'its signature does not match the company secret.',
    });
    expect(by('LIFETIME')).toMatchObject({ status: 'FAILED', reason: 'OVER_MAXIMUM' });
    expect(by('EMAIL')).toMatchObject({ status: 'WARNING', reason: 'ABSENT' });
  });

  it('warns about a missing exp where it is allowed, fails it where it is required, warns about a long one', async () => {
    const forever = jwt.sign({ id: 'x', name: 'X', email: 'x@example.com' }, secretA);
    const strict = (await check(forever)).body.data.checkSsoToken.data;
    expect(strict.isAccepted).toBe(false);
    expect(strict.checks.find((c: any) => c.check === 'EXPIRY')).toMatchObject({
      status: 'FAILED',
      reason: 'REQUIRED',
    });
    await setRules(false, 1440);
    const lenient = (await check(forever)).body.data.checkSsoToken.data;
    expect(lenient.isAccepted).toBe(true);
    expect(lenient.checks.find((c: any) => c.check === 'EXPIRY')).toMatchObject({
      status: 'WARNING',
      reason: 'ABSENT',
    });
    expect(lenient.checks.find((c: any) => c.check === 'LIFETIME').status).toBe('SKIPPED');
    await setRules(true, 1440);

    const long = jwt.sign({ id: 'x', name: 'X' }, secretA, { expiresIn: '12h' });
    const report = (await check(long)).body.data.checkSsoToken.data;
    expect(report.isAccepted).toBe(true);
    expect(report.checks.find((c: any) => c.check === 'LIFETIME')).toMatchObject({
      status: 'WARNING',
      reason: 'LONG',
      lifetimeMinutes: 720,
    });
  });

  it('reports garbage, alg none and missing claims without echoing the token', async () => {
    const garbage = (await check('not a token')).body.data.checkSsoToken.data;
    expect(garbage.checks[0]).toMatchObject({
      check: 'TOKEN',
      status: 'FAILED',
      reason: 'NOT_A_JWT',
    });
    expect(garbage.checks.slice(1).every((c: any) => c.status === 'SKIPPED')).toBe(true);

    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const none = `${b64({ alg: 'none' })}.${b64({ name: 'N', exp: now() + 60 })}.`;
    const report = (await check(none)).body.data.checkSsoToken.data;
    const by = (name: string) => report.checks.find((c: any) => c.check === name);
    expect(by('ALGORITHM')).toMatchObject({ status: 'FAILED', value: 'none' });
    expect(by('SIGNATURE').status).toBe('SKIPPED');
    expect(by('ID')).toMatchObject({ status: 'FAILED', reason: 'MISSING' });
    expect(JSON.stringify(report)).not.toContain(none);
  });

  it('refuses a correctly signed token whose header lists critical extensions (crit, RFC 7515)', async () => {
    const token = jwt.sign({ id: 'crit-1', name: 'Crit' }, secretA, {
      expiresIn: 60,
      header: { alg: 'HS256', crit: ['exp'] } as jwt.JwtHeader,
    });
    const report = (await check(token)).body.data.checkSsoToken.data;
    expect(report.isAccepted).toBe(false);
    expect(report.checks[0]).toMatchObject({
      check: 'TOKEN',
      status: 'FAILED',
      reason: 'CRITICAL_HEADER',
    });
    const refused = await exchange(token);
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.body)).toContain('critical extensions (crit)');
    // The same claims without crit sign in.
    const plain = jwt.sign({ id: 'crit-1', name: 'Crit' }, secretA, { expiresIn: 60 });
    expect((await exchange(plain)).status).toBe(200);
  });

  it('is for admins signed in as themselves of the board’s company', async () => {
    const token = jwt.sign({ id: 'x', name: 'X' }, secretA, { expiresIn: 60 });
    const member = await addEndUser(server, a.owner.companyId);
    const ssoUser = await addEndUser(server, a.owner.companyId, { kind: 'SSO' });
    for (const caller of [member.token, ssoUser.token]) {
      const answer = (await check(token, undefined, caller)).body.data.checkSsoToken;
      expect(answer).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    }
    const key = await apiKeyOf(a.owner.token);
    expect((await check(token, undefined, key)).body.data.checkSsoToken).toMatchObject({
      code: 'FORBIDDEN',
      message: 'API keys cannot check SSO tokens: sign in to the console to check one.',
    });
    // Another company's admin: the board is not found (not "forbidden").
    const foreign = (await check(token, undefined, b.owner.token)).body.data.checkSsoToken;
    expect(foreign).toMatchObject({ code: 'NOT_FOUND', message: 'Board not found.' });
    const unknown = (await check(token, globalId('Board', 999_999))).body.data.checkSsoToken;
    expect(unknown).toMatchObject({ code: 'NOT_FOUND' });
    const anonymous = await gql(server, CHECK, { boardId: globalId('Board', a.boardId), token });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers “not found” to end users on a private board that does not grant them', async () => {
    const token = jwt.sign({ id: 'x', name: 'X' }, secretA, { expiresIn: 60 });
    const { id } = await expectCall(server, 'POST', `/companies/${a.owner.companyId}/boards`, 201, {
      token: a.owner.token,
      body: { name: 'Private SSO board' },
    });
    const board = await expectCall(server, 'GET', `/boards/${id}`, 200, { token: a.owner.token });
    expect(board.isPublic).toBe(false);
    const boardId = globalId('Board', id);
    const member = await addEndUser(server, a.owner.companyId);
    const ssoUser = await addEndUser(server, a.owner.companyId, { kind: 'SSO' });
    for (const caller of [member.token, ssoUser.token]) {
      const answer = (await check(token, boardId, caller)).body.data.checkSsoToken;
      expect(answer).toMatchObject({ __typename: 'AppError', code: 'NOT_FOUND' });
    }
    // The board grants SSO users: the SSO user sees it and is forbidden, as on a public board.
    await gql(
      server,
      `mutation ($id: ID!) { updateBoard(boardId: $id, ssoAccess: true) { __typename } }`,
      { id: boardId },
      a.owner.token,
    );
    const granted = (await check(token, boardId, ssoUser.token)).body.data.checkSsoToken;
    expect(granted).toMatchObject({ code: 'FORBIDDEN' });
    const stillHidden = (await check(token, boardId, member.token)).body.data.checkSsoToken;
    expect(stillHidden).toMatchObject({ code: 'NOT_FOUND' });
    const own = (await check(token, boardId)).body.data.checkSsoToken;
    expect(own.__typename).toBe('QueryCheckSsoTokenSuccess');
  });
});

async function apiKeyOf(ownerToken: string): Promise<string> {
  const created = await gql(
    server,
    `mutation { createApiKey(name: "ci") { ... on MutationCreateApiKeySuccess { data { key } } } }`,
    {},
    ownerToken,
  );
  return created.body.data.createApiKey.data.key as string;
}
