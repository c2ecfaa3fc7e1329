import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, gql, mutate } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../../testing/smtp-sink.ts';
import type { TParsedMail } from '../../testing/smtp-sink.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

const APP_URL = 'https://boards.example.com';

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let company: TRestCompany;
let boardHash: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL });
  company = await restCompany(server);
  boardHash = (
    await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
      token: company.owner.token,
    })
  ).boardHash;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** How many mails have arrived once everything queued so far is sent: a mark for mailsSince. */
async function settled(): Promise<number> {
  await server.deps.mailer.flush();
  return smtp.messages.length;
}

/** Sends what is due, then answers the mails received since `from`, decoded, by recipient. */
async function mailsSince(from: number): Promise<Map<string, TParsedMail[]>> {
  await server.deps.mailer.flush();
  const byRecipient = new Map<string, TParsedMail[]>();
  for (const mail of smtp.messages.slice(from)) {
    const parsed = await readMail(mail);
    for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), parsed]);
  }
  return byRecipient;
}

/** The one mail `to` got since `from`. */
async function onlyMailTo(from: number, to: string): Promise<TParsedMail> {
  const mails = await mailsSince(from);
  expect([...mails.keys()]).toEqual([to]);
  expect(mails.get(to)).toHaveLength(1);
  return mails.get(to)?.[0] as TParsedMail;
}

/** The confirmation link of a mail, as the test server's own address. */
function confirmationPath(mail: TParsedMail): string {
  const match = /https:\/\/boards\.example\.com(\/confirm-email\/[A-Za-z0-9_-]{43})\n/.exec(
    mail.text,
  );
  if (!match?.[1]) throw new Error(`No confirmation link in:\n${mail.text}`);
  return match[1];
}

const open = async (path: string, method: 'GET' | 'POST' = 'GET') => {
  const response = await fetch(`${server.url}${path}`, { method });
  return { status: response.status, html: await response.text() };
};

const profile = async (token: string) =>
  (await expectCall(server, 'GET', '/profile', 200, { token })) as {
    email: string;
    emailConfirmed: boolean;
  };

async function widgetSignUp(email: string): Promise<{ token: string; userId: number }> {
  const { token, user } = await expectCall(
    server,
    'POST',
    `/widget/boards/${boardHash}/signup`,
    201,
    {
      body: { email, password: 'secret-password', name: 'Wanda Widget' },
    },
  );
  return { token, userId: user.id };
}

async function newIdea(title: string): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title },
  });
  return idea.id as number;
}

const setStatus = (ideaId: number, status: string) =>
  expectCall(server, 'PUT', `/ideas/${ideaId}/status`, 200, {
    token: company.owner.token,
    body: { status },
  });

const vote = (ideaId: number, token: string) =>
  expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token });

describe('email confirmation', () => {
  it('mails nobody about a voted idea until the widget sign-up confirms through the GET page and its POST', async () => {
    const email = 'someone-else@example.com';
    let mark = await settled();
    const wanda = await widgetSignUp(email);
    const confirmation = await onlyMailTo(mark, email);
    // The visitor signed up on the company's board: the mail speaks in the company's name.
    const { name } = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: company.owner.companyId },
    });
    expect(confirmation.subject).toBe(`Confirm your email address for ${name}`);
    // The name is the signer's choice, the address maybe someone else's: no name in the mail.
    expect(confirmation.text.startsWith('Hello,\n\n')).toBe(true);
    expect(confirmation.text).not.toContain('Wanda');
    expect(confirmation.text).toContain(`Please confirm that ${email} is your address`);
    expect(await profile(wanda.token)).toMatchObject({ email, emailConfirmed: false });

    // Unconfirmed people still vote (and comment); the status change mails them nothing.
    const ideaId = await newIdea('Confirm before you mail');
    await vote(ideaId, wanda.token);
    await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
      token: wanda.token,
      body: { text: 'Yes please' },
    });
    mark = await settled();
    await setStatus(ideaId, 'PLANNED');
    expect((await mailsSince(mark)).has(email)).toBe(false);
    expect(
      await server.deps.prisma.mail.count({ where: { to: email, topic: 'IDEA_STATUS' } }),
    ).toBe(0);

    // Opening the link (as a mail scanner would) only asks.
    const path = confirmationPath(confirmation);
    const page = await open(path);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toContain('Confirm your email address?');
    expect(page.html).toContain(`<form method="post" action="${path}">`);
    expect(await profile(wanda.token)).toMatchObject({ emailConfirmed: false });

    const confirmed = await open(path, 'POST');
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Your email address is confirmed');
    // A board's end user has no console profile: the page points to the board's own settings.
    expect(confirmed.html).toContain('on the board (under Email notifications)');
    expect(confirmed.html).not.toContain('profile settings');
    expect(await profile(wanda.token)).toMatchObject({ emailConfirmed: true });
    const viewer = await gql(
      server,
      '{ viewer { user { email emailConfirmed } } }',
      {},
      wanda.token,
    );
    expect(viewer.body.data.viewer.user).toEqual({ email, emailConfirmed: true });

    mark = await settled();
    await setStatus(ideaId, 'IN_PROGRESS');
    const statusMail = await onlyMailTo(mark, email);
    expect(statusMail.subject).toBe('"Confirm before you mail": the status is now In progress');
  });

  it('works once, expires, and confirms only the address it was mailed to', async () => {
    const email = 'one-use@example.com';
    let mark = await settled();
    const user = await widgetSignUp(email);
    const first = confirmationPath(await onlyMailTo(mark, email));

    // Expired: the page says so (and how to get a new link), and POST confirms nothing.
    await server.deps.prisma.emailConfirmation.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expiredPage = await open(first);
    expect(expiredPage.status).toBe(404);
    expect(expiredPage.html).toContain('This link does not work');
    expect(expiredPage.html).not.toContain('<form');
    expect((await open(first, 'POST')).status).toBe(404);
    expect(await profile(user.token)).toMatchObject({ emailConfirmed: false });

    // A new link from the profile works once.
    mark = await settled();
    expect(
      await expectCall(server, 'POST', '/profile/email-confirmation', 200, { token: user.token }),
    ).toEqual({ email });
    const second = confirmationPath(await onlyMailTo(mark, email));
    expect(second).not.toBe(first);
    expect((await open(second, 'POST')).status).toBe(200);
    expect(await profile(user.token)).toMatchObject({ emailConfirmed: true });
    // Again: it says the address is confirmed and changes nothing.
    const again = await open(second, 'POST');
    expect(again.status).toBe(200);
    expect(again.html).toContain('Your email address is confirmed');

    // The token itself is spent: were the address unconfirmed again, it would not confirm it.
    await server.deps.prisma.user.update({
      where: { id: user.userId },
      data: { emailConfirmedAt: null },
    });
    expect((await open(second)).status).toBe(404);
    expect((await open(second, 'POST')).status).toBe(404);
    expect(await profile(user.token)).toMatchObject({ emailConfirmed: false });

    // A link for an address the user no longer has confirms nothing.
    mark = await settled();
    await expectCall(server, 'POST', '/profile/email-confirmation', 200, { token: user.token });
    const third = confirmationPath(await onlyMailTo(mark, email));
    await server.deps.prisma.user.update({
      where: { id: user.userId },
      data: { email: 'moved-on@example.com' },
    });
    expect((await open(third, 'POST')).status).toBe(404);
    expect(
      (await server.deps.prisma.user.findUniqueOrThrow({ where: { id: user.userId } }))
        .emailConfirmedAt,
    ).toBeNull();

    // Unknown and malformed tokens: the same page, 404.
    for (const bad of ['/confirm-email/not-a-token', `/confirm-email/${'A'.repeat(43)}`]) {
      const response = await open(bad);
      expect(response.status).toBe(404);
      expect(response.html).toContain('This link does not work');
    }
  });

  it('resends from the profile over REST and GraphQL, and refuses once confirmed', async () => {
    const email = 'resend-me@example.com';
    let mark = await settled();
    const user = await widgetSignUp(email);
    await onlyMailTo(mark, email);

    mark = await settled();
    const resent = await mutate(
      server,
      'resendEmailConfirmation',
      `mutation { resendEmailConfirmation { __typename
        ... on MutationResendEmailConfirmationSuccess { data { email } } ${APP_ERROR} } }`,
      {},
      user.token,
    );
    expect(resent).toEqual({ email });
    const path = confirmationPath(await onlyMailTo(mark, email));
    await open(path, 'POST');

    const refused = await server.call('POST', '/api/v1/profile/email-confirmation', {
      token: user.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'CONFLICT',
      message: 'Your email address is confirmed already.',
    });
    const anonymous = await server.call('POST', '/api/v1/profile/email-confirmation', {});
    expect(anonymous.status).toBe(401);
  });

  it('takes an email in the company’s signed SSO token as confirmed when it says email_verified, a changed one too', async () => {
    const { companySecret } = await expectCall(server, 'GET', '/company', 200, {
      token: company.owner.token,
    });
    const exchange = async (email: string) => {
      const token = jwt.sign(
        { id: 'crm-77', name: 'Sam Sso', email, email_verified: true },
        companySecret,
        { algorithm: 'HS256', expiresIn: '10m' },
      );
      return expectCall(server, 'POST', '/widget/sso', 200, { body: { boardHash, token } });
    };
    let mark = await settled();
    const session = await exchange('sam@customer.example');
    expect(await profile(session.token)).toMatchObject({ emailConfirmed: true });
    const ideaId = await newIdea('SSO voters hear at once');
    await vote(ideaId, session.token);
    await setStatus(ideaId, 'PLANNED');
    // No confirmation mail: the status mail is the only one.
    expect((await onlyMailTo(mark, 'sam@customer.example')).subject).toBe(
      '"SSO voters hear at once": the status is now Planned',
    );

    mark = await settled();
    await exchange('sam.new@customer.example');
    await setStatus(ideaId, 'IN_PROGRESS');
    expect((await onlyMailTo(mark, 'sam.new@customer.example')).subject).toBe(
      '"SSO voters hear at once": the status is now In progress',
    );
  });

  it('mails no SSO address the token does not vouch for, unless the company trusts its tokens’ addresses', async () => {
    const { companySecret } = await expectCall(server, 'GET', '/company', 200, {
      token: company.owner.token,
    });
    const exchange = async (id: string, name: string, email: string) => {
      const token = jwt.sign({ id, name, email }, companySecret, {
        algorithm: 'HS256',
        expiresIn: '10m',
      });
      return expectCall(server, 'POST', '/widget/sso', 200, { body: { boardHash, token } });
    };
    let mark = await settled();
    // Anyone holding a token can name any address and any display name.
    const forged = await exchange('crm-forged', 'Click evil.example now', 'victim@else.example');
    expect(await profile(forged.token)).toMatchObject({ emailConfirmed: false });
    const ideaId = await newIdea('Nobody unvouched hears of it');
    await vote(ideaId, forged.token);
    await setStatus(ideaId, 'PLANNED');
    expect((await mailsSince(mark)).get('victim@else.example')).toBeUndefined();

    // The company says its sign-in vouches for every address: the next token's address counts.
    const trust = await server.call('POST', '/graphql', {
      token: company.owner.token,
      body: {
        query: `mutation { updateSignInSettings(ssoTrustEmails: true, signupPolicy: ANYONE, signupEmailDomains: []) {
          __typename ... on MutationUpdateSignInSettingsSuccess { data { ssoTrustEmails } } } }`,
      },
    });
    expect(trust.body.data.updateSignInSettings.data).toEqual({ ssoTrustEmails: true });
    mark = await settled();
    const trusted = await exchange('crm-trusted', 'Tess Trusted', 'tess@customer.example');
    expect(await profile(trusted.token)).toMatchObject({ emailConfirmed: true });
    await vote(ideaId, trusted.token);
    await setStatus(ideaId, 'IN_PROGRESS');
    expect((await onlyMailTo(mark, 'tess@customer.example')).subject).toBe(
      '"Nobody unvouched hears of it": the status is now In progress',
    );
    await server.call('POST', '/graphql', {
      token: company.owner.token,
      body: {
        query: `mutation { updateSignInSettings(ssoTrustEmails: false, signupPolicy: ANYONE, signupEmailDomains: []) { __typename } }`,
      },
    });
  });
});

describe('company sign-up', () => {
  const REGISTER = `mutation ($email: String!, $language: String) {
    register(email: $email, password: "secret-password", language: $language) {
      __typename ... on MutationRegisterSuccess { data { token } } ${APP_ERROR} } }`;

  it('mails the owner a confirmation in their language; test mail is refused until confirmed', async () => {
    let mark = await settled();
    // An unset nullable argument arrives as null: English, as when it is absent.
    const english = await mutate(server, 'register', REGISTER, {
      email: 'owner-en@example.com',
      language: null,
    });
    const englishMail = await onlyMailTo(mark, 'owner-en@example.com');
    expect(englishMail.subject).toBe('Confirm your email address for Feedboard');

    mark = await settled();
    const polish = await mutate(server, 'register', REGISTER, {
      email: 'wlasciciel@example.pl',
      language: 'pl',
    });
    const polishMail = await onlyMailTo(mark, 'wlasciciel@example.pl');
    expect(polishMail.subject).toBe('Potwierdź swój adres e-mail w Feedboard');
    expect(polishMail.text).toContain('potwierdź, że wlasciciel@example.pl to Twój adres');
    expect(polishMail.text).toContain('Potwierdź adres');
    expect(await profile(polish.token)).toMatchObject({ emailConfirmed: false });
    const polishPage = await open(confirmationPath(polishMail));
    expect(polishPage.html).toContain('<html lang="pl">');
    expect(polishPage.html).toContain('Potwierdzić adres e-mail?');

    // The test mail waits for the confirmation: REST and GraphQL say why, and nothing is sent.
    mark = await settled();
    const refused = await server.call('POST', '/api/v1/company/test-email', {
      token: english.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'EMAIL_NOT_CONFIRMED',
      message:
        'Confirm your email address first: open the link we mailed to owner-en@example.com, or send a new one from Profile settings.',
    });
    const viaGraphql = await mutate(
      server,
      'sendTestEmail',
      `mutation { sendTestEmail { __typename ... on MutationSendTestEmailSuccess { data { outcome } } ${APP_ERROR} } }`,
      {},
      english.token,
    );
    expect(viaGraphql).toMatchObject({ __typename: 'AppError', code: 'EMAIL_NOT_CONFIRMED' });
    expect((await mailsSince(mark)).size).toBe(0);

    await open(confirmationPath(englishMail), 'POST');
    const sent = await expectCall(server, 'POST', '/company/test-email', 200, {
      token: english.token,
    });
    expect(sent).toMatchObject({ outcome: 'SENT', to: 'owner-en@example.com' });
  });

  it('refuses a language it does not speak, by field', async () => {
    const answer = await mutate(server, 'register', REGISTER, {
      email: 'owner-fr@example.com',
      language: 'fr',
    });
    expect(answer.__typename).toBe('AppError');
    expect(answer.code).toBe('VALIDATION');
    expect(answer.fields.map((f: { field: string }) => f.field)).toEqual(['language']);
  });
});
