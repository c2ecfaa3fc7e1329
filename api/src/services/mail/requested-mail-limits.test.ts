import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { inlineText } from '../../mail/inline-text.ts';
import { APP_ERROR, addEndUser, gql, signUpCompany } from '../../testing/graphql-client.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Mail a company's team makes Feedboard send on request (test mails, invoice requests,
 * invitations) is limited per company and per recipient with the product's default limits,
 * over real SMTP; refused requests answer 429 RATE_LIMITED saying when to try again, and
 * change nothing. With REDIS_URL the counters live in Redis, as in a fleet.
 */

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let counter = 0;

const TEST_EMAIL = `mutation { sendTestEmail { __typename ${APP_ERROR}
  ... on MutationSendTestEmailSuccess { data { outcome to } } } }`;
const INVOICE = `mutation ($details: String!) { requestInvoice(details: $details) {
  __typename ${APP_ERROR} ... on MutationRequestInvoiceSuccess { data } } }`;
const INVITE = `mutation ($email: String!) { inviteMember(email: $email, role: MEMBER) {
  __typename ${APP_ERROR} ... on MutationInviteMemberSuccess { data { id } } } }`;
const RESEND = `mutation ($id: ID!) { resendInvitation(invitationId: $id) {
  __typename ${APP_ERROR} ... on MutationResendInvitationSuccess { data { id } } } }`;

const newEmail = () => `inbox${(counter += 1)}-${Date.now()}@example.com`;

/** Messages the SMTP server received for `to` (after the outbox was sent). */
async function received(to: string) {
  await server.deps.mailer.flush();
  return smtp.messages.filter((message) => message.to.includes(to));
}

/** The 429 of a GraphQL request refused by a limit, with its message. */
function expectLimited(answer: { status: number; body: any }, message: RegExp) {
  expect(answer.status).toBe(429);
  const [error] = answer.body.errors;
  expect(error.extensions.code).toBe('RATE_LIMITED');
  expect(error.extensions.retryAfter).toBeGreaterThan(3_000);
  expect(error.message).toMatch(message);
  expect(error.message).toMatch(/Please wait \d+ minutes and try again\./);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  const redisUrl = process.env.REDIS_URL;
  server = await startTestServer({
    smtpUrl: smtp.url,
    appUrl: 'https://boards.example.com',
    billingEmail: 'invoices@feedboard.example',
    // The product's limits per company and per recipient; everything else stays out of the way
    // (every request here comes from 127.0.0.1, so the per-address limits are lifted).
    rateLimits: {
      ...UNLIMITED_FOR_TESTS,
      testEmail: { ...DEFAULT_RATE_LIMITS.testEmail, perIp: 1_000_000 },
      invoiceRequest: { ...DEFAULT_RATE_LIMITS.invoiceRequest, perIp: 1_000_000 },
      invitationMail: { ...DEFAULT_RATE_LIMITS.invitationMail, perIp: 1_000_000 },
      mailRecipient: DEFAULT_RATE_LIMITS.mailRecipient,
    },
    ...(redisUrl
      ? { redisUrl, redisPrefix: `test-mail-limits-${process.pid}-${Date.now()}:` }
      : {}),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('test emails', () => {
  it('sends 3 of 30 test emails in a row to one admin, then answers 429 saying when to try again', async () => {
    const owner = await signUpCompany(server);
    // (the sign-up's confirmation mail went there first)
    const before = (await received(owner.email)).length;
    const answers = [];
    for (let n = 0; n < 30; n += 1) answers.push(await gql(server, TEST_EMAIL, {}, owner.token));
    const sent = answers.filter((answer) => answer.status === 200);
    expect(sent).toHaveLength(3);
    for (const answer of sent) {
      expect(answer.body.data.sendTestEmail.data).toEqual({ outcome: 'SENT', to: owner.email });
    }
    expectLimited(answers[3]!, new RegExp(`Too many test emails went to ${owner.email} lately`));
    expect((await received(owner.email)).length - before).toBe(3);
    // REST counts against the same limit.
    const rest = await server.call('POST', '/api/v1/company/test-email', { token: owner.token });
    expect(rest.status).toBe(429);
    expect(rest.body.error.code).toBe('RATE_LIMITED');
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(3_000);
  });

  it('stops a company at 5 test emails an hour, whichever of its admins asks', async () => {
    const owner = await signUpCompany(server);
    const admins = await Promise.all(
      [1, 2].map(() => addEndUser(server, owner.companyId, { role: 'ADMIN' })),
    );
    const statuses = [];
    for (const account of [owner, owner, owner, ...admins, ...admins]) {
      statuses.push((await gql(server, TEST_EMAIL, {}, account.token)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expectLimited(
      await gql(server, TEST_EMAIL, {}, admins[0]!.token),
      /Your company has sent too many test emails lately/,
    );
    // Another company is not held back.
    const other = await signUpCompany(server);
    expect((await gql(server, TEST_EMAIL, {}, other.token)).status).toBe(200);
  });
});

describe('invoice requests', () => {
  it('need a confirmed owner address, and 3 of 20 in a row reach billing', async () => {
    const unconfirmed = await signUpCompany(server, undefined, { confirmEmail: false });
    const details = { details: 'ACME Ltd, 1 Main St, VAT PL1234567890' };
    const refused = await gql(server, INVOICE, details, unconfirmed.token);
    expect(refused.body.data.requestInvoice).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });

    const owner = await signUpCompany(server);
    const before = (await received('invoices@feedboard.example')).length;
    const answers = [];
    for (let n = 0; n < 20; n += 1) answers.push(await gql(server, INVOICE, details, owner.token));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expectLimited(answers[3]!, /Your company has sent too many invoice requests lately/);
    // The unconfirmed owner's request sent nothing either.
    expect((await received('invoices@feedboard.example')).length - before).toBe(3);
  });
});

describe('invitations', () => {
  it('mails one address 3 times in an hour however often it is resent, and a refused resend keeps the link', async () => {
    const owner = await signUpCompany(server);
    const email = newEmail();
    const invited = await gql(server, INVITE, { email }, owner.token);
    const id = invited.body.data.inviteMember.data.id as string;
    const statuses = [];
    for (let n = 0; n < 20; n += 1) {
      statuses.push((await gql(server, RESEND, { id }, owner.token)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    const mails = await received(email);
    expect(mails).toHaveLength(3);
    // The last link mailed still works: the refused resends did not replace it. The three go
    // in one batch of the mail worker, so they may arrive in any order: exactly one works.
    const previews = await Promise.all(
      mails.map(async (mail) => {
        const token = /\/invitation\/(\S+)/.exec((await readMail(mail)).text)?.[1];
        const preview = await gql(
          server,
          'query ($token: String!) { invitation(token: $token) { email } }',
          { token },
        );
        return preview.body.data.invitation;
      }),
    );
    expect(previews.filter(Boolean)).toEqual([{ email }]);
    expectLimited(
      await gql(server, RESEND, { id }, owner.token),
      new RegExp(`Too many invitation emails went to ${email} lately`),
    );
    // Another company cannot go on mailing that inbox either.
    const other = await signUpCompany(server);
    expectLimited(await gql(server, INVITE, { email }, other.token), /invitation emails went to/);
    expect(await received(email)).toHaveLength(3);
  });

  it('keeps the inviter out of the subject and quotes both names on one clean line (the company capped in the subject)', async () => {
    const owner = await signUpCompany(server);
    await server.deps.prisma.company.update({
      where: { id: owner.companyId },
      data: { name: 'Acme\u202E\r\nSubject: URGENT verify at evil.example' },
    });
    await server.deps.prisma.user.update({
      where: { id: owner.userId },
      data: { displayName: `Security\u200B Team\n\n${'x'.repeat(200)}` },
    });
    const email = newEmail();
    const invited = await gql(server, INVITE, { email }, owner.token);
    expect(invited.body.data.inviteMember.__typename).toBe('MutationInviteMemberSuccess');
    const [raw] = await received(email);
    const mail = await readMail(raw!);
    expect(mail.subject).toBe(
      'You are invited to join "Acme Subject: URGENT verify at evil.exa…" on Feedboard',
    );
    expect(mail.text).not.toMatch(/[\u202E\u200B]/);
    const line = mail.text.split('\n').find((text) => text.includes('invited you to join'));
    expect(line).toBe(
      `Security Team ${'x'.repeat(45)}… invited you to join the "Acme Subject: URGENT verify at evil.example" team on Feedboard as team member.`,
    );
  });
});

describe('inlineText', () => {
  it('makes one line without control or format characters, capped with an ellipsis', () => {
    expect(inlineText('  a\tb\r\n\u2028c\u202Ed\u00AD  ')).toBe('a b c d');
    expect(inlineText('ż'.repeat(70), 10)).toBe(`${'ż'.repeat(9)}…`);
    expect(inlineText('😀'.repeat(5), 3)).toBe('😀😀…');
  });
});
