import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * The users screen's GDPR actions: export a person's data as a JSON file, and erase them with the
 * choice of what becomes of their content; the vote counts fall. Both languages, both widths.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) {
  createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;

describe.skipIf(!hasChromium())('console: export and erase a person (GDPR)', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** A company whose idea two end users voted for; answers the login and the people. */
  async function seed(company: string, language?: string) {
    const { server } = console_;
    // signUpCompany, not registerAccount: the latter sends `language: null`, which sign-up refuses.
    const owner = await signUpCompany(server, company);
    const account = { email: owner.email, password: 'secret-password', token: owner.token };
    if (language) {
      await gql(
        server,
        `mutation { setLanguage(language: "${language}") { __typename } }`,
        {},
        account.token,
      );
    }
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Roadmap' },
      account.token,
    );
    // New boards are private: let the company's end users (confirmed @example.com) vote on it.
    await server.deps.prisma.board.update({
      where: { id: decodeId(board.id, 'Board') },
      data: { allowedEmailDomains: ['example.com'] },
    });
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: board.id, title: 'Dark mode' },
      account.token,
    );
    const leaving = await addEndUser(server, owner.companyId, { name: 'Leaving Person' });
    const staying = await addEndUser(server, owner.companyId, { name: 'Staying Person' });
    for (const voter of [leaving, staying]) {
      await gql(server, UPVOTE, { ideaId: idea.id }, voter.token);
    }
    return { account, leaving, ideaTitle: 'Dark mode' };
  }

  const votesOf = async (title: string) =>
    (await console_.server.deps.prisma.idea.findFirstOrThrow({ where: { title } })).voteCount;

  async function openUsers(page: TConsolePage, account: { email: string; password: string }) {
    await logIn(page, console_.server, account);
    await page.goto(`${console_.server.url}/admin/users`);
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
  }

  it('exports a person’s data, then erases them and the vote count falls', async () => {
    const { account, leaving } = await seed('Privacy Company');
    const before = await votesOf('Dark mode');
    const page = await console_.open();
    await openUsers(page, account);
    // Team members have no erase button.
    expect(await page.getByRole('button', { name: /^Erase .*…$/ }).count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'gdpr-users-1440-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export data of Leaving Person' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^user-data-.+\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(exported.profile).toMatchObject({ displayName: 'Leaving Person', email: leaving.email });
    expect(exported.votes).toEqual([expect.objectContaining({ ideaTitle: 'Dark mode' })]);

    await page.getByRole('button', { name: 'Erase Leaving Person…' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const submit = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Delete them').check();
    await page.keyboard.press('Tab');
    await dialog.getByLabel('I understand that this person’s data is gone for good.').check();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'gdpr-erase-1440-en');
    await submit.click();

    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('Leaving Person was erased.');
    await expect.poll(() => page.getByText('Leaving Person', { exact: true }).count()).toBe(0);
    expect(await votesOf('Dark mode')).toBe(before - 1);
    const stat = (label: string) =>
      page.locator('.stat', { hasText: label }).locator('dd').textContent();
    expect([await stat('All users'), await stat('Regular users')]).toEqual(['2', '2']);
    expect(await console_.server.deps.prisma.user.count({ where: { id: leaving.userId } })).toBe(0);
    await saveScreenshot(page, 'gdpr-erased-1440-en');

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'gdpr-erased-390-en');
    expect(page.errors).toEqual([]);
  });

  it('speaks Polish, at both widths', async () => {
    const { account } = await seed('Firma RODO', 'pl-PL');
    for (const width of [1440, 390]) {
      const page = await console_.open({ viewport: { width, height: 900 } });
      await openUsers(page, account);
      await expect.poll(() => page.locator('th', { hasText: 'Dane (RODO)' }).count()).toBe(1);
      await saveScreenshot(page, `gdpr-users-${width}-pl`);
      await page.getByRole('button', { name: 'Usuń trwale użytkownika Leaving Person…' }).click();
      await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
      expect(await page.getByRole('dialog').textContent()).toContain('Zachowaj je bez autora');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `gdpr-erase-${width}-pl`);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });
});
