import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  CATALOGUES,
  LANGUAGES,
  openSignedIn,
  registerAccount,
  saveScreenshot,
  startConsole,
} from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Walkthrough 7 (issue 34), item 7: the board's Users tab stays the spec's placeholder, but says
 * where the people are instead of "coming": a link to the Users page, followed by keyboard.
 * In English and Polish, at 1440 and 390 px.
 */

describe.skipIf(!hasChromium())('console: the board’s Users tab', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];
    it(`points to the Users page (${lang})`, async () => {
      const { server } = console_;
      const owner = await registerAccount(server, `Users tab ${lang} Company`, {
        language: LANGUAGES[lang],
      });
      const { body } = await server.call('POST', '/graphql', {
        token: owner.token,
        body: {
          query: `mutation { createBoard(name: "Users tab board") {
            ... on MutationCreateBoardSuccess { data { id } } } }`,
        },
      });
      const boardId = body.data.createBoard.data.id as string;
      const page = await openSignedIn(
        console_,
        owner.token,
        `/admin/boards/${encodeURIComponent(boardId)}/users`,
        { locale: LANGUAGES[lang] },
      );
      await expect
        .poll(() => page.getByRole('heading', { name: t['boardUsers.where.title'] }).isVisible())
        .toBe(true);
      expect(await page.getByText(/coming/).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await saveScreenshot(page, `board-users-tab-${lang}-${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('link', { name: t['boardUsers.where.open'] }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/users');
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});
