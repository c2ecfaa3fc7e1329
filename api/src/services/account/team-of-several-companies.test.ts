import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.ts';
import { backgroundSettled } from '../../background.ts';
import {
  APP_ERROR,
  createBoardId,
  gql,
  setPlan,
  signUpCompany,
} from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * One address on the team of several companies (issue 33): accepting an invitation for an
 * address on another team answers exactly as for a new address and makes a separate account;
 * the console's sign-in tries each team account of the address and, when the password opens
 * several, answers only those companies to choose from; password recovery covers every one.
 */

let server: TTestServer;
let counter = 0;

const INVITE = `mutation ($email: String!) {
  result: inviteMember(email: $email, role: MEMBER) {
    __typename ${APP_ERROR} ... on MutationInviteMemberSuccess { data { link } } } }`;
const PREVIEW = `query ($token: String!) { result: invitation(token: $token) {
  email role companyName hasAccount } }`;
const ACCEPT = `mutation ($token: String!, $password: String!) {
  result: acceptInvitation(token: $token, password: $password) {
    __typename ${APP_ERROR}
    ... on MutationAcceptInvitationSuccess { data { token secondFactor { enrolmentRequired } } } } }`;
const LOGIN = `mutation ($email: String!, $password: String!, $companySlug: String) {
  result: login(email: $email, password: $password, companySlug: $companySlug) {
    __typename ${APP_ERROR}
    ... on MutationLoginSuccess { data {
      token secondFactor { enrolmentRequired } companies { name slug } } } } }`;
const WHO = `{ viewer { user { role } company { id name slug secret } } boards { id } }`;

async function run(text: string, vars: Record<string, unknown>, token?: string) {
  const { body } = await gql(server, text, vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

const newEmail = () => `several${(counter += 1)}-${process.pid}-${Date.now()}@example.com`;

/** The invitation token of a link made by `owner` for `email` (the link the inviter holds). */
async function inviteLink(owner: TTestAccount, email: string): Promise<string> {
  const result = await run(INVITE, { email }, owner.token);
  expect(result.__typename).toBe('MutationInviteMemberSuccess');
  return /\/invitation\/(\S+)$/.exec(result.data.link)![1]!;
}

async function companyOf(companyId: number) {
  return server.deps.prisma.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { id: true, name: true, slug: true, secret: true },
  });
}

/** A company whose owner is `email` with `password` (signed up with its own address, then moved). */
async function companyOwnedBy(email: string, password: string, name: string) {
  const owner = await signUpCompany(server, name);
  await setPlan(server, owner.companyId, 'ULTRA');
  await server.deps.prisma.user.update({
    where: { id: owner.userId },
    data: { loginEmail: email, email, passwordHash: await hashPassword(password) },
  });
  return owner;
}

async function login(email: string, password: string, companySlug?: string) {
  return run(LOGIN, { email, password, ...(companySlug ? { companySlug } : {}) });
}

async function who(token: string) {
  const { body } = await gql(server, WHO, {}, token);
  expect(body.errors).toBeUndefined();
  return body.data;
}

beforeAll(async () => {
  server = await startTestServer({ appUrl: 'https://boards.example.com' });
});
afterAll(async () => {
  await server?.close();
});

describe('accepting an invitation for an address on another team', () => {
  it('answers exactly as for a new address and makes a separate account of the inviting company', async () => {
    const inviter = await signUpCompany(server, 'Curious Co');
    await setPlan(server, inviter.companyId, 'ULTRA');
    const elsewhere = await signUpCompany(server, 'Victim Co');
    const fresh = newEmail();

    const onTeamToken = await inviteLink(inviter, elsewhere.email);
    const freshToken = await inviteLink(inviter, fresh);
    // The preview and the acceptance read alike: nothing tells the address is on another team.
    const previews = [
      await run(PREVIEW, { token: onTeamToken }),
      await run(PREVIEW, { token: freshToken }),
    ];
    expect(previews.map(({ hasAccount, companyName }) => ({ hasAccount, companyName }))).toEqual([
      { hasAccount: false, companyName: 'Curious Co' },
      { hasAccount: false, companyName: 'Curious Co' },
    ]);
    const onTeam = await run(ACCEPT, { token: onTeamToken, password: 'inviters-pick' });
    const another = await run(ACCEPT, { token: freshToken, password: 'inviters-pick' });
    expect(onTeam.__typename).toBe('MutationAcceptInvitationSuccess');
    expect(another.__typename).toBe(onTeam.__typename);
    expect(Object.keys(onTeam.data)).toEqual(Object.keys(another.data));
    expect(onTeam.data.secondFactor).toBeNull();

    // The session is the inviting company's new account; the other company's stays as it was.
    const session = await who(onTeam.data.token);
    expect(session.viewer.company.id).not.toBe(String(elsewhere.companyId));
    expect(session.viewer.company.name).toBe('Curious Co');
    const accounts = await server.deps.prisma.user.findMany({
      where: { loginEmail: elsewhere.email.toLowerCase() },
      orderBy: { id: 'asc' },
      select: { id: true, companyId: true, role: true },
    });
    expect(accounts).toEqual([
      { id: elsewhere.userId, companyId: elsewhere.companyId, role: 'OWNER' },
      { id: expect.any(Number), companyId: inviter.companyId, role: 'MEMBER' },
    ]);
    // Its own password: the other company's account still opens with its own only.
    const own = await login(elsewhere.email, 'secret-password');
    expect(own.data.companies).toBeNull();
    expect((await who(own.data.token)).viewer.company.name).toBe('Victim Co');
    const planted = await login(elsewhere.email, 'inviters-pick');
    expect((await who(planted.data.token)).viewer.company.name).toBe('Curious Co');
  });
});

describe('the console sign-in of an address on several teams', () => {
  it('signs in to the one company whose password matches', async () => {
    const email = newEmail();
    const a = await companyOwnedBy(email, 'password-of-a', 'Alpha one');
    const b = await companyOwnedBy(email, 'password-of-b', 'Beta one');
    const asA = await login(email, 'password-of-a');
    expect(asA.data).toMatchObject({ companies: null, secondFactor: null });
    expect((await who(asA.data.token)).viewer.company.id).toBe(
      (await who(a.token)).viewer.company.id,
    );
    const asB = await login(email, 'password-of-b');
    expect((await who(asB.data.token)).viewer.company.id).toBe(
      (await who(b.token)).viewer.company.id,
    );
    expect(await login(email, 'password-of-nobody')).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    // A refusal on both accounts is in neither company's log (which one was meant is not
    // known, and each would learn when and from where the address signs in to the other);
    // with the company named, it is that company's.
    const failedIn = async () =>
      (
        await server.deps.prisma.auditEntry.findMany({
          where: { action: 'SIGN_IN_FAILED', details: { path: ['email'], equals: email } },
          orderBy: { id: 'asc' },
          select: { companyId: true },
        })
      ).map((e) => e.companyId);
    expect(await failedIn()).toEqual([null]);
    const slugB = (await companyOf(b.companyId)).slug;
    expect(await login(email, 'password-of-a', slugB)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(await failedIn()).toEqual([null, b.companyId]);
  });

  it('answers a choice of only the companies the password opens; the choice signs in there, any other slug is refused alike', async () => {
    const email = newEmail();
    const a = await companyOwnedBy(email, 'shared-password', 'Gamma shared');
    const b = await companyOwnedBy(email, 'shared-password', 'Delta shared');
    const c = await companyOwnedBy(email, 'different-password', 'Epsilon other');
    const companyA = await companyOf(a.companyId);
    const companyB = await companyOf(b.companyId);
    const companyC = await companyOf(c.companyId);
    const choice = await login(email, 'shared-password');
    expect(choice.data).toEqual({
      token: null,
      secondFactor: null,
      companies: [
        { name: 'Delta shared', slug: companyB.slug },
        { name: 'Gamma shared', slug: companyA.slug },
      ],
    });
    // The same through REST, beside the spec's {token} shape.
    const rest = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'shared-password' },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ companies: choice.data.companies });
    // No session was made by the answer with a choice.
    expect(
      await server.deps.prisma.session.count({
        where: { userId: { in: [a.userId, b.userId] }, revokedAt: null },
      }),
    ).toBe(2); // the two sign-up sessions only

    const inA = await login(email, 'shared-password', companyA.slug);
    expect(inA.data.companies).toBeNull();
    const sessionA = await who(inA.data.token);
    expect(sessionA.viewer.company).toEqual({ ...companyA, id: expect.any(String) });
    expect(sessionA.viewer.company.secret).toBe(companyA.secret);
    const restB = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'shared-password', companySlug: companyB.slug },
    });
    expect(restB.status).toBe(200);
    const sessionB = await who(restB.body.token);
    expect(sessionB.viewer.company.secret).toBe(companyB.secret);

    // Each session reaches its own company only.
    const options = { grantsEndUsers: false };
    const boardA = await createBoardId(server, inA.data.token, 'A board of Gamma', options);
    const boardB = await createBoardId(server, restB.body.token, 'A board of Delta', options);
    const afterA = await who(inA.data.token);
    const afterB = await who(restB.body.token);
    expect(afterA.boards.map((x: { id: string }) => x.id)).toEqual([boardA]);
    expect(afterB.boards.map((x: { id: string }) => x.id)).toEqual([boardB]);
    // Nor may A's session read B's board by its id.
    const { body } = await gql(
      server,
      'query ($id: ID!) { board(id: $id) { id } }',
      { id: boardB },
      inA.data.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.board).toBeNull();

    // A company whose account the password does not open, or one without the address, or no
    // such company: the same answer as a wrong password.
    const stranger = await signUpCompany(server, 'Zeta stranger');
    const strangerSlug = (await companyOf(stranger.companyId)).slug;
    for (const slug of [companyC.slug, strangerSlug, 'no-such-company-anywhere']) {
      const refused = await login(email, 'shared-password', slug);
      expect(refused).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'The email or password is not correct.',
      });
    }
    // C's own password with C's slug signs in to C.
    const inC = await login(email, 'different-password', companyC.slug);
    expect((await who(inC.data.token)).viewer.company.secret).toBe(companyC.secret);
  });

  it('tries the same two accounts for any address, so the number of teams cannot be timed; a newer one signs in with its company', async () => {
    const email = newEmail();
    await companyOwnedBy(email, 'first-password', 'Eta first');
    await companyOwnedBy(email, 'second-password', 'Theta second');
    const third = await companyOwnedBy(email, 'third-password', 'Iota third');
    // Without the company only the oldest two accounts are tried (two hash checks, as for an
    // unknown address): the third's password opens nothing there.
    expect(await login(email, 'third-password')).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const slug = (await companyOf(third.companyId)).slug;
    const inThird = await login(email, 'third-password', slug);
    expect((await who(inThird.data.token)).viewer.company.id).toBe(
      (await who(third.token)).viewer.company.id,
    );
    expect((await login(email, 'second-password')).data.token).toEqual(expect.any(String));
  });

  it('keeps each account’s second factor: the chosen company that requires it answers a challenge', async () => {
    const email = newEmail();
    await companyOwnedBy(email, 'same-for-both', 'Eta plain');
    const strict = await companyOwnedBy(email, 'same-for-both', 'Theta strict');
    await server.deps.prisma.company.update({
      where: { id: strict.companyId },
      data: { requireTwoFactor: true },
    });
    const choice = await login(email, 'same-for-both');
    expect(choice.data.companies.map((x: { name: string }) => x.name)).toEqual([
      'Eta plain',
      'Theta strict',
    ]);
    const strictSlug = (await companyOf(strict.companyId)).slug;
    const chosen = await login(email, 'same-for-both', strictSlug);
    expect(chosen.data).toMatchObject({
      token: null,
      companies: null,
      secondFactor: { enrolmentRequired: true },
    });
  });
});

describe('password recovery of an address on several teams', () => {
  it('mails one link per company, each naming it; each link resets its own account only', async () => {
    const email = newEmail();
    const a = await companyOwnedBy(email, 'old-password-a', 'Iota recover');
    const b = await companyOwnedBy(email, 'old-password-b', 'Kappa recover');
    const before = await server.deps.prisma.mail.count();
    const sent = await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email },
    });
    expect(sent.status).toBe(200);
    await backgroundSettled();
    const mails = await server.deps.prisma.mail.findMany({
      where: { to: email },
      orderBy: { id: 'asc' },
    });
    expect(await server.deps.prisma.mail.count()).toBe(before + 1);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toMatch(/several companies/);
    const linkOf = (name: string) => {
      const match = new RegExp(
        `${name}:\\n(https://boards\\.example\\.com/password-reset/([A-Za-z0-9_-]+))`,
      ).exec(text);
      expect(match).not.toBeNull();
      return { token: match![2]! };
    };
    const linkA = linkOf('Iota recover');
    const linkB = linkOf('Kappa recover');
    expect(linkA.token).not.toBe(linkB.token);

    // A's link sets A's password; B's old password still opens B, and B's link still works.
    const checkA = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: linkA,
    });
    expect(checkA.status).toBe(200);
    const setA = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken: checkA.body.newPasswordToken, password: 'new-password-a' },
    });
    expect(setA.status).toBe(200);
    const inA = await login(email, 'new-password-a');
    const companyA = await companyOf(a.companyId);
    expect((await who(inA.data.token)).viewer.company.secret).toBe(companyA.secret);
    const inB = await login(email, 'old-password-b');
    const companyB = await companyOf(b.companyId);
    expect((await who(inB.data.token)).viewer.company.secret).toBe(companyB.secret);
    const checkB = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: linkB,
    });
    expect(checkB.status).toBe(200);
    const setB = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken: checkB.body.newPasswordToken, password: 'new-password-a' },
    });
    expect(setB.status).toBe(200);
    // Now one password opens both: the sign-in asks which.
    const both = await login(email, 'new-password-a');
    expect(both.data.companies.map((x: { name: string }) => x.name)).toEqual([
      'Iota recover',
      'Kappa recover',
    ]);
    expect(a.companyId).not.toBe(b.companyId);
  });
});
