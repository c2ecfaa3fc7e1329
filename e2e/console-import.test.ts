import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, registerAccount, saveScreenshot, startConsole, type TConsole } from './console.ts';

const GENERIC_CSV = readFileSync(
  new URL('../api/src/services/import/fixtures/generic.csv', import.meta.url),
);

/**
 * Importing a board as an admin does it: open the board's Import tab, upload our CSV, read the
 * preview (counts, statuses), import from the keyboard, watch it finish and see the ideas.
 */
describe.skipIf(!hasChromium())('console: import a board', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it(
    'previews a CSV, imports it in the background and lists its ideas',
    { timeout: 120_000 },
    async () => {
      const { server } = console_;
      const owner = await registerAccount(server, 'Moving Company');
      const created = await server.call('POST', '/graphql', {
        token: owner.token,
        body: {
          query:
            'mutation { createBoard(name: "Moved ideas") { ... on MutationCreateBoardSuccess { data { id } } } }',
        },
      });
      expect(created.body.data.createBoard.data.id).toBeTruthy();
      const board = await server.deps.prisma.board.findFirstOrThrow({
        where: { name: 'Moved ideas' },
      });
      await server.deps.prisma.subscription.upsert({
        where: { companyId: board.companyId },
        create: {
          companyId: board.companyId,
          product: 'ULTRA',
          expiresAt: new Date(Date.now() + 86_400_000),
        },
        update: { product: 'ULTRA', expiresAt: new Date(Date.now() + 86_400_000) },
      });

      const page = await console_.open();
      await logIn(page, server, owner);
      await page.goto(`${server.url}/admin/boards/${board.id}/list`);
      await page.getByRole('link', { name: 'Import' }).click();
      await page.waitForURL(`**/admin/boards/${board.id}/import`);

      await page.getByLabel('Where the files come from').selectOption('CSV');
      await page.getByLabel('Export files').setInputFiles({
        name: 'ideas.csv',
        mimeType: 'text/csv',
        buffer: GENERIC_CSV,
      });
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByTestId('import-preview');
      await expect.poll(() => preview.isVisible()).toBe(true);
      expect(await preview.getByRole('row', { name: /^Ideas/ }).textContent()).toBe('Ideas33');
      expect(await preview.getByRole('row', { name: /^Votes/ }).textContent()).toBe('Votes33');
      expect(await preview.getByRole('row', { name: /^planned/ }).textContent()).toBe(
        'plannedPlanned1',
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'import-preview');
      // Nothing is written by the preview.
      expect(await server.deps.prisma.idea.count({ where: { boardId: board.id } })).toBe(0);

      // Import from the keyboard, then follow it to the end.
      await preview.getByRole('button', { name: 'Import' }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('import-progress').textContent(), { timeout: 30_000 })
        .toContain('Imported: 3 ideas, 3 votes, 2 comments, 3 new people.');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'import-done');

      await page.getByRole('link', { name: 'See the ideas' }).click();
      await page.waitForURL(`**/admin/boards/${board.id}/list`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Dark mode for the board' }).count())
        .toBeGreaterThan(0);
      expect(await page.getByText('Export to PDF').count()).toBeGreaterThan(0);
    },
  );
});
