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
import type { TConsole } from './console.ts';

/**
 * Walkthrough 7 (issue 34), item 4: an accepted idea is merged into another from the idea
 * window ("Merge into…", as the queue merges ideas awaiting acceptance): it is declined as a
 * duplicate and its votes move to the idea picked; the merge can be undone there. By keyboard,
 * in English and Polish, at 1440 and 390 px.
 */

describe.skipIf(!hasChromium())('console: merging an accepted idea from its window', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];
    it(`merges an open idea into another, votes and all (${lang})`, async () => {
      const { server } = console_;
      const owner = await registerAccount(server, `Merge ${lang} Company`, {
        language: LANGUAGES[lang],
      });
      const { body } = await server.call('POST', '/graphql', {
        token: owner.token,
        body: {
          query: `mutation { createBoard(name: "Merge roadmap", isPublic: true) {
            ... on MutationCreateBoardSuccess { data { id } } } }`,
        },
      });
      const boardId = body.data.createBoard.data.id as string;
      const boardRowId = rowIdOf(boardId, 'Board');
      const post = (title: string) =>
        expectCall(server, 'POST', '/ideas/', 201, {
          token: owner.token,
          headers: { 'x-board-id': String(boardRowId) },
          body: { title },
        });
      const kept = await post('Dark mode for the dashboard');
      const duplicate = await post('Night theme please');
      expect(duplicate.status).toBe('OPEN');
      const board = await server.deps.prisma.board.findUniqueOrThrow({
        where: { id: Number(boardRowId) },
      });
      const voter = await addEndUser(server, board.companyId);
      await expectCall(server, 'POST', `/ideas/${duplicate.id}/upvote`, 200, {
        token: voter.token,
      });

      const keptBefore = await expectCall(server, 'GET', `/ideas/${kept.id}`, 200, {
        token: voter.token,
      });
      expect(keptBefore.isVotedByMe).toBe(false);
      const page = await openSignedIn(
        console_,
        owner.token,
        `/admin/boards/${encodeURIComponent(boardId)}/ideas/${duplicate.id}`,
        { locale: LANGUAGES[lang] },
      );
      const dialog = page.getByRole('dialog', { name: 'Night theme please' });
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
      const open = dialog.getByRole('button', { name: t['mergeIdea.open'] });
      await expect.poll(() => open.isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        if (width === 390) {
          // On a phone the team's tools are collapsed sections: open this one.
          const summary = dialog.locator('summary', { hasText: t['mergeIdea.title']! });
          await summary.waitFor();
          if (!(await open.isVisible())) await summary.click();
          await expect.poll(() => open.isVisible()).toBe(true);
        }
        await open.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `merge-accepted-tool-${lang}-${width}`);
      }

      // By keyboard: the button, the dialog's select, Merge.
      await open.focus();
      await page.keyboard.press('Enter');
      const merge = page.getByRole('dialog', {
        name: t['mergeIdea.dialogTitle']!.replace('{title}', 'Night theme please'),
      });
      await expect.poll(() => merge.isVisible()).toBe(true);
      const select = merge.getByLabel(t['queue.mergeInto']!);
      const target = select.locator('option', { hasText: 'Dark mode for the dashboard' });
      await expect.poll(() => target.count()).toBe(1);
      await merge.getByRole('searchbox').fill('Dark mode');
      await expect.poll(() => select.locator('option').count()).toBe(2);
      await select.selectOption({ label: (await target.innerText()).trim() });
      await expect.poll(() => select.inputValue()).not.toBe('');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `merge-accepted-dialog-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await saveScreenshot(page, `merge-accepted-dialog-${lang}-1440`);
      await merge.getByRole('button', { name: t['mergeIdea.submit'], exact: true }).click();
      await expectToast(page, t['mergeIdea.mergedTitle']!);
      await expect.poll(() => merge.count()).toBe(0);
      // The window now offers to undo it, and no longer to merge.
      await expect
        .poll(() => dialog.getByRole('button', { name: t['undoMerge.button'] }).isVisible())
        .toBe(true);
      expect(await open.count()).toBe(0);

      const declined = await expectCall(server, 'GET', `/ideas/${duplicate.id}`, 200, {
        token: owner.token,
      });
      expect(declined).toMatchObject({
        status: 'DECLINED',
        declineDetails: { reason: 'DUPLICATE' },
      });
      const keptNow = await expectCall(server, 'GET', `/ideas/${kept.id}`, 200, {
        token: voter.token,
      });
      // The voter's vote moved with it.
      expect(keptNow.isVotedByMe).toBe(true);
      expect(keptNow.voteCount).toBeGreaterThan(keptBefore.voteCount);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});
