import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import {
  allAxeViolations,
  hasChromium,
  seriousAxeViolations,
  settleAnimations,
} from './browser.ts';
import {
  CATALOGUES,
  openSignedIn,
  saveScreenshot,
  startConsole,
  type TConsole,
} from './console.ts';

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_RELEASE = `mutation ($boardIds: [ID!], $name: String!, $releaseDate: String!, $body: String) {
  createRelease(boardIds: $boardIds, name: $name, releaseDate: $releaseDate, body: $body) {
  __typename ... on MutationCreateReleaseSuccess { data { id } } } }`;

/** Release notes long enough that a card shows only their start. */
const notesOf = (n: number) =>
  `## Notes ${n}\n\n**Reports** of release ${n} load faster. ${'Charts draw at once. '.repeat(20).trimEnd()}`;

/**
 * Issue 36.4: the release composer starts at today, previews its Markdown notes as readers will
 * see them (rendered and sanitised by the server) and keeps what was typed.
 */
describe.skipIf(!hasChromium())('console: the release composer', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';
  /** A board with 23 releases: a page of 20, then three more. */
  let longBoardId = '';

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
    const long = await mutate(
      console_.server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Long changelog' },
      admin.token,
    );
    longBoardId = long.id as string;
    for (let n = 0; n < 23; n += 1) {
      await mutate(
        console_.server,
        'createRelease',
        CREATE_RELEASE,
        {
          boardIds: [longBoardId],
          name: `v1.${n}`,
          releaseDate: `2026-01-${String(n + 1).padStart(2, '0')}`,
          body: notesOf(n),
        },
        admin.token,
      );
    }
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function openComposer(locale: 'en-US' | 'pl-PL', width = 1440, board = boardId) {
    const { server } = console_;
    await server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { language: locale },
    });
    return openSignedIn(
      console_,
      admin.token,
      `/admin/boards/${encodeURIComponent(board)}/releases`,
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

  it('lists 20 releases with the start of their notes, the rest on "Load more"; editing reads the whole notes', async () => {
    const page = await openComposer('en-US', 1440, longBoardId);
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(20);
    expect(await cards.first().getByRole('heading').textContent()).toBe('v1.22');
    // The card shows the start of the notes as text, cut with an ellipsis: not the notes.
    const excerpt = (await cards.first().locator('.release-card__preview').textContent()) ?? '';
    expect(excerpt).toMatch(/^Notes 22 Reports of release 22 load faster\. Charts draw/);
    expect(excerpt).toMatch(/…$/);
    expect(excerpt.length).toBeLessThanOrEqual(161);

    const more = page.getByRole('button', { name: 'Load more releases' });
    await more.click();
    await expect.poll(() => cards.count()).toBe(23);
    expect(await cards.last().getByRole('heading').textContent()).toBe('v1.0');
    expect(await more.count()).toBe(0);

    // Editing reads the whole notes, which the list does not hold.
    await cards.first().getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the release' });
    await expect.poll(() => edit.getByLabel('Release notes').inputValue()).toBe(notesOf(22));
    expect(await edit.getByLabel('Name').inputValue()).toBe('v1.22');
    await edit.getByLabel('Name').fill('v1.22a');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    expect(await cards.first().getByRole('heading').textContent()).toBe('v1.22a');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['en', 1440],
    ['en', 390],
    ['pl', 1440],
    ['pl', 390],
  ] as const)(
    'shows the releases in %s at %i px: cards, "Load more" while it loads, no axe violation',
    async (language, width) => {
      const text = CATALOGUES[language];
      const locale = language === 'en' ? 'en-US' : 'pl-PL';
      const page = await openComposer(locale, width, longBoardId);
      const cards = page.getByRole('article');
      await expect.poll(() => cards.count()).toBe(20);
      expect(await allAxeViolations(page)).toEqual([]);
      await settleAnimations(page);
      await saveScreenshot(page, `releases-list-${width}-${language}`);
      // The next page held: the button says it is loading.
      let releasePage = () => {};
      const held = new Promise<void>((resolve) => (releasePage = resolve));
      await page.route('**/graphql', async (route) => {
        if (/ReleasesScreenPaginationQuery/.test(route.request().postData() ?? '')) await held;
        await route.continue();
      });
      const more = page.getByRole('button', { name: text['releases.loadMore'] });
      await more.focus();
      await more.press('Enter');
      await expect.poll(() => more.isDisabled()).toBe(true);
      await more.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `releases-loading-more-${width}-${language}`);
      releasePage();
      await expect.poll(() => cards.count()).toBe(23);
      // Focus goes on to the first release loaded, as the button goes away.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('v1.2');
      await saveScreenshot(page, `releases-loaded-more-${width}-${language}`);
      await page.context().close();

      // An empty board.
      const empty = await mutate(
        console_.server,
        'createBoard',
        CREATE_BOARD,
        { name: `Empty ${language} ${width}` },
        admin.token,
      );
      const emptyPage = await openComposer(locale, width, empty.id as string);
      await expect
        .poll(() => emptyPage.getByText(text['releases.empty.title']!).isVisible())
        .toBe(true);
      expect(await allAxeViolations(emptyPage)).toEqual([]);
      await saveScreenshot(emptyPage, `releases-empty-${width}-${language}`);
      await emptyPage.context().close();
    },
  );
});
