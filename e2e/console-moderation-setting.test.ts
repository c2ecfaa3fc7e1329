import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import { expectCall } from '../api/src/testing/rest-fixtures.ts';
import { rowIdOf } from '../web/src/relay/row-id.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  CATALOGUES,
  LANGUAGES,
  expectToast,
  openSignedIn,
  registerAccount,
  saveScreenshot,
  startConsole,
} from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Walkthrough 7 (issue 34), item 3: an admin turns the moderation of a board's new ideas off in
 * its settings, by keyboard, and a user's next idea is published at once; on again, the next
 * one waits in the queue. In English and Polish, at 1440 and 390 px.
 */

describe.skipIf(!hasChromium())('console: turning moderation of new ideas off', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function screens(page: TConsolePage, name: string) {
    const card = page.locator('section[aria-labelledby="board-moderation-title"]');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `moderation-${name}-${width}`);
      await card.screenshot({
        path: `${import.meta.dirname}/screenshots/moderation-card-${name}-${width}.png`,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];
    it(`an admin turns it off and on; users' ideas follow (${lang})`, async () => {
      const { server } = console_;
      const owner = await registerAccount(server, `Moderation ${lang} Company`, {
        language: LANGUAGES[lang],
      });
      const { body } = await server.call('POST', '/graphql', {
        token: owner.token,
        body: {
          query: `mutation { createBoard(name: "Moderated roadmap", isPublic: true) {
            ... on MutationCreateBoardSuccess { data { id } } } }`,
        },
      });
      const boardId = body.data.createBoard.data.id as string;
      const boardRowId = rowIdOf(boardId, 'Board');
      const company = await server.deps.prisma.board.findUniqueOrThrow({
        where: { id: Number(boardRowId) },
      });
      const user = await addEndUser(server, company.companyId);
      const submit = (title: string) =>
        expectCall(server, 'POST', '/ideas/', 201, {
          token: user.token,
          headers: { 'x-board-id': String(boardRowId) },
          body: { title },
        });

      const page = await openSignedIn(
        console_,
        owner.token,
        `/admin/boards/${encodeURIComponent(boardId)}/settings`,
        { locale: LANGUAGES[lang] },
      );
      const card = page.getByRole('region', { name: t['boardSettings.moderation.title'] });
      await expect.poll(() => card.isVisible()).toBe(true);
      const box = card.getByRole('checkbox', { name: t['boardSettings.moderation.moderate'] });
      // On by default, as today: a user's idea waits.
      expect(await box.isChecked()).toBe(true);
      expect((await submit('Waits for us')).status).toBe('NOT_PUBLIC');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screens(page, `on-${lang}`);

      // Off, by keyboard: Space on the box, then Save.
      await box.focus();
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(false);
      await card.getByRole('button', { name: t['common.save'] ?? 'Save' }).focus();
      await page.keyboard.press('Enter');
      await expectToast(page, t['toast.dataSaved.title']!);
      await expect.poll(() => card.getByRole('button').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screens(page, `off-${lang}`);
      expect((await submit('Published at once')).status).toBe('OPEN');

      // It stays off after a reload; on again, the next idea waits.
      await page.reload();
      await expect.poll(() => box.isVisible()).toBe(true);
      expect(await box.isChecked()).toBe(false);
      await box.check();
      await card.getByRole('button', { name: t['common.save'] ?? 'Save' }).click();
      await expectToast(page, t['toast.dataSaved.title']!);
      expect((await submit('Waits again')).status).toBe('NOT_PUBLIC');
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});
