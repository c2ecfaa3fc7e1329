import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.ts';
import {
  APP_ERROR,
  addEndUser,
  gql,
  setPlan,
  signUpCompany,
} from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Team invitations end to end over GraphQL and real SMTP: the mail and its single-use link,
 * accepting as a new or an existing account, resend, revoke, expiry, the FREE cap, and two
 * acceptances of one link at once; the link answered to copy, and the mail of an inviter whose
 * address is not confirmed held until they confirm it.
 */

const APP_URL = 'https://boards.example.com';
let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let counter = 0;

const INVITE = `mutation ($email: String!, $role: AssignableRole!) {
  result: inviteMember(email: $email, role: $role) {
    __typename ${APP_ERROR}
    ... on MutationInviteMemberSuccess { data { id email role link isMailHeld } } } }`;
const RESEND = `mutation ($id: ID!) { result: resendInvitation(invitationId: $id) {
  __typename ${APP_ERROR}
  ... on MutationResendInvitationSuccess { data { id link isMailHeld } } } }`;
const REVOKE = `mutation ($id: ID!) { result: revokeInvitation(invitationId: $id) {
  __typename ${APP_ERROR} ... on MutationRevokeInvitationSuccess { data { id } } } }`;
const ACCEPT = `mutation ($token: String!, $password: String!, $displayName: String) {
  result: acceptInvitation(token: $token, password: $password, displayName: $displayName) {
    __typename ${APP_ERROR} ... on MutationAcceptInvitationSuccess { data { token } } } }`;
const PREVIEW = `query ($token: String!) { result: invitation(token: $token) {
  email role companyName hasAccount } }`;

async function run(text: string, vars: Record<string, unknown>, token?: string) {
  const { body } = await gql(server, text, vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

const newEmail = () => `invitee${(counter += 1)}-${Date.now()}@example.com`;

/** The link of the one invitation mail `to` received since `from`, with the mail. */
async function linkMailedTo(to: string, from: number) {
  await server.deps.mailer.flush();
  const mails = smtp.messages.slice(from).filter((m) => m.to.includes(to));
  expect(mails).toHaveLength(1);
  const mail = await readMail(mails[0]!);
  const link = /https:\/\/boards\.example\.com\/invitation\/(\S+)/.exec(mail.text);
  expect(link).not.toBeNull();
  return { mail, token: link![1]! };
}

async function mark(): Promise<number> {
  await server.deps.mailer.flush();
  return smtp.messages.length;
}

async function invite(owner: TTestAccount, email: string, role = 'MEMBER') {
  const from = await mark();
  const result = await run(INVITE, { email, role }, owner.token);
  expect(result.__typename).toBe('MutationInviteMemberSuccess');
  return { id: result.data.id as string, ...(await linkMailedTo(email, from)) };
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  // FREE's cap on pending invitations is checked below: FREE as where plans are sold.
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL, defaultPlan: 'FREE' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('inviting and accepting', () => {
  it('mails a link that makes a new MEMBER account once; the audit log has both', async () => {
    const owner = await signUpCompany(server, 'Invite Co');
    const email = newEmail();
    const { token, mail } = await invite(owner, email);
    // The subject names the company, quoted (the invitee tells it from any other invitation).
    expect(mail.subject).toBe('You are invited to join "Invite Co" on Feedboard');
    expect(mail.text).toMatch(/invited you to join the "Invite Co" team/);
    expect(mail.text).toContain('7 days');
    expect(await run(PREVIEW, { token })).toEqual({
      email,
      role: 'MEMBER',
      companyName: 'Invite Co',
      hasAccount: false,
    });
    // A one-letter name is refused as at sign-up (walkthrough 11, F6), and the link still works.
    const short = await run(ACCEPT, { token, password: 'secret-pass', displayName: 'N' });
    expect(short).toMatchObject({
      __typename: 'AppError',
      code: 'VALIDATION',
      fields: [{ field: 'displayName', message: 'It has to be 2 characters at least.' }],
    });
    const accepted = await run(ACCEPT, { token, password: 'secret-pass', displayName: 'Nina' });
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    const me = await gql(
      server,
      '{ viewer { user { role displayName } } }',
      {},
      accepted.data.token,
    );
    expect(me.body.data.viewer.user).toEqual({ role: 'MEMBER', displayName: 'Nina' });
    // The new member signs in with the invited address and the password chosen.
    const login = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'secret-pass' },
    });
    expect(login.status).toBe(200);
    // The link works once.
    expect(await run(ACCEPT, { token, password: 'secret-pass' })).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    const actions = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: owner.companyId, action: { startsWith: 'INVITATION_' } },
      orderBy: { id: 'asc' },
    });
    expect(actions.map((e) => e.action)).toEqual(['INVITATION_SENT', 'INVITATION_ACCEPTED']);
  });

  it('keeps the language the invitation was accepted in for the new account (not English)', async () => {
    const owner = await signUpCompany(server);
    const { token } = await invite(owner, newEmail());
    const accepted = await run(
      `mutation ($token: String!, $language: String) {
        result: acceptInvitation(token: $token, password: "secret-pass", language: $language) {
          __typename ${APP_ERROR} ... on MutationAcceptInvitationSuccess { data { token } } } }`,
      { token, language: 'pl-PL' },
    );
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    const me = await gql(server, '{ viewer { user { language } } }', {}, accepted.data.token);
    expect(me.body.data.viewer.user.language).toBe('pl-PL');
    // A language it does not speak is a field error, and nothing is made.
    const other = await invite(owner, newEmail());
    const refused = await run(
      `mutation ($token: String!) {
        result: acceptInvitation(token: $token, password: "secret-pass", language: "xx-XX") {
          __typename ${APP_ERROR} } }`,
      { token: other.token },
    );
    expect(refused).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'language' }] });
  });

  it('mails in Polish when the inviter speaks Polish', async () => {
    const owner = await signUpCompany(server, 'Polska Firma');
    await server.deps.prisma.user.update({
      where: { id: owner.userId },
      data: { language: 'pl-PL' },
    });
    const { mail } = await invite(owner, newEmail(), 'ADMIN');
    expect(mail.subject).toBe('Zaproszenie do zespołu „Polska Firma” w Feedboard');
    expect(mail.text).toMatch(/zaprasza Cię do zespołu/);
    expect(mail.text).toContain('administrator');
  });

  it('attaches an existing end user of the company after checking their password', async () => {
    const owner = await signUpCompany(server);
    const endUser = await addEndUser(server, owner.companyId);
    await server.deps.prisma.user.update({
      where: { id: endUser.userId },
      data: { passwordHash: await hashPassword('their-password') },
    });
    const { token } = await invite(owner, endUser.email, 'ADMIN');
    expect((await run(PREVIEW, { token })).hasAccount).toBe(true);
    expect(await run(ACCEPT, { token, password: 'wrong-password' })).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'password' }],
    });
    expect((await run(ACCEPT, { token, password: 'their-password' })).__typename).toBe(
      'MutationAcceptInvitationSuccess',
    );
    const user = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id: endUser.userId },
    });
    expect(user.role).toBe('ADMIN');
  });

  it('accepts an address that signs in to another company as a new account of this one (issue 33: no oracle)', async () => {
    const owner = await signUpCompany(server);
    const other = await signUpCompany(server);
    const { token } = await invite(owner, other.email);
    expect((await run(PREVIEW, { token })).hasAccount).toBe(false);
    const accepted = await run(ACCEPT, { token, password: 'whatever-1' });
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    const accounts = await server.deps.prisma.user.findMany({
      where: { loginEmail: other.email.toLowerCase() },
      select: { companyId: true },
      orderBy: { id: 'asc' },
    });
    expect(accounts).toEqual([{ companyId: other.companyId }, { companyId: owner.companyId }]);
  });

  it('two acceptances of one link at once make one membership', async () => {
    const owner = await signUpCompany(server);
    const email = newEmail();
    const { token } = await invite(owner, email);
    const results = await Promise.all([
      run(ACCEPT, { token, password: 'secret-pass-1' }),
      run(ACCEPT, { token, password: 'secret-pass-2' }),
    ]);
    const wins = results.filter((r) => r.__typename === 'MutationAcceptInvitationSuccess');
    expect(wins).toHaveLength(1);
    expect(results.filter((r) => r.__typename === 'AppError')).toHaveLength(1);
    expect(await server.deps.prisma.user.count({ where: { loginEmail: email } })).toBe(1);
    const accepted = await server.deps.prisma.auditEntry.count({
      where: { companyId: owner.companyId, action: 'INVITATION_ACCEPTED' },
    });
    expect(accepted).toBe(1);
  });
});

describe('pending invitations', () => {
  it('resend mails a new link and the old one stops; revoke stops the link', async () => {
    const owner = await signUpCompany(server);
    const email = newEmail();
    const first = await invite(owner, email);
    const from = await mark();
    expect((await run(RESEND, { id: first.id }, owner.token)).__typename).toBe(
      'MutationResendInvitationSuccess',
    );
    const second = await linkMailedTo(email, from);
    expect(second.token).not.toBe(first.token);
    expect(await run(PREVIEW, { token: first.token })).toBeNull();
    const list = await gql(server, '{ invitations { id email } }', {}, owner.token);
    expect(list.body.data.invitations).toEqual([{ id: first.id, email }]);
    expect((await run(REVOKE, { id: first.id }, owner.token)).__typename).toBe(
      'MutationRevokeInvitationSuccess',
    );
    expect(await run(ACCEPT, { token: second.token, password: 'secret-pass' })).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    const after = await gql(server, '{ invitations { id } }', {}, owner.token);
    expect(after.body.data.invitations).toEqual([]);
  });

  it('an expired link is refused', async () => {
    const owner = await signUpCompany(server);
    const { token } = await invite(owner, newEmail());
    await server.deps.prisma.invitation.updateMany({
      where: { companyId: owner.companyId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await run(ACCEPT, { token, password: 'secret-pass' })).toMatchObject({
      code: 'INVALID_TOKEN',
    });
  });

  it('FREE allows 3 pending invitations at once; a paid plan more', async () => {
    const owner = await signUpCompany(server);
    for (let i = 0; i < 3; i += 1) await invite(owner, newEmail());
    expect(await run(INVITE, { email: newEmail(), role: 'MEMBER' }, owner.token)).toMatchObject({
      code: 'PLAN_LIMIT',
    });
    await setPlan(server, owner.companyId, 'STARTUP');
    await invite(owner, newEmail());
    const pricing = await gql(
      server,
      '{ pricing { product caps { pendingInvitations } } }',
      {},
      owner.token,
    );
    // The paid plans on sale show no cap on invitations.
    expect(pricing.body.data.pricing).toEqual([
      { product: 'STARTUP', caps: { pendingInvitations: null } },
      { product: 'COMPANY', caps: { pendingInvitations: null } },
      { product: 'ULTRA', caps: { pendingInvitations: null } },
    ]);
  });

  it('refuses: a MEMBER inviting, a team member, a second pending invitation', async () => {
    const owner = await signUpCompany(server);
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    expect(await run(INVITE, { email: newEmail(), role: 'MEMBER' }, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await run(INVITE, { email: member.email, role: 'ADMIN' }, owner.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'email', message: 'This person is on the team already.' }],
    });
    const email = newEmail();
    await invite(owner, email);
    expect(await run(INVITE, { email, role: 'ADMIN' }, owner.token)).toMatchObject({
      code: 'VALIDATION',
    });
  });

  it("another company's admin is told not found for an invitation", async () => {
    const owner = await signUpCompany(server);
    const other = await signUpCompany(server);
    const { id } = await invite(owner, newEmail());
    for (const text of [RESEND, REVOKE]) {
      expect(await run(text, { id }, other.token)).toMatchObject({ code: 'NOT_FOUND' });
    }
    const node = await gql(
      server,
      'query ($id: ID!) { node(id: $id) { id } }',
      { id },
      other.token,
    );
    expect(node.body.data.node).toBeNull();
  });
});

/** The token of a link `https://boards.example.com/invitation/<token>`. */
function tokenOf(link: string): string {
  const match = /^https:\/\/boards\.example\.com\/invitation\/([A-Za-z0-9_-]+)$/.exec(link);
  expect(match).not.toBeNull();
  return match![1]!;
}

/** The invitation mails `to` received since `from` (after the worker sent what was due). */
async function invitationMailsTo(to: string, from: number) {
  await server.deps.mailer.flush();
  return Promise.all(
    smtp.messages
      .slice(from)
      .filter((m) => m.to.includes(to))
      .map(readMail),
  );
}

/** Follows the confirmation link the owner's sign-up mailed (the page's POST), as they would. */
async function confirmAddress(owner: TTestAccount): Promise<void> {
  await server.deps.mailer.flush();
  const mails = await Promise.all(
    smtp.messages.filter((m) => m.to.includes(owner.email)).map(readMail),
  );
  const confirmation = mails.find((m) => m.subject === 'Confirm your email address for Feedboard');
  const path = /https:\/\/boards\.example\.com(\/confirm-email\/[A-Za-z0-9_-]+)/.exec(
    confirmation?.text ?? '',
  )?.[1];
  expect(path).toBeDefined();
  const response = await fetch(`${server.url}${path}`, { method: 'POST' });
  expect(response.status).toBe(200);
}

describe('invitations by link', () => {
  it('answers a link to copy beside the mailed one, both opening the invitation; the console list never shows them again', async () => {
    const owner = await signUpCompany(server);
    const email = newEmail();
    const from = await mark();
    const result = await run(INVITE, { email, role: 'MEMBER' }, owner.token);
    expect(result.data).toMatchObject({ email, isMailHeld: false });
    const mailed = await linkMailedTo(email, from);
    // Two links: the mailed one alone proves who reads the address (see 'confirms the address').
    expect(tokenOf(result.data.link)).not.toBe(mailed.token);
    for (const token of [tokenOf(result.data.link), mailed.token]) {
      expect(await run(PREVIEW, { token })).toMatchObject({ email });
    }
    // Only its hash is stored: no later answer has it.
    const list = await gql(server, '{ invitations { id link isMailHeld } }', {}, owner.token);
    expect(list.body.data.invitations).toEqual([
      { id: result.data.id, link: null, isMailHeld: false },
    ]);
    const row = await server.deps.prisma.invitation.findFirstOrThrow({
      where: { companyId: owner.companyId },
    });
    expect(row.tokenHash).not.toContain(mailed.token);
    expect(row.mailTokenHash).not.toContain(mailed.token);
  });

  it('confirms the address of an account made with the mailed link, and mails a confirmation to one made with the copied link', async () => {
    const owner = await signUpCompany(server, 'Copy Co');
    const byMail = newEmail();
    const byCopy = newEmail();
    const from = await mark();
    await run(INVITE, { email: byMail, role: 'MEMBER' }, owner.token);
    const copied = await run(INVITE, { email: byCopy, role: 'MEMBER' }, owner.token);
    const { token: mailedToken } = await linkMailedTo(byMail, from);
    for (const token of [mailedToken, tokenOf(copied.data.link)]) {
      const accepted = await run(ACCEPT, { token, password: 'secret-pass' });
      expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    }
    const confirmedAt = async (loginEmail: string) =>
      (
        await server.deps.prisma.user.findFirstOrThrow({
          where: { companyId: owner.companyId, loginEmail },
        })
      ).emailConfirmedAt;
    expect(await confirmedAt(byMail)).toBeInstanceOf(Date);
    // Whoever the inviter handed the copied link to has not shown they read the address.
    expect(await confirmedAt(byCopy)).toBeNull();
    const mails = await invitationMailsTo(byCopy, from);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You are invited to join "Copy Co" on Feedboard',
      'Confirm your email address for Feedboard',
    ]);
  });

  it('an owner whose address is unconfirmed gets a working link; the mail waits and goes once after the confirmation', async () => {
    const owner = await signUpCompany(server, 'Early Co', { confirmEmail: false });
    const email = newEmail();
    const from = await mark();
    const result = await run(INVITE, { email, role: 'MEMBER' }, owner.token);
    expect(result.__typename).toBe('MutationInviteMemberSuccess');
    expect(result.data.isMailHeld).toBe(true);
    const token = tokenOf(result.data.link);
    expect(await invitationMailsTo(email, from)).toEqual([]);
    expect((await run(PREVIEW, { token })).companyName).toBe('Early Co');

    await confirmAddress(owner);
    const mails = await invitationMailsTo(email, from);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are invited to join "Early Co" on Feedboard');
    const { token: mailed } = await linkMailedTo(email, from);
    expect((await run(PREVIEW, { token: mailed })).companyName).toBe('Early Co');
    const list = await gql(server, '{ invitations { isMailHeld } }', {}, owner.token);
    expect(list.body.data.invitations).toEqual([{ isMailHeld: false }]);

    // Once: the worker's next rounds and a second confirmation send nothing more.
    await confirmAddress(owner);
    expect(await invitationMailsTo(email, from)).toHaveLength(1);
    // The link still works, once.
    const accepted = await run(ACCEPT, { token, password: 'secret-pass', displayName: 'Ed' });
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
  });

  it('a new link voids the old one; the held mail carries only the newest', async () => {
    const owner = await signUpCompany(server, undefined, { confirmEmail: false });
    const email = newEmail();
    const from = await mark();
    const first = await run(INVITE, { email, role: 'ADMIN' }, owner.token);
    const second = await run(RESEND, { id: first.data.id }, owner.token);
    expect(second.__typename).toBe('MutationResendInvitationSuccess');
    expect(second.data.isMailHeld).toBe(true);
    expect(second.data.link).not.toBe(first.data.link);
    const old = tokenOf(first.data.link);
    expect(await run(PREVIEW, { token: old })).toBeNull();
    expect(await run(ACCEPT, { token: old, password: 'secret-pass' })).toMatchObject({
      code: 'INVALID_TOKEN',
    });
    expect(await invitationMailsTo(email, from)).toEqual([]);

    await confirmAddress(owner);
    // The held mail carries the newest mailed link: it opens the invitation as the second link.
    const { token: mailed } = await linkMailedTo(email, from);
    expect(await run(PREVIEW, { token: mailed })).toMatchObject({ email });
    const accepted = await run(ACCEPT, { token: mailed, password: 'secret-pass' });
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    expect(await run(PREVIEW, { token: tokenOf(second.data.link) })).toBeNull();
  });

  it('the teammate may accept before the owner confirms; then the held mail never goes, nor a revoked one', async () => {
    const owner = await signUpCompany(server, undefined, { confirmEmail: false });
    const joining = newEmail();
    const revoked = newEmail();
    const from = await mark();
    const invited = await run(INVITE, { email: joining, role: 'MEMBER' }, owner.token);
    const other = await run(INVITE, { email: revoked, role: 'MEMBER' }, owner.token);
    const accepted = await run(ACCEPT, {
      token: tokenOf(invited.data.link),
      password: 'secret-pass',
      displayName: 'Early Bird',
    });
    expect(accepted.__typename).toBe('MutationAcceptInvitationSuccess');
    const me = await gql(server, '{ viewer { user { role } } }', {}, accepted.data.token);
    expect(me.body.data.viewer.user).toEqual({ role: 'MEMBER' });
    expect((await run(REVOKE, { id: other.data.id }, owner.token)).__typename).toBe(
      'MutationRevokeInvitationSuccess',
    );

    await confirmAddress(owner);
    // The one mail to the teammate is their own address's confirmation (they joined by the
    // copied link); no invitation mail goes to either.
    expect((await invitationMailsTo(joining, from)).map((mail) => mail.subject)).toEqual([
      'Confirm your email address for Feedboard',
    ]);
    expect(await invitationMailsTo(revoked, from)).toEqual([]);
    expect(
      await server.deps.prisma.mail.count({
        where: { to: { in: [joining, revoked] }, topic: 'INVITATION' },
      }),
    ).toBe(0);
  });

  it("another company's admin cannot make a new link for an invitation (not found)", async () => {
    const owner = await signUpCompany(server, undefined, { confirmEmail: false });
    const other = await signUpCompany(server);
    const invited = await run(INVITE, { email: newEmail(), role: 'MEMBER' }, owner.token);
    const refused = await run(RESEND, { id: invited.data.id }, other.token);
    expect(refused).toMatchObject({ __typename: 'AppError', code: 'NOT_FOUND' });
    expect(refused.data).toBeUndefined();
    // The owner's link still works: the refused call made no new one.
    expect(await run(PREVIEW, { token: tokenOf(invited.data.link) })).not.toBeNull();
  });
});
