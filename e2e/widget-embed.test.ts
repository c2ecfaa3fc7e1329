import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../api/src/testing/graphql-client.ts';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { SSO_TOKEN_ENDPOINT } from '../web/src/screens/admin/board/widget/code-samples.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { en as widgetEn } from '../widget/src/i18n.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Issue 34's "the widget snippet works as copied": the console's widget tab says who sees the
 * embedded board and opens on the snippet that works for it. Pasted exactly as copied (the text
 * of its code blocks) into a page on another origin, the "Without SSO" snippet shows a
 * public board whose visitor signs up and votes, and the "With SSO" snippet signs the customer's
 * signed-in user in with a token the tab's own Node sample signs, served by the customer's server
 * at the snippet's token address, onto a private board. Without a token, the private board's
 * widget tells the visitor plainly and the site's developer why, in the browser's console.
 */

const SHOTS = process.env.SNIPPET_SHOTS ?? path.join(tmpdir(), 'snippet-shots');
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;

type TCustomerSite = {
  url: string;
  /** Puts the snippet into the page the site serves. */
  setSnippet: (head: string, body: string) => void;
  /** How the site's server makes the signed-in user's token (the widget tab's Node sample). */
  setTokenMaker: (make: (user: { id: string; name: string; email: string }) => string) => void;
  close: () => Promise<void>;
};

/**
 * The customer's site on `localhost` (another origin than the server's 127.0.0.1), under a
 * strict Content-Security-Policy: its page holds the pasted snippet, and its token address
 * answers the signed-in user's token (the `session` cookie) or 401 for anyone else.
 */
async function startCustomerSite(apiOrigin: string): Promise<TCustomerSite> {
  let head = '';
  let body = '';
  let makeToken: ((user: { id: string; name: string; email: string }) => string) | null = null;
  const server: Server = createServer((request, response) => {
    if (request.url === SSO_TOKEN_ENDPOINT) {
      const isSignedIn = /(?:^|;\s*)session=ada(?:;|$)/.test(request.headers.cookie ?? '');
      if (!isSignedIn || !makeToken) {
        response.writeHead(401, { 'cache-control': 'no-store' }).end();
        return;
      }
      const token = makeToken({ id: 'crm-ada', name: 'Ada SSO', email: 'ada@customer.example' });
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ token }));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${apiOrigin}; connect-src 'self' ${apiOrigin}; style-src 'self'; img-src 'self'`,
    });
    response.end(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Customer site</title>
${head}
</head>
<body><main><h1>Tell us what to build</h1>
${body}
</main></body>
</html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/feedback.html`,
    setSnippet: (nextHead, nextBody) => {
      head = nextHead;
      body = nextBody;
    },
    setTokenMaker: (make) => {
      makeToken = make;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The widget's console warnings of a page, as the site's developer reads them. */
function widgetWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && message.text().startsWith('Feedboard widget:')) {
      warnings.push(message.text());
    }
  });
  return warnings;
}

describe.skipIf(!hasChromium())('widget tab: the snippet works as copied', () => {
  let console_: TConsole;
  let company: TRestCompany;
  let companyName = '';
  let site: TCustomerSite;
  let sampleDir = '';
  let widgetTab = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    await mkdir(SHOTS, { recursive: true });
    console_ = await startConsole();
    company = await restCompany(console_.server);
    companyName = (
      await console_.server.deps.prisma.company.findUniqueOrThrow({
        where: { id: company.owner.companyId },
      })
    ).name;
    site = await startCustomerSite(new URL(console_.server.url).origin);
    sampleDir = await mkdtemp(path.join(tmpdir(), 'feedboard-embed-'));
    const boardGlobalId = Buffer.from(`Board:${company.boardId}`).toString('base64');
    widgetTab = `${console_.server.url}/admin/boards/${encodeURIComponent(boardGlobalId)}/widget`;
  });
  afterAll(async () => {
    await site?.close();
    await console_?.close();
    if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
  });

  async function openWidgetTab(): Promise<TConsolePage> {
    const admin = await console_.open();
    await logIn(admin, console_.server, {
      email: company.owner.email,
      password: 'secret-password',
    });
    await admin.goto(widgetTab);
    await admin.getByLabel('the container element', { exact: true }).waitFor();
    return admin;
  }

  /** The text of a code block, as its Copy button copies it. */
  const codeOf = async (page: Page, label: string) =>
    (await page.getByLabel(label, { exact: true }).textContent()) ?? '';

  it('a public board: the tab says so, previews it, and its no-SSO snippet lets a visitor sign up and vote on another site', async () => {
    const admin = await openWidgetTab();
    const access = admin.getByTestId('embed-access');
    await expect.poll(() => access.getAttribute('data-state')).toBe('PUBLIC');
    expect(await access.textContent()).toContain('Anyone can read this board');
    expect(await access.textContent()).toContain('Visitors sign up in the widget');
    await expect
      .poll(() => admin.getByRole('tab', { name: 'Without SSO' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(
      await access
        .getByRole('link', { name: 'Change who can see this board' })
        .getAttribute('href'),
    ).toMatch(/\/admin\/boards\/\d+\/settings$/);

    const scriptTag = await codeOf(admin, 'the script tag');
    const container = await codeOf(admin, 'the container element');
    expect(container).not.toContain('sso');

    // The live preview: the real widget, as a visitor who is not signed in sees it.
    const preview = admin.frameLocator('iframe[data-testid="widget-preview"]');
    await expect
      .poll(() => preview.getByText(`Fixture idea`).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => preview.getByRole('button', { name: 'Sign up' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context().close();

    // The snippet, pasted as copied, on the customer's site.
    site.setSnippet(scriptTag, container);
    const visitor = await console_.open({ viewport: { width: 1200, height: 900 } });
    const warnings = widgetWarnings(visitor);
    await visitor.goto(site.url);
    const fixture = visitor.getByTestId('idea').filter({ hasText: 'Fixture idea' });
    await expect.poll(() => fixture.isVisible(), { timeout: 15_000 }).toBe(true);
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await visitor.getByLabel('Your name').fill('Vic Visitor');
    await visitor.getByLabel('Email').fill(`vic.${Date.now()}@visitor.example`);
    await visitor.getByLabel('Password').fill('correct-horse-battery');
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => visitor.getByText('Signed in as Vic Visitor').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await fixture.getByTestId('vote').click();
    await expect.poll(() => fixture.getByTestId('vote-count').innerText()).toBe('1');
    await expect
      .poll(
        async () =>
          (
            await expectCall(console_.server, 'GET', `/ideas/${company.ideaId}`, 200, {
              token: company.owner.token,
            })
          ).voteCount,
      )
      .toBe(1);
    expect(warnings).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context().close();
  });

  it('a private board without SSO access: the tab explains it must be made public or let SSO users in, and its preview says the board is private', async () => {
    await expectCall(console_.server, 'PUT', `/boards/${company.boardId}/access`, 200, {
      token: company.owner.token,
      body: { isPublic: false, ssoAccess: false },
    });
    const admin = await openWidgetTab();
    await expect
      .poll(() => admin.getByTestId('embed-access').getAttribute('data-state'))
      .toBe('PRIVATE');
    await expect
      .poll(() => admin.getByRole('tab', { name: 'With SSO' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect.poll(() => admin.getByTestId('not-embeddable').isVisible()).toBe(true);
    // A private board's preview loads on request (its widget is refused, as anyone's would be).
    await admin.getByRole('button', { name: 'Show the preview' }).click();
    const preview = admin.frameLocator('iframe[data-testid="widget-preview"]');
    const closed = widgetEn['private.closed'].replace('{company}', companyName);
    await expect.poll(() => preview.getByText(closed).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.context().close();
  });

  it('a private board without SSO access says what its embedded visitor really sees: no way in, or a Sign in button where it lets in addresses (walkthrough 10b, F7)', async () => {
    await expectCall(console_.server, 'PUT', `/boards/${company.boardId}/access`, 200, {
      token: company.owner.token,
      body: { isPublic: false, ssoAccess: false },
    });
    const boardGid = Buffer.from(`Board:${company.boardId}`).toString('base64');
    const setDomains = (domains: string[]) =>
      gql(
        console_.server,
        `mutation ($boardId: ID!, $domains: [String!]) {
          updateBoard(boardId: $boardId, allowedEmailDomains: $domains) { __typename } }`,
        { boardId: boardGid, domains },
        company.owner.token,
      );
    await setDomains([]);
    const closed = widgetEn['private.closed'].replace('{company}', companyName);
    for (const hasDomains of [false, true]) {
      if (hasDomains) await setDomains(['visitor.example']);
      const admin = await openWidgetTab();
      const access = admin.getByTestId('embed-access');
      await expect.poll(() => access.getAttribute('data-state')).toBe('PRIVATE');
      const said = `${await access.textContent()} ${await admin.getByTestId('not-embeddable').textContent()}`;
      expect(said).not.toContain('sign-in prompt');
      if (hasDomains) {
        expect(said).toContain('with a Sign in button for those addresses');
        expect(said).toContain('only those with an address it lets in get further');
      } else {
        expect(said).toContain('reads only that it is private, with no way in');
        expect(said).toContain('they read only that it is private, with no way in');
      }
      expect(await seriousAxeViolations(admin)).toEqual([]);
      await admin.screenshot({
        path: path.join(
          SHOTS,
          `widget-tab-private-${hasDomains ? 'domains' : 'closed'}-en-1440.png`,
        ),
        fullPage: true,
      });
      await admin.getByRole('tab', { name: 'Without SSO' }).click();
      site.setSnippet(
        await codeOf(admin, 'the script tag'),
        await codeOf(admin, 'the container element'),
      );
      await admin.context().close();

      // The visitor on the customer's site, and what its developer reads in the console.
      const visitor = await console_.open({ viewport: { width: 1200, height: 900 } });
      const warnings = widgetWarnings(visitor);
      await visitor.goto(site.url);
      await expect
        .poll(() => visitor.getByText(closed).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => warnings.length).toBeGreaterThan(0);
      const warned = warnings.join('\n');
      expect(warned).not.toContain('sign-in prompt');
      const signIn = visitor.getByRole('button', { name: 'Sign in' });
      if (hasDomains) {
        await expect.poll(() => signIn.isVisible()).toBe(true);
        expect(warned).toContain('with a Sign in button for the addresses it lets in');
      } else {
        expect(await signIn.count()).toBe(0);
        expect(warned).toContain('visitors read only that it is private, with no way in');
      }
      await visitor.context().close();
    }
    await setDomains([]);
  });

  it('an SSO board: the With SSO snippet as copied signs the customer’s user in with a token of the tab’s own Node sample; without one the visitor reads why, and the developer is told', async () => {
    await expectCall(console_.server, 'PUT', `/boards/${company.boardId}/access`, 200, {
      token: company.owner.token,
      body: { isPublic: false, ssoAccess: true },
    });
    const admin = await openWidgetTab();
    await expect
      .poll(() => admin.getByTestId('embed-access').getAttribute('data-state'))
      .toBe('PRIVATE_SSO');
    // The tab opens on the snippet that works for this board: with SSO.
    await expect
      .poll(() => admin.getByRole('tab', { name: 'With SSO' }).getAttribute('aria-selected'))
      .toBe('true');
    const scriptTag = await codeOf(admin, 'the script tag');
    const container = await codeOf(admin, 'the container element');
    expect(container).toContain(`data-sso-token-url="${SSO_TOKEN_ENDPOINT}"`);
    await admin.getByRole('tab', { name: 'JavaScript / Node' }).click();
    const nodeSample = await codeOf(admin, 'the JavaScript / Node sample');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await admin.context().close();

    // The customer's server: the tab's Node sample, as copied, signs with the company secret.
    const samplePath = path.join(sampleDir, 'feedboard-token.mjs');
    await writeFile(samplePath, nodeSample);
    const { feedboardToken } = (await import(pathToFileURL(samplePath).href)) as {
      feedboardToken: (user: { id: string; name: string; email: string }) => string;
    };
    site.setTokenMaker(feedboardToken);
    site.setSnippet(scriptTag, container);

    // Ada is signed in on the customer's site (its session cookie): she sees the private board.
    const ada = await console_.open({ viewport: { width: 1200, height: 900 } });
    const adaWarnings = widgetWarnings(ada);
    await ada.context().addCookies([{ name: 'session', value: 'ada', url: site.url }]);
    await ada.goto(site.url);
    await expect
      .poll(() => ada.getByText('Signed in as Ada SSO').isVisible(), { timeout: 15_000 })
      .toBe(true);
    const fixture = ada.getByTestId('idea').filter({ hasText: 'Fixture idea' });
    await expect.poll(() => fixture.isVisible()).toBe(true);
    expect(adaWarnings).toEqual([]);
    expect(ada.errors).toEqual([]);
    await ada.context().close();

    // A visitor who is not signed in there: the widget says whose private board it is and
    // where to sign in; the developer reads why in the browser's console.
    const stranger = await console_.open({ viewport: { width: 1200, height: 900 } });
    const warnings = widgetWarnings(stranger);
    await stranger.goto(site.url);
    const message = widgetEn['private.sso'].replace('{company}', companyName);
    await expect
      .poll(() => stranger.getByText(message).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    expect(warnings.join('\n')).toMatch(
      /is private and this page gives the widget no SSO token \(data-sso-token or data-sso-token-url\)/,
    );
    expect(await seriousAxeViolations(stranger)).toEqual([]);
    // The browser logs the token address's 401 and the private board's 404 itself; nothing else.
    expect(stranger.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual(
      [],
    );
    await stranger.context().close();
  });

  it('a snippet with an unknown board hash or a left-over placeholder tells the developer why', async () => {
    const { url } = console_.server;
    site.setSnippet(
      `<script src="${url}/widget.js" defer></script>`,
      `<div id="feedboard" data-base-url="${url}" data-board-hash="no-such-board-hash"></div>`,
    );
    const page = await console_.open();
    const warnings = widgetWarnings(page);
    await page.goto(site.url);
    await expect
      .poll(() => page.getByText(widgetEn['error.notFound']).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => warnings.join('\n'))
      .toMatch(/no board has data-board-hash="no-such-board-hash"/);

    // A placeholder left in data-sso-token: no failed sign-in, the board as to anyone, and why.
    await expectCall(console_.server, 'PUT', `/boards/${company.boardId}/access`, 200, {
      token: company.owner.token,
      body: { isPublic: true },
    });
    const { body } = await gql(
      console_.server,
      `query ($id: ID!) { board(id: $id) { widgetSetup { boardHash } } }`,
      { id: Buffer.from(`Board:${company.boardId}`).toString('base64') },
      company.owner.token,
    );
    site.setSnippet(
      `<script src="${url}/widget.js" defer></script>`,
      `<div id="feedboard" data-base-url="${url}" data-board-hash="${body.data.board.widgetSetup.boardHash}" data-sso-token="REPLACE_WITH_THE_SSO_TOKEN_OF_THE_SIGNED_IN_USER"></div>`,
    );
    await page.reload();
    const fixture = page.getByTestId('idea').filter({ hasText: 'Fixture idea' });
    await expect.poll(() => fixture.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('sso-refused').count()).toBe(0);
    await expect
      .poll(() => warnings.join('\n'))
      .toMatch(
        /data-sso-token="REPLACE_WITH_THE_SSO_TOKEN_OF_THE_SIGNED_IN_USER" is not an SSO token/,
      );
    await page.context().close();
  });

  it('screenshots of the widget tab at 1440 and 390 px, in English and Polish', async () => {
    const admin = await openWidgetTab();
    for (const language of ['en-US', 'pl-PL'] as const) {
      await gql(console_.server, SET_LANGUAGE, { language }, company.owner.token);
      for (const width of [1440, 390]) {
        await admin.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await admin.goto(widgetTab);
        await admin.getByTestId('embed-access').waitFor();
        const preview = admin.frameLocator('iframe[data-testid="widget-preview"]');
        // The preview's widget retries a busy first answer after 1, 2 and 4 s (e2e/widget-busy):
        // on a loaded CI machine that took past 15 s once.
        await preview.getByTestId('idea').first().waitFor({ timeout: 30_000 });
        expect(await seriousAxeViolations(admin)).toEqual([]);
        // A frame off screen is not painted: show it, and let it draw a frame, before the shots.
        await admin.locator('section.widget-preview').scrollIntoViewIfNeeded();
        const frame = admin.frames().find((f) => f.url().includes('/widget-preview/'));
        await frame?.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const shot = (name: string) =>
          path.join(SHOTS, `widget-tab-${language}-${width}${name}.png`);
        // Back at the top, as the page opens (the sticky header in its place).
        await admin.evaluate(() => window.scrollTo(0, 0));
        await admin.screenshot({ path: shot(''), fullPage: true });
        // Each new card on its own, at the width's scale (the preview's frame included).
        await admin.getByTestId('embed-access').screenshot({ path: shot('-access') });
        await admin.locator('section.widget-preview').screenshot({ path: shot('-preview') });
        await admin.locator('section.snippets').screenshot({ path: shot('-snippet-public') });
        await admin
          .getByRole('tab', { name: language === 'pl-PL' ? 'Z SSO' : 'With SSO', exact: true })
          .click();
        expect(await seriousAxeViolations(admin)).toEqual([]);
        await admin.locator('section.snippets').screenshot({ path: shot('-snippet-sso') });
      }
    }
    await gql(console_.server, SET_LANGUAGE, { language: 'en-US' }, company.owner.token);
    expect(admin.errors).toEqual([]);
    await admin.context().close();
  }, 240_000);
});
