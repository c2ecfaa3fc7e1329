import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../testing/smtp-sink.ts';
import type { TParsedMail } from '../testing/smtp-sink.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { notifyChangelogSubscribers } from '../services/changelog/notify-changelog-subscribers.ts';

const APP_URL = 'https://boards.example.com';

let server: TTestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let company: TRestCompany;
let secondAdmin: TTestAccount;
let slug: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ smtpUrl: smtp.url, appUrl: APP_URL });
  company = await restCompany(server);
  secondAdmin = await addEndUser(server, company.owner.companyId, { role: 'ADMIN' });
  slug = (
    await server.deps.prisma.company.findUniqueOrThrow({ where: { id: company.owner.companyId } })
  ).slug;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Sends what is due, then answers the mails received since `from`, for one address. */
async function mailsTo(address: string, from = 0): Promise<TParsedMail[]> {
  await server.deps.mailer.flush();
  const mails = smtp.messages.slice(from).filter((mail) => mail.to.includes(address));
  return Promise.all(mails.map(readMail));
}

/** Follows a mailed link against the test server (the mail names the public APP_URL). */
const follow = (link: string, method: 'GET' | 'POST' = 'GET', body?: string) =>
  fetch(link.replace(APP_URL, server.url), {
    method,
    redirect: 'manual',
    ...(body ? { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  });

const subscribe = (email: string, headers: Record<string, string> = {}, companySlug = slug) =>
  fetch(`${server.url}/${companySlug}/changelog/subscribe`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email }).toString(),
  });

function linkIn(mail: TParsedMail, kind: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`(${APP_URL}/public/${slug}/changelog/${kind}/[^\\s>]+)`).exec(
    mail.text,
  );
  if (!match?.[1]) throw new Error(`No ${kind} link in "${mail.subject}"`);
  return match[1];
}

async function subscribeAndConfirm(email: string, headers: Record<string, string> = {}) {
  const mark = smtp.messages.length;
  const answer = await subscribe(email, headers);
  expect(answer.status).toBe(303);
  const [mail] = await mailsTo(email, mark);
  if (!mail) throw new Error(`No confirmation mail to ${email}`);
  const confirmed = await follow(linkIn(mail, 'confirm'), 'POST');
  expect(confirmed.status).toBe(200);
  return mail;
}

async function newRelease(name: string, options: { publish?: boolean } = {}) {
  const release = await expectCall(
    server,
    'POST',
    `/companies/${company.owner.companyId}/releases`,
    201,
    {
      token: company.owner.token,
      body: {
        name,
        releaseDate: '2026-06-01',
        boardIds: [company.boardId],
        body: 'We made **exports** faster.',
      },
    },
  );
  if (options.publish) await publish(release.id);
  return release.id as number;
}

const publish = (releaseId: number, token = company.owner.token, published = true) =>
  expectCall(server, 'PUT', `/releases/${releaseId}/publish`, 200, {
    token,
    body: { published },
  });

describe('changelog subscription', () => {
  it('subscribe → confirm → publish → exactly one mail, with one-click unsubscribe', async () => {
    const email = 'reader.one@example.org';
    const mark = smtp.messages.length;
    const answer = await subscribe('  Reader.One@Example.org ');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/${slug}/changelog?subscribed=1#subscribe`);
    const page = await (await fetch(`${server.url}/${slug}/changelog?subscribed=1`)).text();
    expect(page).toContain('check your inbox');

    const [confirmation, ...more] = await mailsTo(email, mark);
    expect(more).toEqual([]);
    expect(confirmation?.subject).toMatch(/^Confirm your subscription to the .* changelog$/);
    // From the company, as the release mails it asks for (issue 34 F7).
    expect(confirmation?.header('from')).toMatch(/^"?.+ via Feedboard"? </);
    // Nothing about releases before the address is confirmed.
    const early = await newRelease('Before confirm', { publish: true });
    expect(await mailsTo(email, mark)).toHaveLength(1);

    // GET only asks (mail scanners open links); the button's POST confirms.
    const link = linkIn(confirmation as TParsedMail, 'confirm');
    const asked = await follow(link);
    expect(asked.status).toBe(200);
    const askedHtml = await asked.text();
    expect(askedHtml).toContain('Confirm your subscription?');
    expect(askedHtml).toContain('<meta name="robots" content="noindex" />');
    expect(
      (await server.deps.prisma.changelogSubscriber.findFirstOrThrow({ where: { email } }))
        .confirmedAt,
    ).toBeNull();
    expect(await (await follow(link, 'POST')).text()).toContain('You are subscribed');
    // Used once: the link does not work again.
    expect((await follow(link)).status).toBe(404);

    const releaseId = await newRelease('v5.0', { publish: true });
    const mails = await mailsTo(email, mark);
    expect(mails.map((mail) => mail.subject)).toEqual([
      confirmation?.subject,
      expect.stringMatching(/: release v5\.0$/),
    ]);
    const releaseMail = mails[1] as TParsedMail;
    expect(releaseMail.text).toContain('We made exports faster.');
    expect(releaseMail.text).toContain(`${APP_URL}/public/${slug}/changelog/${releaseId}-v5-0`);
    expect(releaseMail.text).not.toContain('Before confirm');
    expect(early).toBeGreaterThan(0);
    // One-click unsubscribe (RFC 8058), like the notification mails.
    const unsubscribeUrl = linkIn(releaseMail, 'unsubscribe');
    expect(releaseMail.header('list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
    expect(releaseMail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Republishing, or publishing again, mails nobody twice.
    await publish(releaseId);
    await publish(releaseId, company.owner.token, false);
    await publish(releaseId);
    expect(await mailsTo(email, mark)).toHaveLength(2);

    // GET asks; the mail client's one-click POST unsubscribes.
    expect(await (await follow(unsubscribeUrl)).text()).toContain('Stop release emails?');
    const done = await follow(unsubscribeUrl, 'POST', 'List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    await newRelease('v5.1', { publish: true });
    expect(await mailsTo(email, mark)).toHaveLength(2);
  });

  it('mails each subscriber once when two admins publish at the same moment', async () => {
    const emails = ['race.a@example.org', 'race.b@example.org'];
    for (const email of emails) await subscribeAndConfirm(email);
    const mark = smtp.messages.length;
    const releaseId = await newRelease('Race');
    await Promise.all([
      publish(releaseId, company.owner.token),
      publish(releaseId, secondAdmin.token),
      publish(releaseId, company.owner.token),
      publish(releaseId, secondAdmin.token),
    ]);
    for (const email of emails) {
      const mails = await mailsTo(email, mark);
      expect(
        mails.map((mail) => mail.subject),
        email,
      ).toEqual([expect.stringMatching(/: release Race$/)]);
    }
  });

  it('queues once even when the enqueue itself runs many times at once (the unique key)', async () => {
    const email = 'retry@example.org';
    await subscribeAndConfirm(email);
    const mark = smtp.messages.length;
    const releaseId = await newRelease('Retry', { publish: true });
    const counts = await Promise.all(
      Array.from({ length: 8 }, () => notifyChangelogSubscribers(server.deps, releaseId)),
    );
    expect(counts.every((count) => count === 0)).toBe(true);
    expect(await mailsTo(email, mark)).toHaveLength(1);
    const queued = await server.deps.prisma.mail.count({
      where: { dedupeKey: { startsWith: `changelog:${releaseId}:` }, to: email },
    });
    expect(queued).toBe(1);
  });

  it('speaks Polish to a subscriber who subscribed from a Polish page', async () => {
    const email = 'czytelnik@example.org';
    const confirmation = await subscribeAndConfirm(email, { 'accept-language': 'pl-PL' });
    expect(confirmation.subject).toMatch(/^Potwierdź subskrypcję dziennika zmian/);
    const mark = smtp.messages.length;
    await newRelease('Wersja 7', { publish: true });
    const [mail] = await mailsTo(email, mark);
    expect(mail?.subject).toMatch(/: nowe wydanie Wersja 7$/);
    expect(mail?.text).toContain('Wypisz się jednym kliknięciem');
    const page = await follow(linkIn(mail as TParsedMail, 'unsubscribe'));
    expect(await page.text()).toContain('Wyłączyć e-maile o wydaniach?');
  });

  it('refuses a bad address on the page itself, keeping what was typed', async () => {
    const answer = await subscribe('not-an-address<b>');
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('Enter a valid email address.');
    expect(html).toContain('value="not-an-address&lt;b&gt;"');
    expect(html).toContain('aria-invalid="true"');
    expect(
      await server.deps.prisma.changelogSubscriber.count({
        where: { email: { contains: 'not-an' } },
      }),
    ).toBe(0);
  });

  it('sends no new mail to an address already subscribed, and says the same', async () => {
    const email = 'twice@example.org';
    await subscribeAndConfirm(email);
    const mark = smtp.messages.length;
    const again = await subscribe(email);
    expect(again.status).toBe(303);
    expect(await mailsTo(email, mark)).toEqual([]);
  });

  it('does not mail about a release shown on no public board', async () => {
    const email = 'private@example.org';
    await subscribeAndConfirm(email);
    const hidden = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      { token: company.owner.token, body: { name: 'Hidden board' } },
    );
    const mark = smtp.messages.length;
    const release = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: company.owner.token,
        body: { name: 'Internal', releaseDate: '2026-06-02', boardIds: [hidden.id] },
      },
    );
    await publish(release.id);
    expect(await mailsTo(email, mark)).toEqual([]);
  });

  it('keeps links to their own company and purpose', async () => {
    const other = await restCompany(server);
    const otherSlug = (
      await server.deps.prisma.company.findUniqueOrThrow({ where: { id: other.owner.companyId } })
    ).slug;
    const mark = smtp.messages.length;
    await subscribe('crossed@example.org');
    const [mail] = await mailsTo('crossed@example.org', mark);
    const link = linkIn(mail as TParsedMail, 'confirm');
    // The same token under another company's portal is no link at all.
    expect((await follow(link.replace(`/public/${slug}/`, `/public/${otherSlug}/`))).status).toBe(
      404,
    );
    // A notification mail's unsubscribe token is no changelog token, and tampering fails.
    const subscriber = await server.deps.prisma.changelogSubscriber.findFirstOrThrow({
      where: { email: 'crossed@example.org' },
    });
    for (const token of [`${subscriber.id}.${'0'.repeat(64)}`, 'garbage']) {
      const url = `${APP_URL}/public/${slug}/changelog/unsubscribe/${token}`;
      expect((await follow(url, 'POST')).status).toBe(404);
    }
    expect(
      (
        await server.deps.prisma.changelogSubscriber.findUniqueOrThrow({
          where: { id: subscriber.id },
        })
      ).unsubscribedAt,
    ).toBeNull();
  });
});

describe('a subscriber past the confirmation mails’ rate limit', () => {
  let limited: TTestServer;
  let limitedSlug: string;
  beforeAll(async () => {
    limited = await startTestServer({
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        confirmEmail: { perIp: 1_000, perAccount: 1, windowSeconds: 3_600 },
      },
    });
    const owner = await restCompany(limited);
    limitedSlug = (
      await limited.deps.prisma.company.findUniqueOrThrow({
        where: { id: owner.owner.companyId },
      })
    ).slug;
  });
  afterAll(() => limited?.close());

  it('sees the changelog again with 429, Retry-After and the address kept, not a server error', async () => {
    const post = () =>
      fetch(`${limited.url}/${limitedSlug}/changelog/subscribe`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'twice@example.com' }).toString(),
      });
    expect((await post()).status).toBe(303);
    const second = await post();
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await second.text();
    expect(html).toContain('value="twice@example.com"');
    expect(html).toContain('id="subscribe-error"');
  });
});
