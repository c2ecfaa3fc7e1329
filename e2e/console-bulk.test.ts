import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, mutate, setPlan, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { expectCall } from '../api/src/testing/rest-fixtures.ts';
import { rowIdOf } from '../web/src/relay/row-id.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';
import type { TConsolePage } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const CREATE_TAG = `mutation ($name: String!) { createTag(name: $name, color: "1f6feb", isPrivate: false) {
  __typename ... on MutationCreateTagSuccess { data { id } } } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const TAGGED = ['Offline sync', 'Push alerts'];
const UNTAGGED = 'Dark theme';

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

describe.skipIf(!hasChromium())('console: bulk actions and the tag filter', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let page: TConsolePage;
  let customer: TTestAccount;
  let triageRowId = '';
  let mobileRowId = '';
  let tagRowId = '';
  const ideas: Record<string, string> = {};
  const card = (title: string) => page.getByRole('article', { name: title });
  const count = () => page.getByTestId('bulk-count');
  const toolbar = () => page.getByRole('region', { name: 'Bulk actions' });

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    admin = await signUpCompany(console_.server, 'Bulk Company');
    await setPlan(console_.server, admin.companyId, 'ULTRA');
    const { server } = console_;
    const triage = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Triage' },
      admin.token,
    );
    const mobile = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Mobile' },
      admin.token,
    );
    triageRowId = rowIdOf(triage.id, 'Board');
    mobileRowId = rowIdOf(mobile.id, 'Board');
    // New boards are private: the customer (a confirmed example.com address) keeps seeing the
    // ideas moved to the Mobile board.
    await server.deps.prisma.board.update({
      where: { id: Number(mobileRowId) },
      data: { allowedEmailDomains: ['example.com'] },
    });
    await expectCall(server, 'PUT', `/boards/${triageRowId}/set-public`, 200, {
      token: admin.token,
      body: { isPublic: true },
    });
    for (const title of [...TAGGED, UNTAGGED]) {
      ideas[title] = (
        await mutate(server, 'createIdea', CREATE_IDEA, { boardId: triage.id, title }, admin.token)
      ).id;
    }
    // The untagged idea is on the roadmap already, so the roadmap's tag filter has one to hide.
    await mutate(
      server,
      'setIdeaStatus',
      SET_STATUS,
      { ideaId: ideas[UNTAGGED], status: 'PLANNED' },
      admin.token,
    );
    // A customer's votes and comments, which the move must keep.
    customer = await addEndUser(server, admin.companyId);
    for (const title of TAGGED) {
      const ideaRowId = rowIdOf(ideas[title]!, 'Idea');
      await expectCall(server, 'POST', `/ideas/${ideaRowId}/upvote`, 200, {
        token: customer.token,
      });
      await expectCall(server, 'POST', `/ideas/${ideaRowId}/comments`, 201, {
        token: customer.token,
        body: { text: `Keep this note on ${title}.` },
      });
    }
    const tag = await mutate(server, 'createTag', CREATE_TAG, { name: 'Phones' }, admin.token);
    tagRowId = rowIdOf(tag.id, 'Tag');
    page = await console_.open();
    // An action that cannot happen fails within the test's time, naming the step.
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('selects two ideas from the keyboard, tags them and filters the list by the tag', async () => {
    const { server } = console_;
    await page.goto(`${server.url}/admin/boards/${triageRowId}/list`);
    await expect.poll(() => card(UNTAGGED).isVisible()).toBe(true);

    // Select two ideas with Space on their checkboxes; the count is announced.
    for (const title of TAGGED) {
      await page.getByRole('checkbox', { name: `Select “${title}”` }).focus();
      await page.keyboard.press('Space');
    }
    await expect.poll(() => count().textContent()).toBe('2 ideas selected');
    expect(await count().getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => toolbar().isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'bulk-toolbar');

    // Add the tag to both.
    await toolbar().getByLabel('Tag').selectOption({ label: 'Phones' });
    await toolbar().getByRole('button', { name: 'Add tag' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => count().textContent()).toBe('2 ideas updated; nothing else changed.');
    for (const title of TAGGED) {
      await expect
        .poll(() => card(title).getByRole('list', { name: 'Tags' }).textContent())
        .toBe('Phones');
    }
    expect(await card(UNTAGGED).getByRole('list', { name: 'Tags' }).count()).toBe(0);

    // Filter the list by the tag: the address keeps it.
    await page.getByRole('search').getByLabel('Tag').selectOption({ label: 'Phones' });
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(tagRowId);
    await expect.poll(() => card(UNTAGGED).count()).toBe(0);
    expect(await page.getByRole('article').count()).toBe(2);
  });

  it('sets the status of the page in bulk; the roadmap and the widget filter by the tag', async () => {
    const { server } = console_;
    // Select all on the page, then set their status.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => count().textContent()).toBe('2 ideas selected');
    await toolbar().getByLabel('New status').selectOption({ label: 'Planned' });
    await toolbar().getByRole('button', { name: 'Set status' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => count().textContent()).toBe('2 ideas updated; nothing else changed.');
    for (const title of TAGGED) {
      await expect.poll(() => card(title).getByText('Planned').isVisible()).toBe(true);
    }

    // The roadmap, filtered by the tag too: the untagged planned idea stays out.
    await page.goto(`${server.url}/admin/boards/${triageRowId}/roadmap`);
    const planned = page.getByTestId('roadmap-PLANNED');
    await expect.poll(() => planned.getByText(UNTAGGED).isVisible()).toBe(true);
    await page.getByLabel('Tag').selectOption({ label: 'Phones' });
    await expect.poll(() => new URL(page.url()).searchParams.get('tag')).toBe(tagRowId);
    await expect.poll(() => planned.getByText(UNTAGGED).count()).toBe(0);
    for (const title of TAGGED) {
      await expect.poll(() => planned.getByText(title).isVisible()).toBe(true);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The widget lists the public tag and filters by it.
    const { boardHash } = await expectCall(
      server,
      'GET',
      `/boards/${triageRowId}/widget-setup`,
      200,
      { token: admin.token },
    );
    const host = await startHostSite(server.url, boardHash);
    try {
      const widget = await console_.open();
      await widget.goto(host.url);
      const widgetIdeas = widget.getByTestId('idea');
      await expect.poll(() => widgetIdeas.count()).toBe(3);
      await widget.getByLabel('Tag').selectOption({ label: 'Phones' });
      await expect.poll(() => widgetIdeas.count()).toBe(2);
      expect(await widgetIdeas.filter({ hasText: UNTAGGED }).count()).toBe(0);
      expect(await seriousAxeViolations(widget)).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('moves the tagged ideas to another board with their votes and comments', async () => {
    const { server } = console_;
    // Back to the tagged list: move both ideas to the Mobile board from the keyboard.
    await page.goto(`${server.url}/admin/boards/${triageRowId}/list?tag=${tagRowId}`);
    await expect.poll(() => page.getByRole('article').count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).focus();
    await page.keyboard.press('Space');
    await toolbar().getByLabel('Board').selectOption({ label: 'Mobile' });
    await toolbar().getByRole('button', { name: 'Move ideas' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => count().textContent()).toBe('2 ideas moved to Mobile.');
    await expect.poll(() => page.getByRole('article').count()).toBe(0);

    // On the other board, with their votes and comments.
    await page.goto(`${server.url}/admin/boards/${mobileRowId}/list`);
    for (const title of TAGGED) {
      await expect.poll(() => card(title).isVisible()).toBe(true);
      await expect.poll(() => card(title).getByText('1 comment').isVisible()).toBe(true);
      const read = await expectCall(
        server,
        'GET',
        `/ideas/${rowIdOf(ideas[title]!, 'Idea')}`,
        200,
        {
          token: customer.token,
        },
      );
      expect(read).toMatchObject({
        voteCount: 1,
        isVotedByMe: true,
        commentCount: 1,
        status: 'PLANNED',
        tags: [{ name: 'Phones' }],
      });
    }
    expect(page.errors).toEqual([]);
  });
});
