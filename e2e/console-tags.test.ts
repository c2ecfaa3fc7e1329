import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { expectCall } from '../api/src/testing/rest-fixtures.ts';
import { rowIdOf } from '../web/src/relay/row-id.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const ADD_TAG = `mutation ($ideaId: ID!, $tagId: ID!) { addIdeaTag(ideaId: $ideaId, tagId: $tagId) {
  __typename ... on MutationAddIdeaTagSuccess { data { id } } } }`;
const TAGS = `query { viewer { company { tags { id name isPrivate } } } }`;

describe.skipIf(!hasChromium())('console: tags', () => {
  let console_: TConsole;
  let admin: TTestAccount;

  beforeAll(async () => {
    console_ = await startConsole();
    admin = await signUpCompany(console_.server, 'Tag Company');
    await setPlan(console_.server, admin.companyId, 'ULTRA');
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('manages tags in board settings from the keyboard; end users never see the private one', async () => {
    const { server } = console_;
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Tagged' },
      admin.token,
    );
    const boardRowId = rowIdOf(board.id, 'Board');
    await expectCall(server, 'PUT', `/boards/${boardRowId}/set-public`, 200, {
      token: admin.token,
      body: { isPublic: true },
    });
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: board.id, title: 'Dark mode for reports' },
      admin.token,
    );

    const page = await console_.open();
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(board.id)}/settings`);
    const section = page.getByRole('region', { name: 'Tags' });
    await expect.poll(() => section.isVisible()).toBe(true);
    await expect.poll(() => section.getByText('No tags yet.').isVisible()).toBe(true);

    // A public tag, added with Enter in its name field.
    await section.getByLabel('Tag name').fill('Reports');
    await section.getByLabel('Tag name').press('Enter');
    await expect
      .poll(() => section.getByRole('button', { name: 'Edit tag Reports' }).isVisible())
      .toBe(true);
    // A private one: the checkbox toggled with Space.
    await section.getByLabel('Tag name').fill('Churn risk');
    await section.getByLabel('Private (team only)').focus();
    await page.keyboard.press('Space');
    await section.getByRole('button', { name: 'Add tag' }).click();
    await expect
      .poll(() => section.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringMatching(/^Churn risk \(private\)/),
        expect.stringMatching(/^Reports/),
      ]);
    // The same name in another case is refused, beside the field.
    await section.getByLabel('Tag name').fill('reports');
    await section.getByRole('button', { name: 'Add tag' }).click();
    await expect
      .poll(() => section.getByText('A tag with this name already exists.').isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'board-tags');

    // Rename, then delete from the keyboard through the confirmation dialog.
    await section.getByRole('button', { name: 'Edit tag Reports' }).click();
    const editName = section.getByRole('listitem').getByLabel('Tag name');
    await editName.fill('Reporting');
    await editName.press('Enter');
    await expect
      .poll(() => section.getByRole('button', { name: 'Edit tag Reporting' }).isVisible())
      .toBe(true);

    const { body } = await gql(server, TAGS, {}, admin.token);
    const tags: { id: string; name: string; isPrivate: boolean }[] = body.data.viewer.company.tags;
    expect(tags.map((tag) => [tag.name, tag.isPrivate])).toEqual([
      ['Churn risk', true],
      ['Reporting', false],
    ]);
    for (const tag of tags) {
      await mutate(server, 'addIdeaTag', ADD_TAG, { ideaId: idea.id, tagId: tag.id }, admin.token);
    }
    const endUser = await addEndUser(server, admin.companyId);
    const seen = await expectCall(server, 'GET', `/ideas/${rowIdOf(idea.id, 'Idea')}`, 200, {
      token: endUser.token,
    });
    expect(seen.tags.map((tag: { name: string }) => tag.name)).toEqual(['Reporting']);

    await section.getByRole('button', { name: 'Delete tag Churn risk' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete tag “Churn risk”?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete tag' }).click();
    await expect.poll(() => section.getByText('Tag “Churn risk” deleted.').isVisible()).toBe(true);
    // The row leaves the list at once (the store drops it; no reload).
    expect(await section.getByRole('button', { name: 'Delete tag Churn risk' }).count()).toBe(0);
    const team = await expectCall(server, 'GET', `/ideas/${rowIdOf(idea.id, 'Idea')}`, 200, {
      token: admin.token,
    });
    expect(team.tags.map((tag: { name: string }) => tag.name)).toEqual(['Reporting']);

    // The ideas list shows the idea's tags as chips on its card.
    await mutate(
      server,
      'addIdeaTag',
      ADD_TAG,
      { ideaId: idea.id, tagId: tags[1]!.id },
      admin.token,
    );
    const secret = await mutate(
      server,
      'createTag',
      `mutation { createTag(name: "Enterprise", color: "8250df", isPrivate: true) {
        __typename ... on MutationCreateTagSuccess { data { id } } } }`,
      {},
      admin.token,
    );
    await mutate(server, 'addIdeaTag', ADD_TAG, { ideaId: idea.id, tagId: secret.id }, admin.token);
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(board.id)}/list`);
    const card = page.getByRole('article', { name: 'Dark mode for reports' });
    const chips = card.getByRole('list', { name: 'Tags' });
    await expect
      .poll(() => chips.getByRole('listitem').allTextContents())
      .toEqual(['Enterprise (private)', 'Reporting']);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'idea-card-tags');

    // The idea dialog: take a tag off and put another on, from the keyboard.
    await card.getByRole('button', { name: 'Dark mode for reports', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Dark mode for reports' });
    const tagSection = detail.getByRole('region', { name: 'Tags' });
    await expect.poll(() => tagSection.isVisible()).toBe(true);
    await tagSection.getByRole('button', { name: 'Remove tag Enterprise' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => tagSection.getByRole('listitem').allTextContents())
      .toEqual([expect.stringMatching(/^Reporting/)]);
    await tagSection.getByLabel('Tag to add').selectOption({ label: 'Enterprise' });
    await tagSection.getByRole('button', { name: 'Add tag to idea' }).click();
    await expect
      .poll(() => tagSection.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringMatching(/^Enterprise \(private\)/),
        expect.stringMatching(/^Reporting/),
      ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => chips.getByRole('listitem').allTextContents())
      .toEqual(['Enterprise (private)', 'Reporting']);
  });
});
