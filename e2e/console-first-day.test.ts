import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations, settleAnimations } from './browser.ts';
import { saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * The console's first day (issues 18.3, 18.7, 18.8, 18.10, 25.8): API keys, buttons that show
 * their request, sign-up that signs in, a side menu that never breaks a word, the ideas list
 * visible on a phone, and board initials that keep an emoji whole.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!, $description: String) {
  createIdea(boardId: $boardId, title: $title, description: $description) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;
const BOARDS = `{ boards { id name } }`;
const LANGUAGES = ['en-US', 'pl-PL'] as const;
type TLanguage = (typeof LANGUAGES)[number];

/** Signs the page in with a session token, as the login form would leave it. */
async function signIn(page: Page, console_: TConsole, token: string, path: string) {
  await page.goto(`${console_.server.url}/login`);
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  await page.goto(`${console_.server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/** Failed requests the test provoked on purpose are logged by Chromium; anything else counts. */
function unexpectedErrors(page: TConsolePage): string[] {
  return page.errors.filter((error) => !error.includes('Failed to load resource'));
}

describe.skipIf(!hasChromium())('console: first-day polish', () => {
  let console_: TConsole;
  /** One company per language, so each shows its screens in its own language. */
  const admins = {} as Record<TLanguage, TTestAccount>;
  const boardIds = {} as Record<TLanguage, string>;

  beforeAll(async () => {
    console_ = await startConsole();
    const { server } = console_;
    for (const language of LANGUAGES) {
      const admin = await signUpCompany(server, `First day ${language}`);
      await gql(server, SET_LANGUAGE, { language }, admin.token);
      const board = await mutate(
        server,
        'createBoard',
        CREATE_BOARD,
        { name: '🚀 Rocket launches' },
        admin.token,
      );
      for (const title of [
        'Dark mode for the dashboard',
        'Export ideas to CSV',
        'Sign in with Apple',
      ]) {
        await mutate(
          server,
          'createIdea',
          CREATE_IDEA,
          {
            boardId: board.id,
            title,
            description: 'A description long enough to wrap on a phone screen, twice over.',
          },
          admin.token,
        );
      }
      admins[language] = admin;
      boardIds[language] = board.id;
    }
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('18.3: an API key made on the API keys screen reads boards over GraphQL until it is revoked', async () => {
    const { server } = console_;
    const admin = admins['en-US'];
    const page = await console_.open();
    await signIn(page, console_, admin.token, '/admin/boards');
    // The side menu has it, next to Webhooks.
    const menuLabels = await page.locator('.side-menu .menu__label').allInnerTexts();
    expect(menuLabels.indexOf('API keys')).toBe(menuLabels.indexOf('Webhooks') + 1);
    await page.getByRole('link', { name: 'API keys', exact: true }).click();
    await page.waitForURL('**/admin/api-keys');
    await expect.poll(() => page.title()).toBe('API keys · Feedboard');
    await expect.poll(() => page.getByText('No API keys yet.').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Empty name: said at the field.
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect.poll(() => page.getByText('This field is required.').isVisible()).toBe(true);

    // Keyboard only: type the name and press Enter.
    await page.getByLabel('Name').fill('CRM sync');
    await page.getByLabel('Name').press('Enter');
    const secret = page.getByTestId('api-key-secret');
    await expect.poll(() => secret.locator('code').textContent()).toMatch(/^fbk_/);
    const key = (await secret.locator('code').textContent()) ?? '';
    await expect.poll(() => page.getByText('it is shown only this once').isVisible()).toBe(true);
    const row = page.getByTestId('api-key');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('CRM sync');
    expect(await row.textContent()).toContain(key.slice(0, 10));
    expect(await row.textContent()).toContain('Never used');
    expect(await row.textContent()).not.toContain(key);

    // The copy button puts the key on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await secret.getByRole('button', { name: 'Copy the API key' }).click();
    await expect.poll(() => secret.getByText('Copied!').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The key reads the company's boards over GraphQL.
    const read = await gql(server, BOARDS, {}, key);
    expect(read.status).toBe(200);
    expect(read.body.data.boards.map((b: { name: string }) => b.name)).toEqual([
      '🚀 Rocket launches',
    ]);

    // Its use shows on the screen (recorded at most once a minute, so this one call is it).
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('Last used');
    expect(await row.textContent()).not.toContain('Never used');
    await saveScreenshot(page, 'first-day-api-keys-en-US-1440');

    // Revoking asks once more; then calls with the key fail.
    await row.getByRole('button', { name: 'Revoke “CRM sync”' }).click();
    await row.getByRole('button', { name: /^Really revoke “CRM sync”/ }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
    const refused = await gql(server, BOARDS, {}, key);
    expect(refused.status).toBe(401);
    expect(refused.body.data?.boards).toBeUndefined();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('23: a read-only key made on the API keys screen reads over GraphQL but cannot write', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Read Only Co');
    const page = await console_.open();
    await signIn(page, console_, admin.token, '/admin/api-keys');
    await page.getByLabel('Name').fill('Assistant');
    // Keyboard only: tab to the box, tick it with Space, submit with Enter on the button.
    await page.getByLabel('Name').press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('isReadOnly');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Read-only').isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const secret = page.getByTestId('api-key-secret');
    await expect.poll(() => secret.locator('code').textContent()).toMatch(/^fbk_/);
    const key = (await secret.locator('code').textContent()) ?? '';
    const row = page.getByTestId('api-key');
    await expect.poll(() => row.textContent()).toContain('Read-only');
    expect(await page.getByLabel('Read-only').isChecked()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    expect((await gql(server, BOARDS, {}, key)).status).toBe(200);
    const write = await gql(
      server,
      'mutation { createBoard(name: "Not allowed") { __typename } }',
      {},
      key,
    );
    expect(write.status).toBe(403);
    expect(write.body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(page.errors).toEqual([]);
  });

  it('18.7: a slow request shows a busy button, reports a failure inline and a double click creates one board', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Slow Server Co');
    const page = await console_.open();
    await signIn(page, console_, admin.token, '/admin/boards');

    // Every GraphQL answer takes 2.5 s from here on: the dialog must still open at once.
    let mode: 'slow' | 'fail' = 'slow';
    await page.route('**/graphql', async (route) => {
      const isCreate = route.request().postData()?.includes('useCreateBoardMutation') ?? false;
      if (isCreate && mode === 'fail') return route.abort('failed');
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return route.continue();
    });
    // The dialog is there before any answer could have come (2.5 s), on a busy machine too.
    await page.getByRole('button', { name: 'Create your first board' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a board' });
    await dialog.waitFor({ timeout: 2000 });

    // A failed request is reported in the dialog, next to the button, which works again.
    mode = 'fail';
    await dialog.getByLabel('Board name').fill('Customer portal');
    await dialog.getByRole('button', { name: 'Create board' }).click();
    const alert = dialog.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Sorry, something went wrong. Please, try again later or refresh page');
    expect(await dialog.getByRole('button', { name: 'Create board' }).isEnabled()).toBe(true);

    // Slow again: a double click shows the busy state and sends one request.
    mode = 'slow';
    let creates = 0;
    page.on('request', (request) => {
      if (request.postData()?.includes('useCreateBoardMutation')) creates += 1;
    });
    await dialog.getByRole('button', { name: 'Create board' }).dblclick();
    const busy = dialog.locator('button[aria-busy="true"]');
    await expect.poll(() => busy.count()).toBe(1);
    expect(await busy.textContent()).toBe('Creating…');
    expect(await busy.isDisabled()).toBe(true);
    expect(await alert.count()).toBe(0);
    // Enter in the field while it runs sends nothing either.
    await dialog
      .getByLabel('Board name')
      .press('Enter')
      .catch(() => undefined);
    await saveScreenshot(page, 'first-day-pending-button');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.waitForURL('**/list', { timeout: 15_000 });
    expect(creates).toBe(1);
    const boards = await gql(server, BOARDS, {}, admin.token);
    expect(boards.body.data.boards.map((b: { name: string }) => b.name)).toEqual([
      'Customer portal',
    ]);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('18.8: sign-up lands in the console signed in; a wrong password is said at the form', async () => {
    const { server } = console_;
    const page = await console_.open();
    await page.goto(`${server.url}/signup`);
    const email = `first.day.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByLabel('Confirm password').fill('correct-horse-1');
    await page.getByLabel('I accept the terms of use of this server’s operator.').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Hello, /);
    expect(await page.getByText('Welcome back').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'first-day-signed-up');

    // Out, and back in with a wrong password: a specific message at the form, no toast.
    await page.goto(`${server.url}/logout`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-horse-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    const alert = page.locator('form').getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('The email or password is not correct. Check both and try again.');
    expect(await page.getByTestId('toast').allInnerTexts()).not.toContainEqual(
      expect.stringContaining('credentials'),
    );
    expect(page.url()).toMatch(/\/login$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'first-day-login-wrong-password');
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('18.10: side-menu labels never break inside a word, at any width, in either language', async () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const width of [1440, 1024, 800, 768, 390]) {
        const page = await console_.open({
          viewport: { width, height: width > 800 ? 900 : 844 },
          locale: language,
        });
        await signIn(page, console_, admins[language].token, '/admin/boards');
        if (width < 768) {
          // Phones: the drawer holds the same menu.
          await page.locator('.top-bar__menu-button').click();
          await page.locator('.menu--drawer').waitFor();
          await settleAnimations(page);
        }
        const broken = await page.evaluate(() => {
          const found: string[] = [];
          for (const label of document.querySelectorAll<HTMLElement>('.menu__label')) {
            if (label.getClientRects().length === 0) continue;
            const text = label.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) continue;
            const content = text.textContent ?? '';
            // Each word's line boxes: more than one line top means it was split.
            for (const match of content.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, match.index);
              range.setEnd(text, match.index + match[0].length);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) found.push(`“${match[0]}” in “${content}”`);
              const box = range.getBoundingClientRect();
              const parent = label.closest('a')?.getBoundingClientRect();
              if (parent && (box.left < parent.left - 0.5 || box.right > parent.right + 0.5)) {
                found.push(`“${match[0]}” sticks out of its link`);
              }
            }
          }
          return found;
        });
        problems.push(...broken.map((p) => `${language} @${width}: ${p}`));
        if (width === 1440 || width === 390) {
          await saveScreenshot(page, `first-day-menu-${language}-${width}`);
        }
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  });

  it('18.10: at 390×844 the first idea shows without scrolling; the company secret card has a gap above', async () => {
    for (const language of LANGUAGES) {
      const board = `/admin/boards/${encodeURIComponent(boardIds[language])}`;
      for (const width of [1440, 390]) {
        const page = await console_.open({
          viewport: { width, height: width > 800 ? 900 : 844 },
          locale: language,
        });
        await signIn(page, console_, admins[language].token, `${board}/list`);
        const firstIdea = page.locator('.idea-card').first();
        await firstIdea.waitFor();
        const box = await firstIdea.evaluate((card) => card.getBoundingClientRect().toJSON());
        const height = page.viewportSize()?.height ?? 0;
        // The whole first card is on the screen, and the list starts in its upper two thirds
        // (the controls above it used to take 700 of a phone's 844 px).
        expect(box.bottom, `${language} @${width}`).toBeLessThanOrEqual(height);
        expect(box.top, `${language} @${width}`).toBeLessThan((height * 2) / 3);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `first-day-ideas-${language}-${width}`);

        await page.goto(`${console_.server.url}${board}/widget`);
        const secretCard = page.locator('section[aria-labelledby="secret-title"]');
        await secretCard.waitFor();
        const gap = await secretCard.evaluate((card) => {
          const above =
            card.previousElementSibling?.lastElementChild ?? card.previousElementSibling;
          if (!above) return -1;
          return card.getBoundingClientRect().top - above.getBoundingClientRect().bottom;
        });
        expect(gap, `${language} @${width}`).toBeGreaterThanOrEqual(12);
        await saveScreenshot(page, `first-day-widget-${language}-${width}`);

        // The API keys and boards screens in this language and width, with a key made here.
        await page.goto(`${console_.server.url}/admin/api-keys`);
        await page.locator('input[name="name"]').fill(`Key ${language} ${width}`);
        await page.locator('input[name="name"]').press('Enter');
        await page.getByTestId('api-key-secret').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        // The key is one long word: it must not widen the page on a phone.
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
          ),
        ).toBe(true);
        await saveScreenshot(page, `first-day-api-keys-${language}-${width}`);
        await page.goto(`${console_.server.url}/admin/boards`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await saveScreenshot(page, `first-day-boards-${language}-${width}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
  }, 150_000);

  it('saves every touched screen at 1440 and 390 px in both languages, with no overflow and no serious axe violations', async () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const board = `/admin/boards/${encodeURIComponent(boardIds[language])}`;
      for (const width of [1440, 390]) {
        const viewport = { width, height: width > 800 ? 900 : 844 };
        const shoot = async (page: TConsolePage, name: string) => {
          await settleAnimations(page);
          await saveScreenshot(page, `first-day-${name}-${language}-${width}`);
          const wide = await page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
          );
          if (wide) problems.push(`${name} ${language} @${width}: the page scrolls sideways`);
          const violations = await seriousAxeViolations(page);
          if (violations.length > 0) {
            problems.push(`${name} ${language} @${width}: ${violations.map((v) => v.id).join()}`);
          }
        };
        // Signed out: the login form with a wrong password, and the sign-up form.
        const guest = await console_.open({ viewport, locale: language });
        await guest.goto(`${console_.server.url}/login`);
        await guest.locator('input[type="email"]').fill(admins[language].email);
        await guest.locator('input[type="password"]').fill('wrong-password-1');
        await guest.locator('form button[type="submit"]').click();
        await guest.locator('form [role="alert"]').waitFor();
        await shoot(guest, 'login-error');
        await guest.goto(`${console_.server.url}/signup`);
        await guest.getByRole('heading', { level: 1 }).waitFor();
        await shoot(guest, 'signup');
        await guest.context().close();

        const page = await console_.open({ viewport, locale: language });
        await signIn(page, console_, admins[language].token, '/admin/boards');
        await page.goto(`${console_.server.url}/admin/boards?create=true`);
        await page.getByRole('dialog').waitFor();
        await shoot(page, 'create-board');
        for (const [name, path] of [
          ['webhooks', '/admin/webhooks'],
          ['board-settings', `${board}/settings`],
          ['board-releases', `${board}/releases`],
          ['settings', '/admin/profile'],
          ['company-settings', '/admin/company'],
        ] as const) {
          await page.goto(`${console_.server.url}${path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await expect.poll(() => page.locator('.spinner, .page-spinner').count()).toBe(0);
          await shoot(page, name);
        }
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('25.8: a board whose name starts with an emoji shows the whole emoji as its initial', async () => {
    const page = await console_.open();
    const boardId = boardIds['en-US'];
    await signIn(page, console_, admins['en-US'].token, '/admin/boards');
    await expect.poll(() => page.locator('.board-card__badge').first().textContent()).toBe('🚀');
    await page.goto(`${console_.server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    const header = page.locator('.board-header .board-card__badge');
    await expect.poll(() => header.first().textContent()).toBe('🚀');
    expect(page.errors).toEqual([]);
  });
});
