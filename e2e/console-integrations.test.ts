import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSecretKeys } from '../api/src/auth/secret-box.ts';
import { signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { startSlackStandIn } from '../api/src/testing/slack-stand-in.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { expectToast, logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

/** What signUpCompany registers with. */
const PASSWORD = 'secret-password';

describe.skipIf(!hasChromium())('console: integrations page (Slack)', () => {
  let console_: TConsole;
  let slack: Awaited<ReturnType<typeof startSlackStandIn>>;
  let admin: TTestAccount;

  beforeAll(async () => {
    slack = await startSlackStandIn();
    console_ = await startConsole({
      secretKeys: parseSecretKeys('e2e-integrations-secrets-key-0123456789', undefined),
      slackAllowStandInUrls: true,
      webhookAllowPrivateUrls: true,
      webhookRetryBaseMs: 200,
    });
    admin = await signUpCompany(console_.server, 'Slack Talkers Inc');
  });
  afterAll(async () => {
    await console_?.close();
    await slack?.close();
  });

  it('connects Slack from the keyboard, never shows the URL again, sends a test message that arrives, disconnects', async () => {
    const page = await console_.open();
    await logIn(page, console_.server, { email: admin.email, password: PASSWORD });
    await page.getByRole('link', { name: 'Integrations', exact: true }).click();
    await page.waitForURL('**/admin/integrations');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Integrations', level: 1 }).isVisible())
      .toBe(true);
    const section = page.getByTestId('slack-section');
    await expect
      .poll(() => section.getByText('No Slack channel connected yet.').isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A bad address is refused next to the field.
    const url = section.getByLabel('Incoming webhook URL');
    await url.fill('ftp://example.com/hook');
    await url.press('Enter');
    await expect
      .poll(() => section.getByText('Only http:// and https:// addresses are allowed.').isVisible())
      .toBe(true);

    // Keyboard only: type the URL, untick comments, pick Polish, submit with Enter.
    await url.fill(slack.url);
    await section.getByLabel('New comments').focus();
    await page.keyboard.press('Space');
    await section.getByLabel('Message language').focus();
    await section.getByLabel('Message language').selectOption('pl-PL');
    await url.press('Enter');
    await expectToast(page, 'Slack connection saved.');
    const card = page.getByTestId('slack-connection');
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain(`…/${slack.url.slice(-4)}`);
    expect(await card.textContent()).not.toContain('New comments');
    expect(await card.textContent()).toContain('Polish');
    // The URL is gone from the form and from the page.
    expect(await url.inputValue()).toBe('');
    expect(await page.content()).not.toContain(new URL(slack.url).pathname);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Send test message' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Test message posted to Slack.');
    await expect.poll(() => slack.received.length).toBe(1);
    expect(slack.received[0]!.json.text).toBe('Feedboard jest połączony');
    await expect
      .poll(() => card.getByTestId('slack-last-delivery').textContent())
      .toContain('Delivered');

    // Editing: English now; the URL field may stay empty (the stored one is kept).
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Message language').selectOption('en-US');
    await card.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => card.textContent()).toContain('English');
    await card.getByRole('button', { name: 'Send test message' }).click();
    await expect.poll(() => slack.received.length).toBe(2);
    expect(slack.received[1]!.json.text).toBe('Feedboard is connected');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'integrations-slack');

    // Disconnecting asks once more, then the card goes.
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByRole('button', { name: 'Really disconnect' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect
      .poll(() => section.getByText('No Slack channel connected yet.').isVisible())
      .toBe(true);
    expect(page.errors).toEqual([]);
  }, 120_000);
});
