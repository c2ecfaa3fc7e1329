import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { expectCall } from '../api/src/testing/rest-fixtures.ts';
import { rowIdOf } from '../web/src/relay/row-id.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Triage in the browser: an internal note stays with the team while the widget's signed-in user
 * reads the public comment beside it; a merge as duplicate (with the board's own declined
 * status) is undone from the idea dialog with every count as it was.
 */

const PASSWORD = 'secret-password';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const CREATE_STATUS = `mutation ($boardId: ID!, $nameEn: String!, $namePl: String!) {
  createBoardStatus(boardId: $boardId, kind: DECLINED, nameEn: $nameEn, namePl: $namePl, color: "6E7781") {
  __typename ... on MutationCreateBoardStatusSuccess { data { id } } } }`;
const CREATE_TAG = `mutation ($name: String!) { createTag(name: $name, color: "1f6feb", isPrivate: false) {
  __typename ... on MutationCreateTagSuccess { data { id } } } }`;
const ADD_TAG = `mutation ($ideaId: ID!, $tagId: ID!) { addIdeaTag(ideaId: $ideaId, tagId: $tagId) {
  __typename ... on MutationAddIdeaTagSuccess { data { id } } } }`;
const SETUP = `query ($id: ID!) { board(id: $id) { widgetSetup { boardHash } } viewer { company { secret } } }`;

const NOTED = 'Export the roadmap as a PDF';
const KEPT = 'Single sign-on with Okta';
const DUPLICATE = 'Okta login for our staff';
const NOTE = 'Internal: Acme asked for this in the renewal call.';
const PUBLIC = 'Thanks, we are looking into PDF exports.';

describe.skipIf(!hasChromium())('console: triage', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';
  let boardHash = '';
  let secret = '';
  const ideas: Record<string, string> = {};

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    const { server } = console_;
    admin = await signUpCompany(server, 'Triage Company');
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Product' },
      admin.token,
    );
    boardId = board.id;
    await expectCall(server, 'PUT', `/boards/${rowIdOf(boardId, 'Board')}/set-public`, 200, {
      token: admin.token,
      body: { isPublic: true },
    });
    for (const title of [NOTED, KEPT, DUPLICATE]) {
      const idea = await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token);
      ideas[title] = idea.id;
    }
    const { body } = await gql(server, SETUP, { id: boardId }, admin.token);
    boardHash = body.data.board.widgetSetup.boardHash;
    secret = body.data.viewer.company.secret;
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** The console's list with the idea's dialog open. */
  async function openIdea(page: Page, title: string): Promise<Locator> {
    await page.goto(`${console_.server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: title, exact: true }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect.poll(() => detail.isVisible()).toBe(true);
    return detail;
  }

  it('keeps an internal note from the widget’s signed-in user, who reads the public comment', async () => {
    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, console_.server, { email: admin.email, password: PASSWORD });
    const detail = await openIdea(page, NOTED);

    await detail.getByLabel('Your comment').fill(NOTE);
    await detail.getByRole('checkbox', { name: 'Internal note' }).check();
    await detail.getByRole('button', { name: 'Add internal note' }).click();
    await expect.poll(() => detail.getByText(NOTE).isVisible()).toBe(true);
    await detail.getByLabel('Your comment').fill(PUBLIC);
    await detail.getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(() => detail.getByText(PUBLIC).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A customer's page on its own origin signs its user in with an SSO token.
    const token = jwt.sign({ id: 'crm-77', name: 'Wanda Widget' }, secret, {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    const host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer site</title></head>
<body><main><h1>Our product</h1><div id="feedback" data-base-url="${console_.server.url}" data-board-hash="${boardHash}" data-sso-token="${token}"></div></main>
<script src="${console_.server.url}/widget.js" defer></script></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    let widget: TConsolePage | null = null;
    try {
      widget = await console_.open();
      await widget.goto(`http://localhost:${(host.address() as AddressInfo).port}/`);
      await expect
        .poll(() => widget?.getByText('Signed in as Wanda Widget').isVisible())
        .toBe(true);
      await widget.getByTestId('idea').getByRole('button', { name: NOTED, exact: true }).click();
      const opened = widget.getByTestId('idea-detail');
      await expect.poll(() => opened.getByText(PUBLIC).isVisible()).toBe(true);
      expect(await opened.innerText()).not.toContain(NOTE);
      expect(await widget.content()).not.toContain('renewal call');

      // The roadmap narrows to a public tag like the list: the planned, tagged idea, then none.
      const { server } = console_;
      const reports = await mutate(
        server,
        'createTag',
        CREATE_TAG,
        { name: 'Reports' },
        admin.token,
      );
      await mutate(server, 'createTag', CREATE_TAG, { name: 'Billing' }, admin.token);
      await mutate(
        server,
        'addIdeaTag',
        ADD_TAG,
        { ideaId: ideas[NOTED], tagId: reports.id },
        admin.token,
      );
      await expectCall(server, 'PUT', `/ideas/${rowIdOf(ideas[NOTED] ?? '', 'Idea')}/status`, 200, {
        token: admin.token,
        body: { status: 'PLANNED' },
      });
      await widget.reload();
      await widget.getByRole('button', { name: 'Roadmap', exact: true }).click();
      const planned = widget.getByRole('region', { name: 'Planned' });
      await expect.poll(() => planned.getByRole('button', { name: NOTED }).isVisible()).toBe(true);
      const tagChoice = widget.getByLabel('Tag');
      await tagChoice.focus();
      await tagChoice.selectOption({ label: 'Billing' });
      await expect
        .poll(() => widget?.getByText('Nothing on the roadmap with this tag.').isVisible())
        .toBe(true);
      await tagChoice.selectOption({ label: 'Reports' });
      await expect.poll(() => planned.getByRole('button', { name: NOTED }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(widget)).toEqual([]);
      expect(widget.errors).toEqual([]);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
    expect(page.errors).toEqual([]);
  });

  // Two dialogs and two browser round trips of writes: slower than most on a loaded two-core machine.
  it('merges a duplicate with its votes under the board’s own declined status, then undoes it', async () => {
    const { server } = console_;
    for (const [nameEn, namePl] of [
      ['Won’t do', 'Nie zrobimy'],
      ['Already requested', 'Już zgłoszony'],
    ]) {
      await mutate(
        server,
        'createBoardStatus',
        CREATE_STATUS,
        { boardId, nameEn, namePl },
        admin.token,
      );
    }
    // One voter of both ideas, one of each: 2 and 2 votes.
    const vote = async (title: string, voter: TTestAccount) =>
      expectCall(server, 'POST', `/ideas/${rowIdOf(ideas[title] ?? '', 'Idea')}/upvote`, 200, {
        token: voter.token,
      });
    const [both, keptOnly, duplicateOnly] = await Promise.all(
      ['Bo Both', 'Kim Kept', 'Dee Duplicate'].map((name) =>
        addEndUser(server, admin.companyId, { name }),
      ),
    );
    for (const [title, voter] of [
      [KEPT, both],
      [DUPLICATE, both],
      [KEPT, keptOnly],
      [DUPLICATE, duplicateOnly],
    ] as const) {
      if (voter) await vote(title, voter);
    }

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    const detail = await openIdea(page, DUPLICATE);
    // The kept idea's card behind the dialog (hidden from the accessibility tree meanwhile).
    const keptCount = page.locator('article').filter({ hasText: KEPT }).getByTestId('vote-count');
    const count = detail.getByTestId('vote-count');
    await expect.poll(() => count.innerText()).toBe('2');
    await expect.poll(() => keptCount.innerText()).toBe('2');

    await detail.getByRole('button', { name: 'Change status: Open' }).click();
    await page.getByRole('menuitem', { name: 'Decline…' }).click();
    const decline = page.getByRole('dialog', { name: `Decline “${DUPLICATE}”` });
    await decline.getByLabel('Reason').selectOption('DUPLICATE');
    await decline.getByLabel('Duplicate of').selectOption(ideas[KEPT] ?? '');
    // The board's own declined statuses, the first picked; its plain name stays a choice.
    const status = decline.getByLabel('Status shown');
    await expect
      .poll(() => status.locator('option').allTextContents())
      .toEqual(['Won’t do', 'Already requested', 'Declined']);
    await expect.poll(() => status.locator('option:checked').textContent()).toBe('Won’t do');
    await status.selectOption({ label: 'Already requested' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await decline.getByRole('button', { name: 'Decline idea' }).click();
    await expect.poll(() => decline.count()).toBe(0);

    // Merged: the kept idea counts the voter of both once.
    await expect
      .poll(() =>
        detail.getByRole('button', { name: 'Change status: Already requested' }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => count.innerText()).toBe('0');
    await expect.poll(() => keptCount.innerText()).toBe('3');
    const activity = detail.getByRole('region', { name: 'Activity' });
    await expect
      .poll(() => activity.getByText(`merged it with “${KEPT}” (2 votes moved)`).isVisible())
      .toBe(true);
    const read = await expectCall(
      server,
      'GET',
      `/ideas/${rowIdOf(ideas[DUPLICATE] ?? '', 'Idea')}`,
      200,
    );
    expect(read).toMatchObject({ status: 'DECLINED', customStatus: { name: 'Already requested' } });

    // Undone from the dialog: both counts as before, the status it had, and the log says so.
    await detail.getByRole('button', { name: 'Undo merge' }).click();
    await expect.poll(() => count.innerText()).toBe('2');
    await expect.poll(() => keptCount.innerText()).toBe('2');
    await expect
      .poll(() => detail.getByRole('button', { name: 'Change status: Open' }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        activity.getByText(`undid the merge with “${KEPT}” (2 votes restored)`).isVisible(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'idea-undo-merge');
    for (const title of [KEPT, DUPLICATE]) {
      const idea = await expectCall(
        server,
        'GET',
        `/ideas/${rowIdOf(ideas[title] ?? '', 'Idea')}`,
        200,
      );
      expect(idea).toMatchObject({ status: 'OPEN', voteCount: 2, customStatus: null });
    }
    expect(page.errors).toEqual([]);
  }, 120_000);
});
