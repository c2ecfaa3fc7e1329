import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password.ts';
import { APP_ERROR, addEndUser, gql, signUpCompany } from '../testing/graphql-client.ts';
import { expectCall } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const PASSWORD = 'secret-password';
let server: TTestServer;

beforeAll(async () => {
  const redisUrl = process.env.REDIS_URL;
  server = await startTestServer({
    twoFactorKey: 'a-test-key-of-at-least-thirty-two-characters',
    ...(redisUrl ? { redisUrl, redisPrefix: `test-viewer-${process.pid}-${Date.now()}:` } : {}),
  });
});
afterAll(async () => {
  await server?.close();
});

const VIEWER = `{ viewer { twoFactorEnrolmentRequired user { role } } }`;
const START = `mutation { startTwoFactorEnrolment {
  __typename ... on MutationStartTwoFactorEnrolmentSuccess { data { secret } } ${APP_ERROR} } }`;
const CONFIRM = `mutation($code: String!) { confirmTwoFactorEnrolment(code: $code, password: "${PASSWORD}") {
  __typename ... on MutationConfirmTwoFactorEnrolmentSuccess { data { token } } ${APP_ERROR} } }`;
const REQUIRE = `mutation { setRequireTwoFactor(required: true) { __typename ${APP_ERROR} } }`;

/** What `token`'s session reads of itself. */
async function viewerOf(token: string) {
  const { body } = await gql(server, VIEWER, {}, token);
  expect(body.errors).toBeUndefined();
  return body.data.viewer as { twoFactorEnrolmentRequired: boolean; user: { role: string } };
}

/** Turns two-factor sign-in on with the session `token`; answers what confirming answered. */
async function enrol(token: string) {
  const started = (await gql(server, START, {}, token)).body.data.startTwoFactorEnrolment;
  expect(started.__typename).toBe('MutationStartTwoFactorEnrolmentSuccess');
  const code = await generate({ secret: started.data.secret });
  return (await gql(server, CONFIRM, { code }, token)).body.data.confirmTwoFactorEnrolment;
}

describe('Viewer.twoFactorEnrolmentRequired', () => {
  it('is true for an open console session of a team member without a second factor once the company requires one, and false after they enrol', async () => {
    const owner = await signUpCompany(server);
    const admin = await addEndUser(server, owner.companyId, { role: 'ADMIN' });
    await server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });
    expect(await viewerOf(admin.token)).toEqual({
      twoFactorEnrolmentRequired: false,
      user: { role: 'ADMIN' },
    });

    expect((await enrol(owner.token)).__typename).toBe('MutationConfirmTwoFactorEnrolmentSuccess');
    expect((await gql(server, REQUIRE, {}, owner.token)).body.data.setRequireTwoFactor).toEqual({
      __typename: 'MutationSetRequireTwoFactorSuccess',
    });

    // The session opened before the switch: an end user's until it enrols, and it says so.
    expect(await viewerOf(admin.token)).toEqual({
      twoFactorEnrolmentRequired: true,
      user: { role: 'END_USER' },
    });
    // The owner enrolled first: nothing to do.
    expect(await viewerOf(owner.token)).toEqual({
      twoFactorEnrolmentRequired: false,
      user: { role: 'OWNER' },
    });

    // Enrolling with that same session answers no new token: the session itself gets its role back.
    const confirmed = await enrol(admin.token);
    expect(confirmed).toEqual({
      __typename: 'MutationConfirmTwoFactorEnrolmentSuccess',
      data: { token: null },
    });
    expect(await viewerOf(admin.token)).toEqual({
      twoFactorEnrolmentRequired: false,
      user: { role: 'ADMIN' },
    });
  });

  it('is false for end users and for a team account signed in through a widget, who have no enrolment to do', async () => {
    const owner = await signUpCompany(server);
    const { id: boardId } = await expectCall(
      server,
      'POST',
      `/companies/${owner.companyId}/boards`,
      201,
      { token: owner.token, body: { name: 'Widget board' } },
    );
    await expectCall(server, 'PUT', `/boards/${boardId}/set-public`, 200, {
      token: owner.token,
      body: { isPublic: true },
    });
    const { boardHash } = await expectCall(server, 'GET', `/boards/${boardId}/widget-setup`, 200, {
      token: owner.token,
    });
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    await server.deps.prisma.user.update({
      where: { id: member.userId },
      data: { passwordHash: await hashPassword(PASSWORD) },
    });
    const widget = await expectCall(server, 'POST', `/widget/boards/${boardHash}/login`, 200, {
      body: { email: member.email, password: PASSWORD },
    });
    // Signed in to the widget before the company required a second factor (after, it refuses).
    expect((await enrol(owner.token)).__typename).toBe('MutationConfirmTwoFactorEnrolmentSuccess');
    await gql(server, REQUIRE, {}, owner.token);
    expect(await viewerOf(widget.token)).toEqual({
      twoFactorEnrolmentRequired: false,
      user: { role: 'END_USER' },
    });
    // The member's console session is the one that must enrol.
    expect((await viewerOf(member.token)).twoFactorEnrolmentRequired).toBe(true);

    const endUser = await addEndUser(server, owner.companyId);
    expect(await viewerOf(endUser.token)).toEqual({
      twoFactorEnrolmentRequired: false,
      user: { role: 'END_USER' },
    });
  });

  it('requires authentication: an anonymous caller has no viewer', async () => {
    const { body } = await gql(server, VIEWER);
    expect(body).toEqual({ data: { viewer: null } });
  });
});
