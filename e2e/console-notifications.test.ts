import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  expectToast,
  logIn,
  openProfileSettings,
  registerAccount,
  saveScreenshot,
  startConsole,
  type TConsole,
} from './console.ts';

describe.skipIf(!hasChromium())('console: notification emails and the test email', () => {
  let console_: TConsole;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    console_ = await startConsole({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await console_?.close();
    await smtp?.close();
  });

  it('picks which notification emails to get from the keyboard, and keeps the choice', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await logIn(page, server, account);
    await openProfileSettings(page);

    const all = page.getByRole('radio', { name: /All notifications/ });
    const mine = page.getByRole('radio', { name: /Only my ideas/ });
    const none = page.getByRole('radio', { name: /^None/ });
    await expect.poll(() => all.isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Arrow keys move through a radio group and pick as they go.
    await all.focus();
    await page.keyboard.press('ArrowDown');
    await expectToast(page, 'Data saved');
    await expect.poll(() => mine.isChecked()).toBe(true);
    const stored = async () =>
      (await server.call('GET', '/api/v1/profile', { token: account.token })).body.notifications;
    await expect.poll(stored).toBe('MY_IDEAS');
    await saveScreenshot(page, 'settings-notifications');

    await page.reload();
    await expect.poll(() => mine.isChecked()).toBe(true);
    await none.click();
    await expect.poll(stored).toBe('NONE');
    expect(page.errors).toEqual([]);
  });

  it('sends a test email and shows the mail server’s answer, in Polish too', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await logIn(page, server, account);
    await page.goto(`${server.url}/admin/company`);

    const before = smtp.messages.length;
    await page.getByRole('button', { name: 'Send a test email' }).click();
    const result = page.getByTestId('test-email-result');
    await expect
      .poll(() => result.innerText())
      .toMatch(
        new RegExp(
          `accepted the test email to ${account.email.replace(/\./g, '\\.')}[\\s\\S]*250 `,
        ),
      );
    await expect.poll(() => smtp.messages.length).toBe(before + 1);
    expect(smtp.messages[before]?.to).toEqual([account.email]);

    smtp.reject({ code: 550, message: '5.7.1 Relaying denied for the test' });
    try {
      await page.getByRole('button', { name: 'Send a test email' }).click();
      await expect
        .poll(() => result.innerText())
        .toMatch(/refused[\s\S]*550 5\.7\.1 Relaying denied/);
    } finally {
      smtp.reject(null);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-test-email');

    // The language is the person's own setting; the test email the company's.
    await openProfileSettings(page);
    await page.getByLabel('Interface language').selectOption('pl-PL');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Powiadomienia e-mail' }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('radio', { name: /Tylko moje pomysły/ }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'ustawieniach firmy' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Wyślij testowy e-mail' }).isVisible())
      .toBe(true);
    expect(page.errors).toEqual([]);
  });
});
