import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { build } from 'vite';
import { expect } from 'vitest';
import type { TConfig } from '../api/src/config.ts';
import { WEB_DIST } from '../api/src/server.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { launchChromium } from './browser.ts';

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

/** The console's message catalogues, for tests that read its words in both languages. */
export type TCatalogue = Record<string, string>;
const catalogue = (file: string): TCatalogue =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../web/i18n', file), 'utf8'));
export const CATALOGUES = { en: catalogue('en-US.json'), pl: catalogue('pl-PL.json') };
export const LANGUAGES = { en: 'en-US', pl: 'pl-PL' } as const;

export type TConsole = {
  server: TTestServer;
  browser: Browser;
  /** A fresh browser context (own localStorage) and page; collects the page's console errors. */
  open: (options?: BrowserContextOptions) => Promise<TConsolePage>;
  close: () => Promise<void>;
};

export type TConsolePage = Page & { errors: string[] };

/**
 * A test server on a fresh database serving the built console, and Chromium. Builds the console
 * when dist/web is missing (`npm test` compiles the Relay artifacts first). `overrides` change the
 * server's configuration (e.g. a Stripe stand-in).
 */
export async function startConsole(overrides: Partial<TConfig> = {}): Promise<TConsole> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    await build({
      configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
      logLevel: 'warn',
    });
  }
  const server = await startTestServer(overrides);
  const browser = await launchChromium();
  return {
    server,
    browser,
    open: async (options = {}) => {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        locale: 'en-US',
        ...options,
      });
      const page = (await context.newPage()) as TConsolePage;
      page.errors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') page.errors.push(message.text());
      });
      page.on('pageerror', (error) => page.errors.push(error.message));
      return page;
    },
    close: async () => {
      await browser?.close();
      await server?.close();
    },
  };
}

/**
 * A page of the console signed in as the holder of `token` (no sign-in form: the token goes
 * where the console keeps it), opened at `pagePath`.
 */
export async function openSignedIn(
  console_: TConsole,
  token: string,
  pagePath: string,
  options: BrowserContextOptions = {},
): Promise<TConsolePage> {
  const page = await console_.open(options);
  await page.goto(`${console_.server.url}/login`);
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(`${console_.server.url}${pagePath}`);
  return page;
}

/**
 * Saves what the user sees under e2e/screenshots/ (ignored by git), for a person to open and
 * judge. CI keeps no files, so there (CI=true) nothing is encoded unless SCREENSHOTS=1: a
 * full-page PNG costs the loaded two-core machine up to half a second, 172 times a pass.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI === 'true' && process.env.SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Opens "Profile settings" from the account menu in the top bar, by keyboard, as a person would
 * (each person's own settings are not in the side menu, which holds the company's).
 */
export async function openProfileSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Account menu/ }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Profile settings' }).click();
  await page.waitForURL('**/admin/profile');
}

/**
 * On the owner's open /admin/company page: ticks "Require two-factor sign-in for the team" and
 * waits until the company requires it.
 */
export async function requireTwoFactorInSettings(
  page: Page,
  server: TTestServer,
  companyId: number,
): Promise<void> {
  await page.getByLabel('Require two-factor sign-in for the team').check();
  await expect
    .poll(
      async () =>
        (await server.deps.prisma.company.findUniqueOrThrow({ where: { id: companyId } }))
          .requireTwoFactor,
    )
    .toBe(true);
}

let accounts = 0;

/**
 * Signs up through the API (the browser flow has its own test); answers the credentials. The
 * owner's address is confirmed as if they had followed the mailed link, unless `confirmEmail`
 * is false (e2e/confirm-email.test.ts follows the link for real).
 */
export async function registerAccount(
  server: TTestServer,
  company = 'Acme Analytics',
  options: { confirmEmail?: boolean; language?: string } = {},
): Promise<{ email: string; password: string; token: string }> {
  accounts += 1;
  const email = `owner${accounts}.${Date.now()}@example.com`;
  const password = 'correct-horse-1';
  const { body } = await server.call('POST', '/graphql', {
    body: {
      query: `mutation ($email: String!, $password: String!, $company: String, $language: String) {
        register(email: $email, password: $password, company: $company, language: $language) {
          ... on MutationRegisterSuccess { data { token } }
          ... on AppError { message }
        }
      }`,
      variables: { email, password, company, language: options.language ?? null },
    },
  });
  const token = body.data.register.data?.token;
  if (!token) throw new Error(`register failed: ${JSON.stringify(body)}`);
  if (options.confirmEmail ?? true) {
    await server.deps.prisma.user.updateMany({
      where: { loginEmail: email.toLowerCase(), role: 'OWNER' },
      data: { emailConfirmedAt: new Date() },
    });
  }
  // The sign-up's confirmation mail goes out now, not in the middle of a test counting mails.
  await server.deps.mailer.flush();
  return { email, password, token };
}

/** Logs in through the login form and waits for the dashboard. */
export async function logIn(
  page: Page,
  server: TTestServer,
  { email, password }: { email: string; password: string },
): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/admin/dashboard');
}

/**
 * Resolves once the page's live board updates (the `ideaChanged` subscription) are answered by
 * the server, which subscribes before it answers: a change made after that reaches the page.
 * Call it before the navigation that opens the board, await it after. A change made before the
 * stream opens is not replayed, so a test that changes an idea right after a page shows must
 * wait for this first.
 */
export async function liveUpdatesOpened(page: Page): Promise<void> {
  await page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/graphql' &&
      (response.request().postData() ?? '').includes('ideaChanged') &&
      (response.headers()['content-type'] ?? '').startsWith('text/event-stream'),
    { timeout: 15_000 },
  );
}

/** The text of every toast on screen. */
export function toastTexts(page: Page): Promise<string[]> {
  return page.getByTestId('toast').allInnerTexts();
}

/** Waits until a toast containing `text` shows. */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(async () => (await toastTexts(page)).join('\n'), { timeout: 5000 })
    .toMatch(typeof text === 'string' ? new RegExp(escape(text)) : text);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
