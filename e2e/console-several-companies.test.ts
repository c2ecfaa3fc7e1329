import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { registerAccount, saveScreenshot, startConsole, type TConsole } from './console.ts';

/**
 * One address on the team of two companies (issue 33): the sign-in shows the companies the
 * password opens to choose from, by keyboard, and the account menu's "Switch company" signs in
 * to the other one after asking the password again.
 */
describe.skipIf(!hasChromium())('console: an address on the team of two companies', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('chooses a company at sign-in by keyboard, then switches to the other from the account menu', async () => {
    const { server } = console_;
    const first = await registerAccount(server, 'Orbit Works');
    const second = await registerAccount(server, 'Kestrel Studio');
    // The second company's owner signs in with the first's address (and the same password).
    await server.deps.prisma.user.updateMany({
      where: { loginEmail: second.email.toLowerCase() },
      data: { loginEmail: first.email.toLowerCase(), email: first.email },
    });
    const page = await console_.open();

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(first.email);
    await page.getByLabel('Password').fill(first.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Two password checks at least, on a busy machine.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 })
      .toBe('Choose a company');
    // The heading has the focus: a screen reader says what is asked.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Choose a company');
    expect(await page.getByRole('listitem').allTextContents()).toEqual([
      'Kestrel Studio',
      'Orbit Works',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'login-choose-company');

    // Tab to the second company and press Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Orbit Works');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.locator('.top-bar__company').textContent()).toBe('Orbit Works');

    // The account menu offers the other company.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Switch company').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-menu-switch-company');
    await page.getByRole('menuitem', { name: 'Kestrel Studio' }).click();

    // Signed out of Orbit Works; the sign-in asks the password for Kestrel Studio.
    await page.waitForURL('**/login?company=*');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await expect
      .poll(() => page.getByText('You are signing in to Kestrel Studio.').isVisible())
      .toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(first.email);
    await page.getByLabel('Password').fill(first.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.locator('.top-bar__company').textContent()).toBe('Kestrel Studio');
    expect(page.errors).toEqual([]);
  });
});
