import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
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

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL });
  company = await restCompany(server);
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

const unsubscribeLink = (mail: TParsedMail): string => {
  const match = /<(https:\/\/boards\.example\.com\/unsubscribe\/[^>]+)>/.exec(
    mail.header('list-unsubscribe') ?? '',
  );
  if (!match?.[1]) throw new Error(`No List-Unsubscribe header in "${mail.subject}"`);
  return match[1];
};

/** Follows a mailed link against the test server (the mail names the public APP_URL). */
const follow = (link: string, method: 'GET' | 'POST' = 'GET') =>
  fetch(link.replace(APP_URL, server.url), { method });

async function newIdea(token: string, title: string): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title },
  });
  return idea.id as number;
}

const setStatus = (ideaId: number, status: string, token = company.owner.token) =>
  expectCall(server, 'PUT', `/ideas/${ideaId}/status`, 200, { token, body: { status } });

const vote = (ideaId: number, account: TTestAccount) =>
  expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: account.token });

async function member(name: string, language = 'en-US'): Promise<TTestAccount> {
  const account = await addEndUser(server, company.owner.companyId, { name });
  await expectCall(server, 'PUT', '/profile/language', 200, {
    token: account.token,
    body: { language },
  });
  return account;
}

/** An SSO user made the way the widget makes them: a signed token exchanged at /widget/sso. */
async function ssoUser(externalId: string, email: string): Promise<TTestAccount> {
  const { companySecret } = await expectCall(server, 'GET', '/company', 200, {
    token: company.owner.token,
  });
  const { boardHash } = await expectCall(
    server,
    'GET',
    `/boards/${company.boardId}/widget-setup`,
    200,
    {
      token: company.owner.token,
    },
  );
  const claims = { id: externalId, name: `Widget ${externalId}`, email, email_verified: true };
  const token = jwt.sign(claims, companySecret, {
    algorithm: 'HS256',
    expiresIn: 600,
  });
  const session = await expectCall(server, 'POST', '/widget/sso', 200, {
    body: { boardHash, token },
  });
  return {
    token: session.token,
    userId: session.user.id,
    companyId: company.owner.companyId,
    email,
  };
}

describe('status change mails', () => {
  it('reach voters and the author in their language, never the admin, and unsubscribe in one click', async () => {
    const author = await member('Ann Author');
    const polish = await member('Paweł Polak', 'pl-PL');
    const widgetUser = await ssoUser('sso-status-1', 'widget-voter@example.com');

    let mark = await settled();
    const ideaId = await newIdea(author.token, 'Dark mode for the dashboard');
    // An end user's idea awaits acceptance: the admins hear of it, the author does not.
    let mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([company.owner.email]);
    expect(mails.get(company.owner.email)?.[0]?.subject).toBe(
      'New idea awaiting acceptance: "Dark mode for the dashboard"',
    );
    // Its link opens the console's moderation queue on the idea's board.
    expect(mails.get(company.owner.email)?.[0]?.text).toContain(`${APP_URL}/admin/queue?board=`);

    mark = await settled();
    await setStatus(ideaId, 'OPEN');
    mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([author.email]);
    expect(mails.get(author.email)?.[0]?.subject).toBe(
      '"Dark mode for the dashboard": the status is now Open',
    );

    await vote(ideaId, polish);
    await vote(ideaId, widgetUser);
    await vote(ideaId, company.owner);

    mark = await settled();
    await setStatus(ideaId, 'PLANNED');
    mails = await mailsSince(mark);
    expect([...mails.keys()].sort()).toEqual([author.email, polish.email, widgetUser.email].sort());
    const english = mails.get(author.email)?.[0] as TParsedMail;
    expect(english.subject).toBe('"Dark mode for the dashboard": the status is now Planned');
    expect(english.text).toContain('Hi Ann Author,');
    expect(english.text).toContain(`See it: ${APP_URL}/public/`);
    const polishMail = mails.get(polish.email)?.[0] as TParsedMail;
    expect(polishMail.subject).toBe('„Dark mode for the dashboard”: nowy status – Zaplanowany');
    expect(polishMail.text).toContain('Cześć Paweł Polak,');
    expect(mails.get(widgetUser.email)).toHaveLength(1);
    for (const mail of [english, polishMail]) {
      expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(unsubscribeLink(mail));
    }
    // Each recipient has their own link.
    expect(unsubscribeLink(english)).not.toBe(unsubscribeLink(polishMail));

    // The Polish voter clicks the link (no sign-in): the page asks first, since mail scanners
    // open links too, and its button posts. The author's mail client posts one-click.
    const page = await follow(unsubscribeLink(polishMail));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('Wyłączyć powiadomienia e-mail?');
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
    expect(action).toBe(new URL(unsubscribeLink(polishMail)).pathname);
    const unchanged = await expectCall(server, 'GET', '/profile', 200, { token: polish.token });
    expect(unchanged.notifications).toBe('ALL');
    const confirmed = await fetch(`${server.url}${action}`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Wypisano Cię z powiadomień');
    const oneClick = await follow(unsubscribeLink(english), 'POST');
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const profile = await expectCall(server, 'GET', '/profile', 200, { token: polish.token });
    expect(profile.notifications).toBe('NONE');

    mark = await settled();
    await setStatus(ideaId, 'IN_PROGRESS');
    mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([widgetUser.email]);

    // Setting the status it already has is no change and mails nobody.
    mark = await settled();
    await setStatus(ideaId, 'IN_PROGRESS');
    expect((await mailsSince(mark)).size).toBe(0);
  });

  it('speaks Polish to an SSO user who arrived through a Polish board', async () => {
    const setBoardLanguage = (language: string) =>
      expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language },
      });
    await setBoardLanguage('pl-PL');
    let widgetUser: TTestAccount;
    try {
      widgetUser = await ssoUser('sso-polish-1', 'polski-widget@example.com');
    } finally {
      await setBoardLanguage('en-US');
    }
    const ideaId = await newIdea(company.owner.token, 'Polish widget voters');
    await vote(ideaId, widgetUser);
    const mark = await settled();
    await setStatus(ideaId, 'PLANNED');
    const mails = await mailsSince(mark);
    expect(mails.get(widgetUser.email)?.[0]?.subject).toBe(
      '„Polish widget voters”: nowy status – Zaplanowany',
    );
  });

  it('refuses a forged or cut unsubscribe link and changes nothing', async () => {
    const victim = await member('Victor Victim');
    const forged = `${server.url}/unsubscribe/${victim.userId}.${'0'.repeat(64)}`;
    for (const method of ['GET', 'POST']) {
      const answer = await fetch(forged, { method });
      expect(answer.status).toBe(404);
      const html = await answer.text();
      expect(html).toContain('This link does not work');
      expect(html).not.toContain('<form');
    }
    expect((await fetch(`${server.url}/unsubscribe/${victim.userId}`)).status).toBe(404);
    const profile = await expectCall(server, 'GET', '/profile', 200, { token: victim.token });
    expect(profile.notifications).toBe('ALL');
  });

  it('tells voters why an idea was declined, and where a merged idea went', async () => {
    const voter = await member('Vera Voter');
    const kept = await newIdea(company.owner.token, 'Export boards to CSV');
    const duplicate = await newIdea(company.owner.token, 'CSV download of ideas');
    const other = await newIdea(company.owner.token, 'A blockchain integration');
    await vote(duplicate, voter);
    await vote(other, voter);

    let mark = await settled();
    await expectCall(server, 'POST', `/ideas/${duplicate}/decline`, 200, {
      token: company.owner.token,
      body: { reason: 'DUPLICATE', duplicateOfIdeaId: kept, mergeVotes: true },
    });
    let mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([voter.email]);
    const merged = mails.get(voter.email)?.[0] as TParsedMail;
    expect(merged.subject).toBe('"CSV download of ideas" was merged into "Export boards to CSV"');
    expect(merged.text).toContain('Your vote now counts for that idea.');
    expect(merged.text).toMatch(/See it: https:\/\/boards\.example\.com\/public\/\S+/);

    mark = await settled();
    await expectCall(server, 'POST', `/ideas/${other}/decline`, 200, {
      token: company.owner.token,
      body: { reason: 'NOT_RELEVANT', comment: 'Out of scope for this product.' },
    });
    mails = await mailsSince(mark);
    const declined = mails.get(voter.email)?.[0] as TParsedMail;
    expect(declined.subject).toBe('"A blockchain integration": the status is now Declined');
    expect(declined.text).toContain('Reason: not relevant.');
    expect(declined.text).toContain('Comment: Out of scope for this product.');
  });
});

describe('release mails', () => {
  it('go to the voters of its ideas once per user, not again on unpublish and republish', async () => {
    const both = await member('Bob Both');
    const one = await member('Olga One', 'pl-PL');
    const bystander = await member('Nina Nobody');
    const first = await newIdea(company.owner.token, 'Faster search results');
    const second = await newIdea(company.owner.token, 'Keyboard shortcuts');
    await newIdea(company.owner.token, 'Not in the release');
    await vote(first, both);
    await vote(second, both);
    await vote(second, one);
    const release = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: company.owner.token,
        body: { name: 'v2.0', releaseDate: '2026-11-20', boardIds: [company.boardId] },
      },
    );
    await expectCall(server, 'POST', `/releases/${release.id}/add-from-ideas`, 200, {
      token: company.owner.token,
      body: { ideaIds: [first, second] },
    });

    let mark = await settled();
    const publish = (published: boolean) =>
      expectCall(server, 'PUT', `/releases/${release.id}/publish`, 200, {
        token: company.owner.token,
        body: { published },
      });
    await publish(true);
    const mails = await mailsSince(mark);
    expect([...mails.keys()].sort()).toEqual([both.email, one.email].sort());
    expect(mails.get(both.email)).toHaveLength(1);
    const english = mails.get(both.email)?.[0] as TParsedMail;
    expect(english.subject).toBe('Released: v2.0');
    expect(english.text).toContain('• Faster search results');
    // The release date is a calendar date, in the reader's language.
    expect(english.text).toContain('v2.0 (Nov 20, 2026) is out');
    expect(mails.get(one.email)?.[0]?.text).toContain('Wydanie v2.0 (20 lis 2026) jest');
    expect(english.text).toContain('• Keyboard shortcuts');
    expect(mails.get(one.email)?.[0]?.subject).toBe('Wydano: v2.0');
    expect(mails.has(bystander.email)).toBe(false);

    // The unsubscribe link of a release mail works too.
    expect((await follow(unsubscribeLink(english))).status).toBe(200);

    mark = await settled();
    await publish(false);
    await publish(true);
    await publish(true);
    expect((await mailsSince(mark)).size).toBe(0);
  });

  it("list to everyone only the parts all readers may read: a private board's idea stays out", async () => {
    const reader = await member('Rita Reader');
    const shipped = await newIdea(company.owner.token, 'Dark mode for reports');
    await vote(shipped, reader);
    const hidden = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      { token: company.owner.token, body: { name: 'Partners roadmap' } },
    );
    const secret = await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(hidden.id) },
      body: { title: 'Acquisition codename Falcon' },
    });
    const release = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: company.owner.token,
        body: { name: 'v3.0', releaseDate: '2026-11-21', boardIds: [company.boardId, hidden.id] },
      },
    );
    await expectCall(server, 'POST', `/releases/${release.id}/parts`, 201, {
      token: company.owner.token,
      body: { title: 'Faster start-up' },
    });
    await expectCall(server, 'POST', `/releases/${release.id}/add-from-ideas`, 200, {
      token: company.owner.token,
      body: { ideaIds: [shipped, secret.id] },
    });

    const mark = await settled();
    await expectCall(server, 'PUT', `/releases/${release.id}/publish`, 200, {
      token: company.owner.token,
      body: { published: true },
    });
    const mail = (await mailsSince(mark)).get(reader.email)?.[0] as TParsedMail;
    expect(mail.text).toContain('• Faster start-up');
    expect(mail.text).toContain('• Dark mode for reports');
    expect(mail.text).not.toContain('Falcon');
  });
});

describe('preferences', () => {
  const SET = `mutation ($notifications: NotificationPreference!) {
    setNotificationPreference(notifications: $notifications) {
      __typename ... on MutationSetNotificationPreferenceSuccess { data { notifications } } ${APP_ERROR} } }`;

  it('are stored over GraphQL and REST, validated, and read back by the user alone', async () => {
    const user = await member('Petra Prefs');
    expect(
      await mutate(
        server,
        'setNotificationPreference',
        SET,
        { notifications: 'MY_IDEAS' },
        user.token,
      ),
    ).toEqual({
      notifications: 'MY_IDEAS',
    });
    const viewer = await gql(server, '{ viewer { user { notifications } } }', {}, user.token);
    expect(viewer.body.data.viewer.user.notifications).toBe('MY_IDEAS');
    expect(
      await expectCall(server, 'PUT', '/profile/notifications', 200, {
        token: user.token,
        body: { notifications: 'NONE' },
      }),
    ).toEqual({ notifications: 'NONE' });
    expect((await expectCall(server, 'GET', '/me', 200, { token: user.token })).notifications).toBe(
      'NONE',
    );

    const bad = await expectCall(server, 'PUT', '/profile/notifications', 400, {
      token: user.token,
      body: { notifications: 'SOMETIMES' },
    });
    expect(bad.error.fields).toEqual([
      { field: 'notifications', message: expect.stringContaining('ALL') },
    ]);
    await expectCall(server, 'PUT', '/profile/notifications', 401, {
      body: { notifications: 'ALL' },
    });
    const missing = await expectCall(server, 'PUT', '/profile/notifications', 400, {
      token: user.token,
      body: {},
    });
    expect(missing.error.fields).toEqual([
      { field: 'notifications', message: 'This field is required.' },
    ]);
  });

  it('MY_IDEAS gets mails about ideas one submitted only; NONE gets none', async () => {
    const mine = await member('Mo Mine');
    const quiet = await member('Quinn Quiet');
    const sso = await ssoUser('sso-prefs-1', 'widget-prefs@example.com');
    await expectCall(server, 'PUT', '/profile/notifications', 200, {
      token: mine.token,
      body: { notifications: 'MY_IDEAS' },
    });
    // An SSO user sets theirs the same way (the widget does).
    await expectCall(server, 'PUT', '/profile/notifications', 200, {
      token: sso.token,
      body: { notifications: 'NONE' },
    });
    const ownIdea = await newIdea(mine.token, 'My own idea about exports');
    const othersIdea = await newIdea(company.owner.token, 'Somebody else’s idea');
    await setStatus(ownIdea, 'OPEN');
    for (const account of [mine, quiet, sso]) {
      await vote(othersIdea, account);
      await vote(ownIdea, account);
    }
    await expectCall(server, 'PUT', '/profile/notifications', 200, {
      token: quiet.token,
      body: { notifications: 'NONE' },
    });

    let mark = await settled();
    await setStatus(othersIdea, 'REVIEW');
    expect((await mailsSince(mark)).size).toBe(0);

    mark = await settled();
    await setStatus(ownIdea, 'REVIEW');
    const mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([mine.email]);
  });
});

describe('comment mails', () => {
  it('tell the author when an admin comments, not when anyone else does or about their own idea', async () => {
    const author = await member('Carl Commenter', 'pl-PL');
    const other = await member('Olive Other');
    const ideaId = await newIdea(author.token, 'Comment notifications please');
    await setStatus(ideaId, 'OPEN');
    const comment = (token: string, text: string) =>
      expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, { token, body: { text } });

    let mark = await settled();
    await comment(company.owner.token, 'We will look into this soon.');
    let mails = await mailsSince(mark);
    expect([...mails.keys()]).toEqual([author.email]);
    const mail = mails.get(author.email)?.[0] as TParsedMail;
    expect(mail.subject).toBe('Nowy komentarz do „Comment notifications please”');
    expect(mail.text).toContain('We will look into this soon.');

    mark = await settled();
    await comment(other.token, 'I would like this too.');
    await comment(author.token, 'Thanks for looking at it.');
    const adminIdea = await newIdea(company.owner.token, 'An idea of the admin');
    await expectCall(server, 'POST', `/ideas/${adminIdea}/comments`, 201, {
      token: company.owner.token,
      body: { text: 'A note on my own idea.' },
    });
    mails = await mailsSince(mark);
    expect(mails.size).toBe(0);
  });
});

describe('the admin test email', () => {
  const SEND = `mutation { sendTestEmail {
    __typename ... on MutationSendTestEmailSuccess { data { outcome response to } } ${APP_ERROR} } }`;

  it('answers the SMTP server’s own reply, success or refusal', async () => {
    const mark = await settled();
    const sent = await mutate(server, 'sendTestEmail', SEND, {}, company.owner.token);
    expect(sent).toEqual({
      outcome: 'SENT',
      response: expect.stringMatching(/^250 /),
      to: company.owner.email,
    });
    expect(smtp.messages.slice(mark).map((m) => m.to)).toEqual([[company.owner.email]]);

    smtp.reject({ code: 550, message: 'Mailbox of the test admin is disabled' });
    try {
      const refused = await expectCall(server, 'POST', '/company/test-email', 200, {
        token: company.owner.token,
      });
      expect(refused.outcome).toBe('FAILED');
      expect(refused.response).toContain('550 Mailbox of the test admin is disabled');
    } finally {
      smtp.reject(null);
    }
  });

  it('is for admins only', async () => {
    const user = await member('Nosy Member');
    const answer = await mutate(server, 'sendTestEmail', SEND, {}, user.token);
    expect(answer).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    await expectCall(server, 'POST', '/company/test-email', 403, { token: user.token });
    await expectCall(server, 'POST', '/company/test-email', 401);
  });
});
