import path from 'node:path';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { en as widgetEn, pl as widgetPl } from '../widget/src/i18n.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { SCREENSHOTS, expectToast, logIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * SSO done right, in the browser: a refused token shows the widget's visitor one plain sentence
 * in the board's language (no technical reason), and the admin finds the reason with the widget
 * tab's token checker; the token rules are set there too.
 */

const PASSWORD = 'secret-password';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const SET_BOARD_LANGUAGE = `mutation ($boardId: ID!, $language: String!) {
  updateBoardLanguage(boardId: $boardId, language: $language) { __typename } }`;
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;
const SETUP = `query ($id: ID!) { board(id: $id) { widgetSetup { boardHash } } viewer { company { secret } } }`;

/** Words of the server's reasons: none may reach a visitor. */
const JARGON = /signature|secret|sekret|podpis|token|HS256|\bexp\b|claim|JSON|\(|\)/i;

describe.skipIf(!hasChromium())('SSO: plain language for visitors, the reason for admins', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';
  let boardHash = '';
  let secret = '';
  let customer: Server;
  let customerSite = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    admin = await signUpCompany(console_.server, 'Plain Words Company');
    const board = await mutate(
      console_.server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Pomysły klientów' },
      admin.token,
    );
    boardId = board.id;
    await gql(console_.server, SET_BOARD_LANGUAGE, { boardId, language: 'pl-PL' }, admin.token);
    const { body } = await gql(console_.server, SETUP, { id: boardId }, admin.token);
    boardHash = body.data.board.widgetSetup.boardHash;
    secret = body.data.viewer.company.secret;
    // The customer's site: `localhost`, another origin than the server's 127.0.0.1.
    customer = createServer((request, response) => {
      const token = new URL(request.url ?? '/', 'http://host').searchParams.get('token') ?? '';
      const { url } = console_.server;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // A Polish site, as its board (the widget speaks the page's language, issue 26).
      response.end(`<!doctype html><html lang="pl"><head><meta charset="utf-8">
<title>Customer site</title></head><body><main><h1>Our product</h1>
<div id="feedboard" data-base-url="${url}" data-board-hash="${boardHash}" data-sso-token="${token.replace(/[^\w.-]/g, '')}"></div>
</main><script src="${url}/widget.js" defer></script></body></html>`);
    });
    await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
    customerSite = `http://localhost:${(customer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => customer?.close(resolve));
    await console_?.close();
  });

  /** A customer's page on its own origin, embedding the widget with `?token=` as step 2 says. */
  async function openCustomerPage(token: string): Promise<TConsolePage> {
    const page = await console_.open();
    await page.goto(`${customerSite}/?token=${encodeURIComponent(token)}`);
    return page;
  }

  const sign = (claims: object, key: string, options: jwt.SignOptions = {}) =>
    jwt.sign(claims, key, { algorithm: 'HS256', ...options });

  it.each([
    [
      'a token signed with another secret',
      () => sign({ id: 'v1', name: 'Vera' }, 'wrong', { expiresIn: 600 }),
    ],
    [
      'a token without exp (a new company requires it)',
      () => sign({ id: 'v2', name: 'Vera' }, secret),
    ],
    [
      'an expired token',
      () => sign({ id: 'v3', name: 'Vera', exp: Math.floor(Date.now() / 1000) - 600 }, secret),
    ],
  ])('shows only a plain Polish sentence for %s on a private board', async (_name, makeToken) => {
    const page = await openCustomerPage(makeToken());
    const notice = page.getByTestId('sso-refused');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    // The board is private: signed out it cannot be read, and the widget says so plainly in
    // the board's language (the refusal tells it), nothing else.
    const text = await page
      .locator('#feedboard')
      .evaluate((host) => host.shadowRoot?.textContent ?? '');
    expect(text).toBe(widgetPl['sso.refusedPrivate']);
    expect(await page.getByRole('alert').getAttribute('lang')).toBe('pl');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'widget-sso-refused-private-pl');
    await page.context().close();
  });

  it('shows only a plain Polish sentence on a public board, which stays readable', async () => {
    await gql(
      console_.server,
      `mutation ($boardId: ID!) { setBoardVisibility(boardId: $boardId, isPublic: true) { __typename } }`,
      { boardId },
      admin.token,
    );
    const page = await openCustomerPage(
      sign({ id: 'v4', name: 'Vera' }, 'wrong', { expiresIn: 600 }),
    );
    const notice = page.getByTestId('sso-refused');
    await expect.poll(() => notice.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await notice.textContent()).toBe(widgetPl['sso.refused']);
    // Nothing of the server's reason, and nothing English, anywhere in the widget.
    const text = await page
      .locator('#feedboard')
      .evaluate((host) => host.shadowRoot?.textContent ?? '');
    expect(text).not.toMatch(/signature|secret|expired|expiry|refused|single sign-on/i);
    expect(text).not.toContain(widgetEn['sso.refused']);
    expect(text).toContain(widgetPl['auth.readOnly']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'widget-sso-refused-public-pl');
    await page.context().close();
  });

  it('words every refusal plainly, in both languages', () => {
    for (const catalogue of [widgetEn, widgetPl]) {
      expect(catalogue['sso.refused']).not.toMatch(JARGON);
      expect(catalogue['sso.refusedPrivate']).not.toMatch(JARGON);
    }
  });

  async function openWidgetTab(page: Page, language: 'en-US' | 'pl-PL' = 'en-US') {
    const { server } = console_;
    await gql(server, SET_LANGUAGE, { language }, admin.token);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(boardId)}/widget`);
    // The board is public by now: the tab opens on the snippet without SSO; step 3 is SSO's.
    await page
      .getByRole('tab', { name: language === 'pl-PL' ? 'Z SSO' : 'With SSO', exact: true })
      .click();
  }

  it('the console’s token checker shows the failing check, and the token rules are set there', async () => {
    const page = await console_.open();
    await openWidgetTab(page);
    await expect
      .poll(() => page.getByRole('heading', { name: 'SSO token checker' }).isVisible())
      .toBe(true);
    // Step 3 explains the claims (the customer claims too), and that a signed email gets mail
    // only when the token vouches for it (email_verified) or the company trusts its tokens.
    for (const claim of [
      'id',
      'name',
      'email',
      'email_verified',
      'exp',
      'attributes',
      'companies',
    ]) {
      await expect
        .poll(() => page.locator('.sso-claims dt').getByText(claim, { exact: true }).count())
        .toBe(1);
    }
    await expect
      .poll(() =>
        page.getByText(/We send them only to an address your token vouches for/).isVisible(),
      )
      .toBe(true);
    expect(await page.getByText(/counts as an address you have confirmed/).count()).toBe(0);

    // By keyboard: the field, then Tab to the button, Enter.
    const field = page.getByLabel('SSO token', { exact: true });
    await field.focus();
    await page.keyboard.insertText(
      sign({ id: 'u-1', name: 'Ada' }, 'not-our-secret', { expiresIn: '2d' }),
    );
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Check the token');
    await page.keyboard.press('Enter');
    const report = page.getByTestId('sso-report');
    await expect.poll(() => report.isVisible()).toBe(true);
    await expect
      .poll(() => report.getByRole('status').textContent())
      .toBe(
        'The widget refuses this token: Signature: The signature does not match your company secret. Sign with the secret shown in step 3 (it changes when someone replaces it).',
      );
    const row = (check: string) => page.getByTestId(`sso-check-${check}`);
    await expect.poll(() => row('SIGNATURE').getAttribute('data-status')).toBe('FAILED');
    await expect.poll(() => row('LIFETIME').getAttribute('data-status')).toBe('FAILED');
    await expect
      .poll(() => row('LIFETIME').textContent())
      .toMatch(/Valid for 28\d\d min; your token rules accept at most 1440 min\./);
    await expect.poll(() => row('EMAIL').getAttribute('data-status')).toBe('WARNING');
    await expect.poll(() => row('ALGORITHM').getAttribute('data-status')).toBe('PASSED');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'widget-sso-checker-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'widget-sso-checker-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A token whose address is not vouched for: accepted, but the checker says no mail goes to
    // it (the company does not trust its tokens' addresses by default).
    await field.fill(
      sign({ id: 'u-1', name: 'Ada', email: 'ada@example.com' }, secret, { expiresIn: 600 }),
    );
    await page.getByRole('button', { name: 'Check the token' }).click();
    await expect
      .poll(() => report.getByRole('status').textContent())
      .toBe('The widget accepts this token, but look at the warnings below.');
    await expect.poll(() => row('EMAIL').getAttribute('data-status')).toBe('WARNING');
    await expect
      .poll(() => row('EMAIL').textContent())
      .toContain(
        'No notifications go to ada@example.com yet: the token does not say email_verified: true',
      );
    await saveScreenshot(page, 'widget-sso-checker-unconfirmed-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'widget-sso-checker-unconfirmed-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A token the widget accepts: every check passes.
    await field.fill(
      sign({ id: 'u-1', name: 'Ada', email: 'ada@example.com', email_verified: true }, secret, {
        expiresIn: 600,
      }),
    );
    await page.getByRole('button', { name: 'Check the token' }).click();
    await expect
      .poll(() => report.getByRole('status').textContent())
      .toBe('The widget accepts this token.');
    await expect
      .poll(() => row('EMAIL').textContent())
      .toContain('Notifications go to ada@example.com.');

    // The rules: no expiry required (by keyboard), a shorter lifetime; saved and applied.
    const requireExpiry = page.getByRole('checkbox', {
      name: 'Require an expiry (exp) on SSO tokens',
    });
    expect(await requireExpiry.isChecked()).toBe(true);
    await requireExpiry.focus();
    await page.keyboard.press('Space');
    const lifetime = page.getByLabel('Longest accepted lifetime (minutes)');
    await lifetime.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('It has to be a whole number from 1 to 10080.').isVisible())
      .toBe(true);
    await lifetime.fill('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Data saved');
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    const settings = await gql(
      console_.server,
      `{ viewer { company { ssoRequireExpiry ssoMaxLifetimeMinutes } } }`,
      {},
      admin.token,
    );
    expect(settings.body.data.viewer.company).toEqual({
      ssoRequireExpiry: false,
      ssoMaxLifetimeMinutes: 30,
    });
    // A token without exp is now accepted, with a warning.
    await field.fill(
      sign({ id: 'u-1', name: 'Ada', email: 'ada@example.com', email_verified: true }, secret),
    );
    await page.getByRole('button', { name: 'Check the token' }).click();
    await expect
      .poll(() => report.getByRole('status').textContent())
      .toBe('The widget accepts this token, but look at the warnings below.');
    await expect.poll(() => row('EXPIRY').getAttribute('data-status')).toBe('WARNING');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('speaks Polish in the widget tab', async () => {
    const page = await console_.open();
    await openWidgetTab(page, 'pl-PL');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sprawdzanie tokenu SSO' }).isVisible())
      .toBe(true);
    await page
      .getByLabel('Token SSO', { exact: true })
      .fill(sign({ id: 'u-2', name: 'Ola' }, 'zly-sekret', { expiresIn: 600 }));
    await page.getByRole('button', { name: 'Sprawdź token' }).click();
    await expect
      .poll(() => page.getByTestId('sso-report').getByRole('status').textContent())
      .toMatch(/^Widżet odrzuca ten token: Podpis: Podpis nie pasuje/);
    await expect
      .poll(() =>
        page.getByText(/Wysyłamy je tylko na adres, za który Twój token ręczy/).isVisible(),
      )
      .toBe(true);
    // An address the token does not vouch for: no mail, said in Polish.
    await page
      .getByLabel('Token SSO', { exact: true })
      .fill(sign({ id: 'u-2', name: 'Ola', email: 'ola@example.com' }, secret, { expiresIn: 600 }));
    await page.getByRole('button', { name: 'Sprawdź token' }).click();
    await expect
      .poll(() => page.getByTestId('sso-check-EMAIL').textContent())
      .toContain('Na adres ola@example.com nie trafiają jeszcze powiadomienia');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'widget-sso-checker-unconfirmed-pl-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'widget-sso-checker-unconfirmed-pl-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByLabel('Token SSO', { exact: true })
      .fill(sign({ id: 'u-2', name: 'Ola' }, 'zly-sekret', { expiresIn: 600 }));
    await page.getByRole('button', { name: 'Sprawdź token' }).click();
    await expect
      .poll(() => page.getByTestId('sso-report').getByRole('status').textContent())
      .toMatch(/^Widżet odrzuca ten token/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'widget-sso-checker-pl-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'widget-sso-checker-pl-390');
    // The new cards alone, large enough to read on a phone's width.
    for (const card of ['sso-claims', 'sso-rules-title', 'sso-checker-title']) {
      const locator =
        card === 'sso-claims'
          ? page.locator('.sso-claims')
          : page.locator(`section[aria-labelledby="${card}"]`);
      await locator.screenshot({ path: path.join(SCREENSHOTS, `widget-${card}-pl-390.png`) });
    }
    // Nothing sticks out of a phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    expect(page.errors).toEqual([]);
    await gql(console_.server, SET_LANGUAGE, { language: 'en-US' }, admin.token);
    await page.context().close();
  });
});
