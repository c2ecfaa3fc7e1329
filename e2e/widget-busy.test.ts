import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { CATALOGUES } from '../widget/src/i18n.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

/**
 * The widget's first read of its board meets a busy server (F4 of the ninth first-hour walk:
 * one 503 "database too busy" left "Loading…" for good). It says the server is busy and tries
 * again after Retry-After, three times at most; then it says the board could not be loaded,
 * with a Try again button. The busy answers are the server's own shape, given by the browser
 * (the real server is not busy on demand).
 */
describe.skipIf(!hasChromium())('widget: a busy server', () => {
  let server: TTestServer;
  let browser: Browser;
  let boardPath = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    const company = await restCompany(server);
    await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: 'Export reports every Monday' },
    });
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    boardPath = `/public/${board.company.slug}/${board.slug}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The board page; the board's first `times` reads answer 503 (or 429) with Retry-After 1. */
  async function openBusy(locale: string, times: number, status = 503) {
    // axe-core is injected as an inline script, which the page's own CSP would refuse.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale,
      bypassCSP: true,
    });
    const page = await context.newPage();
    let left = times;
    await page.route('**/api/v1/widget/boards/**', async (route) => {
      if (route.request().method() === 'GET' && left > 0) {
        left -= 1;
        return route.fulfill({
          status,
          headers: {
            'content-type': 'application/json',
            'retry-after': '1',
            'access-control-allow-origin': '*',
            'access-control-expose-headers': 'Retry-After',
          },
          body: JSON.stringify({
            error: {
              code: status === 503 ? 'UNAVAILABLE' : 'RATE_LIMITED',
              message:
                'The database is too busy to answer this request in time. Please try again shortly.',
            },
          }),
        });
      }
      return route.continue();
    });
    await page.goto(`${server.url}${boardPath}`);
    return { page, sent: () => times - left };
  }

  async function screenshots(page: Page, name: string) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForTimeout(100);
      await saveScreenshot(page, `${name}-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  for (const [language, locale] of [
    ['en', 'en-US'],
    ['pl', 'pl-PL'],
  ] as const) {
    const t = CATALOGUES[language];

    it(`${language}: says the server is busy and loads by itself after Retry-After`, async () => {
      const { page, sent } = await openBusy(locale, 2);
      const busy = page.getByRole('status').filter({ hasText: t['loading.busy'] });
      await expect.poll(() => busy.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshots(page, `widget-busy-retrying-${language}`);
      await expect
        .poll(() => page.getByTestId('idea').filter({ hasText: 'Export reports' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      expect(sent()).toBe(2);
      expect(await busy.count()).toBe(0);
      await page.context().close();
    });

    it(`${language}: after three tries says it could not load, and Try again loads it`, async () => {
      // A 429 as well as a 503: the first read and three tries, all refused.
      const { page, sent } = await openBusy(locale, 4, 429);
      const tryAgain = page.getByRole('button', { name: t['error.tryAgain'], exact: true });
      await expect.poll(() => tryAgain.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(sent()).toBe(4);
      expect(await page.getByRole('alert').filter({ hasText: t['error.load'] }).count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshots(page, `widget-busy-failed-${language}`);
      await tryAgain.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('idea').filter({ hasText: 'Export reports' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      await page.context().close();
    });
  }
});
