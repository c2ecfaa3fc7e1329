import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

/**
 * A visitor who signs up in the widget with an address sees, under Email notifications, that
 * it awaits confirmation (nothing is mailed to it until then) and can ask for a new link.
 */
describe.skipIf(!hasChromium())('widget: an unconfirmed address', () => {
  let server: TTestServer;
  let browser: Browser;
  let company: TRestCompany;
  let url = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    url = `${server.url}/public/${board.company.slug}/${board.slug}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  type TTexts = Record<'signUp' | 'name' | 'email' | 'password' | 'create' | 'prefs', string>;

  async function signUp(name: string, email: string, t: TTexts, locale: string): Promise<Page> {
    // axe-core is injected as an inline script, which the page's own CSP would refuse. The
    // portal and its widget speak the visitor's language first (walk 9 F10).
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      bypassCSP: true,
      locale,
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: t.signUp }).click();
    await page.getByLabel(t.name).fill(name);
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password).fill('visitor-password');
    await page.getByRole('button', { name: t.create }).click();
    await expect.poll(() => page.getByText(t.prefs).isVisible()).toBe(true);
    return page;
  }

  for (const lang of ['en', 'pl'] as const) {
    it(`says so under Email notifications and resends the link (${lang})`, async () => {
      await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language: lang === 'pl' ? 'pl-PL' : 'en-US' },
      });
      const t =
        lang === 'en'
          ? {
              signUp: 'Sign up',
              name: 'Your name',
              email: 'Email',
              password: 'Password',
              create: 'Create account',
              prefs: 'Email notifications',
              awaits: 'awaits confirmation',
              resend: 'Resend confirmation email',
              resent: 'A new link is on its way to',
            }
          : {
              signUp: 'Załóż konto',
              name: 'Twoje imię',
              email: 'E-mail',
              password: 'Hasło',
              create: 'Utwórz konto',
              prefs: 'Powiadomienia e-mail',
              awaits: 'czeka na potwierdzenie',
              resend: 'Wyślij ponownie e-mail z potwierdzeniem',
              resent: 'Nowy link jest już w drodze',
            };
      const email = `widget-${lang}.${Date.now()}@example.com`;
      const page = await signUp(`Visitor ${lang}`, email, t, lang === 'pl' ? 'pl-PL' : 'en-US');
      await page.getByText(t.prefs).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText(t.awaits).isVisible()).toBe(true);
      await page.getByRole('button', { name: t.resend }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: t.resent }).count())
        .toBe(1);
      expect(
        await server.deps.prisma.mail.count({ where: { to: email, topic: 'EMAIL_CONFIRMATION' } }),
      ).toBe(2);
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await saveScreenshot(page, `confirm-email-widget-${lang}-${width}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${lang} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    });
  }
});
