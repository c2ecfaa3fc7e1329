import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCompany } from '../api/src/testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { UNLIMITED_FOR_TESTS } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/** Whether `locator`'s element has the keyboard focus (inside the widget's shadow root too). */
const isFocused = (locator: Locator) =>
  locator.evaluate((element) => (element.getRootNode() as Document).activeElement === element);

/**
 * An end user of a board who forgot their password (issue 33): "Forgot your password?" in the
 * widget's sign-in form mails a link (over real SMTP) for that company's account; the reset
 * pages end by sending them back to the board, never to the console's login, which is for the
 * company's team; the new password signs them in in the widget.
 */
describe.skipIf(!hasChromium())('widget: a forgotten password', () => {
  let console_: TConsole;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let url = '';
  // A console session of the company's owner: the browser may be a team member's too.
  let ownerToken = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    smtp = await startSmtpSink();
    // Two reset requests from one source an hour: the third is refused (429).
    console_ = await startConsole({
      smtpUrl: smtp.url,
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        recoveryRequest: { perIp: 2, perAccount: 1_000_000, windowSeconds: 3600 },
      },
    });
    const { server } = console_;
    const company = await restCompany(server);
    ownerToken = company.owner.token;
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    url = `${server.url}/public/${board.company.slug}/${board.slug}`;
  });
  afterAll(async () => {
    await console_?.close();
    await smtp?.close();
  });

  /** The link of the reset mail `to` received over SMTP, once it has arrived. */
  async function resetLinkTo(to: string): Promise<string> {
    let link = '';
    await expect
      .poll(
        async () => {
          await console_.server.deps.mailer.flush();
          const mails = await Promise.all(
            smtp.messages.filter((mail) => mail.to.includes(to)).map(readMail),
          );
          const reset = mails.find((mail) => /^Reset your .+ password$/.test(mail.subject ?? ''));
          link = /https?:\/\/\S+\/password-reset\/\S+/.exec(reset?.text ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    return link;
  }

  it(
    'mails a link from the sign-in form; the reset ends on the board, and the new password signs in',
    { timeout: 180_000 },
    async () => {
      const { server } = console_;
      const email = `forgetful.${Date.now()}@example.com`;
      // axe-core is injected as an inline script, which the page's own CSP would refuse.
      const page = await console_.open({ bypassCSP: true, viewport: { width: 1200, height: 900 } });
      await page.goto(url);

      // Sign up in the widget, then sign out.
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByLabel('Your name').fill('Forgetful Reader');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('first-password');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect
        .poll(() => page.getByText('Signed in as Forgetful Reader').isVisible())
        .toBe(true);
      await page.getByRole('button', { name: 'Sign out' }).click();

      // Sign in offers "Forgot your password?"; sign up does not.
      await page.getByRole('button', { name: 'Sign up' }).click();
      expect(await page.getByRole('button', { name: 'Forgot your password?' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      const forgot = page.getByRole('button', { name: 'Forgot your password?' });
      await forgot.focus();
      await page.keyboard.press('Enter');

      // The small form: the typed address, focused; a short one is refused on the field.
      const form = page.getByRole('form', { name: 'Reset your password' });
      // The field's label wraps its error too, so its name grows with one: find it by its name.
      const field = form.locator('input[name="email"]');
      await expect.poll(() => isFocused(field)).toBe(true);
      expect(await field.inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'widget-password-reset-form');
      await field.fill('a@b');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => form.getByText('It has to be 6 characters at least.').isVisible())
        .toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');

      // Sent: the neutral answer in a polite live region, focused, and a way back.
      await field.fill(email);
      await page.keyboard.press('Enter');
      const answer = page
        .getByRole('status')
        .getByText('If an account uses this email, a link to choose a new password is on its way.');
      await expect.poll(() => answer.isVisible()).toBe(true);
      expect(await answer.evaluate((element) => element.closest('[role=status]') !== null)).toBe(
        true,
      );
      await expect.poll(() => isFocused(answer)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'widget-password-reset-sent');
      await page.getByRole('button', { name: 'Back to sign in' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => isFocused(forgot)).toBe(true);
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);

      // The real mail's link, marked as a board's, opens the reset pages.
      const link = await resetLinkTo(email);
      expect(link.startsWith(`${server.deps.config.appUrl}/password-reset/`)).toBe(true);
      // It names the mail's language and the board's portal page (a public board).
      const hints = new URL(link).searchParams;
      expect([hints.get('for'), hints.get('lang')]).toEqual(['board', 'en-US']);
      const boardPath = hints.get('board') ?? '';
      expect(boardPath).toMatch(/^\/[a-z0-9-]+\/[a-z0-9-]+$/);
      const reset = await console_.open();
      // Opened where someone is signed in to the console (in Polish): the board's reset still
      // opens (the console's session is not the end user's account), not the console's
      // dashboard, and in the mail's language, not the console's.
      await reset.addInitScript((token) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('lang', 'pl-PL');
      }, ownerToken);
      await reset.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
      await reset.waitForURL('**/password-reset/new/**');
      expect(new URL(reset.url()).searchParams.get('for')).toBe('board');
      await expect
        .poll(() => reset.getByRole('heading', { name: 'Set a new password' }).isVisible())
        .toBe(true);
      // Nothing on the way points an end user to the console's login.
      expect(await reset.locator('a[href="/login"]').count()).toBe(0);
      await reset.getByLabel('New password', { exact: true }).fill('second-password');
      await reset.getByLabel('Confirm new password').fill('second-password');
      await reset.getByRole('button', { name: 'Save new password' }).click();

      // Done: a card that sends them back to the board, focused, and no console login.
      const done = reset.getByTestId('board-reset-card');
      await expect.poll(() => done.isVisible()).toBe(true);
      expect(await done.getByRole('heading', { name: 'Password changed' }).isVisible()).toBe(true);
      expect(await done.innerText()).toContain(
        'Your password is changed. Sign in with it on the board where you asked for the link.',
      );
      await expect
        .poll(() => isFocused(done.getByRole('heading', { name: 'Password changed' })))
        .toBe(true);
      expect(new URL(reset.url()).pathname).toMatch(/^\/password-reset\/new\//);
      expect(await reset.locator('a[href="/login"]').count()).toBe(0);
      expect(await reset.getByRole('link', { name: 'Back to log in' }).count()).toBe(0);
      // ...and a link back to the board's page.
      expect(await done.getByRole('link', { name: 'Back to the board' }).getAttribute('href')).toBe(
        boardPath,
      );
      expect(await seriousAxeViolations(reset)).toEqual([]);
      await saveScreenshot(reset, 'widget-password-reset-done');

      // The used link again: a card that says so and where to ask for a new one, still no login.
      await reset.goto(`${server.url}${new URL(link).pathname}${new URL(link).search}`);
      const invalid = reset.getByTestId('board-reset-card');
      await expect
        .poll(() => invalid.getByRole('heading', { name: 'This link does not work' }).isVisible())
        .toBe(true);
      expect(await invalid.innerText()).toContain('“Forgot your password?” in the sign-in form');
      expect(new URL(reset.url()).pathname).toMatch(/^\/password-reset\//);
      expect(await reset.locator('a[href="/login"]').count()).toBe(0);
      expect(await seriousAxeViolations(reset)).toEqual([]);
      expect(reset.errors).toEqual([]);
      await reset.context().close();

      // Back in the widget: the old password no longer works, the new one signs in.
      const password = page.getByLabel('Password', { exact: true });
      await password.fill('first-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() =>
          page.getByRole('alert').getByText('make sure you typed proper credentials').isVisible(),
        )
        .toBe(true);
      expect(await page.getByText('Signed in as Forgetful Reader').count()).toBe(0);
      await password.fill('second-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect
        .poll(() => page.getByText('Signed in as Forgetful Reader').isVisible())
        .toBe(true);

      // Past the source's limit the server's own message shows, in an alert, the form kept.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      const ask = async () => {
        await page.getByRole('button', { name: 'Forgot your password?' }).click();
        await page.getByRole('button', { name: 'Send link' }).click();
      };
      await ask();
      await expect.poll(() => answer.isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Back to sign in' }).click();
      await ask();
      await expect
        .poll(() => page.getByRole('alert').getByText('Too many attempts. Please wait').isVisible())
        .toBe(true);
      expect(await answer.count()).toBe(0);
      expect(await field.inputValue()).toBe(email);
      await page.context().close();
    },
  );
});
