import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLIMITED_FOR_TESTS } from '../api/src/testing/test-server.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  expectToast,
  logIn,
  registerAccount,
  saveScreenshot,
  startConsole,
  type TConsole,
} from './console.ts';

describe.skipIf(!hasChromium())('console: signing up, in and out, password reset', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('signs up with a referral code and lands in the console signed in', async () => {
    const { server } = console_;
    const page = await console_.open();
    await page.goto(`${server.url}/signup/SPRING24`);
    await expect.poll(() => page.getByText('Promo code applied: SPRING24').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('referralCode'))).toBe('SPRING24');
    await expect.poll(() => page.title()).toBe('Sign up · Feedboard');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Empty form: the spec's texts under the fields, and consent is required.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('This field is required.').count()).toBe(3);
    await expect
      .poll(() => page.getByText('You have to accept the Terms of Use.').isVisible())
      .toBe(true);

    const email = `new.owner.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByLabel('Company name (optional)').fill('Nimbus Labs');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('It has to be 6 characters at least.').count()).toBe(2);

    await page.getByLabel('Password', { exact: true }).fill('correct-horse-1');
    await page.getByLabel('Confirm password').fill('correct-horse-1');
    await page.getByLabel('I accept the terms of use of this server’s operator.').check();
    await saveScreenshot(page, 'signup-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in at once (issue 18.8), not sent to the login page to type it all again.
    await page.waitForURL('**/admin/dashboard');
    await expectToast(page, 'Thank you for signing up!');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Hello, /);
    await expect
      .poll(() => page.getByText('Nimbus Labs', { exact: true }).first().isVisible())
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'signup-dashboard');
    expect(page.errors).toEqual([]);
  });

  it('refuses wrong credentials at the form, logs out from the account menu by keyboard and logs back in', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();

    await page.goto(`${server.url}/login`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.locator('form').getByRole('alert').textContent())
      .toBe('The email or password is not correct. Check both and try again.');
    expect(page.url()).toMatch(/\/login$/);

    await logIn(page, server, account);
    // Signed in: the login page sends back into the console.
    await page.goto(`${server.url}/login`);
    await page.waitForURL('**/admin/dashboard');
    // The dashboard's own data in view: the shell no longer suspends under the menu (a menu
    // opened while the screen still loads can be unmounted with the shell, Enter then lands on
    // the page).
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toMatch(/^Hello, /);

    // The account menu, from the keyboard.
    await page.getByRole('button', { name: /^Account menu/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-menu');
    // Radix moves focus into the menu a frame after it shows: keys pressed before then go
    // nowhere, so wait for the focus, then for End to land on the last item.
    const focusedItem = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'menuitem'
          ? document.activeElement.textContent
          : null,
      );
    await expect.poll(focusedItem).toBe('Dashboard');
    await page.keyboard.press('End');
    await expect.poll(focusedItem).toBe('Log out');
    await page.keyboard.press('Enter');

    await page.waitForURL('**/login');
    await expectToast(page, 'You are logged out');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // Signed out: the console sends to the login page.
    await page.goto(`${server.url}/admin/settings`);
    await page.waitForURL('**/login');

    await logIn(page, server, account);
    expect(page.errors).toEqual([]);
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/password-reset');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    await page.waitForURL('**/password-reset/sent');
    await expectToast(page, 'Check your email');
    await expect
      .poll(() => page.getByRole('link', { name: 'Back to log in' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'password-reset-sent');

    let link = '';
    await expect
      .poll(async () => {
        const mails = await server.deps.prisma.mail.findMany({ where: { to: account.email } });
        link = /\/password-reset\/[^\s"<]+/.exec(mails.at(-1)?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(`${server.url}${link}`);
    await page.waitForURL('**/password-reset/new/**');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Set a new password' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await page.getByLabel('Confirm new password').fill('brand-new-secret');
    await saveScreenshot(page, 'password-reset-new');
    await page.getByRole('button', { name: 'Save new password' }).click();

    await page.waitForURL('**/login');
    await expectToast(page, 'Password changed');
    await logIn(page, server, { email: account.email, password: 'brand-new-secret' });

    // The mailed link is single-use: a second visit ends at the login page with an error.
    await page.goto(`${server.url}/logout`);
    await page.waitForURL('**/login');
    await page.goto(`${server.url}${link}`);
    await page.waitForURL('**/login');
    await expectToast(page, 'Sorry, something went wrong. Please, try again later or refresh page');
  });

  it('signs up an address that has an account like any other: a company of its own, signed in to it', async () => {
    const { server } = console_;
    const account = await registerAccount(server, 'First Company Ltd');
    const page = await console_.open();
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('another-secret-1');
    await page.getByLabel('Confirm password').fill('another-secret-1');
    await page.getByLabel(/Company name/).fill('Second Company Ltd');
    await page.getByLabel('I accept the terms of use of this server’s operator.').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Nothing on the page tells that the address had an account elsewhere.
    await page.waitForURL('**/admin/dashboard');
    await expectToast(page, 'Thank you for signing up!');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const me = await server.call('GET', '/api/v1/company', { token: token ?? '' });
    expect(me.body.companyName).toBe('Second Company Ltd');
    // The first company's account and password are untouched.
    const first = await server.call('GET', '/api/v1/company', { token: account.token });
    expect(first.body.companyName).toBe('First Company Ltd');
    expect(page.errors).toEqual([]);
  });

  it('sends an expired session to /login?expired=true with the warning toast', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await logIn(page, server, account);

    // The session ends elsewhere (signed out on another device).
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await server.call('POST', '/graphql', {
      token: token ?? '',
      body: { query: 'mutation { logout { __typename } }' },
    });
    await page.getByRole('link', { name: 'Company', exact: true }).click();

    await page.waitForURL('**/login?expired=true');
    await expectToast(page, 'Session Expired');
    await expectToast(page, 'Your session has expired. Please log in again.');
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toMatch(/Session Expired/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'session-expired');

    // The toast can be closed by hand.
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);

    // A token that was never valid does the same on first load.
    await page.evaluate(() => localStorage.setItem('authToken', 'not-a-real-token'));
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForURL('**/login?expired=true');
    await expectToast(page, 'Session Expired');
  });
});

describe.skipIf(!hasChromium())('console: one attempt too many (HTTP 429)', () => {
  let console_: TConsole;

  beforeAll(async () => {
    // Two sign-in attempts and one reset request per address in two minutes.
    console_ = await startConsole({
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        login: { perIp: 2, perAccount: 1_000, windowSeconds: 120 },
        recoveryRequest: { perIp: 1, perAccount: 1_000, windowSeconds: 120 },
      },
    });
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('says how many minutes to wait, from Retry-After, on the sign-in and reset forms, in English and Polish', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    for (let n = 0; n < 2; n += 1) {
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect
        .poll(() => page.getByText('The email or password is not correct.').isVisible())
        .toBe(true);
    }
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.getByText('Too many attempts. Try again in 2 minutes.').isVisible())
      .toBe(true);
    expect(await page.getByText('Sorry, something went wrong', { exact: false }).count()).toBe(0);
    await saveScreenshot(page, 'login-rate-limited');

    const polish = await console_.open({ locale: 'pl-PL' });
    await polish.goto(`${server.url}/password-reset`);
    const send = async () => {
      await polish.getByLabel('E-mail').fill(account.email);
      await polish.getByRole('button', { name: 'Wyślij link' }).click();
    };
    await send();
    await polish.waitForURL('**/password-reset/sent');
    await polish.goto(`${server.url}/password-reset`);
    await send();
    await expect
      .poll(() => polish.getByText('Zbyt wiele prób. Spróbuj ponownie za 2 minuty.').isVisible())
      .toBe(true);
  });
});
