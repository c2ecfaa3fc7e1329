import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The email confirmation a new owner gets: the console's profile says the address awaits
 * confirmation and sends a new link; the mailed link's page asks, its button confirms, in the
 * owner's language; the profile then says confirmed. Without SMTP the mails are outbox rows.
 */
describe.skipIf(!hasChromium())('email confirmation: the profile and the link page', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** The path of the newest confirmation link mailed to `email` (the outbox holds the mail). */
  async function latestLink(email: string): Promise<string> {
    const mail = await console_.server.deps.prisma.mail.findFirstOrThrow({
      where: { to: email, topic: 'EMAIL_CONFIRMATION' },
      orderBy: { id: 'desc' },
    });
    const path = /\/confirm-email\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    if (!path) throw new Error(`No link in ${mail.text}`);
    return path;
  }

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

  for (const lang of ['en', 'pl'] as const) {
    const t =
      lang === 'en'
        ? {
            language: 'en-US',
            settings: 'Settings',
            awaiting: 'Awaiting confirmation',
            resend: 'Resend confirmation email',
            resent: /A new confirmation link is on its way to/,
            confirmed: 'Confirmed',
            ask: 'Confirm your email address?',
            button: 'Confirm address',
            done: 'Your email address is confirmed',
            bad: 'This link does not work',
          }
        : {
            language: 'pl-PL',
            settings: 'Ustawienia',
            awaiting: 'Czeka na potwierdzenie',
            resend: 'Wyślij ponownie e-mail z potwierdzeniem',
            resent: /Nowy link potwierdzający jest już w drodze/,
            confirmed: 'Potwierdzony',
            ask: 'Potwierdzić adres e-mail?',
            button: 'Potwierdź adres',
            done: 'Adres e-mail potwierdzony',
            bad: 'Ten link nie działa',
          };

    it(`shows the state in the profile and confirms through the link page (${lang})`, async () => {
      const { server } = console_;
      const account = await registerAccount(server, 'Confirming Company', {
        confirmEmail: false,
        language: t.language,
      });
      // The browser speaks English: the stored language of the account decides.
      const page = await console_.open();
      await logIn(page, server, account);
      await page.goto(`${server.url}/admin/settings`);
      const state = page.getByTestId('email-confirmation');
      await expect.poll(() => state.innerText()).toContain(t.awaiting);
      expect(await state.innerText()).toContain(account.email);

      // Resend from the keyboard; the new link replaces nothing, each works once.
      await page.getByRole('button', { name: t.resend }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => state.innerText()).toMatch(t.resent);
      expect(
        await server.deps.prisma.mail.count({
          where: { to: account.email, topic: 'EMAIL_CONFIRMATION' },
        }),
      ).toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screens(page, `confirm-email-settings-unconfirmed-${lang}`);

      // The link's page asks first; the button (from the keyboard) confirms.
      const link = await latestLink(account.email);
      const linkPage = await console_.open();
      await linkPage.goto(`${server.url}${link}`);
      expect(await linkPage.getByRole('heading', { level: 1 }).innerText()).toBe(t.ask);
      expect(await linkPage.getAttribute('html', 'lang')).toBe(lang);
      expect(await seriousAxeViolations(linkPage)).toEqual([]);
      await screens(linkPage, `confirm-email-page-ask-${lang}`);
      await linkPage.keyboard.press('Tab');
      expect(await linkPage.evaluate(() => document.activeElement?.textContent)).toBe(t.button);
      await linkPage.keyboard.press('Enter');
      await expect.poll(() => linkPage.getByRole('heading', { level: 1 }).innerText()).toBe(t.done);
      expect(await seriousAxeViolations(linkPage)).toEqual([]);
      await screens(linkPage, `confirm-email-page-done-${lang}`);

      // An unknown link names nobody: it speaks the browser's language, and says where to get
      // a new one.
      const badPage = await console_.open({ locale: t.language });
      await badPage.goto(`${server.url}/confirm-email/${'x'.repeat(43)}`);
      expect(await badPage.getByRole('heading', { level: 1 }).innerText()).toBe(t.bad);
      expect(await seriousAxeViolations(badPage)).toEqual([]);
      await screens(badPage, `confirm-email-page-bad-${lang}`);

      await page.reload();
      await expect.poll(() => state.innerText()).toContain(t.confirmed);
      expect(await page.getByRole('button', { name: t.resend }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screens(page, `confirm-email-settings-confirmed-${lang}`);
      expect(page.errors).toEqual([]);
      expect(linkPage.errors).toEqual([]);
      // The browser reports the unknown link's 404 status; nothing else went wrong.
      expect(badPage.errors.filter((e) => !e.includes('404'))).toEqual([]);
    });
  }
});
