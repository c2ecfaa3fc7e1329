import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../api/src/auth/password.ts';
import { addEndUser, mutate } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { readMail, startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, registerAccount, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Mentions in the browser: the owner mentions a teammate by keyboard in the comment box's `@`
 * combobox, the teammate's mail arrives at the test SMTP server, and the teammate, signed in,
 * sees the unread count on the bell and the mention on /admin/notifications.
 */

const PASSWORD = 'teammate-password';
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const TITLE = 'Dark mode for reports';

describe.skipIf(!hasChromium())('console: mentions', () => {
  let console_: TConsole;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let owner: { email: string; password: string; token: string };
  let teammate: TTestAccount;
  let boardId = '';

  beforeAll(async () => {
    smtp = await startSmtpSink();
    console_ = await startConsole({ smtpUrl: smtp.url });
    const { server } = console_;
    owner = await registerAccount(server, 'Mentions Company');
    const me = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: owner.email.toLowerCase(), role: 'OWNER' },
    });
    teammate = await addEndUser(server, me.companyId, { role: 'MEMBER', name: 'Tina Teammate' });
    await server.deps.prisma.user.update({
      where: { id: teammate.userId },
      data: { passwordHash: await hashPassword(PASSWORD), loginEmail: teammate.email },
    });
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Product' },
      owner.token,
    );
    boardId = board.id;
    await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title: TITLE }, owner.token);
  });
  afterAll(async () => {
    await console_?.close();
    await smtp?.close();
  });

  it('mentions a teammate by keyboard; the mail arrives and the teammate sees it in the console', async () => {
    const { server } = console_;
    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, owner);
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: TITLE, exact: true }).click();
    const detail = page.getByRole('dialog', { name: TITLE });
    await expect.poll(() => detail.isVisible()).toBe(true);

    const box = detail.getByRole('combobox', { name: 'Your comment' });
    await box.click();
    await page.keyboard.type('Could you check this, @ti');
    const list = detail.getByRole('listbox', { name: 'People to mention' });
    await expect.poll(() => list.isVisible()).toBe(true);
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    const option = list.getByRole('option', { name: /Tina Teammate/ });
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Escape closes the list and leaves the dialog open; typing reopens it.
    await page.keyboard.press('Escape');
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await detail.isVisible()).toBe(true);
    await page.keyboard.type('n');
    await expect.poll(() => list.isVisible()).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => list.isVisible()).toBe(false);
    await page.keyboard.type('please?');
    // The box shows the name (issue 52); the markup is what is sent (the mention below).
    expect(await box.inputValue()).toBe('Could you check this, @Tina Teammate please?');

    const before = smtp.messages.length;
    await detail.getByRole('button', { name: 'Add comment' }).click();
    const mention = detail.locator('mark.mention', { hasText: '@Tina Teammate' });
    await expect.poll(() => mention.isVisible()).toBe(true);
    await saveScreenshot(page, 'console-mention-comment');

    await server.deps.mailer.flush();
    await expect.poll(() => smtp.messages.length).toBeGreaterThan(before);
    const mails = smtp.messages.slice(before).filter((m) => m.to.includes(teammate.email));
    expect(mails).toHaveLength(1);
    const mail = await readMail(mails[0]!);
    expect(mail.subject).toContain('mentioned you');
    expect(mail.text).toContain('Could you check this, @Tina Teammate please?');
    expect(page.errors).toEqual([]);

    const other = await console_.open();
    other.setDefaultTimeout(15_000);
    await logIn(other, server, { email: teammate.email, password: PASSWORD });
    const bell = other.getByRole('link', { name: 'Notifications 1', exact: true });
    await expect.poll(() => bell.isVisible()).toBe(true);
    await bell.click();
    await other.waitForURL('**/admin/notifications');
    const entry = other.getByRole('link', { name: /mentioned you on “Dark mode for reports”/ });
    await expect.poll(() => entry.isVisible()).toBe(true);
    expect(await seriousAxeViolations(other)).toEqual([]);
    await saveScreenshot(other, 'console-notifications');
    await other.getByRole('button', { name: 'Mark all read' }).click();
    await expect
      .poll(() => other.getByRole('link', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);
    expect(other.errors).toEqual([]);
  });
});
