import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, mutate } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations, settleAnimations } from './browser.ts';
import { registerAccount, saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Issue 34, what remained: new ideas in the console's notifications with each person's mail
 * choice, "Make it public" acting at once from the dashboard's checklist, and a side rail whose
 * Polish labels are not clipped.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } ... on AppError { code message } } }`;
const GRANT = `mutation ($boardId: ID!) { updateBoard(boardId: $boardId, allowedEmailDomains: ["example.com"]) {
  __typename } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const ACCEPT = `mutation ($ideaId: ID!) { acceptIdea(ideaId: $ideaId) {
  __typename ... on MutationAcceptIdeaSuccess { data { id } } } }`;
const REJECT = `mutation ($ideaId: ID!, $reason: String!) { rejectIdea(ideaId: $ideaId, reason: $reason) {
  __typename ... on MutationRejectIdeaSuccess { data { id } } } }`;

describe.skipIf(!hasChromium())('console: new ideas, making a board public, the side rail', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** A company with a private board its end users may see, and one end user's idea on it. */
  async function companyWithIdea(language: 'en-US' | 'pl-PL' = 'en-US') {
    const { server } = console_;
    const account = await registerAccount(server, 'Rail Labs', { language });
    const owner = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: account.email.toLowerCase() },
    });
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Product ideas' },
      account.token,
    );
    await mutate(server, 'updateBoard', GRANT, { boardId: board.id }, account.token);
    const customer = await addEndUser(server, owner.companyId, { name: 'Casey Customer' });
    await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: board.id, title: 'Export to spreadsheet' },
      customer.token,
    );
    return { ...account, companyId: owner.companyId, boardGid: board.id as string };
  }

  async function signedIn(token: string, options: Parameters<TConsole['open']>[0] = {}) {
    const page = await console_.open(options);
    await page.goto(`${console_.server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), token);
    return page;
  }

  it("a customer's idea rings the bell, opens the queue, and the mail choice is made by keyboard", async () => {
    const { server } = console_;
    const account = await companyWithIdea();
    const page = await signedIn(account.token);
    await page.goto(`${server.url}/admin/dashboard`);
    const bell = page.locator('a.bell');
    await expect.poll(() => bell.locator('.bell__count').textContent()).toBe('1');
    await bell.click();
    await page.waitForURL('**/admin/notifications');
    const entry = page.getByRole('link', {
      name: 'Casey Customer submitted “Export to spreadsheet”',
    });
    await entry.waitFor();
    expect(await entry.getAttribute('href')).toMatch(/^\/admin\/queue\?board=\d+$/);
    await page.getByText('Awaiting acceptance').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await entry.click();
    await page.waitForURL('**/admin/queue?board=*');
    await page.getByText('Export to spreadsheet').first().waitFor();

    // Profile settings: the owner mails each idea until choosing otherwise.
    await page.goto(`${server.url}/admin/profile`);
    const card = page.getByRole('region', { name: 'New ideas' });
    await card.waitFor();
    const each = card.getByRole('radio', { name: /Email each one/ });
    expect(await each.isChecked()).toBe(true);
    await each.focus();
    await page.keyboard.press('ArrowDown');
    const digest = card.getByRole('radio', { name: /Daily digest/ });
    await expect.poll(() => digest.isChecked()).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await server.deps.prisma.user.findFirstOrThrow({
              where: { loginEmail: account.email.toLowerCase() },
            })
          ).newIdeaMail,
      )
      .toBe('DIGEST');
    await settleAnimations(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'new-ideas-profile-en-US-1440');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  for (const [language, words] of [
    ['en-US', { rejected: 'Not accepted', open: 'Open', awaiting: 'Awaiting acceptance' }],
    ['pl-PL', { rejected: 'Nieprzyjęty', open: 'Otwarty', awaiting: 'Oczekuje na akceptację' }],
  ] as const) {
    it(`says each new idea's state as it is now, in console links, in ${language} (walkthrough 10b, F10, F16)`, async () => {
      const { server } = console_;
      const account = await companyWithIdea(language);
      const customer = await addEndUser(server, account.companyId, { name: 'Robin Reader' });
      const submit = async (title: string) =>
        (
          await mutate(
            server,
            'createIdea',
            CREATE_IDEA,
            { boardId: account.boardGid, title },
            customer.token,
          )
        ).id as string;
      const turnedDown = await submit('Free rockets for all');
      const taken = await submit('Launch sounds');
      const reject = { ideaId: turnedDown, reason: 'Not for us.' };
      await mutate(server, 'rejectIdea', REJECT, reject, account.token);
      await mutate(server, 'acceptIdea', ACCEPT, { ideaId: taken }, account.token);
      for (const width of [1440, 390]) {
        const page = await signedIn(account.token, {
          locale: language,
          viewport: { width, height: width > 800 ? 900 : 844 },
        });
        await page.goto(`${server.url}/admin/notifications`);
        const entry = (title: string) => page.locator('.notification').filter({ hasText: title });
        await entry('Free rockets for all').waitFor();
        const stateOf = async (title: string) =>
          (await entry(title).locator('.status').innerText()).trim();
        expect(await stateOf('Free rockets for all')).toBe(words.rejected);
        expect(await stateOf('Launch sounds')).toBe(words.open);
        expect(await stateOf('Export to spreadsheet')).toBe(words.awaiting);
        // Only the idea still waiting leads to the queue; the others open on their board.
        const hrefOf = (title: string) => entry(title).getByRole('link').getAttribute('href');
        expect(await hrefOf('Export to spreadsheet')).toMatch(/^\/admin\/queue\?board=\d+$/);
        expect(await hrefOf('Free rockets for all')).toMatch(/^\/admin\/boards\/\d+\/ideas\/\d+$/);
        // The console's link colour, not the browser's blue.
        const colour = await entry('Launch sounds')
          .getByRole('link')
          .evaluate((link) => getComputedStyle(link).color);
        expect(colour).not.toBe('rgb(0, 0, 238)');
        const brand = await page.evaluate(() => {
          const probe = document.createElement('a');
          probe.className = 'link';
          probe.href = '#';
          document.body.append(probe);
          const value = getComputedStyle(probe).color;
          probe.remove();
          return value;
        });
        expect(colour).toBe(brand);
        await settleAnimations(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `notifications-states-${language}-${width}`);

        // The board's list: the rejected idea is under "Not accepted", not in All.
        const boardRowId = (await hrefOf('Free rockets for all'))?.split('/')[3];
        await page.goto(`${server.url}/admin/boards/${boardRowId}/list`);
        await page.locator('.idea-card').first().waitFor();
        const titles = async () =>
          (await page.locator('.idea-card__title').allInnerTexts()).map((t) => t.trim());
        expect(await titles()).not.toContain('Free rockets for all');
        const show = page.getByRole('combobox', { name: language === 'en-US' ? 'Show' : 'Pokaż' });
        await show.selectOption('NOT_ACCEPTED');
        await expect.poll(titles).toEqual(['Free rockets for all']);
        expect((await page.locator('.idea-card .status').first().innerText()).trim()).toBe(
          words.rejected,
        );
        await settleAnimations(page);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await saveScreenshot(page, `ideas-not-accepted-${language}-${width}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    });
  }

  it('makes the first board public from the checklist, after a dialog saying who will see it', async () => {
    const { server } = console_;
    const account = await companyWithIdea();
    const page = await signedIn(account.token);
    await page.goto(`${server.url}/admin/dashboard`);
    const checklist = page.getByRole('region', { name: 'Your first week' });
    await checklist.waitFor();
    const step = checklist.getByRole('link', { name: /Make a board public/ });
    expect(await step.textContent()).toContain('(not done yet)');

    // Keyboard: open, read, cancel with Escape (nothing changes), open again and confirm.
    const open = checklist.getByRole('button', { name: 'Make it public' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Make “Product ideas” public?' });
    await dialog.waitFor();
    await dialog
      .getByText(/Anyone, also people who are not signed in, will see its ideas/)
      .waitFor();
    await settleAnimations(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'make-public-dialog-en-US-1440');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    const board = () =>
      server.deps.prisma.board.findFirstOrThrow({ where: { companyId: account.companyId } });
    expect((await board()).isPublic).toBe(false);

    await open.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Make public' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await board()).isPublic).toBe(true);
    await expect
      .poll(() => checklist.getByRole('link', { name: /Make a board public/ }).textContent())
      .toContain('(done)');
    expect(await checklist.getByRole('button', { name: 'Make it public' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  for (const [language, queue] of [
    ['pl-PL', 'Oczekujące na akceptację'],
    ['en-US', 'Awaiting acceptance'],
  ] as const) {
    for (const width of [1440, 390]) {
      it(`shows every ${language} menu label whole at ${width} px`, async () => {
        const { server } = console_;
        const account = await companyWithIdea(language);
        const page = await signedIn(account.token, {
          locale: language,
          viewport: { width, height: width > 800 ? 900 : 844 },
        });
        await page.goto(`${server.url}/admin/dashboard`);
        await page.locator('.checklist').waitFor();
        let menu;
        if (width === 390) {
          await page.locator('.top-bar__menu-button').click();
          menu = page.getByRole('dialog');
        } else {
          menu = page.locator('.side-menu');
        }
        await menu.getByText(queue).waitFor();
        await settleAnimations(page);
        // No label is wider than its box (a clipped word), nor sticks out of the menu.
        const clipped = await clippedLabels(page, width === 390 ? 'dialog' : '.side-menu');
        expect(clipped).toEqual([]);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.screenshot({ path: `e2e/screenshots/side-menu-${language}-${width}.png` });
        expect(page.errors).toEqual([]);
        await page.context().close();
      });
    }
  }
});

/**
 * The menu's labels with a word wider than the label's box (clipped, or broken inside the word)
 * or sticking out of the menu: each word is measured on one line in the label's own font.
 */
function clippedLabels(page: TConsolePage, menuSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const menu = document.querySelector(selector);
    if (!menu) return ['no menu'];
    const edge = menu.getBoundingClientRect();
    const problems: string[] = [];
    for (const label of menu.querySelectorAll<HTMLElement>('.menu__label, .menu__group-title')) {
      const box = label.getBoundingClientRect();
      if (box.left < edge.left - 1 || box.right > edge.right + 1) {
        problems.push(`${label.textContent} sticks out`);
      }
      for (const word of (label.textContent ?? '').split(/\s+/).filter(Boolean)) {
        const probe = document.createElement('span');
        probe.textContent = word;
        probe.style.whiteSpace = 'nowrap';
        probe.style.position = 'absolute';
        label.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        if (width > label.clientWidth + 0.5) {
          problems.push(`"${word}" is ${Math.ceil(width)} px in ${label.clientWidth} px`);
        }
      }
    }
    return problems;
  }, menuSelector);
}
