import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail, startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { UNLIMITED_FOR_TESTS } from '../api/src/testing/test-server.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  logIn,
  registerAccount,
  saveScreenshot,
  startConsole,
  type TConsole,
  type TConsolePage,
} from './console.ts';

/**
 * Invitations by link, before the owner's address is confirmed: the console shell says why mail
 * waits (a banner with "Send again", limited), the owner invites and copies the link from the
 * dialog that shows it once, a teammate in another browser joins with it, and the invitation
 * mail that was held never goes once it was used. Mail goes over real SMTP.
 */
describe.skipIf(!hasChromium())('console: invitations by link', () => {
  let console_: TConsole;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    // Two new confirmation links an hour per address, so the banner's third ask is refused.
    console_ = await startConsole({
      smtpUrl: smtp.url,
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        confirmEmail: { perIp: 1000, perAccount: 2, windowSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await console_?.close();
    await smtp?.close();
  });

  /** The mails `to` received so far (after the worker sent what was due). */
  async function mailsTo(to: string) {
    await console_.server.deps.mailer.flush();
    return Promise.all(smtp.messages.filter((m) => m.to.includes(to)).map(readMail));
  }

  /** Full-page shots at 1440 and 390 px; nothing may scroll sideways. */
  async function screens(page: TConsolePage, name: string) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await saveScreenshot(page, `${name}-${width}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  it(
    'an unconfirmed owner invites by link; the teammate joins before the owner confirms',
    { timeout: 240_000 },
    async () => {
      const { server } = console_;
      const owner = await registerAccount(server, 'Link Company', { confirmEmail: false });
      const teammate = `linked.${Date.now()}@example.com`;

      const page = await console_.open();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: server.url,
      });
      await logIn(page, server, owner);
      await page.goto(`${server.url}/admin/users`);

      // The shell's banner says what waits, and sends the confirmation again from the keyboard.
      const banner = page.getByRole('region', { name: 'Email address confirmation' });
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.innerText()).toContain(
        `Confirm your address ${owner.email} to send invitations and notifications by mail.`,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screens(page, 'invite-link-banner-en');
      const resend = banner.getByRole('button', { name: 'Send again' });
      const status = banner.getByRole('status');
      const ask = async (press: () => Promise<void>) => {
        const answered = page.waitForResponse(
          (r) =>
            r.url().endsWith('/graphql') &&
            (r.request().postData() ?? '').includes('EmailConfirmationBannerResendMutation'),
        );
        await press();
        await answered;
        await expect.poll(() => resend.getAttribute('aria-busy')).toBeNull();
      };
      await ask(async () => {
        await resend.focus();
        await page.keyboard.press('Enter');
      });
      await expect
        .poll(() => status.innerText())
        .toContain('A new confirmation link is on its way');
      await ask(() => resend.click());
      // The third ask within the hour is refused, and the banner says how long to wait.
      await ask(() => resend.click());
      await expect
        .poll(() => status.innerText())
        .toMatch(/You can ask for another in (59|60) minutes/);
      const confirmations = (await mailsTo(owner.email)).filter((m) =>
        m.subject.startsWith('Confirm your email address'),
      );
      expect(confirmations).toHaveLength(3);

      // Invite from the users screen: the dialog shows the link once, to copy.
      await page.getByLabel('Email', { exact: true }).fill(teammate);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invitation link' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.innerText()).toContain('It won’t be shown again');
      expect(await dialog.innerText()).toContain(
        `We will mail it to ${teammate} too once you confirm your own address.`,
      );
      const field = dialog.getByLabel(`Invitation link for ${teammate}`);
      const link = await field.inputValue();
      // The link names APP_URL (the test server's stands elsewhere): the guest opens its path here.
      expect(link).toMatch(
        new RegExp(`^${server.deps.config.appUrl}/invitation/[A-Za-z0-9_-]{20,}$`),
      );
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect.poll(() => dialog.getByRole('button', { name: 'Copied' }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screens(page, 'invite-link-dialog-en');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(
        await page.getByText(`Invitation created for ${teammate}. Copy the link`).isVisible(),
      ).toBe(true);
      expect(await page.getByText('Mail waits for your address confirmation').isVisible()).toBe(
        true,
      );
      expect(
        await page
          .getByRole('button', { name: `Make a new link for the invitation to ${teammate}` })
          .count(),
      ).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await mailsTo(teammate)).toEqual([]);

      // The teammate, in a second browser (no shared storage), joins with the copied link.
      const guest = await console_.open();
      await guest.goto(`${server.url}${new URL(link).pathname}`);
      await expect
        .poll(() => guest.getByText('You are invited to the Link Company team').isVisible())
        .toBe(true);
      expect(await seriousAxeViolations(guest)).toEqual([]);
      await guest.getByLabel('Your name').fill('Lina Linked');
      await guest.getByLabel('Password').fill('linked-pass-1');
      await guest.getByLabel('Password').press('Enter');
      await guest.waitForURL('**/admin/boards');
      const menu = guest.getByRole('navigation', { name: 'Main menu' }).first();
      await expect.poll(() => menu.getByRole('link', { name: 'Boards' }).count()).toBe(1);
      // The copied link proves nothing about who reads the address: the teammate is asked to
      // confirm theirs, by a mail that goes at once (it is their own address's).
      await expect.poll(() => guest.getByTestId('confirm-banner').count()).toBe(1);
      await expect
        .poll(async () => (await mailsTo(teammate)).map((mail) => mail.subject))
        .toEqual(['Confirm your email address for Feedboard']);
      expect(await seriousAxeViolations(guest)).toEqual([]);

      // The owner confirms now: the held invitation mail has nothing left to say and never goes.
      const confirmation = confirmations.at(-1)!;
      const path = /\/confirm-email\/[A-Za-z0-9_-]+/.exec(confirmation.text)?.[0];
      expect(path).toBeDefined();
      expect((await fetch(`${server.url}${path}`, { method: 'POST' })).status).toBe(200);
      expect((await mailsTo(teammate)).map((mail) => mail.subject)).toEqual([
        'Confirm your email address for Feedboard',
      ]);
      await page.reload();
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Role of Lina Linked' }).inputValue())
        .toBe('MEMBER');
      expect(await page.getByTestId('confirm-banner').count()).toBe(0);

      // Confirmed now: a new invitation is mailed at once; "Make a new link" voids the first link.
      const second = `second.${Date.now()}@example.com`;
      await page.getByLabel('Email', { exact: true }).fill(second);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.innerText()).toContain(`We have mailed it to ${second} too.`);
      const firstLink = await dialog.getByLabel(`Invitation link for ${second}`).inputValue();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await page
        .getByRole('button', { name: `Make a new link for the invitation to ${second}` })
        .click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const newLink = await dialog.getByLabel(`Invitation link for ${second}`).inputValue();
      expect(newLink).not.toBe(firstLink);
      await dialog.getByRole('button', { name: 'Done' }).click();
      // Two mails, each with its own mailed link (never the copied one); the first mail's link
      // died with the first copied link.
      const mailed = (await mailsTo(second)).map(
        (m) => /\/invitation\/[A-Za-z0-9_-]+/.exec(m.text)?.[0] ?? '',
      );
      expect(mailed).toHaveLength(2);
      expect(mailed).not.toContain(new URL(newLink).pathname);
      for (const path of [new URL(firstLink).pathname, mailed[0]]) {
        await guest.goto(`${server.url}${path}`);
        await expect
          .poll(() => guest.getByRole('heading', { name: 'This link does not work' }).isVisible())
          .toBe(true);
      }
      await page.getByRole('button', { name: `Revoke the invitation to ${second}` }).click();
      await expect
        .poll(() =>
          page.getByRole('button', { name: `Revoke the invitation to ${second}` }).count(),
        )
        .toBe(0);
      expect(page.errors.filter((e) => !e.includes('429'))).toEqual([]);
    },
  );

  it('speaks Polish: the banner and the link dialog', { timeout: 120_000 }, async () => {
    const { server } = console_;
    const owner = await registerAccount(server, 'Firma z linkiem', {
      confirmEmail: false,
      language: 'pl-PL',
    });
    const page = await console_.open();
    await logIn(page, server, owner);
    await page.goto(`${server.url}/admin/users`);
    const banner = page.getByRole('region', { name: 'Potwierdzenie adresu e-mail' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.innerText()).toContain(
      `Potwierdź swój adres ${owner.email}, aby wysyłać zaproszenia i powiadomienia e-mailem.`,
    );
    expect(await banner.getByRole('button', { name: 'Wyślij ponownie' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screens(page, 'invite-link-banner-pl');

    const invitee = `zaproszona.${Date.now()}@example.com`;
    await page.getByLabel('E-mail', { exact: true }).fill(invitee);
    await page.getByRole('button', { name: 'Wyślij zaproszenie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link z zaproszeniem' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain('Nie pokażemy go ponownie');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screens(page, 'invite-link-dialog-pl');

    // Hidden for this session; another session (a new sign-in) shows it again.
    await dialog.getByRole('button', { name: 'Gotowe' }).click();
    await banner.getByRole('button', { name: 'Ukryj do następnej wizyty' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    expect(await banner.count()).toBe(0);
    const again = await console_.open();
    await logIn(again, server, owner);
    await expect
      .poll(() => again.getByRole('region', { name: 'Potwierdzenie adresu e-mail' }).isVisible())
      .toBe(true);
    expect(page.errors).toEqual([]);
  });
});
