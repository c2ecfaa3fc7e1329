import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { startWebhookReceiver } from '../api/src/testing/webhook-receiver.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { expectToast, logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
/** What signUpCompany registers with. */
const PASSWORD = 'secret-password';

describe.skipIf(!hasChromium())('console: webhooks page and similar-idea hints', () => {
  let console_: TConsole;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let admin: TTestAccount;
  let boardId: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    console_ = await startConsole({ webhookAllowPrivateUrls: true, webhookRetryBaseMs: 200 });
    admin = await signUpCompany(console_.server, 'Hooks and Hints Inc');
    const board = await mutate(
      console_.server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Product ideas board' },
      admin.token,
    );
    boardId = board.id;
    for (const title of ['Dark theme for the dashboard', 'Export ideas to a spreadsheet']) {
      await mutate(console_.server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token);
    }
  });
  afterAll(async () => {
    await console_?.close();
    await receiver?.close();
  });

  it('adds a webhook from the keyboard, shows its secret once, sends a test and logs it', async () => {
    const page = await console_.open();
    await logIn(page, console_.server, { email: admin.email, password: PASSWORD });
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.waitForURL('**/admin/webhooks');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Webhooks', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('No webhooks yet.').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A bad address is refused next to the field.
    await page.getByLabel('Address (URL)').fill('ftp://example.com/hook');
    await page.getByLabel('Address (URL)').press('Enter');
    await expect
      .poll(() => page.getByText('Only http:// and https:// addresses are allowed.').isVisible())
      .toBe(true);

    // Keyboard only: type the address, untick one event, submit with Enter.
    await page.getByLabel('Address (URL)').fill(receiver.url);
    await page.getByLabel('Vote changed').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Address (URL)').press('Enter');
    await expect.poll(() => page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
    const card = page.getByTestId('webhook-card');
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.getByText(receiver.url).isVisible()).toBe(true);
    expect(await card.textContent()).not.toContain('Vote changed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Send test' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Test delivered');
    const log = card.getByTestId('delivery-log');
    await expect.poll(() => log.textContent()).toContain('webhook.test');
    await expect.poll(() => log.textContent()).toContain('Delivered');
    await expect.poll(() => log.textContent()).toContain('200');
    expect(receiver.received.map((d) => d.json.type)).toEqual(['webhook.test']);

    // Disabling shows at once; the list keeps it.
    await card.getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => card.getByText('Disabled', { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'webhooks');

    // Deleting asks once more, then the card goes.
    await card.getByRole('button', { name: 'Delete' }).click();
    await card.getByRole('button', { name: 'Really delete' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => page.getByText('No webhooks yet.').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('hints similar ideas while typing a new one; a hint can be voted and opened', async () => {
    const page = await console_.open();
    await logIn(page, console_.server, { email: admin.email, password: PASSWORD });
    await page.goto(`${console_.server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    await page.getByRole('button', { name: 'Add idea' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an idea' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Title').pressSequentially('dark mode', { delay: 30 });
    const hints = dialog.getByTestId('similar-ideas');
    await expect.poll(() => hints.isVisible()).toBe(true);
    await expect
      .poll(() => hints.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining('Dark theme for the dashboard')]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'similar-ideas-hint');

    // Vote from the hint, by keyboard.
    await hints.getByRole('button', { name: 'Vote for “Dark theme for the dashboard”' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => hints.getByTestId('vote-count').textContent()).toBe('1');

    // Opening the hint closes the form and shows the idea.
    await hints.getByRole('button', { name: 'Open “Dark theme for the dashboard”' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Dark theme for the dashboard' }).isVisible())
      .toBe(true);
    expect(page.errors).toEqual([]);
  });
});
