import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { CATALOGUES, LANGUAGES, openSignedIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const TITLE = 'Dark mode for reports';
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;

/** What the rules read like under a field, in each language. */
const RULES = {
  en: { tag: 'Up to 30 characters.', displayName: '2 to 50 characters.' },
  pl: { tag: 'Najwyżej 30 znaków.', displayName: 'Od 2 do 50 znaków.' },
};

/** The text of the elements a control's aria-describedby names. */
function description(control: Locator): Promise<string> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/**
 * Day-one findings in the console: a field's length rule is said under it before the first try
 * (issues 8/32), a server refusal reads in the console's language by its code (not only
 * FORBIDDEN), and the comment box shows a mention as `@Name` while the comment keeps the
 * server's markup (issue 52).
 */
describe.skipIf(!hasChromium())('console: rules before the first try, refusals, mentions', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';

  beforeAll(async () => {
    console_ = await startConsole();
    const { server } = console_;
    admin = await signUpCompany(server, 'Hints Company');
    await setPlan(server, admin.companyId, 'ULTRA');
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Product' },
      admin.token,
    );
    boardId = board.id;
    await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title: TITLE }, admin.token);
    await addEndUser(server, admin.companyId, { role: 'MEMBER', name: 'Tina Teammate' });
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** A page signed in as the admin, whose console speaks `language`. */
  async function open(path: string, language: string): Promise<TConsolePage> {
    await gql(console_.server, SET_LANGUAGE, { language }, admin.token);
    return openSignedIn(console_, admin.token, path, { locale: language });
  }

  async function judge(page: TConsolePage, name: string): Promise<void> {
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `${name}-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];

    it(`says the tag name's and the display name's rules under them before any try (${lang})`, async () => {
      const path = `/admin/boards/${encodeURIComponent(boardId)}/settings`;
      const page = await open(path, LANGUAGES[lang]);
      const tagName = page.getByLabel(t['boardTags.name'] ?? '?', { exact: true });
      await expect.poll(() => tagName.isVisible()).toBe(true);
      expect(await description(tagName)).toContain(RULES[lang].tag);
      expect(await tagName.getAttribute('aria-invalid')).toBeNull();
      await tagName.scrollIntoViewIfNeeded();
      await judge(page, `console-hints-tag-${lang}`);

      await page.goto(`${console_.server.url}/admin/profile`);
      const displayName = page.getByLabel(t['settings.profile.displayName'] ?? '?', {
        exact: true,
      });
      await expect.poll(() => displayName.isVisible()).toBe(true);
      expect(await description(displayName)).toContain(RULES[lang].displayName);
      await judge(page, `console-hints-profile-${lang}`);
      await page.context().close();
    });

    it(`shows a mention as @Name in the comment box and sends the markup (${lang})`, async () => {
      const { server } = console_;
      const path = `/admin/boards/${encodeURIComponent(boardId)}/list`;
      const page = await open(path, LANGUAGES[lang]);
      const card = page.getByRole('article', { name: TITLE });
      await card.getByRole('button', { name: TITLE, exact: true }).click();
      const detail = page.getByRole('dialog', { name: TITLE });
      await expect.poll(() => detail.isVisible()).toBe(true);
      const box = detail.getByRole('combobox', { name: t['commentForm.label'] });
      await box.click();
      await page.keyboard.type(`Look (${lang}), @ti`);
      const list = detail.getByRole('listbox', { name: t['mentions.list'] });
      await expect.poll(() => list.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => list.isVisible()).toBe(false);
      await page.keyboard.type('please');
      expect(await box.inputValue()).toBe(`Look (${lang}), @Tina Teammate please`);
      await judge(page, `console-hints-mention-${lang}`);
      // Editing after the mention keeps it: the caret's text goes on after it.
      await page.keyboard.press('End');
      await page.keyboard.type('!');
      expect(await box.inputValue()).toBe(`Look (${lang}), @Tina Teammate please!`);

      await detail.getByRole('button', { name: t['commentForm.submit'] }).click();
      await expect.poll(() => box.inputValue()).toBe('');
      const sent = detail.locator('p, div', { hasText: `Look (${lang}), @Tina Teammate please!` });
      await expect
        .poll(() => sent.last().locator('mark.mention').innerText())
        .toBe('@Tina Teammate');
      const stored = await server.deps.prisma.comment.findFirstOrThrow({
        where: { text: { contains: `Look (${lang})` } },
      });
      expect(stored.text).toMatch(
        new RegExp(`^Look \\(${lang}\\), @\\[Tina Teammate\\]\\(user:\\d+\\) please!$`),
      );
      await page.context().close();
    });
  }

  it('says a refusal other than FORBIDDEN in Polish (CONFLICT: the company’s tags are full)', async () => {
    const { server } = console_;
    const companyId = admin.companyId;
    await server.deps.prisma.tag.createMany({
      data: Array.from({ length: 200 }, (_, index) => ({
        companyId,
        name: `Tag ${index}`,
        nameKey: `tag ${index}`,
        color: '2a7a1c',
      })),
    });
    const t = CATALOGUES.pl;
    const path = `/admin/boards/${encodeURIComponent(boardId)}/settings`;
    const page = await open(path, 'pl-PL');
    const tagName = page.getByLabel(t['boardTags.name'] ?? '?', { exact: true });
    await expect.poll(() => tagName.isVisible()).toBe(true);
    await tagName.fill('Jeszcze jeden');
    await tagName.press('Enter');
    const refusal = page.getByRole('alert').filter({ hasText: t['refusal.CONFLICT'] ?? '?' });
    await expect.poll(() => refusal.count()).toBe(1);
    expect(await page.getByText('A company holds at most').count()).toBe(0);
    await refusal.scrollIntoViewIfNeeded();
    await judge(page, 'console-hints-refusal-pl');
    await page.context().close();
  });
});
