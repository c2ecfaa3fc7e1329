import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

const XSS_TITLE = '<img src=x onerror="window.__xss=1"> Broken image idea';

/**
 * A customer's site on a second origin: serves `/?token=…` as a page that embeds the widget
 * the way the widget tab says, under a strict CSP, with hostile CSS of its own.
 */
async function startHostSite(
  apiUrl: string,
  boardHash: () => string,
): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname === '/host.css') {
      response.writeHead(200, { 'content-type': 'text/css' });
      response.end('button { display: none !important; } * { font-family: serif !important; }');
      return;
    }
    const token = url.searchParams.get('token');
    const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${apiUrl}; connect-src ${apiUrl}; style-src 'self'; img-src 'self'`,
    });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Customer site</title><link rel="stylesheet" href="/host.css"></head>
<body><main><h1>Our product</h1>
<div id="feedback" data-base-url="${apiUrl}" data-board-hash="${attribute(boardHash())}"${
      token ? ` data-sso-token="${attribute(token)}"` : ''
    }></div></main>
<script src="${apiUrl}/widget.js" defer></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // `localhost`, not 127.0.0.1: a different origin from the API's.
    url: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!hasChromium())('widget on a customer’s site', () => {
  let server: TTestServer;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let company: TRestCompany;
  let hash = '';
  let secret = '';
  let slugs = { company: '', board: '' };

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    hash = (
      await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
        token: company.owner.token,
      })
    ).boardHash;
    secret = (await server.call('GET', '/api/v1/company', { token: company.owner.token })).body
      .companySecret;
    await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: XSS_TITLE },
    });
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    slugs = { company: board.company.slug, board: board.slug };
    host = await startHostSite(server.url, () => hash);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  type TWidgetPage = Page & { errors: string[] };
  async function open(url: string, options: BrowserContextOptions = {}): Promise<TWidgetPage> {
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      ...options,
    });
    const page = (await context.newPage()) as TWidgetPage;
    page.errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') page.errors.push(message.text());
    });
    page.on('pageerror', (error) => page.errors.push(error.message));
    await page.goto(url);
    return page;
  }

  const sign = (claims: object, key = secret, options: jwt.SignOptions = {}) =>
    jwt.sign(claims, key, {
      algorithm: 'HS256',
      ...('exp' in claims ? {} : { expiresIn: 600 }),
      ...options,
    });

  /** The idea card (in the shadow root) whose title is `title`. */
  const card = (page: Page, title: string) =>
    page
      .getByTestId('idea')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });

  it('signs the SSO user in; they submit, vote and comment; user text stays text', async () => {
    const token = sign({ id: 'crm-1001', name: 'Sam Customer', email: 'sam@customer.example' });
    const page = await open(`${host.url}/?token=${encodeURIComponent(token)}`);

    await expect.poll(() => page.getByText('Signed in as Sam Customer').isVisible()).toBe(true);
    // The host page's CSS (it hides every button) does not reach into the shadow root.
    await expect
      .poll(() => page.getByRole('button', { name: 'Add an idea' }).isVisible())
      .toBe(true);

    // The title with markup renders as text, and nothing ran.
    await expect.poll(() => page.getByText(XSS_TITLE, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('#feedback img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(
      undefined,
    );

    // Submit an idea.
    await page.getByRole('button', { name: 'Add an idea' }).click();
    await page.getByLabel('Title').fill('Export to CSV from the widget');
    await page.getByLabel('Description (optional)').fill('So that we can analyse the votes.');
    await page.getByRole('button', { name: 'Submit idea' }).click();
    await expect.poll(() => page.getByText(/Thank you! Your idea/).isVisible()).toBe(true);
    // It awaits the team's acceptance: listed once, in the author's pending box.
    await expect
      .poll(() => page.getByTestId('pending-idea').innerText())
      .toContain('Export to CSV from the widget');
    expect(await card(page, 'Export to CSV from the widget').count()).toBe(0);

    // Vote for the fixture idea.
    const fixture = card(page, 'Fixture idea');
    const fixtureTitle = await page
      .getByTestId('idea')
      .filter({ hasText: /^.*Fixture idea/ })
      .getByRole('button', { name: /^Fixture idea/ })
      .innerText();
    void fixture;
    const fixtureCard = card(page, fixtureTitle);
    await fixtureCard.getByRole('button', { name: `Vote for ${fixtureTitle}, 0 votes` }).click();
    // The same button, pressed now: its name says the new count.
    await expect
      .poll(() =>
        fixtureCard
          .getByRole('button', { name: `Vote for ${fixtureTitle}, 1 vote` })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expect.poll(() => fixtureCard.getByTestId('vote-count').innerText()).toBe('1');
    const afterVote = await expectCall(server, 'GET', `/ideas/${company.ideaId}`, 200);
    expect(afterVote.voteCount).toBe(1);

    // Comment on it.
    await fixtureCard.getByRole('button', { name: fixtureTitle, exact: true }).click();
    await expect.poll(() => page.getByTestId('idea-detail').isVisible()).toBe(true);
    await page.getByLabel('Your comment').fill('We need this for our monthly report.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect
      .poll(() => page.getByText('We need this for our monthly report.').isVisible())
      .toBe(true);
    const comments = await expectCall(server, 'GET', `/ideas/${company.ideaId}/comments`, 200);
    expect(comments.at(-1)).toMatchObject({
      commentDto: { shortMessage: 'We need this for our monthly report.' },
      author: { displayName: 'Sam Customer' },
    });

    // The company's users list has them, of kind SSO.
    const users = await expectCall(
      server,
      'GET',
      `/companies/${company.owner.companyId}/users`,
      200,
      {
        token: company.owner.token,
      },
    );
    expect(users).toContainEqual(
      expect.objectContaining({
        displayName: 'Sam Customer',
        kind: 'SSO',
        email: 'sam@customer.example',
      }),
    );

    await saveScreenshot(page, 'widget-sso-detail');
    expect(page.errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows a user’s name and comment with markup as text', async () => {
    const name = '<img src=x onerror="window.__xssName=1">Eve';
    const comment = '<script>window.__xssComment=1</script><b>bold</b> and <i>plain</i> text';
    const page = await open(
      `${host.url}/?token=${encodeURIComponent(sign({ id: 'crm-eve', name }))}`,
    );
    await expect.poll(() => page.getByText(`Signed in as ${name}`).isVisible()).toBe(true);
    const fixtureCard = page.getByTestId('idea').filter({ hasText: 'Fixture idea' });
    await fixtureCard
      .getByRole('button', { name: /^Fixture idea/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('idea-detail').isVisible()).toBe(true);
    await page.getByLabel('Your comment').fill(comment);
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect.poll(() => page.getByText(comment, { exact: true }).isVisible()).toBe(true);
    // The author's name under the comment is text too.
    await expect.poll(() => page.getByTestId('idea-detail').getByText(name).count()).toBe(1);
    expect(
      await page.locator('#feedback img, #feedback b, #feedback i, #feedback script').count(),
    ).toBe(0);
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { __xssName?: number; __xssComment?: number };
        return [w.__xssName, w.__xssComment];
      }),
    ).toEqual([undefined, undefined]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows a vote made elsewhere live', async () => {
    const page = await open(
      `${host.url}/?token=${encodeURIComponent(sign({ id: 'crm-live', name: 'Live Watcher' }))}`,
    );
    await expect.poll(() => page.locator('[data-live="on"]').isVisible()).toBe(true);
    const title = `Fixture idea`;
    const fixtureCard = page.getByTestId('idea').filter({ hasText: title });
    const before = Number(await fixtureCard.getByTestId('vote-count').innerText());
    const voter = await addEndUser(server, company.owner.companyId);
    // With Redis the subscription settles just after `ready`: vote, and if the count has not
    // moved within a few seconds, unvote and vote again.
    let shown = '';
    for (let attempt = 0; attempt < 5 && shown !== String(before + 1); attempt += 1) {
      if (attempt > 0) {
        await expectCall(server, 'POST', `/ideas/${company.ideaId}/downvote`, 200, {
          token: voter.token,
        });
      }
      await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
        token: voter.token,
      });
      shown = await expect
        .poll(() => fixtureCard.getByTestId('vote-count').innerText(), { timeout: 4000 })
        .toBe(String(before + 1))
        .then(() => String(before + 1))
        .catch(() => '');
    }
    expect(shown).toBe(String(before + 1));
    await page.context().close();
  });

  it.each([
    ['a wrong secret', () => sign({ id: 'x1', name: 'Mallory' }, 'not-the-company-secret')],
    [
      'alg none',
      () =>
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
          JSON.stringify({ id: 'x2', name: 'Mallory' }),
        ).toString('base64url')}.`,
    ],
    [
      'an expired token',
      () => sign({ id: 'x3', name: 'Mallory', exp: Math.floor(Date.now() / 1000) - 600 }),
    ],
  ])('refuses %s with a message and shows the board read-only', async (_name, makeToken) => {
    const page = await open(`${host.url}/?token=${encodeURIComponent(makeToken())}`);
    await expect
      .poll(() => page.getByText(/We could not sign you in automatically/).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByText('Sign in to vote, add ideas and comment.').isVisible())
      .toBe(true);
    // Signed out: a vote asks to sign in (the form opens), it counts nothing.
    await page.getByTestId('vote').first().click();
    await expect.poll(() => page.getByTestId('sign-in-to-vote').isVisible()).toBe(true);
    expect(await page.getByText('Signed in as Mallory').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add an idea' }).count()).toBe(0);
    await page.context().close();
  });

  it('serves the public page signed out (read-only), then a visitor signs up and votes', async () => {
    const url = `${server.url}/public/${slugs.company}/${slugs.board}`;
    const page = await open(url);
    await expect.poll(() => page.title()).toMatch(/^Fixture board/);
    await expect.poll(() => page.getByText(XSS_TITLE, { exact: true }).isVisible()).toBe(true);
    // Signed out, a vote opens the sign-in form instead of counting (Cancel closes it).
    const voteCount = await page.getByTestId('vote-count').first().innerText();
    await page.getByTestId('vote').first().click();
    await expect.poll(() => page.getByTestId('sign-in-to-vote').isVisible()).toBe(true);
    expect(await page.getByTestId('vote-count').first().innerText()).toBe(voteCount);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Roadmap and releases read without signing in.
    await page.getByRole('button', { name: 'Releases', exact: true }).click();
    await expect.poll(() => page.getByText('No releases yet.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Roadmap', exact: true }).click();
    await expect.poll(() => page.getByText('Nothing on the roadmap yet.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Ideas', exact: true }).click();

    // Search narrows the list as the visitor types.
    await page.getByLabel('Search').fill('broken image');
    await expect.poll(() => page.getByTestId('idea').count()).toBe(1);
    await expect.poll(() => page.getByText(XSS_TITLE, { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Search').fill('');
    await expect.poll(() => page.getByTestId('idea').count()).toBe(2);

    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Your name').fill('Vicky Visitor');
    await page.getByLabel('Email').fill(`vicky.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('visitor-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('Signed in as Vicky Visitor').isVisible()).toBe(true);
    const fixtureCard = page.getByTestId('idea').filter({ hasText: 'Fixture idea' });
    await expect.poll(() => fixtureCard.getByTestId('vote').isDisabled()).toBe(false);
    const before = Number(await fixtureCard.getByTestId('vote-count').innerText());
    await fixtureCard.getByTestId('vote').click();
    await expect
      .poll(() => fixtureCard.getByTestId('vote-count').innerText())
      .toBe(String(before + 1));
    expect(page.errors).toEqual([]);
    await saveScreenshot(page, 'widget-public-page');
    await page.context().close();
  });

  it('lets an SSO user choose their notification emails, and keeps the choice', async () => {
    const token = sign({ id: 'crm-prefs-1', name: 'Pia Prefs', email: 'pia@customer.example' });
    const url = `${host.url}/?token=${encodeURIComponent(token)}`;
    const page = await open(url);
    await expect.poll(() => page.getByText('Signed in as Pia Prefs').isVisible()).toBe(true);
    // Closed, the section is its title alone: nothing says it is loading before it is opened.
    expect(await page.getByTestId('email-preference').textContent()).toBe('Email notifications');
    // Keyboard: the disclosure opens with Enter, then the choice is picked from the select.
    await page.getByText('Email notifications').focus();
    await page.keyboard.press('Enter');
    const select = page.getByLabel('Email me about');
    await expect.poll(() => select.inputValue()).toBe('ALL');
    await select.selectOption('MY_IDEAS');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    const user = await server.deps.prisma.user.findFirstOrThrow({
      where: { externalId: 'crm-prefs-1' },
    });
    expect(user.notifications).toBe('MY_IDEAS');
    await saveScreenshot(page, 'widget-email-preference');

    const again = await open(url);
    await expect.poll(() => again.getByText('Email notifications').isVisible()).toBe(true);
    await again.getByText('Email notifications').click();
    await expect.poll(() => again.getByLabel('Email me about').inputValue()).toBe('MY_IDEAS');
    expect([...page.errors, ...again.errors]).toEqual([]);
    await page.context().close();
    await again.context().close();
  });

  it('has no serious accessibility problems, in Polish too', async () => {
    await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
      token: company.owner.token,
      body: { language: 'pl-PL' },
    });
    // axe-core is injected as an inline script, which the page's own CSP would refuse. A Polish
    // visitor: the portal page and its widget speak the visitor's language of ours first.
    const page = await open(`${server.url}/${slugs.company}/${slugs.board}`, {
      bypassCSP: true,
      locale: 'pl-PL',
    });
    await expect.poll(() => page.getByRole('button', { name: 'Pomysły' }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText('Zaloguj się, aby głosować, dodawać pomysły i komentować.').isVisible(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Signed in: enabled buttons in the theme's colours, the add-idea form.
    await page.getByRole('button', { name: 'Załóż konto' }).click();
    await page.getByLabel('E-mail').fill(`pola.${Date.now()}@example.com`);
    await page.getByLabel('Hasło').fill('visitor-password');
    await page.getByRole('button', { name: 'Utwórz konto' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Dodaj pomysł' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Dodaj pomysł' }).click();
    await expect.poll(() => page.getByLabel('Tytuł').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The email preference, open, in Polish.
    await page.getByText('Powiadomienia e-mail').click();
    await expect.poll(() => page.getByLabel('Wysyłaj mi e-maile o').inputValue()).toBe('ALL');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
