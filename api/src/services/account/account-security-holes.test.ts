import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.ts';
import { backgroundSettled } from '../../background.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { APP_ERROR, addEndUser, gql, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall } from '../../testing/rest-fixtures.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Holes an outside attack found in account security: sessions opened before the company
 * required two-factor sign-in, team accounts' widget sessions reaching account security, one
 * inbox flooded through many companies' widget sign-ups, and the reset link's timing.
 */

const PASSWORD = 'secret-password';
let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  const redisUrl = process.env.REDIS_URL;
  server = await startTestServer({
    smtpUrl: smtp.url,
    twoFactorKey: 'a-test-key-of-at-least-thirty-two-characters',
    // The product's per-address cap of confirmation mail; every request comes from 127.0.0.1.
    rateLimits: {
      ...UNLIMITED_FOR_TESTS,
      confirmEmail: { ...DEFAULT_RATE_LIMITS.confirmEmail, perIp: 1_000_000 },
    },
    ...(redisUrl
      ? { redisUrl, redisPrefix: `test-account-holes-${process.pid}-${Date.now()}:` }
      : {}),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const START = `mutation { startTwoFactorEnrolment {
  __typename ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } ${APP_ERROR} } }`;
const CONFIRM = `mutation($code: String!) { confirmTwoFactorEnrolment(code: $code, password: "${PASSWORD}") {
  __typename ${APP_ERROR} } }`;
const REQUIRE = `mutation { setRequireTwoFactor(required: true) { __typename ${APP_ERROR} } }`;
const CREATE_KEY = `mutation { createApiKey(name: "ci") { __typename ${APP_ERROR} } }`;
const SIGN_OUT_OTHERS = `mutation { signOutOtherSessions { __typename ${APP_ERROR} } }`;
const DEVICES = `{ viewer { signedInDevices { id ipAddress userAgent } } }`;
const TWO_FACTOR_STATUS = `{ viewer { twoFactor { enabled recoveryCodesLeft } } }`;
const RENAME = `mutation { updateProfile(displayName: "Impostor Name") { __typename ${APP_ERROR} } }`;
const RESEND = `mutation { resendEmailConfirmation { __typename ${APP_ERROR} } }`;
const CHANGE_PASSWORD = `mutation { changePassword(currentPassword: "${PASSWORD}", newPassword: "another-password") {
  __typename ${APP_ERROR} } }`;

const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/** Turns two-factor sign-in on for the account of `token`. */
async function enrol(token: string): Promise<void> {
  const started = (await gql(server, START, {}, token)).body.data.startTwoFactorEnrolment;
  expect(started.__typename).toBe('MutationStartTwoFactorEnrolmentSuccess');
  const confirmed = (await gql(server, CONFIRM, { code: await codeOf(started.data.secret) }, token))
    .body.data.confirmTwoFactorEnrolment;
  expect(confirmed.__typename).toBe('MutationConfirmTwoFactorEnrolmentSuccess');
}

/** A team member of the company with a password (and a console session from addEndUser). */
async function teamMember(companyId: number, role: 'ADMIN' | 'MEMBER'): Promise<TTestAccount> {
  const account = await addEndUser(server, companyId, { role });
  await server.deps.prisma.user.update({
    where: { id: account.userId },
    data: { passwordHash: await hashPassword(PASSWORD) },
  });
  return account;
}

/** A public board of the owner's company; answers its widget hash. */
async function publicBoardHash(owner: TTestAccount): Promise<string> {
  counter += 1;
  const token = owner.token;
  const { id } = await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
    token,
    body: { name: `Widget board ${counter}` },
  });
  await expectCall(server, 'PUT', `/boards/${id}/set-public`, 200, {
    token,
    body: { isPublic: true },
  });
  return (await expectCall(server, 'GET', `/boards/${id}/widget-setup`, 200, { token })).boardHash;
}

describe('requiring two-factor sign-in', () => {
  it('takes team powers from open sessions of unenrolled admins until they enrol', async () => {
    const owner = await signUpCompany(server);
    await enrol(owner.token);
    const admin = await teamMember(owner.companyId, 'ADMIN');
    // Opened before the switch: it reads the SSO secret.
    await expectCall(server, 'GET', '/company', 200, { token: admin.token });

    expect((await gql(server, REQUIRE, {}, owner.token)).body.data.setRequireTwoFactor).toEqual({
      __typename: 'MutationSetRequireTwoFactorSuccess',
    });

    const secret = await server.call('GET', '/api/v1/company', { token: admin.token });
    expect(secret.status).toBe(403);
    expect(JSON.stringify(secret.body)).not.toMatch(/companySecret/);
    const key = (await gql(server, CREATE_KEY, {}, admin.token)).body.data.createApiKey;
    expect(key.code).toBe('FORBIDDEN');
    expect(await server.deps.prisma.apiKey.count({ where: { createdById: admin.userId } })).toBe(0);

    // What the session may still do: enrol. Then its powers are back.
    await enrol(admin.token);
    await expectCall(server, 'GET', '/company', 200, { token: admin.token });
  });
});

describe('a team account signed in through a widget', () => {
  it('reaches none of the account security over GraphQL or REST', async () => {
    const owner = await signUpCompany(server);
    const hash = await publicBoardHash(owner);
    const admin = await teamMember(owner.companyId, 'ADMIN');
    const widget = await expectCall(server, 'POST', `/widget/boards/${hash}/login`, 200, {
      body: { email: admin.email, password: PASSWORD },
    });
    const consoleSessions = await server.deps.prisma.session.count({
      where: { userId: admin.userId, revokedAt: null },
    });

    const refusals = [
      (await gql(server, SIGN_OUT_OTHERS, {}, widget.token)).body.data.signOutOtherSessions,
      (await gql(server, START, {}, widget.token)).body.data.startTwoFactorEnrolment,
      (await gql(server, CHANGE_PASSWORD, {}, widget.token)).body.data.changePassword,
      (await gql(server, RENAME, {}, widget.token)).body.data.updateProfile,
      (await gql(server, RESEND, {}, widget.token)).body.data.resendEmailConfirmation,
    ];
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Manage your account in the console.',
      });
    }
    const status = await gql(server, TWO_FACTOR_STATUS, {}, widget.token);
    expect(status.body.errors?.[0]?.message).toBe('Manage your account in the console.');
    const devices = await gql(server, DEVICES, {}, widget.token);
    expect(JSON.stringify(devices.body)).toMatch(/Manage your account in the console\./);
    expect(JSON.stringify(devices.body)).not.toMatch(/ipAddress":"/);
    const rest = await server.call('PUT', '/api/v1/profile/password', {
      token: widget.token,
      body: { currentPassword: PASSWORD, newPassword: 'another-password' },
    });
    expect(rest.status).toBe(403);
    expect(rest.body.error.message).toBe('Manage your account in the console.');
    // Nor its mail settings: a script of the host page could silence the team member's mail.
    for (const [path, body] of [
      ['/api/v1/profile/notifications', { notifications: 'NONE' }],
      ['/api/v1/profile/language', { language: 'pl' }],
    ] as const) {
      const refused = await server.call('PUT', path, { token: widget.token, body });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('Manage your account in the console.');
    }
    const settings = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id: admin.userId },
    });
    expect(settings.notifications).not.toBe('NONE');
    expect(settings.language).not.toBe('pl');
    const renamed = await server.call('PUT', '/api/v1/profile', {
      token: widget.token,
      body: { displayName: 'Impostor Name' },
    });
    expect(renamed.status).toBe(403);
    expect(
      (await server.deps.prisma.user.findUniqueOrThrow({ where: { id: admin.userId } }))
        .displayName,
    ).not.toBe('Impostor Name');

    // Nothing changed: the console sessions stay, the password too, no secret waits.
    expect(
      await server.deps.prisma.session.count({ where: { userId: admin.userId, revokedAt: null } }),
    ).toBe(consoleSessions);
    const user = await server.deps.prisma.user.findUniqueOrThrow({ where: { id: admin.userId } });
    expect(user.totpPendingSecret).toBeNull();
    await expectCall(server, 'POST', `/widget/boards/${hash}/login`, 200, {
      body: { email: admin.email, password: PASSWORD },
    });
    // The console session itself still manages the account.
    expect(
      (await gql(server, DEVICES, {}, admin.token)).body.data.viewer.signedInDevices.length,
    ).toBeGreaterThan(1);
    // An end user's own widget session keeps its account: its devices, and signing out.
    const endUser = await expectCall(server, 'POST', `/widget/boards/${hash}/signup`, 201, {
      body: { email: `end-user-${owner.userId}@example.com`, password: PASSWORD },
    });
    expect(
      (await gql(server, DEVICES, {}, endUser.token)).body.data.viewer.signedInDevices,
    ).toHaveLength(1);
    await expectCall(server, 'POST', '/logout', 204, { token: endUser.token });
    await expectCall(server, 'POST', '/logout', 204, { token: widget.token });
  });
});

describe('widget sign-ups across companies', () => {
  it('mail one address at most 3 confirmations an hour, and every sign-up still succeeds', async () => {
    const email = `flooded-${process.pid}-${Date.now()}@example.com`;
    const hashes = [];
    for (let n = 0; n < 4; n += 1) hashes.push(await publicBoardHash(await signUpCompany(server)));
    for (const hash of hashes) {
      const answer = await expectCall(server, 'POST', `/widget/boards/${hash}/signup`, 201, {
        body: { email, password: PASSWORD },
      });
      expect(typeof answer.token).toBe('string');
    }
    expect(await server.deps.prisma.user.count({ where: { loginEmail: email } })).toBe(4);
    await server.deps.mailer.flush();
    const received = smtp.messages.filter((message) => message.to.includes(email));
    expect(received).toHaveLength(3);
  });
});

describe('the reset link of the console', () => {
  it('answers before the account is looked up and mailed', async () => {
    const owner = await signUpCompany(server);
    const send = server.deps.mailer.send;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.deps.mailer.send = async (...args) => {
      await gate;
      return send(...args);
    };
    try {
      // A plain fetch: the test server's own call waits for background work.
      const response = await fetch(`${server.url}/api/v1/password-recovery/send-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email }),
      });
      expect(response.status).toBe(200);
      // The mail step is still blocked, yet the answer came.
      expect(
        await server.deps.prisma.mail.count({ where: { to: owner.email, topic: 'ACCOUNT' } }),
      ).toBe(0);
    } finally {
      release();
      server.deps.mailer.send = send;
    }
    // Then the link goes out.
    await backgroundSettled();
    expect(
      await server.deps.prisma.mail.count({ where: { to: owner.email, topic: 'ACCOUNT' } }),
    ).toBe(1);
  });
});
