import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, mutate, setPlan, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { expectCall } from '../api/src/testing/rest-fixtures.ts';
import { rowIdOf } from '../web/src/relay/row-id.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;
const TITLE = 'Offline mode for the mobile app';

/** A customer's page embedding the board's widget (served from the API's origin). */
async function startHostSite(apiUrl: string, boardHash: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer site</title></head>
<body><main><h1>Our product</h1><div id="feedback" data-base-url="${apiUrl}" data-board-hash="${boardHash}"></div></main>
<script src="${apiUrl}/widget.js" defer></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!hasChromium())('console: custom statuses', () => {
  let console_: TConsole;
  let admin: TTestAccount;

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    admin = await signUpCompany(console_.server, 'Custom Status Company');
    await setPlan(console_.server, admin.companyId, 'ULTRA');
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('defines a status in settings, sets it on an idea, and shows it on the card, the roadmap and the widget', async () => {
    const { server } = console_;
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Mobile app ideas' },
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
      { boardId: board.id, title: TITLE },
      admin.token,
    );
    await gql(server, SET_STATUS, { ideaId: idea.id, status: 'PLANNED' }, admin.token);

    const page = await console_.open();
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(board.id)}/settings`);

    // Settings: add a Planned status with its names in both languages.
    const section = page.getByRole('region', { name: 'Statuses' });
    await expect.poll(() => section.isVisible()).toBe(true);
    await section.getByLabel('Kind').selectOption({ label: 'Planned' });
    await section.getByLabel('Name in English').fill('Next sprint');
    await section.getByLabel('Name in Polish').fill('Następny sprint');
    await expect.poll(() => section.getByText(/Text contrast \d+(\.\d)?:1/).isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Add status' }).click();
    await expect
      .poll(() => section.getByRole('button', { name: 'Edit Next sprint' }).isVisible())
      .toBe(true);
    // A second one, moved above the first from the keyboard.
    await section.getByLabel('Name in English').fill('Icebox');
    await section.getByLabel('Name in Polish').fill('Zamrażarka');
    await section.getByRole('button', { name: 'Add status' }).click();
    const iceboxUp = section.getByRole('button', { name: 'Move Icebox up' });
    await expect.poll(() => iceboxUp.isVisible()).toBe(true);
    await iceboxUp.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => section.getByRole('listitem').allTextContents())
      .toEqual([expect.stringMatching(/^Icebox/), expect.stringMatching(/^Next sprint/)]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'board-statuses');

    // The idea dialog's picker, one list as the filter names them (the board's Planned
    // statuses stand for Planned, no kind repeated as a heading), sets it.
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(board.id)}/list`);
    const card = page.getByRole('article', { name: TITLE });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: TITLE, exact: true }).click();
    const detail = page.getByRole('dialog', { name: TITLE });
    await expect.poll(() => detail.isVisible()).toBe(true);
    await detail.getByRole('button', { name: 'Change status: Planned' }).click();
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await expect
      .poll(() => menu.getByRole('menuitem').allTextContents())
      .toEqual([
        'Awaiting acceptance',
        'Open',
        'Under review',
        'Icebox',
        'Next sprint',
        'In progress',
        'Complete',
        'Decline…',
      ]);
    expect(await menu.getByRole('group').count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'Next sprint' }).click();
    await expect
      .poll(() => detail.getByRole('button', { name: 'Change status: Next sprint' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => card.getByText('Next sprint').isVisible()).toBe(true);

    // The roadmap shows it as a group inside the Planned column.
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(board.id)}/roadmap`);
    const column = page.getByTestId('roadmap-PLANNED');
    const group = column.getByRole('group', { name: 'Next sprint' });
    await expect.poll(() => group.getByRole('article', { name: TITLE }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'roadmap-custom-statuses');

    // The card's Move menu offers the board's custom statuses beside the columns, by keyboard.
    const roadmapCard = group.getByRole('article', { name: TITLE });
    await roadmapCard.getByRole('button', { name: `Move “${TITLE}” to another column` }).focus();
    await page.keyboard.press('Enter');
    const moveMenu = page.getByRole('menu');
    await expect
      .poll(() => moveMenu.getByRole('menuitem').allTextContents())
      .toEqual([
        'Move to Under review',
        'Move to Planned',
        'Move to Planned: Icebox',
        'Move to In progress',
        'Move to Complete',
      ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'roadmap-move-custom-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'roadmap-move-custom-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await moveMenu.getByRole('menuitem', { name: 'Move to Planned: Icebox' }).click();
    await expect
      .poll(() =>
        column
          .getByRole('group', { name: 'Icebox' })
          .getByRole('article', { name: TITLE })
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => group.count()).toBe(0);
    const iceboxed = await expectCall(server, 'GET', `/ideas/${rowIdOf(idea.id, 'Idea')}`, 200, {
      token: admin.token,
    });
    expect(iceboxed).toMatchObject({ status: 'PLANNED', customStatus: { name: 'Icebox' } });
    const statuses = await expectCall(server, 'GET', `/boards/${boardRowId}/statuses`, 200, {
      token: admin.token,
    });
    expect(statuses.map((status: { name: string }) => status.name)).toEqual([
      'Icebox',
      'Next sprint',
    ]);
    // In Polish too.
    await gql(server, SET_LANGUAGE, { language: 'pl-PL' }, admin.token);
    try {
      await page.reload();
      const polishCard = page.getByTestId('roadmap-PLANNED').getByRole('article', { name: TITLE });
      await expect.poll(() => polishCard.isVisible()).toBe(true);
      await polishCard
        .getByRole('button', { name: `Przenieś „${TITLE}” do innej kolumny` })
        .click();
      await expect
        .poll(() => page.getByRole('menu').getByRole('menuitem').allTextContents())
        .toContain('Przenieś do: Zaplanowany – Następny sprint');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'roadmap-move-custom-pl-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, 'roadmap-move-custom-pl-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: 'Przenieś do: Zaplanowany – Następny sprint' })
        .click();
      await expect
        .poll(
          async () =>
            (
              await expectCall(server, 'GET', `/ideas/${rowIdOf(idea.id, 'Idea')}`, 200, {
                token: admin.token,
              })
            ).customStatus?.name,
        )
        .toBe('Next sprint');
    } finally {
      await gql(server, SET_LANGUAGE, { language: 'en-US' }, admin.token);
    }

    // The widget shows its name where the status goes; REST `status` stays PLANNED.
    const { boardHash } = await expectCall(
      server,
      'GET',
      `/boards/${boardRowId}/widget-setup`,
      200,
      {
        token: admin.token,
      },
    );
    const host = await startHostSite(server.url, boardHash);
    try {
      const widget = await console_.open();
      await widget.goto(host.url);
      const widgetCard = widget
        .getByTestId('idea')
        .filter({ has: widget.getByRole('button', { name: TITLE, exact: true }) });
      await expect.poll(() => widgetCard.getByText('Next sprint').isVisible()).toBe(true);
      expect(await seriousAxeViolations(widget)).toEqual([]);
    } finally {
      await host.close();
    }
    const read = await expectCall(server, 'GET', `/ideas/${rowIdOf(idea.id, 'Idea')}`, 200, {
      token: admin.token,
    });
    expect(read).toMatchObject({ status: 'PLANNED', customStatus: { name: 'Next sprint' } });
    expect(page.errors).toEqual([]);
  });
});
