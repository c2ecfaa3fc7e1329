import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, setPlan, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations, settleAnimations } from './browser.ts';
import { openSignedIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!, $description: String) {
  createIdea(boardId: $boardId, title: $title, description: $description) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const ADD_COMMENT = `mutation ($ideaId: ID!, $text: String!) { addComment(ideaId: $ideaId, text: $text) {
  __typename ... on MutationAddCommentSuccess { data { id } } } }`;

/**
 * Issue 36.3: the idea window puts the conversation first (the idea, the reply box, the
 * comments) and the team's tools (tags, votes, value, linked issues, moving, activity) beside
 * it on a wide screen, and below it on a phone as collapsed sections opened from the keyboard.
 */
describe.skipIf(!hasChromium())('console: the idea window', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';

  beforeAll(async () => {
    console_ = await startConsole();
    admin = await signUpCompany(console_.server, 'Window Company');
    await setPlan(console_.server, admin.companyId, 'ULTRA');
    const board = await mutate(
      console_.server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Roadmap ideas' },
      admin.token,
    );
    boardId = board.id as string;
    const idea = await mutate(
      console_.server,
      'createIdea',
      CREATE_IDEA,
      {
        boardId,
        title: 'Export to PDF',
        description: 'Our finance team needs a PDF of each report.',
      },
      admin.token,
    );
    await mutate(
      console_.server,
      'addComment',
      ADD_COMMENT,
      { ideaId: idea.id, text: 'We would pay for this.' },
      admin.token,
    );
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function openIdea(width: number, locale: 'en-US' | 'pl-PL') {
    const { server } = console_;
    await server.deps.prisma.user.update({
      where: { id: admin.userId },
      data: { language: locale },
    });
    const page = await openSignedIn(
      console_,
      admin.token,
      `/admin/boards/${encodeURIComponent(boardId)}`,
      { viewport: { width, height: 900 }, locale },
    );
    await page.getByRole('button', { name: 'Export to PDF', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to PDF' });
    await expect.poll(() => dialog.getByText('We would pay for this.').isVisible()).toBe(true);
    return { page, dialog };
  }

  it('shows the conversation first and the team’s tools beside it on a wide screen', async () => {
    const { page, dialog } = await openIdea(1440, 'en-US');
    const tools = dialog.getByRole('complementary', { name: 'Team tools' });
    await expect.poll(() => tools.getByRole('region', { name: 'Tags' }).isVisible()).toBe(true);
    const description = await dialog
      .getByText('Our finance team needs a PDF of each report.')
      .boundingBox();
    const toolsBox = await tools.boundingBox();
    // Beside: the tools start to the right of the conversation, level with its top.
    expect(toolsBox!.x).toBeGreaterThan(description!.x + description!.width);
    expect(toolsBox!.y).toBeLessThan(description!.y + 100);
    // The reply box comes before the comments it answers.
    const reply = await dialog.getByRole('textbox').first().boundingBox();
    const comment = await dialog.getByText('We would pay for this.').boundingBox();
    expect(reply!.y).toBeLessThan(comment!.y);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await settleAnimations(page);
    await saveScreenshot(page, 'idea-window-1440-en');
    await page.context().close();
  });

  it('folds the tools below the conversation on a phone, each opened from the keyboard', async () => {
    const { page, dialog } = await openIdea(390, 'en-US');
    const tools = dialog.getByRole('complementary', { name: 'Team tools' });
    const tags = tools.locator('details', { has: page.getByRole('heading', { name: 'Tags' }) });
    await expect.poll(() => tags.isVisible()).toBe(true);
    expect(await tags.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    const description = await dialog
      .getByText('Our finance team needs a PDF of each report.')
      .boundingBox();
    expect((await tools.boundingBox())!.y).toBeGreaterThan(description!.y);
    await tags.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => tags.evaluate((details) => (details as HTMLDetailsElement).open))
      .toBe(true);
    await expect.poll(() => tags.locator('.tool-section__body').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await settleAnimations(page);
    await saveScreenshot(page, 'idea-window-390-en');
    await page.context().close();
  });

  it('names the panel in Polish', async () => {
    const { page, dialog } = await openIdea(1440, 'pl-PL');
    await expect
      .poll(() => dialog.getByRole('complementary', { name: 'Narzędzia zespołu' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await settleAnimations(page);
    await saveScreenshot(page, 'idea-window-1440-pl');
    const phone = await openIdea(390, 'pl-PL');
    await settleAnimations(phone.page);
    await saveScreenshot(phone.page, 'idea-window-390-pl');
    await phone.page.context().close();
    await page.context().close();
  });
});
