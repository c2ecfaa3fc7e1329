import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * A customer's user comes through the widget with an SSO token naming their company and its
 * monthly spend, votes and says how much they need it; the team sees the idea's value and the
 * importance in the console, and adds a vote on behalf of another customer from the keyboard.
 */

const PASSWORD = 'secret-password';
const TITLE = 'Single sign-on for the mobile app';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const SETUP = `query ($id: ID!) { board(id: $id) { widgetSetup { boardHash } } viewer { company { secret } } }`;

describe.skipIf(!hasChromium())('customer value from the widget’s SSO token', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';
  let boardHash = '';
  let secret = '';
  let customer: Server;
  let customerSite = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    const { server } = console_;
    admin = await signUpCompany(server, 'Value Company');
    boardId = (await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Requests' }, admin.token))
      .id;
    // New boards are private: grant the company's SSO users, who come through the widget.
    await server.deps.prisma.board.update({
      where: { id: decodeId(boardId, 'Board') },
      data: { ssoAccess: true },
    });
    await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title: TITLE }, admin.token);
    const { body } = await gql(server, SETUP, { id: boardId }, admin.token);
    boardHash = body.data.board.widgetSetup.boardHash;
    secret = body.data.viewer.company.secret;
    customer = createServer((request, response) => {
      const token = new URL(request.url ?? '/', 'http://host').searchParams.get('token') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Customer site</title></head><body><main><h1>Our product</h1>
<div id="feedboard" data-base-url="${server.url}" data-board-hash="${boardHash}" data-sso-token="${token.replace(/[^\w.-]/g, '')}"></div>
</main><script src="${server.url}/widget.js" defer></script></body></html>`);
    });
    await new Promise<void>((resolve) => customer.listen(0, '127.0.0.1', resolve));
    customerSite = `http://localhost:${(customer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => customer?.close(resolve));
    await console_?.close();
  });

  it('the SSO user votes in the widget; the console shows the value and the importance', async () => {
    const token = jwt.sign(
      {
        id: 'carla-1',
        name: 'Carla Customer',
        companies: [{ id: 'acme', name: 'Acme Corporation', monthlySpend: 1500 }],
      },
      secret,
      { algorithm: 'HS256', expiresIn: 600 },
    );
    const widget = await console_.open();
    await widget.goto(`${customerSite}/?token=${encodeURIComponent(token)}`);
    await expect
      .poll(() => widget.getByText('Signed in as Carla Customer').isVisible(), { timeout: 10_000 })
      .toBe(true);
    const card = widget.getByTestId('idea').filter({ hasText: TITLE });
    await expect.poll(() => card.getByTestId('vote').isDisabled()).toBe(false);
    await card.getByTestId('vote').click();
    await expect.poll(() => card.getByTestId('vote-count').innerText()).toBe('1');
    // On the idea's page, the voter says how much they need it (optional).
    await card.getByRole('button', { name: TITLE, exact: true }).click();
    const importance = widget.getByLabel('How much do you need this?');
    await expect.poll(() => importance.isVisible()).toBe(true);
    await importance.selectOption({ label: 'Must have' });
    await expect.poll(() => importance.inputValue()).toBe('MUST_HAVE');
    expect(await seriousAxeViolations(widget)).toEqual([]);
    await widget.context().close();

    const page = await console_.open();
    await logIn(page, console_.server, { email: admin.email, password: PASSWORD });
    await page.goto(`${console_.server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    await expect
      .poll(() => page.getByTestId('idea-card-value').first().textContent(), { timeout: 10_000 })
      .toBe('Value $1,500.00 a month');
    await page.getByRole('button', { name: TITLE, exact: true }).click();
    await expect
      .poll(() => page.getByTestId('idea-value').textContent())
      .toContain('Acme Corporation: $1,500.00 a month, 1 voter');
    await expect
      .poll(() => page.getByTestId('importance-split').textContent())
      .toBe('Importance: 1 must have, 0 important, 0 nice to have, 0 not said');

    // The team adds a vote for another customer's contact, from the keyboard.
    const dialog = page.getByRole('dialog');
    const email = dialog.getByLabel('Customer’s email');
    await email.focus();
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    await email.fill(`dana.${Date.now()}@globex.example`);
    await dialog.getByLabel('Name (for a new contact)').fill('Dana Globex');
    await dialog.getByLabel('Note (optional)').fill('from the sales call with ACME');
    await dialog.getByLabel('Importance (optional)').selectOption({ label: 'Important' });
    await dialog.getByRole('button', { name: 'Add vote' }).focus();
    await page.keyboard.press('Enter');
    const added = dialog.getByTestId('team-vote').filter({ hasText: 'Dana Globex' });
    await expect
      .poll(() => added.textContent())
      .toMatch(/Dana GlobexImportantadded by .+: from the sales call with ACME/);
    await expect
      .poll(() => page.getByTestId('importance-split').textContent())
      .toBe('Importance: 1 must have, 1 important, 0 nice to have, 0 not said');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'idea-votes-on-behalf');

    // Removed by the team: the vote goes, the customer's own vote stays.
    await dialog.getByRole('button', { name: 'Remove the vote of Dana Globex' }).click();
    await expect.poll(() => added.count()).toBe(0);
    expect(await dialog.getByTestId('team-vote').count()).toBe(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
