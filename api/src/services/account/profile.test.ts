import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from './change-password.ts';
import { AVATAR_URL_MESSAGE } from './update-profile.ts';

/** A person's own profile: display name, avatar, password (and the sessions it signs out). */

let server: TTestServer;

const UPDATE = `mutation ($displayName: String, $avatarUrl: String) {
  result: updateProfile(displayName: $displayName, avatarUrl: $avatarUrl) {
    __typename ${APP_ERROR} ... on MutationUpdateProfileSuccess { data { displayName avatarUrl } } } }`;
const CHANGE = `mutation ($currentPassword: String!, $newPassword: String!) {
  result: changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
    __typename ${APP_ERROR} ... on MutationChangePasswordSuccess { data { signedOutSessions } } } }`;

async function run(text: string, vars: Record<string, unknown>, token: string) {
  const { body } = await gql(server, text, vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

// The console signs in team accounts; an end user signs in through their company's widget.
const logIn = (email: string, password: string, boardHash?: string) =>
  server.call('POST', boardHash ? `/api/v1/widget/boards/${boardHash}/login` : '/api/v1/login', {
    body: { email, password },
  });

/** Another session of the same person, signed in with email and password. */
async function secondSession(
  email: string,
  password = 'secret-password',
  boardHash?: string,
): Promise<string> {
  const { status, body } = await logIn(email, password, boardHash);
  expect(status).toBe(200);
  return body.token;
}

const isSignedIn = async (token: string) =>
  (await server.call('GET', '/api/v1/me', { token })).status === 200;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('display name and avatar', () => {
  it('a team member changes both over GraphQL; an end user over REST; left-out fields stay', async () => {
    const owner = await signUpCompany(server);
    expect(
      await run(
        UPDATE,
        { displayName: '  Ada Lovelace ', avatarUrl: 'https://img.example.com/ada.png' },
        owner.token,
      ),
    ).toEqual({
      __typename: 'MutationUpdateProfileSuccess',
      data: { displayName: 'Ada Lovelace', avatarUrl: 'https://img.example.com/ada.png' },
    });
    expect(await run(UPDATE, { displayName: 'Ada L.' }, owner.token)).toMatchObject({
      data: { displayName: 'Ada L.', avatarUrl: 'https://img.example.com/ada.png' },
    });
    expect(await run(UPDATE, { avatarUrl: null }, owner.token)).toMatchObject({
      data: { displayName: 'Ada L.', avatarUrl: null },
    });

    const endUser = await addEndUser(server, owner.companyId, { name: 'Eve' });
    const put = await server.call('PUT', '/api/v1/profile', {
      token: endUser.token,
      body: { displayName: 'Eve Adams', avatarUrl: 'http://pics.example.org/eve.jpg' },
    });
    expect(put).toMatchObject({
      status: 200,
      body: { displayName: 'Eve Adams', avatarUrl: 'http://pics.example.org/eve.jpg' },
    });
    const me = await server.call('GET', '/api/v1/me', { token: endUser.token });
    expect(me.body).toMatchObject({
      displayName: 'Eve Adams',
      avatarUrl: 'http://pics.example.org/eve.jpg',
    });
    const cleared = await server.call('PUT', '/api/v1/profile', {
      token: endUser.token,
      body: { avatarUrl: '' },
    });
    expect(cleared.body).toEqual({ displayName: 'Eve Adams', avatarUrl: null });
  });

  it('answers field-level errors and changes nothing', async () => {
    const owner = await signUpCompany(server);
    const before = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id: owner.userId },
    });
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [{ displayName: '' }, { field: 'displayName', message: 'This field is required.' }],
      [
        { displayName: 'A' },
        { field: 'displayName', message: 'It has to be 2 characters at least.' },
      ],
      [
        { displayName: 'x'.repeat(51) },
        { field: 'displayName', message: 'It has to be max 50 characters.' },
      ],
      [{ avatarUrl: 'javascript:alert(1)' }, { field: 'avatarUrl', message: AVATAR_URL_MESSAGE }],
      [
        { avatarUrl: 'ftp://files.example.com/a.png' },
        { field: 'avatarUrl', message: AVATAR_URL_MESSAGE },
      ],
      [{ avatarUrl: 'not a url' }, { field: 'avatarUrl', message: AVATAR_URL_MESSAGE }],
      [
        { avatarUrl: `https://example.com/${'a'.repeat(1000)}` },
        { field: 'avatarUrl', message: 'It has to be max 1000 characters.' },
      ],
    ];
    for (const [vars, field] of cases) {
      expect(await run(UPDATE, vars, owner.token)).toMatchObject({
        code: 'VALIDATION',
        fields: [field],
      });
      const rest = await server.call('PUT', '/api/v1/profile', { token: owner.token, body: vars });
      expect(rest.status).toBe(400);
      expect(rest.body.error.fields).toEqual([field]);
    }
    const rest = await server.call('PUT', '/api/v1/profile', {
      token: owner.token,
      body: { displayName: 42 },
    });
    expect(rest.body.error.fields).toEqual([
      { field: 'displayName', message: 'It has to be text.' },
    ]);
    expect(
      await server.deps.prisma.user.findUniqueOrThrow({ where: { id: owner.userId } }),
    ).toEqual(before);
  });

  it('SSO users are told their name comes from their company; signed-out callers must sign in', async () => {
    const owner = await signUpCompany(server);
    const sso = await addEndUser(server, owner.companyId, { kind: 'SSO', name: 'From SSO' });
    expect(await run(UPDATE, { displayName: 'Someone else' }, sso.token)).toMatchObject({
      code: 'CONFLICT',
    });
    const put = await server.call('PUT', '/api/v1/profile', {
      token: sso.token,
      body: { displayName: 'Someone else' },
    });
    expect(put.status).toBe(409);
    expect(
      (await server.deps.prisma.user.findUniqueOrThrow({ where: { id: sso.userId } })).displayName,
    ).toBe('From SSO');
    const anonymous = await server.call('PUT', '/api/v1/profile', {
      body: { displayName: 'Nobody here' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('password', () => {
  it('needs the current password; signs out every other session, not this one; the new password signs in', async () => {
    const owner = await signUpCompany(server);
    const other = await secondSession(owner.email);
    const third = await secondSession(owner.email);
    await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: owner.email },
    });

    expect(
      await run(
        CHANGE,
        { currentPassword: 'not-the-password', newPassword: 'brand-new-pass' },
        owner.token,
      ),
    ).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
    });
    expect(await isSignedIn(other)).toBe(true);

    expect(
      await run(
        CHANGE,
        { currentPassword: 'secret-password', newPassword: 'brand-new-pass' },
        owner.token,
      ),
    ).toEqual({ __typename: 'MutationChangePasswordSuccess', data: { signedOutSessions: 2 } });
    expect(await isSignedIn(owner.token)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(third)).toBe(false);
    expect((await logIn(owner.email, 'secret-password')).status).toBe(401);
    expect((await logIn(owner.email, 'brand-new-pass')).status).toBe(200);
    // A reset link mailed before the change no longer works.
    const links = await server.deps.prisma.passwordRecovery.findMany({
      where: { userId: owner.userId },
    });
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.usedAt !== null)).toBe(true);
    const entry = await server.deps.prisma.auditEntry.findFirstOrThrow({
      where: { companyId: owner.companyId, action: 'PASSWORD_CHANGED' },
    });
    expect(entry).toMatchObject({
      actorUserId: owner.userId,
      targetId: String(owner.userId),
      details: { signedOutSessions: 2 },
    });
  });

  it('an end user changes theirs over REST, with field errors for the rules', async () => {
    const owner = await signUpCompany(server);
    const email = `end-${Date.now()}@example.com`;
    const board = await server.deps.prisma.board.create({
      data: {
        companyId: owner.companyId,
        name: 'Board for sign-ups',
        slug: `b-${Date.now()}`,
        widgetHash: `h-${Date.now()}`,
        isPublic: true,
      },
    });
    const signUp = await server.call('POST', `/api/v1/widget/boards/${board.widgetHash}/signup`, {
      body: { email, password: 'first-password', name: 'Enid' },
    });
    expect(signUp.status).toBe(201);
    const token: string = signUp.body.token;
    const other = await secondSession(email, 'first-password', board.widgetHash);
    const put = (body: unknown) => server.call('PUT', '/api/v1/profile/password', { token, body });

    const refusals: [unknown, { field: string; message: string }[]][] = [
      [
        {},
        [
          { field: 'currentPassword', message: 'This field is required.' },
          { field: 'newPassword', message: 'This field is required.' },
        ],
      ],
      [
        { currentPassword: 'first-password', newPassword: 'short' },
        [{ field: 'newPassword', message: 'It has to be 6 characters at least.' }],
      ],
      [
        { currentPassword: 'first-password', newPassword: 'y'.repeat(51) },
        [{ field: 'newPassword', message: 'It has to be max 50 characters.' }],
      ],
      [
        { currentPassword: 'first-password', newPassword: 'first-password' },
        [{ field: 'newPassword', message: SAME_PASSWORD }],
      ],
      [
        { currentPassword: 'wrong-password', newPassword: 'second-password' },
        [{ field: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
      ],
    ];
    for (const [body, fields] of refusals) {
      const answer = await put(body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'VALIDATION', fields });
    }
    expect(await isSignedIn(other)).toBe(true);
    const done = await put({ currentPassword: 'first-password', newPassword: 'second-password' });
    expect(done).toMatchObject({ status: 200, body: { signedOutSessions: 1 } });
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(token)).toBe(true);
  });

  it('two changes at once from the same current password: one wins, the other is refused', async () => {
    const owner = await signUpCompany(server);
    const other = await secondSession(owner.email);
    const [first, second] = await Promise.all([
      run(CHANGE, { currentPassword: 'secret-password', newPassword: 'password-one' }, owner.token),
      run(CHANGE, { currentPassword: 'secret-password', newPassword: 'password-two' }, other),
    ]);
    const outcomes = [first.__typename, second.__typename].sort();
    expect(outcomes).toEqual(['AppError', 'MutationChangePasswordSuccess']);
    const refused = first.__typename === 'AppError' ? first : second;
    expect(['CONFLICT', 'VALIDATION']).toContain(refused.code);
    const winner = first.__typename === 'AppError' ? 'password-two' : 'password-one';
    expect((await logIn(owner.email, winner)).status).toBe(200);
  });

  it('SSO users have no password; signed-out callers must sign in', async () => {
    const owner = await signUpCompany(server);
    const sso: TTestAccount = await addEndUser(server, owner.companyId, { kind: 'SSO' });
    expect(
      await run(CHANGE, { currentPassword: 'anything', newPassword: 'something-new' }, sso.token),
    ).toMatchObject({ code: 'CONFLICT' });
    const anonymous = await server.call('PUT', '/api/v1/profile/password', {
      body: { currentPassword: 'anything', newPassword: 'something-new' },
    });
    expect(anonymous.status).toBe(401);
  });
});
