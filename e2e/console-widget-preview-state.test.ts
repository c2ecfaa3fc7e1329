import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { registerAccount, saveScreenshot, startConsole, CATALOGUES, LANGUAGES } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Issue 34 (#25): the Widget tab's preview is no blank box while it loads. A loading sign shows
 * until the frame's page is in; a page the server does not give says so, and "Reload the
 * preview" tries again. In English and Polish, at 1440 and 390 px.
 */

describe.skipIf(!hasChromium())(
  'console: the widget preview loading and failing (issue 34)',
  () => {
    let console_: TConsole;

    beforeAll(async () => {
      console_ = await startConsole();
    });
    afterAll(async () => {
      await console_?.close();
    });

    async function screens(page: TConsolePage, name: string) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.locator('.widget-preview').scrollIntoViewIfNeeded();
        await saveScreenshot(page, `widget-preview-${name}-${width}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    for (const lang of ['en', 'pl'] as const) {
      const t = CATALOGUES[lang];
      const language = LANGUAGES[lang];

      it(`shows a loading sign, then an error with a way to retry (${lang})`, async () => {
        const owner = await registerAccount(console_.server, `Preview ${lang} Company`, {
          language,
        });
        const { body } = await console_.server.call('POST', '/graphql', {
          token: owner.token,
          body: {
            query: `mutation { createBoard(name: "Preview roadmap", isPublic: true) {
            ... on MutationCreateBoardSuccess { data { id } } } }`,
          },
        });
        const rowId = atob(body.data.createBoard.data.id as string).split(':')[1];
        const page = await console_.open({ locale: language });
        // The preview's page is held, as on a slow connection, until the test lets it go.
        const held: Route[] = [];
        await page.route('**/widget-preview/**', (route) => void held.push(route));
        await page.goto(`${console_.server.url}/login`);
        await page.evaluate((value) => localStorage.setItem('authToken', value), owner.token);
        await page.goto(`${console_.server.url}/admin/boards/${rowId}/widget`);

        const preview = page.locator('.widget-preview');
        const loading = preview.getByRole('status');
        await expect.poll(() => loading.textContent()).toBe(t['widget.preview.loading']);
        expect(await preview.getByText(t['widget.preview.loading']!).first().isVisible()).toBe(
          true,
        );
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screens(page, `loading-${lang}`);

        // The server does not give it: said in place of the blank frame.
        await expect.poll(() => held.length).toBeGreaterThan(0);
        for (const route of held.splice(0)) {
          await route.fulfill({ status: 503, body: 'Service Unavailable' });
        }
        const failed = preview.getByRole('alert');
        await expect.poll(() => failed.textContent()).toBe(t['widget.preview.failed']);
        expect(await loading.count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screens(page, `failed-${lang}`);

        // Reloading tries again: once the page is in, neither sign stays.
        await page.unroute('**/widget-preview/**');
        await preview.getByRole('button', { name: t['widget.preview.reload']! }).click();
        await page.locator('iframe[data-testid="widget-preview"]').waitFor();
        await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
        expect(await failed.count()).toBe(0);
      });
    }
  },
);
