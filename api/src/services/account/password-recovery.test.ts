import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: 'https://boards.example.com' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function register(email: string, password = 'old-password') {
  const response = await server.call('POST', '/api/v1/registrations', {
    body: { email, password },
  });
  expect(response.status).toBe(201);
  // Sign-up mails a link to confirm the address first; the tests below read the mails after it.
  expect((await smtp.nextMessage()).raw).toMatch(/Subject: Confirm your email address/);
  return response.body.token as string;
}

/**
 * The reset link's token, read from the mail's text (quoted-printable soft breaks undone). The
 * link carries the token alone (issue 34): an address in a URL ends up in logs and referrers.
 */
function readLink(raw: string): { token: string } {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/boards\.example\.com\/password-reset\/([A-Za-z0-9_-]+)(?=[?\s])/.exec(
    text,
  );
  if (!match?.[1]) throw new Error(`No reset link in:\n${text}`);
  return { token: match[1] };
}

describe('password recovery over real SMTP', () => {
  it('mails a link whose token works once, then sets a password that signs in', async () => {
    const email = 'forgetful@example.com';
    const oldSession = await register(email);

    const sent = await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email },
    });
    expect(sent.status).toBe(200);
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/Subject: Reset your Feedboard password/);
    const link = readLink(mail.raw);
    // No address in the link, in any spelling (issue 34).
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const url = /https:\/\/boards\.example\.com\/password-reset\/\S+/.exec(text)![0];
    expect(url).not.toMatch(/forgetful|%40|@/);

    // The token alone names the account.
    const check = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: link,
    });
    expect(check.status).toBe(200);
    const { newPasswordToken } = check.body;
    expect(typeof newPasswordToken).toBe('string');

    const reused = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: link,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('INVALID_TOKEN');

    const set = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { newPasswordToken, password: 'brand-new-password' },
    });
    expect(set.status).toBe(200);
    const setAgain = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken, password: 'another-password' },
    });
    expect(setAgain.status).toBe(400);

    const oldLogin = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'old-password' },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'brand-new-password' },
    });
    expect(newLogin.status).toBe(200);
    // The link reached the mailbox, so the address is confirmed by the same token.
    const profile = await server.call('GET', '/api/v1/profile', { token: newLogin.body.token });
    expect(profile.body.emailConfirmed).toBe(true);
    // Changing the password signs out every earlier session.
    expect((await server.call('GET', '/api/v1/me', { token: oldSession })).status).toBe(401);

    const row = await server.deps.prisma.mail.findFirstOrThrow({
      where: { to: email, topic: 'ACCOUNT' },
    });
    expect(row.status).toBe('SENT');
  });

  it('answers the same for an unknown email, and mails nothing', async () => {
    const before = smtp.messages.length;
    const known = await register('known-person@example.com');
    expect(known).toBeTruthy();
    const forKnown = await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: 'known-person@example.com' },
    });
    await smtp.nextMessage();
    const forUnknown = await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: 'nobody-at-all@example.com' },
    });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    await server.deps.mailer.flush();
    // The sign-up's confirmation and the one reset link.
    expect(smtp.messages.length).toBe(before + 2);
  });

  it('still takes a link mailed with the address (older links, for their hour)', async () => {
    const email = 'older-link@example.com';
    await register(email);
    await server.call('POST', '/api/v1/password-recovery/send-link', { body: { email } });
    const { token } = readLink((await smtp.nextMessage()).raw);
    // As /password-reset/{email}/{token} sends it.
    const check = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: { email, token },
    });
    expect(check.status).toBe(200);
    const set = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken: check.body.newPasswordToken, password: 'from-old-link' },
    });
    expect(set.status).toBe(200);
    const login = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'from-old-link' },
    });
    expect(login.status).toBe(200);
  });

  it('answers the account’s address with the new-password token over GraphQL', async () => {
    const email = 'Graph-Reader@example.com';
    await register(email);
    await server.call('POST', '/api/v1/password-recovery/send-link', { body: { email } });
    const { token } = readLink((await smtp.nextMessage()).raw);
    const { body } = await server.call('POST', '/graphql', {
      body: {
        query: `mutation ($token: String!) { checkPasswordResetToken(token: $token) {
          ... on MutationCheckPasswordResetTokenSuccess { data { newPasswordToken email } } } }`,
        variables: { token },
      },
    });
    expect(body.data.checkPasswordResetToken.data.email).toBe('graph-reader@example.com');
  });

  it('refuses a token presented with another email', async () => {
    await register('first-owner@example.com');
    await register('second-owner@example.com');
    await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: 'first-owner@example.com' },
    });
    const { token } = readLink((await smtp.nextMessage()).raw);
    const response = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: { email: 'second-owner@example.com', token },
    });
    expect(response.status).toBe(400);
    // The rightful owner can still use it.
    const own = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: { email: 'first-owner@example.com', token },
    });
    expect(own.status).toBe(200);
  });

  it('refuses a token after its hour has passed', async () => {
    await register('slow-reader@example.com');
    await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: 'slow-reader@example.com' },
    });
    const link = readLink((await smtp.nextMessage()).raw);
    await server.deps.prisma.passwordRecovery.updateMany({
      where: { user: { loginEmail: 'slow-reader@example.com' } },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const response = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: link,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('This password reset link is invalid or has expired.');
  });

  it('lets only one of many concurrent uses of a token succeed', async () => {
    await register('racer@example.com');
    await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: 'racer@example.com' },
    });
    const link = readLink((await smtp.nextMessage()).raw);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.call('POST', '/api/v1/password-recovery/check-token', { body: link }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('kills an older link once a newer one is sent, and after the newer one is used', async () => {
    const email = 'two-links@example.com';
    await register(email);
    const send = () =>
      server.call('POST', '/api/v1/password-recovery/send-link', { body: { email } });
    await send();
    const older = readLink((await smtp.nextMessage()).raw);
    await send();
    const newer = readLink((await smtp.nextMessage()).raw);

    const check = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: newer,
    });
    expect(check.status).toBe(200);
    const set = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken: check.body.newPasswordToken, password: 'newer-password' },
    });
    expect(set.status).toBe(200);

    const stale = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: older,
    });
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('INVALID_TOKEN');
    const login = await server.call('POST', '/api/v1/login', {
      body: { email, password: 'newer-password' },
    });
    expect(login.status).toBe(200);
  });

  it('voids a new-password token of an earlier link when a newer link is used', async () => {
    const email = 'two-steps@example.com';
    await register(email);
    const send = () =>
      server.call('POST', '/api/v1/password-recovery/send-link', { body: { email } });
    const checkToken = async () => {
      await send();
      const link = readLink((await smtp.nextMessage()).raw);
      const check = await server.call('POST', '/api/v1/password-recovery/check-token', {
        body: link,
      });
      expect(check.status).toBe(200);
      return check.body.newPasswordToken as string;
    };
    const first = await checkToken();
    const second = await checkToken();
    const late = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken: first, password: 'first-password' },
    });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('INVALID_TOKEN');
    const current = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email, newPasswordToken: second, password: 'second-password' },
    });
    expect(current.status).toBe(200);
  });

  it('lets one of two links used at once succeed', async () => {
    const email = 'link-racer@example.com';
    await register(email);
    const user = await server.deps.prisma.user.findFirstOrThrow({ where: { loginEmail: email } });
    // Two live links at once (as before this fix, or issued in the same instant) are raced.
    const { hashToken } = await import('../../auth/tokens.ts');
    const tokens = ['race-token-one', 'race-token-two'];
    await server.deps.prisma.passwordRecovery.createMany({
      data: tokens.map((token) => ({
        userId: user.id,
        purpose: 'LINK' as const,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60_000),
      })),
    });
    const results = await Promise.all(
      tokens.map((token) =>
        server.call('POST', '/api/v1/password-recovery/check-token', { body: { email, token } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('validates each call', async () => {
    const short = await server.call('POST', '/api/v1/password-recovery/send-link', {
      body: { email: 'a@b' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual([
      { field: 'email', message: 'It has to be 6 characters at least.' },
    ]);
    const missing = await server.call('POST', '/api/v1/password-recovery/check-token', {
      body: { email: 'someone@example.com' },
    });
    expect(missing.body.error.fields).toEqual([
      { field: 'token', message: 'This field is required.' },
    ]);
    const weak = await server.call('POST', '/api/v1/password-recovery/new-password', {
      body: { email: 'someone@example.com', newPasswordToken: 'x', password: '123' },
    });
    expect(weak.body.error.fields).toEqual([
      { field: 'password', message: 'It has to be 6 characters at least.' },
    ]);
  });
});

describe('reset requests of strangers (issue 33)', () => {
  let guarded: TTestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // The shipped limits of reset requests; TRUST_PROXY=1, so each call says where it is from.
    guarded = await startTestServer({
      smtpUrl: sink.url,
      appUrl: 'https://boards.example.com',
      trustProxy: 1,
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        recoveryRequest: DEFAULT_RATE_LIMITS.recoveryRequest,
        recoveryMail: DEFAULT_RATE_LIMITS.recoveryMail,
      },
    });
  });
  afterAll(async () => {
    await guarded?.close();
    await sink?.close();
  });

  const resetMails = (to: string) =>
    sink.messages.filter(
      (mail) => mail.to.includes(to) && /Subject: Reset your Feedboard password/.test(mail.raw),
    );

  it('does not use up the owner’s reset: a stranger past the limit from one source, the owner from another still gets the mail', async () => {
    const email = 'victim-owner@example.com';
    const registered = await guarded.call('POST', '/api/v1/registrations', {
      body: { email, password: 'old-password' },
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(registered.status).toBe(201);
    const send = (from: string) =>
      guarded.call('POST', '/api/v1/password-recovery/send-link', {
        body: { email },
        headers: { 'x-forwarded-for': from },
      });
    const stranger = '198.51.100.66';
    const answers = [];
    for (let n = 0; n < 8; n += 1) answers.push(await send(stranger));
    const viaGraphql = await guarded.call('POST', '/graphql', {
      body: { query: `mutation { sendPasswordResetLink(email: "${email}") { __typename } }` },
      headers: { 'x-forwarded-for': stranger },
    });
    // Every answer is the same 200: none says a limit was reached (nor whether the account exists).
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(viaGraphql.status).toBe(200);
    expect(viaGraphql.body.data.sendPasswordResetLink.__typename).toBe(
      'MutationSendPasswordResetLinkSuccess',
    );
    await guarded.deps.mailer.flush();
    // The stranger's source had its allowance (5 in 15 minutes), no more.
    expect(resetMails(email)).toHaveLength(DEFAULT_RATE_LIMITS.recoveryRequest.perAccount);

    // The owner, from their own address, asks and gets a working link.
    const own = await send('203.0.113.77');
    expect(own.status).toBe(200);
    expect(own.body).toEqual(answers[0]!.body);
    await guarded.deps.mailer.flush();
    const mails = resetMails(email);
    expect(mails).toHaveLength(DEFAULT_RATE_LIMITS.recoveryRequest.perAccount + 1);
    const link = readLink(mails.at(-1)!.raw);
    const check = await guarded.call('POST', '/api/v1/password-recovery/check-token', {
      body: link,
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(check.status).toBe(200);
  });

  it('keeps a reset for the owner’s own source once strangers used up the address’s day elsewhere', async () => {
    const email = 'day-cap-owner@example.com';
    const home = '192.0.2.44';
    const registered = await guarded.call('POST', '/api/v1/registrations', {
      body: { email, password: 'old-password' },
      headers: { 'x-forwarded-for': home },
    });
    expect(registered.status).toBe(201);
    const send = (from: string) =>
      guarded.call('POST', '/api/v1/password-recovery/send-link', {
        body: { email },
        headers: { 'x-forwarded-for': from },
      });
    // Strangers from enough sources use up the address's shared day (20 mails).
    const perSource = DEFAULT_RATE_LIMITS.recoveryRequest.perAccount;
    const sources = Math.ceil(DEFAULT_RATE_LIMITS.recoveryMail.perAccount / perSource) + 1;
    for (let s = 0; s < sources; s += 1) {
      for (let n = 0; n < perSource; n += 1) {
        expect((await send(`198.51.100.${100 + s}`)).status).toBe(200);
      }
    }
    await guarded.deps.mailer.flush();
    const capped = resetMails(email).length;
    expect(capped).toBe(DEFAULT_RATE_LIMITS.recoveryMail.perAccount);
    // Yet another unknown source: the shared day is used up, no mail.
    expect((await send('198.51.100.200')).status).toBe(200);
    await guarded.deps.mailer.flush();
    expect(resetMails(email)).toHaveLength(capped);
    // The owner at home, where the account signed in: a working link.
    expect((await send(home)).status).toBe(200);
    await guarded.deps.mailer.flush();
    const mails = resetMails(email);
    expect(mails).toHaveLength(capped + 1);
    const check = await guarded.call('POST', '/api/v1/password-recovery/check-token', {
      body: readLink(mails.at(-1)!.raw),
      headers: { 'x-forwarded-for': home },
    });
    expect(check.status).toBe(200);
  });
});

describe('the mailed link says whose reset it is (issue 33)', () => {
  let marked: TTestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    marked = await startTestServer({ smtpUrl: sink.url, appUrl: 'https://boards.example.com' });
  });
  afterAll(async () => {
    await marked?.close();
    await sink?.close();
  });

  /** The link in the latest reset mail to `to`, once it has arrived over SMTP. */
  async function resetLinkTo(to: string): Promise<string> {
    let link = '';
    await expect
      .poll(async () => {
        const mails = await Promise.all(
          sink.messages.filter((mail) => mail.to.includes(to)).map(readMail),
        );
        const reset = mails.findLast((mail) => /^Reset your .+ password$/.test(mail.subject ?? ''));
        link =
          /https:\/\/boards\.example\.com\/password-reset\/\S+/.exec(reset?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    return link;
  }

  it('marks a board end user’s link `?for=board`, and not a team account’s', async () => {
    const company = await restCompany(marked);
    const { boardHash } = await expectCall(
      marked,
      'GET',
      `/boards/${company.boardId}/widget-setup`,
      200,
      { token: company.owner.token },
    );
    const endUser = 'board-reader@example.com';
    await expectCall(marked, 'POST', `/widget/boards/${boardHash}/signup`, 201, {
      body: { email: endUser, password: 'old-password' },
    });
    await expectCall(
      marked,
      'POST',
      `/widget/boards/${boardHash}/password-recovery/send-link`,
      200,
      {
        body: { email: endUser },
      },
    );
    await expectCall(marked, 'POST', '/password-recovery/send-link', 200, {
      body: { email: company.owner.email },
    });

    const boardLink = await resetLinkTo(endUser);
    expect(boardLink).toMatch(
      /^https:\/\/boards\.example\.com\/password-reset\/[A-Za-z0-9_-]{40,}\?/,
    );
    // The pages speak the mail's language, and link back to the (public) board's portal page.
    const { slug } = await marked.deps.prisma.company.findUniqueOrThrow({
      where: { id: company.owner.companyId },
    });
    const board = await marked.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
    });
    expect(Object.fromEntries(new URL(boardLink).searchParams)).toEqual({
      lang: 'en-US',
      for: 'board',
      board: `/${slug}/${board.slug}`,
    });
    const consoleLink = await resetLinkTo(company.owner.email);
    expect(consoleLink).toMatch(
      /^https:\/\/boards\.example\.com\/password-reset\/[A-Za-z0-9_-]{40,}\?lang=en-US$/,
    );
    // A private board has no portal page: its link names none.
    await expectCall(marked, 'PUT', `/boards/${company.boardId}/set-public`, 200, {
      token: company.owner.token,
      body: { isPublic: false },
    });
    await expectCall(
      marked,
      'POST',
      `/widget/boards/${boardHash}/password-recovery/send-link`,
      200,
      {
        body: { email: endUser },
      },
    );
    await expect
      .poll(async () => new URL(await resetLinkTo(endUser)).searchParams.has('board'))
      .toBe(false);
    const latestLink = await resetLinkTo(endUser);
    // The marked link still works (the latest: a newer one ends the older): the token ends
    // before the query.
    const [, token] = /\/password-reset\/([^?]+)/.exec(latestLink)!;
    await expectCall(marked, 'POST', '/password-recovery/check-token', 200, {
      body: { token },
    });
  });
});

describe('password recovery without SMTP', () => {
  it('keeps the message in the outbox with the link', async () => {
    const local = await startTestServer({ smtpUrl: undefined });
    try {
      await local.call('POST', '/api/v1/registrations', {
        body: { email: 'outbox@example.com', password: 'old-password' },
      });
      await local.call('POST', '/api/v1/password-recovery/send-link', {
        body: { email: 'outbox@example.com' },
      });
      const row = await local.deps.prisma.mail.findFirstOrThrow({
        where: { to: 'outbox@example.com', topic: 'ACCOUNT' },
      });
      expect(row.status).toBe('QUEUED');
      expect(row.text).toMatch(/\/password-reset\/[A-Za-z0-9_-]{40,}\?/);
      expect(row.text).not.toMatch(/outbox%40|password-reset\/outbox@/);
    } finally {
      await local.close();
    }
  });
});
