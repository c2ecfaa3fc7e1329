import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations, settleAnimations } from './browser.ts';
import { openSignedIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;

/**
 * Issue 36.4: the release composer starts at today, previews its Markdown notes as readers will
 * see them (rendered and sanitised by the server) and keeps what was typed.
 */
describe.skipIf(!hasChromium())('console: the release composer', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';

  beforeAll(async () => {
    console_ = await startConsole();
    admin = await signUpCompany(console_.server, 'Composer Company');
    const board = await mutate(
      console_.server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Release board' },
      admin.token,
    );
    boardId = board.id as string;
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function openComposer(locale: 'en-US' | 'pl-PL', width = 1440) {
    const { server } = console_;
    await server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { language: locale },
    });
    return openSignedIn(
      console_,
      admin.token,
      `/admin/boards/${encodeURIComponent(boardId)}/releases`,
      { locale, viewport: { width, height: 900 } },
    );
  }

  it('previews the notes as readers will see them, safely, and keeps the text', async () => {
    const page = await openComposer('en-US');
    await page.getByRole('button', { name: 'Add release' }).click();
    const form = page.getByRole('dialog', { name: 'Add a release' });
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    expect(await form.getByLabel('Release date', { exact: true }).inputValue()).toBe(today);
    await form.getByLabel('Name').fill('Version 3');
    const notes = '### Faster\n\n**Reports** load in a second.\n\n<script>alert(1)</script>';
    await form.getByLabel('Release notes').fill(notes);

    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = form.getByRole('region', { name: 'Preview of the release notes' });
    await expect.poll(() => preview.locator('strong').textContent()).toBe('Reports');
    await expect
      .poll(() => preview.getByRole('heading', { name: 'Faster' }).isVisible())
      .toBe(true);
    // Typed HTML is text, never markup.
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.textContent()).toContain('<script>alert(1)</script>');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await settleAnimations(page);
    await saveScreenshot(page, 'release-composer-preview-1440-en');

    await form.getByRole('button', { name: 'Back to writing' }).click();
    expect(await form.getByLabel('Release notes').inputValue()).toBe(notes);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Version 3' }).isVisible())
      .toBe(true);

    // Publishing says first how many people it mails: nobody here (no idea, no subscriber).
    await page.getByRole('button', { name: 'Publish' }).click();
    const publishing = page.getByRole('dialog', { name: 'Publish “Version 3”' });
    await expect.poll(() => publishing.getByText(/^Nobody will be mailed/).isVisible()).toBe(true);
    expect(await publishing.getByRole('checkbox').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await publishing.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Unpublish' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('speaks Polish and fits a phone', async () => {
    const page = await openComposer('pl-PL', 390);
    await page.getByRole('button', { name: 'Dodaj wydanie' }).click();
    const form = page.getByRole('dialog', { name: 'Dodaj wydanie' });
    await form.getByLabel('Informacje o wydaniu').fill('- **Szybciej**');
    await form.getByRole('button', { name: 'Podgląd' }).click();
    const preview = form.getByRole('region', { name: 'Podgląd informacji o wydaniu' });
    await expect.poll(() => preview.locator('li').textContent()).toBe('Szybciej');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await settleAnimations(page);
    await saveScreenshot(page, 'release-composer-preview-390-pl');
    await page.context().close();
  });
});
