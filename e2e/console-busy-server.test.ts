import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  CATALOGUES,
  LANGUAGES,
  openSignedIn,
  registerAccount,
  saveScreenshot,
  startConsole,
  type TConsole,
} from './console.ts';

/**
 * The server answers 503 (UNAVAILABLE, Retry-After) while it is busy (finding F11 of the eighth
 * first-hour walk): a screen whose query gets it keeps the console's shell and menu, says the
 * server is busy for a moment, and loads by itself after Retry-After; a save that gets it says
 * nothing was saved and keeps what was typed. The busy answers are the server's own shape,
 * given by the browser for the requests named (the real server is not busy on demand).
 */
describe.skipIf(!hasChromium())('console: a busy server', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => console_?.close());

  /** Answers the next `times` requests naming `operation` with the server's 503. */
  async function busy(page: Page, operation: string, times: number, seconds = 1) {
    let left = times;
    await page.route('**/graphql', async (route) => {
      if (left > 0 && (route.request().postData() ?? '').includes(operation)) {
        left -= 1;
        return route.fulfill({
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
          body: JSON.stringify({
            errors: [
              {
                message:
                  'The database is too busy to answer this request in time. Please try again shortly.',
                extensions: { code: 'UNAVAILABLE' },
              },
            ],
          }),
        });
      }
      return route.continue();
    });
    return { sent: () => times - left };
  }

  for (const language of ['en', 'pl'] as const) {
    it(
      `${language}: a busy screen keeps the menu and loads by itself; a busy save keeps the input`,
      {
        timeout: 120_000,
      },
      async () => {
        const t = (key: string) => CATALOGUES[language][key] ?? key;
        const { server } = console_;
        const owner = await registerAccount(server, 'Busy Rockets', {
          language: LANGUAGES[language],
        });
        const page = await openSignedIn(console_, owner.token, '/admin/dashboard', {
          locale: LANGUAGES[language],
        });
        const menu = page.getByRole('navigation', { name: t('nav.label') });
        await menu.waitFor();

        const screen = await busy(page, 'CompanySettingsScreenQuery', 1, 5);
        await page.goto(`${server.url}/admin/company`);
        const title = page.getByRole('heading', { name: t('error.busy.title') });
        await title.waitFor();
        expect(screen.sent()).toBe(1);
        // The shell stays: the menu, and the busy text inside it, not the dead-end page.
        expect(await menu.isVisible()).toBe(true);
        expect(await page.getByRole('heading', { name: t('error.title') }).count()).toBe(0);
        expect(await page.getByRole('button', { name: t('error.busy.retry') }).isVisible()).toBe(
          true,
        );
        expect(await seriousAxeViolations(page)).toEqual([]);
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await saveScreenshot(page, `busy-screen-${language}-${width}`);
        }
        await page.setViewportSize({ width: 1440, height: 900 });

        // After Retry-After (5 s) the page loads by itself.
        const field = page.getByLabel(t('companySettings.name.label'));
        await field.waitFor({ timeout: 15_000 });
        expect(
          await page.getByRole('heading', { name: t('companySettings.title') }).isVisible(),
        ).toBe(true);

        // A save the busy server refuses: a clear message, the typed name still there.
        const save = await busy(page, 'useUpdateCompanyNameMutation', 1);
        await field.fill('Busy Rockets International');
        await page
          .getByRole('button', { name: t('common.save') })
          .first()
          .click();
        const alert = page.getByRole('alert').filter({ hasText: t('toast.error.serverBusy') });
        await alert.waitFor();
        expect(save.sent()).toBe(1);
        expect(await field.inputValue()).toBe('Busy Rockets International');
        await saveScreenshot(page, `busy-save-${language}-1440`);
        // Trying again saves it.
        await page
          .getByRole('button', { name: t('common.save') })
          .first()
          .click();
        await expect
          .poll(
            async () =>
              (
                await server.deps.prisma.company.findFirst({
                  where: { name: 'Busy Rockets International' },
                })
              )?.name,
          )
          .toBe('Busy Rockets International');
      },
    );
  }
});
