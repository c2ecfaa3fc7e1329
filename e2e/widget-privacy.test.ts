import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  createBoardId,
  gql,
  mutate,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;

async function shots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * An end user asks from the widget for their own data and for their erasure: each is a link
 * mailed to them, opened in the browser, confirmed there.
 */
describe.skipIf(!hasChromium())('widget: a person’s own data and erasure', () => {
  let console_: TConsole;
  let owner: TTestAccount;
  let boardId: string;
  let ideaId: string;
  let boardPath: string;

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    const { server } = console_;
    owner = await signUpCompany(server, 'Privacy Company');
    boardId = await createBoardId(server, owner.token, 'Privacy feedback');
    ideaId = (
      await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId, title: 'Dark mode please' },
        owner.token,
      )
    ).id as string;
    await gql(
      server,
      `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`,
      { id: boardId },
      owner.token,
    );
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: decodeId(boardId, 'Board') },
      include: { company: true },
    });
    boardPath = `/public/${board.company.slug}/${board.slug}`;
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function widgetAs(person: TTestAccount, locale = 'en-US') {
    const page = await console_.open({ locale });
    page.setDefaultTimeout(15_000);
    await page.addInitScript(
      ([key, token]) => window.localStorage.setItem(key as string, token as string),
      [`feedboard:${console_.server.url}:session`, person.token],
    );
    await page.goto(`${console_.server.url}${boardPath}`);
    await page.getByTestId('signed-in').waitFor();
    return page;
  }
  const linkMailedTo = async (email: string, topic: string) => {
    await expect
      .poll(() => console_.server.deps.prisma.mail.count({ where: { to: email, topic } }))
      .toBe(1);
    const mail = await console_.server.deps.prisma.mail.findFirstOrThrow({
      where: { to: email, topic },
    });
    return /\/privacy\/[\w-]{43}/.exec(mail.text)?.[0] ?? '';
  };
  const votes = async () =>
    (
      await console_.server.deps.prisma.idea.findUniqueOrThrow({
        where: { id: decodeId(ideaId, 'Idea') },
      })
    ).voteCount;

  it('mails a link that downloads everything about the person as JSON', async () => {
    const person = await addEndUser(console_.server, owner.companyId, { name: 'Xena Export' });
    await gql(console_.server, UPVOTE, { ideaId }, person.token);
    const page = await widgetAs(person);
    await page.getByText('Your data').click();
    await page.getByRole('button', { name: 'Email me my data' }).click();
    await expect
      .poll(() => page.getByTestId('your-data').getByRole('status').textContent())
      .toBe(`We sent a link to ${person.email}: open it to download your data.`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'widget-your-data-en');

    const path = await linkMailedTo(person.email, 'PRIVACY_EXPORT_REQUEST');
    await page.goto(`${console_.server.url}${path}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'privacy-export-page-en');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    const document = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(document.profile.displayName).toBe('Xena Export');
    expect(document.votes.map((vote: { ideaTitle: string }) => vote.ideaTitle)).toEqual([
      'Dark mode please',
    ]);
    await page.context().close();
  });

  it('mails a link that deletes the account once confirmed, and the vote count falls', async () => {
    const person = await addEndUser(console_.server, owner.companyId, { name: 'Erin Erase' });
    await gql(console_.server, UPVOTE, { ideaId }, person.token);
    const before = await votes();
    const page = await widgetAs(person);
    await page.getByText('Your data').click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect
      .poll(() => page.getByTestId('your-data').getByRole('status').textContent())
      .toBe(`We sent a link to ${person.email}: open it to confirm deleting your account.`);
    expect(await votes()).toBe(before);

    const path = await linkMailedTo(person.email, 'PRIVACY_ERASE_REQUEST');
    await page.goto(`${console_.server.url}${path}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Delete your account?',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'privacy-erase-page-en');
    // From the keyboard: pick "delete my ideas", then confirm.
    await page
      .getByLabel('Delete my ideas (with their votes and comments) and my comments')
      .check();
    await page.getByRole('button', { name: 'Delete my account' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your account is deleted');
    expect(await votes()).toBe(before - 1);
    expect(
      await console_.server.deps.prisma.user.findUnique({ where: { id: person.userId } }),
    ).toBeNull();
    // The widget no longer knows the session.
    const profile = await console_.server.call('GET', '/api/v1/profile', { token: person.token });
    expect(profile.status).toBe(401);
    await page.context().close();
  });

  it('speaks Polish to a Polish visitor of a Polish board', async () => {
    await gql(
      console_.server,
      `mutation ($id: ID!) { updateBoardLanguage(boardId: $id, language: "pl-PL") { __typename } }`,
      { id: boardId },
      owner.token,
    );
    const person = await addEndUser(console_.server, owner.companyId, { name: 'Piotr' });
    await console_.server.deps.prisma.user.update({
      where: { id: person.userId },
      data: { language: 'pl-PL' },
    });
    // The portal page and its widget speak the visitor's language of ours first.
    const page = await widgetAs(person, 'pl-PL');
    await page.getByText('Twoje dane').click();
    await page.getByRole('button', { name: 'Usuń moje konto' }).click();
    await expect
      .poll(() => page.getByTestId('your-data').getByRole('status').textContent())
      .toContain('Wysłaliśmy link');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'widget-your-data-pl');
    const path = await linkMailedTo(person.email, 'PRIVACY_ERASE_REQUEST');
    await page.goto(`${console_.server.url}${path}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Usunąć Twoje konto?');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'privacy-erase-page-pl');
    expect(page.errors).toEqual([]);
  });
});
