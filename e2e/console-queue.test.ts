import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoardId, gql, setPlan } from '../api/src/testing/graphql-client.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, registerAccount, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Issue 34, point 4: the console's moderation queue. A widget end user submits ideas; the team
 * accepts one, merges one into an idea of the board and rejects one, by keyboard and by click,
 * in bulk too; a teammate's earlier action answers CONFLICT inline; the end user's widget view
 * shows each outcome.
 */

type TCompany = {
  owner: { email: string; password: string; token: string };
  boardGid: string;
  boardRowId: number;
  hash: string;
  widgetToken: string;
};

const ACCEPT = `mutation ($ideaId: ID!) { acceptIdea(ideaId: $ideaId) { __typename } }`;

/** A company with a public board and a widget end user signed up on it. */
async function company(server: TTestServer, language = 'en-US'): Promise<TCompany> {
  const owner = await registerAccount(server, 'Queue Company', { language });
  const user = await server.deps.prisma.user.findFirstOrThrow({
    where: { loginEmail: owner.email.toLowerCase() },
  });
  await setPlan(server, user.companyId, 'ULTRA');
  const boardGid = await createBoardId(server, owner.token, 'Mobile app');
  const boardRowId = decodeId(boardGid, 'Board');
  const board = await server.deps.prisma.board.update({
    where: { id: boardRowId },
    data: { isPublic: true },
  });
  const signup = await server.call('POST', `/api/v1/widget/boards/${board.widgetHash}/signup`, {
    body: {
      email: `w${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`,
      password: 'widget-password',
      name: 'Wanda Widget',
    },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  return { owner, boardGid, boardRowId, hash: board.widgetHash, widgetToken: signup.body.token };
}

/** Submits an idea through the REST route the widget uses; answers its REST id. */
async function submit(
  server: TTestServer,
  target: TCompany,
  title: string,
  token = target.widgetToken,
  description?: string,
): Promise<number> {
  const { status, body } = await server.call('POST', '/api/v1/ideas/', {
    token,
    headers: { 'x-board-id': String(target.boardRowId) },
    body: { title, ...(description ? { description } : {}) },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id;
}

type TWidgetView = {
  ideas: { ideas: { title: string; votes?: number }[] };
  myPendingIdeas: { title: string; rejectionReason: string | null }[];
};

async function widgetView(server: TTestServer, target: TCompany): Promise<TWidgetView> {
  const { status, body } = await server.call('GET', `/api/v1/widget/boards/${target.hash}`, {
    token: target.widgetToken,
  });
  expect(status).toBe(200);
  return body;
}

const items = (page: Page) => page.locator('.queue__item');

async function titles(page: Page): Promise<string[]> {
  return (await page.locator('.queue__title').allInnerTexts()).map((text) => text.trim());
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

describe.skipIf(!hasChromium())('console: the moderation queue', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('accepts, merges and rejects by keyboard and by click; the widget user sees each outcome', async () => {
    const { server } = console_;
    const target = await company(server);
    await submit(server, target, 'Dark mode for the app', target.owner.token);
    await submit(
      server,
      target,
      'Export my data to CSV',
      undefined,
      'I would like to download all my entries as a spreadsheet every month.',
    );
    await submit(server, target, 'A darker theme at night');
    await submit(server, target, 'Sell the app on the Moon');
    const takenId = await submit(server, target, 'Taken by a teammate');
    await submit(server, target, 'Share a list by link');
    await submit(server, target, 'Print my notes');
    await submit(server, target, 'Rejected in bulk one');

    const page = await console_.open();
    await logIn(page, server, target.owner);
    // The side menu says how many wait, and leads to the queue.
    const menu = page.getByRole('navigation', { name: 'Main menu' }).first();
    const link = menu.getByRole('link', { name: /^Awaiting acceptance\s*7 ideas wait$/ });
    await link.click();
    await page.waitForURL('**/admin/queue');
    await page.getByRole('heading', { level: 1, name: 'Awaiting acceptance' }).waitFor();
    // Oldest first, each with its excerpt, author and board.
    expect(await titles(page)).toEqual([
      'Export my data to CSV',
      'A darker theme at night',
      'Sell the app on the Moon',
      'Taken by a teammate',
      'Share a list by link',
      'Print my notes',
      'Rejected in bulk one',
    ]);
    const first = items(page).first();
    expect(await first.innerText()).toContain('download all my entries');
    expect(await first.innerText()).toContain('by Wanda Widget');
    expect(await first.innerText()).toContain('Mobile app');
    expect(await page.getByText('Keyboard shortcuts').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard: from the main area the skip link leaves focus on (walkthrough 11, F8), j starts
    // at the first idea; j/k and the arrows move, a accepts the focused idea.
    await page.locator('a.skip-link').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.keyboard.press('j');
    await expect.poll(() => isFocused(first)).toBe(true);
    await page.keyboard.press('j');
    expect(await isFocused(items(page).nth(1))).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await isFocused(items(page).nth(2))).toBe(true);
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowUp');
    expect(await isFocused(first)).toBe(true);
    await page.keyboard.press('a');
    await page.getByText('Accepted “Export my data to CSV”.').waitFor();
    expect(await titles(page)).not.toContain('Export my data to CSV');
    // Focus went on to the next idea: m opens the merge dialog for it.
    await expect.poll(() => isFocused(items(page).first())).toBe(true);
    await page.keyboard.press('m');
    const mergeDialog = page.getByRole('dialog', { name: /into another idea/ });
    await mergeDialog.waitFor();
    // The search takes focus, as r's dialog gives it to the reason: typing after m is not lost
    // (walkthrough 10b, F14).
    const mergeSearch = mergeDialog.getByRole('searchbox', { name: 'Find the idea' });
    await expect.poll(() => isFocused(mergeSearch)).toBe(true);
    const select = mergeDialog.getByRole('combobox', { name: 'Merge into' });
    // Ideas that await acceptance themselves are no merge targets (the server refuses them).
    await expect
      .poll(async () => (await select.locator('option').allInnerTexts()).join('|'))
      .toContain('Dark mode for the app');
    expect((await select.locator('option').allInnerTexts()).join('|')).not.toContain(
      'Sell the app on the Moon',
    );
    await page.keyboard.type('Dark mode');
    expect(await mergeSearch.inputValue()).toBe('Dark mode');
    await expect
      .poll(async () => (await select.locator('option').allInnerTexts()).join('|'))
      .toContain('Dark mode for the app');
    await select.selectOption({
      label: (await select.locator('option').nth(1).innerText()).trim(),
    });
    await mergeDialog.getByRole('button', { name: 'Accept and merge' }).click();
    await page
      .getByText('Merged “A darker theme at night” into “Dark mode for the app”.')
      .waitFor();
    expect(await mergeDialog.count()).toBe(0);
    // One success note, updated: the first acceptance's note gave way to the merge's.
    expect(await page.locator('.queue__notes .alert--success').count()).toBe(1);
    expect(await page.getByText('Accepted “Export my data to CSV”.').count()).toBe(0);

    // r opens the dialog not accepting it: the reason is required, said under the field.
    await expect.poll(() => isFocused(items(page).first())).toBe(true);
    await page.keyboard.press('r');
    const rejectDialog = page.getByRole('dialog', {
      name: 'Don’t accept “Sell the app on the Moon”',
    });
    await rejectDialog.waitFor();
    await rejectDialog.getByRole('button', { name: 'Don’t accept' }).click();
    const reason = rejectDialog.getByRole('textbox', { name: 'Reason for the author' });
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    expect(await rejectDialog.getByText('This field is required.').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'queue-reject-dialog-en-1440');
    await reason.fill('x'.repeat(501));
    await rejectDialog.getByRole('button', { name: 'Don’t accept' }).click();
    expect(await rejectDialog.getByText('It has to be max 500 characters.').count()).toBe(1);
    await reason.fill('We do not sell there yet.');
    await rejectDialog.getByRole('button', { name: 'Don’t accept' }).click();
    await page.getByText('Not accepted: “Sell the app on the Moon”.').waitFor();

    // A teammate accepted one meanwhile: clicking Accept says so, and the idea leaves the list.
    await gql(server, ACCEPT, { ideaId: globalIdeaId(takenId) }, target.owner.token);
    const taken = items(page).filter({ hasText: 'Taken by a teammate' });
    await taken.getByRole('button', { name: 'Accept', exact: true }).click();
    await page
      .getByText('“Taken by a teammate”: someone on the team dealt with it meanwhile.')
      .waitFor();
    expect(await titles(page)).toEqual([
      'Share a list by link',
      'Print my notes',
      'Rejected in bulk one',
    ]);

    // Bulk: accept one by its checkbox, reject two with one reason; a summary follows.
    await page.getByRole('checkbox', { name: 'Select “Share a list by link”' }).check();
    await page.getByRole('button', { name: 'Accept selected', exact: true }).click();
    await page.getByText('1 idea handled, 0 dealt with by someone else, 0 failed.').waitFor();
    // The note says how many, not only the last idea's title (walkthrough 10b, F15).
    await page.getByText('Accepted 1 idea.').waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Don’t accept selected…' }).click();
    const bulkDialog = page.getByRole('dialog', { name: 'Don’t accept 2 ideas' });
    await bulkDialog.getByRole('textbox', { name: 'Reason for the author' }).fill('Out of scope.');
    await bulkDialog.getByRole('button', { name: 'Don’t accept' }).click();
    await page.getByText('2 ideas handled, 0 dealt with by someone else, 0 failed.').waitFor();
    await page.getByText('Not accepted: 2 ideas.').waitFor();
    expect(await page.locator('.queue__notes .alert--success').count()).toBe(1);
    expect(await page.getByText('Not accepted: “Print my notes”.').count()).toBe(0);
    await page.getByRole('heading', { name: 'Nothing awaits acceptance' }).waitFor();
    // Focus stays in the queue, on its empty card, not back on the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('Nothing awaits acceptance');
    // The menu's count follows.
    await expect
      .poll(() => menu.getByRole('link', { name: /^Awaiting acceptance/ }).innerText())
      .toBe('Awaiting acceptance');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);

    // The widget user's side: accepted ideas are on the board, rejected ones carry the reason.
    const view = await widgetView(server, target);
    const listed = view.ideas.ideas.map((idea) => idea.title);
    expect(listed).toEqual(
      expect.arrayContaining([
        'Export my data to CSV',
        'Share a list by link',
        'Taken by a teammate',
      ]),
    );
    expect(listed).not.toContain('A darker theme at night');
    expect(view.myPendingIdeas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Sell the app on the Moon',
          rejectionReason: 'We do not sell there yet.',
        }),
        expect.objectContaining({ title: 'Print my notes', rejectionReason: 'Out of scope.' }),
      ]),
    );
    const pendingTitles = view.myPendingIdeas.map((idea) => idea.title);
    expect(pendingTitles).not.toContain('Export my data to CSV');
    expect(pendingTitles).not.toContain('A darker theme at night');

    // The board's list: All leaves rejected ideas out (as it leaves out declined ones), the
    // "Not accepted" filter finds them, badged as the widget tells their author, and Declined
    // (merged ideas among them) does not (walkthrough 10b, F9).
    const listUrl = `${server.url}/admin/boards/${encodeURIComponent(target.boardGid)}/list`;
    await page.goto(listUrl);
    const cardTitles = async () =>
      (await page.locator('.idea-card .idea-card__title').allInnerTexts()).map((t) => t.trim());
    await page.locator('.idea-card').first().waitFor();
    const show = page.getByRole('combobox', { name: 'Show' });
    expect(await show.locator('option:checked').innerText()).toBe(
      'All (without declined or not accepted)',
    );
    expect(await cardTitles()).toContain('Export my data to CSV');
    for (const gone of ['Sell the app on the Moon', 'Print my notes', 'Rejected in bulk one']) {
      expect(await cardTitles()).not.toContain(gone);
    }
    await show.selectOption({ label: 'Not accepted' });
    const card = page.locator('.idea-card').filter({ hasText: 'Sell the app on the Moon' });
    await card.waitFor();
    expect((await card.locator('.status').innerText()).trim()).toBe('Not accepted');
    await expect
      .poll(async () => (await cardTitles()).sort())
      .toEqual(['Print my notes', 'Rejected in bulk one', 'Sell the app on the Moon']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'ideas-not-accepted-en-1440');
    await show.selectOption({ label: 'Declined' });
    await expect.poll(cardTitles).toEqual(['A darker theme at night']);
  }, 180_000);

  it('shows one board’s part from the board’s submenu', async () => {
    const { server } = console_;
    const target = await company(server);
    await submit(server, target, 'An idea for this board');
    const page = await console_.open();
    await logIn(page, server, target.owner);
    await page.goto(`${server.url}/admin/boards/${target.boardRowId}/list`);
    const sub = page
      .getByRole('navigation', { name: 'Board sections' })
      .getByRole('link', { name: /^Awaiting acceptance\s*1 idea waits$/ });
    await sub.click();
    await page.waitForURL(`**/admin/queue?board=${target.boardRowId}`);
    await expect.poll(() => titles(page)).toEqual(['An idea for this board']);
    expect(await page.getByText('Board: Mobile app').count()).toBe(1);
    await page.getByRole('link', { name: 'Show all boards' }).click();
    await page.waitForURL('**/admin/queue');
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('keeps a phone’s board page within the screen, the current section in sight, in both languages', async () => {
    // First hour (issue 34): at 390 px the submenu's hidden queue count widened the page to
    // 725 px, and the current section (e.g. Widget) sat off-screen.
    const { server } = console_;
    for (const [language, section] of [
      ['en-US', 'Widget'],
      ['pl-PL', 'Widżet'],
    ] as const) {
      const target = await company(server, language);
      await submit(server, target, 'An idea that waits');
      const page = await console_.open({ locale: language, viewport: { width: 390, height: 844 } });
      await page.goto(`${server.url}/login`);
      await page.evaluate((value) => localStorage.setItem('authToken', value), target.owner.token);
      await page.goto(`${server.url}/admin/boards/${target.boardRowId}/widget`);
      const current = page.locator('.submenu__list [aria-current="page"]');
      await current.waitFor();
      expect((await current.innerText()).trim()).toBe(section);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      const box = (await current.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await saveScreenshot(page, `board-submenu-390-${language}`);
      expect(page.errors).toEqual([]);
    }
  }, 120_000);

  it('shows a long queue a page at a time, with "Show more ideas" until every idea is there', async () => {
    // Outside attack (issue 33): the queue listed 100 ideas and never the rest.
    const { server } = console_;
    const target = await company(server);
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: target.boardRowId },
    });
    const author = await server.deps.prisma.user.findFirstOrThrow({
      where: { companyId: board.companyId, role: 'END_USER' },
    });
    const start = Date.UTC(2026, 0, 1);
    await server.deps.prisma.idea.createMany({
      data: Array.from({ length: 57 }, (_, n) => ({
        boardId: target.boardRowId,
        authorId: author.id,
        title: `Long queue idea ${String(n).padStart(2, '0')}`,
        status: 'NOT_PUBLIC' as const,
        createdAt: new Date(start + n * 60_000),
      })),
    });
    const page = await console_.open();
    await logIn(page, server, target.owner);
    await page.goto(`${server.url}/admin/queue?board=${target.boardRowId}`);
    await page.getByRole('heading', { level: 1, name: 'Awaiting acceptance' }).waitFor();
    expect(await items(page).count()).toBe(50);
    // The count is the whole queue's, not the loaded page's.
    expect(await page.locator('.queue__count').innerText()).toBe('57 ideas wait');
    await page.getByRole('button', { name: 'Show more ideas' }).click();
    await expect.poll(() => items(page).count()).toBe(57);
    expect(await titles(page)).toEqual(
      Array.from({ length: 57 }, (_, n) => `Long queue idea ${String(n).padStart(2, '0')}`),
    );
    expect(await page.getByRole('button', { name: 'Show more ideas' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('shows the queue at 1440 and 390 px, in English and Polish', async () => {
    const { server } = console_;
    for (const language of ['en-US', 'pl-PL'] as const) {
      const target = await company(server, language);
      await submit(
        server,
        target,
        'Export my data to CSV',
        undefined,
        'I would like to download all my entries as a spreadsheet every month, with the tags and the comments of each entry in their own columns.',
      );
      await submit(server, target, 'A darker theme at night');
      for (const width of [1440, 390]) {
        const page = await console_.open({
          locale: language,
          viewport: { width, height: width > 800 ? 900 : 844 },
        });
        await page.goto(`${server.url}/login`);
        await page.evaluate(
          (value) => localStorage.setItem('authToken', value),
          target.owner.token,
        );
        await page.goto(`${server.url}/admin/queue`);
        await items(page).first().waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `queue-${language}-${width}`);
        if (width === 390) {
          await page.locator('.top-bar__menu-button').click();
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(300);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await page.screenshot({ path: `e2e/screenshots/queue-menu-${language}-390.png` });
          await page.keyboard.press('Escape');
          await items(page)
            .first()
            .getByRole('button', { name: language === 'en-US' ? 'Don’t accept…' : 'Nie przyjmuj…' })
            .click();
          await page.getByRole('dialog').waitFor();
          await page.waitForTimeout(300);
          await page.screenshot({ path: `e2e/screenshots/queue-reject-${language}-390.png` });
        }
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
  }, 180_000);
});

/** The GraphQL id of an idea by its REST id. */
function globalIdeaId(id: number): string {
  return Buffer.from(`Idea:${id}`).toString('base64');
}
