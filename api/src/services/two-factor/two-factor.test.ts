import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { addEndUser, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';

const PASSWORD = 'secret-password';
const TWO_FACTOR_KEY = 'a-test-key-of-at-least-thirty-two-characters';

let server: TTestServer;
let limited: TTestServer;
beforeAll(async () => {
  server = await startTestServer({ twoFactorKey: TWO_FACTOR_KEY });
  limited = await startTestServer({
    rateLimits: {
      ...UNLIMITED_FOR_TESTS,
      secondFactor: { perIp: 100, perAccount: 3, windowSeconds: 60 },
    },
  });
});
afterAll(async () => {
  await server?.close();
  await limited?.close();
});

const APP_ERROR = `... on AppError { code message fields { field message } }`;

async function gql(
  target: TTestServer,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  headers?: Record<string, string>,
) {
  const response = await target.call('POST', '/graphql', {
    body: { query, variables },
    token,
    headers,
  });
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

/** A code of `secret` for now, or `steps` 30-second steps away (what a phone would show). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const START = `mutation($challenge: String) { startTwoFactorEnrolment(challenge: $challenge) {
  __typename ... on MutationStartTwoFactorEnrolmentSuccess { data { secret otpauthUri qrCodeDataUri } } ${APP_ERROR} } }`;
const CONFIRM = `mutation($code: String!, $password: String, $challenge: String) {
  confirmTwoFactorEnrolment(code: $code, password: $password, challenge: $challenge) {
  __typename ... on MutationConfirmTwoFactorEnrolmentSuccess { data { recoveryCodes token } } ${APP_ERROR} } }`;
const LOGIN = `mutation($email: String!, $password: String!) { login(email: $email, password: $password) {
  __typename ... on MutationLoginSuccess { data { token secondFactor { challenge expiresAt enrolmentRequired } } } ${APP_ERROR} } }`;
const SECOND = `mutation($challenge: String!, $code: String!) { loginSecondFactor(challenge: $challenge, code: $code) {
  __typename ... on MutationLoginSecondFactorSuccess { data { token } } ${APP_ERROR} } }`;
const STATUS = `{ viewer { user { id } twoFactor { enabled recoveryCodesLeft requiredByCompany } } }`;

/** Turns two-factor sign-in on for an account; answers its secret and recovery codes. */
async function enrol(target: TTestServer, account: TTestAccount) {
  const started = await gql(target, START, {}, account.token);
  const { secret } = started.startTwoFactorEnrolment.data;
  const code = await codeAt(secret);
  const confirmed = await gql(target, CONFIRM, { code, password: PASSWORD }, account.token);
  expect(confirmed.confirmTwoFactorEnrolment.__typename).toBe(
    'MutationConfirmTwoFactorEnrolmentSuccess',
  );
  return {
    secret,
    /** The code that confirmed it (its 30-second step is used up). */
    code,
    recoveryCodes: confirmed.confirmTwoFactorEnrolment.data.recoveryCodes as string[],
  };
}

async function challengeOf(target: TTestServer, email: string): Promise<string> {
  const data = await gql(target, LOGIN, { email, password: PASSWORD });
  expect(data.login.data.token).toBeNull();
  return data.login.data.secondFactor.challenge;
}

describe('two-factor enrolment', () => {
  it('shows a secret, an otpauth URI and a local QR code, then needs the password and a current code; stores nothing in clear', async () => {
    const owner = await signUpCompany(server);
    const started = (await gql(server, START, {}, owner.token)).startTwoFactorEnrolment;
    expect(started.__typename).toBe('MutationStartTwoFactorEnrolmentSuccess');
    const { secret, otpauthUri, qrCodeDataUri } = started.data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Feedboard:.+secret=/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCodeDataUri).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qrCodeDataUri.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);

    const wrongPassword = await gql(
      server,
      CONFIRM,
      { code: await codeAt(secret), password: 'not-the-password' },
      owner.token,
    );
    expect(wrongPassword.confirmTwoFactorEnrolment).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: [{ field: 'password' }],
    });
    const wrongCode = await gql(
      server,
      CONFIRM,
      {
        code: String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0'),
        password: PASSWORD,
      },
      owner.token,
    );
    expect(wrongCode.confirmTwoFactorEnrolment).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: [{ field: 'code' }],
    });
    expect((await gql(server, STATUS, {}, owner.token)).viewer.twoFactor.enabled).toBe(false);

    const confirmed = (
      await gql(server, CONFIRM, { code: await codeAt(secret), password: PASSWORD }, owner.token)
    ).confirmTwoFactorEnrolment;
    const codes: string[] = confirmed.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(confirmed.data.token).toBeNull();
    expect((await gql(server, STATUS, {}, owner.token)).viewer.twoFactor).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    const user = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id: owner.userId },
      include: { recoveryCodes: true },
    });
    const stored = JSON.stringify(user);
    expect(stored).not.toContain(secret);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(
      await server.deps.prisma.auditEntry.count({
        where: { action: 'TWO_FACTOR_ENABLED', actorUserId: owner.userId },
      }),
    ).toBe(1);
    // A second start is refused: the secret is never shown again.
    expect((await gql(server, START, {}, owner.token)).startTwoFactorEnrolment.code).toBe(
      'CONFLICT',
    );
  });
});

describe('sign-in with a second factor', () => {
  it('keeps the spec answer for accounts without two-factor sign-in, and answers a challenge instead for those with it', async () => {
    const plain = await signUpCompany(server);
    const answer = await server.call('POST', '/api/v1/login', {
      body: { email: plain.email, password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['token']);

    const owner = await signUpCompany(server);
    await enrol(server, owner);
    const rest = await server.call('POST', '/api/v1/login', {
      body: { email: owner.email, password: PASSWORD },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.token).toBeUndefined();
    expect(rest.body.secondFactor).toMatchObject({ enrolmentRequired: false });
    const expiresIn = Date.parse(rest.body.secondFactor.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000);
    // The challenge is no session.
    const withChallenge = await server.call('GET', '/api/v1/profile', {
      token: rest.body.secondFactor.challenge,
    });
    expect(withChallenge.status).toBe(401);
  });

  it('gives a session for a current code, refuses a code used already (replay) and a used challenge', async () => {
    const owner = await signUpCompany(server);
    const { secret, code } = await enrol(server, owner);

    // The code that confirmed the enrolment cannot sign in within its window (the very code:
    // on a busy machine the clock may have reached the next step since).
    const replayed = await gql(server, SECOND, {
      challenge: await challengeOf(server, owner.email),
      code,
    });
    expect(replayed.loginSecondFactor).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: [{ field: 'code' }],
    });

    // The next step's code (a phone a little ahead) is accepted, once.
    const next = await codeAt(secret, 1);
    const challenge = await challengeOf(server, owner.email);
    const signedIn = await gql(server, SECOND, { challenge, code: next });
    expect(signedIn.loginSecondFactor.__typename).toBe('MutationLoginSecondFactorSuccess');
    const token: string = signedIn.loginSecondFactor.data.token;
    expect((await gql(server, STATUS, {}, token)).viewer.user.id).toBeTruthy();

    const again = await gql(server, SECOND, {
      challenge: await challengeOf(server, owner.email),
      code: next,
    });
    expect(again.loginSecondFactor.code).toBe('INVALID_CREDENTIALS');
    const reused = await gql(server, SECOND, { challenge, code: await codeAt(secret, 1) });
    expect(reused.loginSecondFactor.code).toBe('INVALID_TOKEN');
  });

  it('takes each recovery code once (REST second step)', async () => {
    const owner = await signUpCompany(server);
    const { recoveryCodes } = await enrol(server, owner);
    const login = async () =>
      (
        await server.call('POST', '/api/v1/login', {
          body: { email: owner.email, password: PASSWORD },
        })
      ).body.secondFactor.challenge as string;

    const first = await server.call('POST', '/api/v1/login/second-factor', {
      body: { challenge: await login(), code: recoveryCodes[3]!.toUpperCase() },
    });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['token']);
    const profile = await server.call('GET', '/api/v1/profile', { token: first.body.token });
    expect(profile.status).toBe(200);

    const second = await server.call('POST', '/api/v1/login/second-factor', {
      body: { challenge: await login(), code: recoveryCodes[3] },
    });
    expect(second.status).toBe(401);
    expect(second.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(second.body.error.fields[0].field).toBe('code');
    expect((await gql(server, STATUS, {}, owner.token)).viewer.twoFactor.recoveryCodesLeft).toBe(9);

    const unknown = await server.call('POST', '/api/v1/login/second-factor', {
      body: { challenge: 'no-such-challenge', code: '123456' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_TOKEN');
  });

  it('replaces the recovery codes with the password and a current code; the old ones stop working', async () => {
    const owner = await signUpCompany(server);
    const { secret, recoveryCodes } = await enrol(server, owner);
    const REPLACE = `mutation($password: String!, $code: String!) {
      replaceRecoveryCodes(password: $password, code: $code) {
      __typename ... on MutationReplaceRecoveryCodesSuccess { data { recoveryCodes } } ${APP_ERROR} } }`;
    const replace = async (variables: { password: string; code: string }) =>
      (await gql(server, REPLACE, variables, owner.token)).replaceRecoveryCodes;

    const wrongPassword = await replace({
      password: 'not-the-password',
      code: await codeAt(secret, 1),
    });
    expect(wrongPassword).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: [{ field: 'password' }],
    });
    // A recovery code is not the app: it cannot make new recovery codes.
    const withRecovery = await replace({ password: PASSWORD, code: recoveryCodes[0]! });
    expect(withRecovery).toMatchObject({
      __typename: 'AppError',
      fields: [{ field: 'code' }],
    });

    const code = await codeAt(secret, 1);
    const replaced = await replace({ password: PASSWORD, code });
    expect(replaced.__typename).toBe('MutationReplaceRecoveryCodesSuccess');
    const fresh = replaced.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    // The same app code again is a replay.
    expect(await replace({ password: PASSWORD, code })).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });

    const signIn = async (recovery: string) => {
      const login = await server.call('POST', '/api/v1/login', {
        body: { email: owner.email, password: PASSWORD },
      });
      return server.call('POST', '/api/v1/login/second-factor', {
        body: { challenge: login.body.secondFactor.challenge, code: recovery },
      });
    };
    expect((await signIn(recoveryCodes[1]!)).status).toBe(401);
    expect((await signIn(fresh[1]!)).status).toBe(200);
    expect((await gql(server, STATUS, {}, owner.token)).viewer.twoFactor.recoveryCodesLeft).toBe(9);
    expect(
      await server.deps.prisma.auditEntry.count({
        where: { companyId: owner.companyId, action: 'TWO_FACTOR_RECOVERY_CODES_REPLACED' },
      }),
    ).toBe(1);
    // Stored as hashes only.
    const stored = await server.deps.prisma.recoveryCode.findMany({
      where: { userId: owner.userId },
    });
    expect(stored.some((row) => fresh.some((c) => JSON.stringify(row).includes(c)))).toBe(false);
  });

  it('limits wrong codes per account like sign-in (HTTP 429)', async () => {
    const owner = await signUpCompany(limited);
    await enrol(limited, owner); // one attempt
    const challenge = await challengeOf(limited, owner.email);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await limited.call('POST', '/api/v1/login/second-factor', {
        body: { challenge, code: '000000' },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses[2]).toBe(429);
  });

  it('leaves API keys working, and turns off only with the password and a current or recovery code', async () => {
    const owner = await signUpCompany(server);
    const created = await gql(
      server,
      `mutation { createApiKey(name: "ci") { __typename ... on MutationCreateApiKeySuccess { data { key } } } }`,
      {},
      owner.token,
    );
    const key: string = created.createApiKey.data.key;
    const { secret, recoveryCodes } = await enrol(server, owner);
    expect((await gql(server, STATUS, {}, key)).viewer.user.id).toBeTruthy();
    const DISABLE = `mutation($password: String!, $code: String) {
      disableTwoFactor(password: $password, code: $code) { __typename ${APP_ERROR} } }`;
    const disable = async (vars: Record<string, unknown>, token = owner.token) =>
      (await gql(server, DISABLE, vars, token)).disableTwoFactor;
    // An API key cannot turn it off, nor read where the person signed in.
    expect((await disable({ password: PASSWORD, code: await codeAt(secret) }, key)).code).toBe(
      'FORBIDDEN',
    );
    expect(await disable({ password: 'wrong-password', code: await codeAt(secret) })).toMatchObject(
      { code: 'INVALID_CREDENTIALS', fields: [{ field: 'password' }] },
    );
    // The password alone (a stolen session and a reused password) no longer does it.
    expect(await disable({ password: PASSWORD })).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'code', message: 'This field is required.' }],
    });
    const wrongCode = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(await disable({ password: PASSWORD, code: wrongCode })).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: [{ field: 'code' }],
    });
    expect(await disable({ password: PASSWORD, code: 'aaaaa-bbbbb' })).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: [{ field: 'code' }],
    });
    expect((await gql(server, STATUS, {}, owner.token)).viewer.twoFactor.enabled).toBe(true);
    // A recovery code stands in for a lost phone.
    const off = await disable({ password: PASSWORD, code: recoveryCodes[0] });
    expect(off.__typename).toBe('MutationDisableTwoFactorSuccess');
    const login = await gql(server, LOGIN, { email: owner.email, password: PASSWORD });
    expect(login.login.data.token).toEqual(expect.any(String));
    expect(login.login.data.secondFactor).toBeNull();
    expect(await server.deps.prisma.recoveryCode.count({ where: { userId: owner.userId } })).toBe(
      0,
    );
    expect(
      await server.deps.prisma.auditEntry.count({
        where: { action: 'TWO_FACTOR_DISABLED', actorUserId: owner.userId },
      }),
    ).toBe(1);
  });

  it('turns off with a current code of the app, once per code', async () => {
    const owner = await signUpCompany(server);
    const { secret } = await enrol(server, owner);
    // The enrolment used this step's code: the next step's code is what the phone shows next.
    const code = await codeAt(secret, 1);
    const off = await gql(
      server,
      `mutation($code: String) { disableTwoFactor(password: "${PASSWORD}", code: $code) {
        __typename ${APP_ERROR} } }`,
      { code },
      owner.token,
    );
    expect(off.disableTwoFactor.__typename).toBe('MutationDisableTwoFactorSuccess');
  });
});

describe('signed-in devices', () => {
  it('lists the sessions with their browser and signs out everywhere else', async () => {
    const owner = await signUpCompany(server);
    const signIn = async (userAgent: string) =>
      (
        await server.call('POST', '/api/v1/login', {
          body: { email: owner.email, password: PASSWORD },
          headers: { 'user-agent': userAgent },
        })
      ).body.token as string;
    const laptop = await signIn('Laptop Browser/1.0');
    const phone = await signIn('Phone Browser/2.0');

    const DEVICES = `{ viewer { signedInDevices { id createdAt lastUsedAt userAgent ipAddress current } } }`;
    const devices = (await gql(server, DEVICES, {}, phone)).viewer.signedInDevices;
    expect(devices.length).toBe(3);
    expect(devices[0]).toMatchObject({
      current: true,
      userAgent: 'Phone Browser/2.0',
      ipAddress: '127.0.0.1',
    });
    expect(devices.map((d: { userAgent: string }) => d.userAgent)).toContain('Laptop Browser/1.0');

    const done = await gql(
      server,
      `mutation { signOutOtherSessions { __typename ... on MutationSignOutOtherSessionsSuccess { data { signedOut } } } }`,
      {},
      phone,
    );
    expect(done.signOutOtherSessions.data.signedOut).toBe(2);
    expect((await server.call('GET', '/api/v1/profile', { token: laptop })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/profile', { token: owner.token })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/profile', { token: phone })).status).toBe(200);
    const left = (await gql(server, DEVICES, {}, phone)).viewer.signedInDevices;
    expect(left).toHaveLength(1);
    expect(left[0].lastUsedAt).not.toBeNull();
  });
});

describe('a company that requires two-factor sign-in', () => {
  const SET = `mutation($required: Boolean!) { setRequireTwoFactor(required: $required) {
    __typename ... on MutationSetRequireTwoFactorSuccess { data { requireTwoFactor } } ${APP_ERROR} } }`;

  it('makes an invitee enrol before the invitation gives a session', async () => {
    const owner = await signUpCompany(server);
    await enrol(server, owner);
    await gql(server, SET, { required: true }, owner.token);
    const invited = await gql(
      server,
      `mutation { inviteMember(email: "invitee-${owner.userId}@example.com", role: ADMIN) {
        __typename ${APP_ERROR} } }`,
      {},
      owner.token,
    );
    expect(invited.inviteMember.__typename).toBe('MutationInviteMemberSuccess');
    const mail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: `invitee-${owner.userId}@example.com` },
    });
    const link = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const ACCEPT = `mutation($token: String!) { acceptInvitation(token: $token, password: "${PASSWORD}") {
      __typename ... on MutationAcceptInvitationSuccess { data { token secondFactor {
        challenge enrolmentRequired } } } ${APP_ERROR} } }`;
    const accepted = (await gql(server, ACCEPT, { token: link })).acceptInvitation;
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    // No session before enrolment: nothing to read the SSO secret or mint keys with.
    expect(accepted.data.token).toBeNull();
    expect(accepted.data.secondFactor.enrolmentRequired).toBe(true);
    const { challenge } = accepted.data.secondFactor;
    const invitee = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: `invitee-${owner.userId}@example.com` },
    });
    expect(await server.deps.prisma.session.count({ where: { userId: invitee.id } })).toBe(0);
    expect((await gql(server, SECOND, { challenge, code: '123456' })).loginSecondFactor.code).toBe(
      'TWO_FACTOR_ENROLMENT_REQUIRED',
    );
    const started = (await gql(server, START, { challenge })).startTwoFactorEnrolment;
    const confirmed = (
      await gql(server, CONFIRM, { challenge, code: await codeAt(started.data.secret) })
    ).confirmTwoFactorEnrolment;
    const token: string = confirmed.data.token;
    expect((await gql(server, STATUS, {}, token)).viewer.twoFactor).toMatchObject({
      enabled: true,
      requiredByCompany: true,
    });
  });

  it('makes a MEMBER enrol too: at invitation acceptance and at sign-in, before any session', async () => {
    const owner = await signUpCompany(server);
    await enrol(server, owner);
    await gql(server, SET, { required: true }, owner.token);
    // An invited MEMBER: the link and password are the first factor only.
    const invitee = `member-invitee-${owner.userId}@example.com`;
    await gql(
      server,
      `mutation { inviteMember(email: "${invitee}", role: MEMBER) { __typename } }`,
      {},
      owner.token,
    );
    const mail = await server.deps.prisma.mail.findFirstOrThrow({ where: { to: invitee } });
    const link = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = (
      await gql(
        server,
        `mutation($token: String!) { acceptInvitation(token: $token, password: "${PASSWORD}") {
          ... on MutationAcceptInvitationSuccess { data { token secondFactor { enrolmentRequired } } }
          ${APP_ERROR} } }`,
        { token: link },
      )
    ).acceptInvitation;
    expect(accepted.data.token).toBeNull();
    expect(accepted.data.secondFactor.enrolmentRequired).toBe(true);
    const joined = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: invitee },
    });
    expect(joined.role).toBe('MEMBER');
    expect(await server.deps.prisma.session.count({ where: { userId: joined.id } })).toBe(0);
    // A MEMBER already on the team: asked at the console's sign-in, then cannot turn it off.
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    await server.deps.prisma.user.update({
      where: { id: member.userId },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });
    const login = await gql(server, LOGIN, { email: member.email, password: PASSWORD });
    expect(login.login.data.token).toBeNull();
    const { challenge, enrolmentRequired } = login.login.data.secondFactor;
    expect(enrolmentRequired).toBe(true);
    const started = (await gql(server, START, { challenge })).startTwoFactorEnrolment;
    const confirmed = (
      await gql(server, CONFIRM, { challenge, code: await codeAt(started.data.secret) })
    ).confirmTwoFactorEnrolment;
    const token: string = confirmed.data.token;
    expect((await gql(server, STATUS, {}, token)).viewer.twoFactor).toMatchObject({
      enabled: true,
      requiredByCompany: true,
    });
    const off = await gql(
      server,
      `mutation($code: String) { disableTwoFactor(password: "${PASSWORD}", code: $code) {
        __typename ${APP_ERROR} } }`,
      { code: confirmed.data.recoveryCodes[0] },
      token,
    );
    expect(off.disableTwoFactor.code).toBe('FORBIDDEN');
  });

  it('asks an existing account with two-factor sign-in for its code when it accepts', async () => {
    const owner = await signUpCompany(server);
    const person = await addEndUser(server, owner.companyId);
    await server.deps.prisma.user.update({
      where: { id: person.userId },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });
    const { secret } = await enrol(server, person);
    await gql(
      server,
      `mutation { inviteMember(email: "${person.email}", role: MEMBER) { __typename } }`,
      {},
      owner.token,
    );
    const mail = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: person.email, topic: 'INVITATION' },
    });
    const link = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = (
      await gql(
        server,
        `mutation($token: String!) { acceptInvitation(token: $token, password: "${PASSWORD}") {
          ... on MutationAcceptInvitationSuccess { data { token secondFactor {
            challenge enrolmentRequired } } } ${APP_ERROR} } }`,
        { token: link },
      )
    ).acceptInvitation;
    expect(accepted.data.token).toBeNull();
    expect(accepted.data.secondFactor.enrolmentRequired).toBe(false);
    const second = await gql(server, SECOND, {
      challenge: accepted.data.secondFactor.challenge,
      code: await codeAt(secret, 1),
    });
    expect(second.loginSecondFactor.data.token).toEqual(expect.any(String));
  });

  it('is set by the owner once their own is on, and makes admins enrol at sign-in before a session', async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    const member = await addEndUser(server, owner.companyId, { role: 'END_USER' });
    await server.deps.prisma.user.updateMany({
      where: { id: { in: [admin.userId, member.userId] } },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });

    expect((await gql(server, SET, { required: true }, owner.token)).setRequireTwoFactor.code).toBe(
      'CONFLICT',
    );
    await enrol(server, owner);
    expect((await gql(server, SET, { required: true }, admin.token)).setRequireTwoFactor.code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await gql(server, SET, { required: true }, owner.token)).setRequireTwoFactor,
    ).toMatchObject({
      data: { requireTwoFactor: true },
    });

    // End users (no console rights) are not asked to enrol: the console's sign-in is not theirs
    // (their company's widget signs them in), so it answers no challenge, only a refusal.
    const memberLogin = await gql(server, LOGIN, { email: member.email, password: PASSWORD });
    expect(memberLogin.login.__typename).toBe('AppError');
    expect(memberLogin.login.data).toBeUndefined();

    const adminLogin = await gql(server, LOGIN, { email: admin.email, password: PASSWORD });
    expect(adminLogin.login.data.token).toBeNull();
    const { challenge, enrolmentRequired } = adminLogin.login.data.secondFactor;
    expect(enrolmentRequired).toBe(true);
    const refused = await gql(server, SECOND, { challenge, code: '123456' });
    expect(refused.loginSecondFactor.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');

    const started = (await gql(server, START, { challenge })).startTwoFactorEnrolment;
    expect(started.__typename).toBe('MutationStartTwoFactorEnrolmentSuccess');
    const confirmed = (
      await gql(server, CONFIRM, { challenge, code: await codeAt(started.data.secret) })
    ).confirmTwoFactorEnrolment;
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    const token: string = confirmed.data.token;
    expect((await gql(server, STATUS, {}, token)).viewer.twoFactor).toMatchObject({
      enabled: true,
      requiredByCompany: true,
    });
    // The challenge served its one sign-in.
    expect((await gql(server, START, { challenge })).startTwoFactorEnrolment.code).toBe(
      'INVALID_TOKEN',
    );
    // Required: the admin cannot turn it off, even with the password and a code.
    const off = await gql(
      server,
      `mutation($code: String) { disableTwoFactor(password: "${PASSWORD}", code: $code) {
        __typename ${APP_ERROR} } }`,
      { code: confirmed.data.recoveryCodes[0] },
      token,
    );
    expect(off.disableTwoFactor.code).toBe('FORBIDDEN');
    // Next sign-in: the normal second step.
    const next = await gql(server, LOGIN, { email: admin.email, password: PASSWORD });
    expect(next.login.data.secondFactor.enrolmentRequired).toBe(false);
  });
});
