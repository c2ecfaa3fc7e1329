import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations, settleAnimations } from './browser.ts';
import { registerAccount, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * The console's dashboard (issue 34.5): the first-week checklist, sample ideas added and removed
 * in one click, and what the team acts on, in both languages and at both widths.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } ... on AppError { code message } } }`;
const ADD_SAMPLES = `mutation { addSampleIdeas { __typename ... on MutationAddSampleIdeasSuccess { data } } }`;

describe.skipIf(!hasChromium())('console: the dashboard', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('a new owner sees the checklist, adds sample ideas, sees them and removes them', async () => {
    const { server } = console_;
    const page = await console_.open();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Email').fill(`dash.owner.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByLabel('Confirm password').fill('correct-horse-1');
    await page.getByLabel('Company name (optional)').fill('Dashboard Labs');
    await page.getByLabel('I accept the terms of use of this server’s operator.').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/admin/dashboard');

    const checklist = page.getByRole('region', { name: 'Your first week' });
    await checklist.waitFor();
    expect(await checklist.getByText('0 of 5 done').isVisible()).toBe(true);
    const createLink = checklist.getByRole('link', { name: /Create a board/ });
    expect(await createLink.getAttribute('href')).toBe('/admin/boards?create=true');
    expect(await createLink.textContent()).toContain('(not done yet)');
    // The console's link style (its brand text colour), not the browser's default blue.
    expect(await createLink.evaluate((a) => getComputedStyle(a).color)).not.toBe('rgb(0, 0, 238)');
    expect(await createLink.getAttribute('class')).toContain('link');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Product ideas' },
      token!,
    );
    expect(board).toEqual({ id: expect.any(String) });
    await page.reload();
    await checklist.getByText('1 of 5 done').waitFor();
    expect(await checklist.getByRole('link', { name: /Create a board/ }).textContent()).toContain(
      '(done)',
    );
    const widgetLink = checklist.getByRole('link', { name: /Embed the widget/ });
    expect(await widgetLink.getAttribute('href')).toMatch(/^\/admin\/boards\/\d+\/widget$/);
    // Empty lists say what will show there.
    await page.getByText('No open ideas yet: the most wanted ones show here.').waitFor();

    // Keyboard: the offer's button is reached and pressed without a mouse.
    const add = page.getByRole('button', { name: 'Add sample ideas' });
    await add.focus();
    await page.keyboard.press('Enter');
    await page
      .getByText('4 sample ideas are on your board. Remove them before your users arrive.')
      .waitFor();
    const top = page.getByRole('region', { name: 'Top-voted open ideas' });
    const darkMode = top.getByRole('link', { name: 'Dark mode' });
    await darkMode.waitFor();
    expect(await darkMode.getAttribute('href')).toMatch(/^\/admin\/boards\/\d+\/ideas\/\d+$/);
    expect(await page.getByTestId('dashboard-ideasThisWeek').textContent()).toBe('4');
    await settleAnimations(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Remove sample ideas' }).click();
    await page.getByRole('button', { name: 'Add sample ideas' }).waitFor();
    await top.getByText('No open ideas yet: the most wanted ones show here.').waitFor();
    expect(await page.getByTestId('dashboard-ideasThisWeek').textContent()).toBe('0');
    expect(page.errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });

  for (const language of ['en-US', 'pl-PL'] as const) {
    for (const width of [1440, 390]) {
      it(`reads well in ${language} at ${width} px`, async () => {
        const { server } = console_;
        const account = await registerAccount(server, 'Nimbus Labs', { language });
        await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Product ideas' }, account.token);
        await mutate(server, 'addSampleIdeas', ADD_SAMPLES, {}, account.token);
        const page = await console_.open({
          viewport: { width, height: width > 800 ? 900 : 844 },
          locale: language,
        });
        await page.goto(`${server.url}/login`);
        await page.evaluate((value) => localStorage.setItem('authToken', value), account.token);
        await page.goto(`${server.url}/admin/dashboard`);
        await page.locator('.checklist').waitFor();
        await page.locator('.dashboard-list__link').first().waitFor();
        await settleAnimations(page);
        await saveScreenshot(page, `dashboard-${language}-${width}`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        // Every link on the dashboard in the console's link colour, none in the browser's blue.
        const blue = await page.evaluate(
          () =>
            [...document.querySelectorAll('.shell__main a')].filter(
              (a) => getComputedStyle(a).color === 'rgb(0, 0, 238)',
            ).length,
        );
        expect(blue).toBe(0);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
      });
    }
  }
});
