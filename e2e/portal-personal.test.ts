import jwt from 'jsonwebtoken';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { en as widgetEn, pl as widgetPl } from '../widget/src/i18n.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

/**
 * The portal's pages are the same for everyone (and cached so); once the widget hydrates them, a
 * signed-in end user (SSO through the address's `#sso-token=`, or a widget sign-in kept in the
 * browser) sees their own votes pressed and their ideas awaiting acceptance, marked so.
 */

const VOTED = 'Export reports to a spreadsheet every Monday morning';
const OTHER = 'Dark mode for the dashboard';
const PENDING = 'Invoices in Norwegian kroner';

describe.skipIf(!hasChromium())('the portal signed in: your own votes and pending ideas', () => {
  let server: TTestServer;
  let browser: Browser;
  let company: TRestCompany;
  let secret = '';
  let boardPath = '';
  let ideaPath = '';
  let votedId = 0;

  const ssoToken = (id: string, name: string) =>
    jwt.sign({ id, name }, secret, { algorithm: 'HS256', expiresIn: 600 });

  /** An end user's own state, made through the API: one vote and one idea awaiting acceptance. */
  async function voteAndSubmit(token: string, title: string) {
    await expectCall(server, 'POST', `/ideas/${votedId}/upvote`, 200, { token });
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title },
    });
    expect(idea.status).toBe('NOT_PUBLIC');
  }

  const widget = (page: Page) => page.locator('#feedboard');
  const voteOf = (page: Page, title: string) =>
    widget(page).getByTestId('idea').filter({ hasText: title }).getByTestId('vote');

  async function setLanguage(language: 'en-US' | 'pl-PL') {
    await server.deps.prisma.board.update({
      where: { id: company.boardId },
      data: { language },
    });
    // As the board settings do (update-board.ts): the portal's cached pages, whose lang the
    // widget speaks, are written again in the new language.
    server.deps.events.publishPortalStale({
      companyId: company.owner.companyId,
      boardId: company.boardId,
    });
  }

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    secret = (await expectCall(server, 'GET', '/company', 200, { token })).companySecret;
    const create = (title: string) =>
      expectCall(server, 'POST', '/ideas/', 201, {
        token,
        headers: { 'x-board-id': String(company.boardId) },
        body: { title },
      });
    votedId = (await create(VOTED)).id;
    await create(OTHER);
    boardPath = `/${board.company.slug}/${board.slug}`;
    ideaPath = `${boardPath}/ideas/${votedId}-export-reports-to-a-spreadsheet-every-monday-morning`;
    // Ola, an SSO user of the company's own site, voted and sent an idea before.
    const session = await expectCall(server, 'POST', '/widget/sso', 200, {
      body: { boardHash: board.widgetHash, token: ssoToken('ola-1', 'Ola Nowak') },
    });
    await voteAndSubmit(session.token, PENDING);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(
    path: string,
    init?: (context: BrowserContext) => Promise<void>,
    locale = 'en-US',
  ) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    await init?.(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}${path}`);
    return { context, page, errors };
  }

  it('shows the anonymous view signed out: nothing pressed, nothing pending', async () => {
    await setLanguage('en-US');
    const { context, page, errors } = await open(boardPath);
    try {
      await expect.poll(() => voteOf(page, VOTED).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await voteOf(page, VOTED).getAttribute('aria-pressed')).toBe('false');
      expect(await voteOf(page, OTHER).getAttribute('aria-pressed')).toBe('false');
      expect(await widget(page).getByTestId('pending-ideas').count()).toBe(0);
      expect(await widget(page).innerText()).not.toContain(PENDING);
      expect(await widget(page).getByText(widgetEn['auth.readOnly']).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'portal-board-signed-out-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs an SSO user in from the link’s #sso-token, in Polish, on the board and idea pages', async () => {
    // A Polish visitor (the portal and its widget speak the visitor's language of ours first)
    // of a Polish board.
    await setLanguage('pl-PL');
    const { context, page, errors } = await open(
      `${boardPath}#sso-token=${ssoToken('ola-1', 'Ola Nowak')}`,
      undefined,
      'pl-PL',
    );
    try {
      const signedIn = widget(page).getByTestId('signed-in');
      await expect.poll(() => signedIn.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await signedIn.innerText()).toContain('Zalogowano jako Ola Nowak');
      // The token leaves the address bar once read.
      expect(new URL(page.url()).hash).toBe('');
      // Her vote is pressed; the idea she did not vote for is not.
      await expect.poll(() => voteOf(page, VOTED).getAttribute('aria-pressed')).toBe('true');
      expect(await voteOf(page, OTHER).getAttribute('aria-pressed')).toBe('false');
      // Her idea awaiting acceptance, marked so, for her alone.
      const pending = widget(page).getByTestId('pending-ideas');
      expect(await pending.getByRole('heading').innerText()).toBe(widgetPl['pending.title']);
      const item = pending.getByTestId('pending-idea');
      expect(await item.count()).toBe(1);
      expect(await item.innerText()).toContain(PENDING);
      expect(await item.innerText()).toContain(widgetPl['pending.mark']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'portal-board-sso-pl');

      // By keyboard: the pending idea opens in the widget, readable by its author.
      await item.getByRole('button', { name: PENDING }).focus();
      await page.keyboard.press('Enter');
      const detail = widget(page).getByTestId('idea-detail');
      await expect.poll(() => detail.isVisible()).toBe(true);
      expect(await detail.innerText()).toContain(PENDING);

      // The next portal page carries no token: the session is kept.
      await page.goto(`${server.url}${ideaPath}`);
      await expect.poll(() => detail.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await detail.innerText()).toContain(VOTED);
      await expect.poll(() => detail.getByTestId('vote').getAttribute('aria-pressed')).toBe('true');
      expect(await widget(page).getByTestId('pending-idea').innerText()).toContain(PENDING);
      expect(await widget(page).getByTestId('signed-in').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'portal-idea-sso-pl');
      // The kept session is hers to end, by keyboard: then the pages read signed out again.
      await widget(page).getByRole('button', { name: widgetPl['auth.signOut'] }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => widget(page).getByTestId('pending-ideas').count()).toBe(0);
      await page.reload();
      await expect
        .poll(() => widget(page).getByText(widgetPl['auth.readOnly']).isVisible(), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await widget(page).getByTestId('signed-in').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    // Another visitor's browser, signed out, reads the same pages without any of it.
    const anonymous = await open(ideaPath);
    try {
      const detail = widget(anonymous.page).getByTestId('idea-detail');
      await expect.poll(() => detail.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await detail.getByTestId('vote').getAttribute('aria-pressed')).toBe('false');
      expect(await widget(anonymous.page).innerText()).not.toContain(PENDING);
      expect(await widget(anonymous.page).innerText()).not.toContain('Ola Nowak');
    } finally {
      await anonymous.context.close();
    }
  });

  it('keeps a regular sign-up made in the portal, with its vote and pending idea, across pages', async () => {
    await setLanguage('en-US');
    const { context, page, errors } = await open(boardPath);
    try {
      const root = widget(page);
      await expect.poll(() => voteOf(page, VOTED).isVisible(), { timeout: 15_000 }).toBe(true);
      await root.getByRole('button', { name: widgetEn['auth.signUp'] }).click();
      await root.getByLabel(widgetEn['auth.name']).fill('Rui Costa');
      await root.getByLabel(widgetEn['auth.email']).fill(`rui.${Date.now()}@example.com`);
      await root.getByLabel(widgetEn['auth.password']).fill('visitor-password');
      await root.getByRole('button', { name: widgetEn['auth.submitSignUp'] }).click();
      await expect
        .poll(() => root.getByText('Signed in as Rui Costa').isVisible(), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => voteOf(page, VOTED).isDisabled()).toBe(false);
      await voteOf(page, VOTED).click();
      await expect.poll(() => voteOf(page, VOTED).getAttribute('aria-pressed')).toBe('true');
      await root.getByRole('button', { name: widgetEn['list.add'] }).click();
      await root.getByLabel('Title').fill('Keyboard shortcuts for the editor');
      await root.getByRole('button', { name: widgetEn['submit.submit'] }).click();
      await expect.poll(() => root.getByText(widgetEn['submit.thanks']).isVisible()).toBe(true);
      // Awaiting acceptance, it shows once: in his pending box, not in the list as well.
      const mine = root.getByText('Keyboard shortcuts for the editor');
      await expect.poll(() => mine.count()).toBe(1);
      expect(await root.getByTestId('pending-idea').innerText()).toContain(
        'Keyboard shortcuts for the editor',
      );

      // Another portal page, and the board again: still Rui, with his own state.
      await page.goto(`${server.url}${ideaPath}`);
      const detail = root.getByTestId('idea-detail');
      await expect.poll(() => detail.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => detail.getByTestId('vote').getAttribute('aria-pressed')).toBe('true');
      await page.goto(`${server.url}${boardPath}`);
      await expect
        .poll(() => voteOf(page, VOTED).getAttribute('aria-pressed'), { timeout: 15_000 })
        .toBe('true');
      const items = root.getByTestId('pending-idea');
      expect(await items.count()).toBe(1);
      // After a new read of the board too: once.
      expect(await root.getByText('Keyboard shortcuts for the editor').count()).toBe(1);
      expect(await items.innerText()).toContain('Keyboard shortcuts for the editor');
      expect(await items.innerText()).toContain(widgetEn['pending.mark']);
      // Ola's pending idea is hers alone.
      expect(await root.innerText()).not.toContain(PENDING);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'portal-board-signed-in-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
