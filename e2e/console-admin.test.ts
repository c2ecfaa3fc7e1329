import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.skipIf(!hasChromium())('console: boards, users, settings, language, navigation', () => {
  let console_: TConsole;

  beforeAll(async () => {
    // The board list checks the free plan's one active board.
    console_ = await startConsole({ defaultPlan: 'FREE' });
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('creates a board from the keyboard in the modal, lands on it and sees it in the list', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await logIn(page, server, account);

    await page.getByRole('link', { name: 'Boards', exact: true }).click();
    await page.waitForURL('**/admin/boards');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome to Feedboard!' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText('No boards yet').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'boards-empty');

    // Open by keyboard; focus lands in the name field and stays inside the dialog.
    await page.getByRole('button', { name: 'New board' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create a board' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(
        true,
      );
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Escape closes it; the backdrop too.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: 'New board' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.mouse.click(10, 450);
    await expect.poll(() => dialog.count()).toBe(0);

    // Validation in the spec's words, then a board.
    await page.getByRole('button', { name: 'New board' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByText('This field is required.').isVisible()).toBe(true);
    await page.keyboard.type('Tiny');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByText('It has to be 6 characters at least.').isVisible())
      .toBe(true);
    await page.getByLabel('Board name').fill('Mobile app ideas');
    await saveScreenshot(page, 'create-board-modal');
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/admin\/boards\/[^/]+\/list$/);
    await expectToast(page, 'Board created');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Mobile app ideas');
    await expect.poll(() => page.title()).toBe('Mobile app ideas · Board · Feedboard');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Boards', exact: true }).click();
    await page.waitForURL('**/admin/boards');
    await expect
      .poll(() => page.getByRole('link', { name: 'Mobile app ideas' }).isVisible())
      .toBe(true);
    // The free plan keeps one board active: a second one is inactive, with the upgrade prompt.
    await page.getByRole('button', { name: 'New board' }).click();
    await page.getByLabel('Board name').fill('Web dashboard');
    await page.getByRole('button', { name: 'Create board' }).click();
    await page.waitForURL(/\/list$/);
    await page.getByRole('link', { name: 'Boards', exact: true }).click();
    await expect
      .poll(() => page.locator('.board-card__name').allTextContents())
      .toEqual(['Mobile app ideas', 'Web dashboard']);
    await expect.poll(() => page.getByText('Inactive board: view only').count()).toBe(1);
    await expect
      .poll(() =>
        page.getByRole('link', { name: 'Upgrade your plan to activate them all.' }).isVisible(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'boards-list');

    // The board card opens the board.
    await page.getByRole('link', { name: 'Mobile app ideas' }).click();
    await page.waitForURL(/\/list$/);
    expect(page.errors).toEqual([]);
  });

  it('lists company users with their counts', async () => {
    const { server } = console_;
    const account = await registerAccount(server, 'Users Company');
    const page = await console_.open();
    await logIn(page, server, account);
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/admin/users');
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    const stat = (label: string) =>
      page.locator('.stat', { hasText: label }).locator('dd').textContent();
    expect(await stat('All users')).toBe('1');
    expect(await stat('Regular users')).toBe('1');
    expect(await stat('SSO users')).toBe('0');
    const row = page.getByRole('row').nth(1);
    await expect.poll(() => row.textContent()).toContain(account.email);
    await expect.poll(() => row.textContent()).toContain('Regular');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'users');
    expect(page.errors).toEqual([]);
  });

  it('pages through more users than the table shows at first', async () => {
    const { server } = console_;
    const account = await registerAccount(server, 'Crowded Company');
    const owner = await server.deps.prisma.user.findFirstOrThrow({
      where: { loginEmail: account.email, role: 'OWNER' },
    });
    await server.deps.prisma.user.createMany({
      data: Array.from({ length: 149 }, (_, i) => ({
        companyId: owner.companyId,
        kind: 'SSO' as const,
        externalId: `crowd-${i}`,
        displayName: `Widget user ${String(i + 1).padStart(3, '0')}`,
      })),
    });
    const page = await console_.open();
    await logIn(page, server, account);
    await page.goto(`${server.url}/admin/users`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(100);
    await expect
      .poll(() => page.getByText('Showing the first 100 of 150 users.').isVisible())
      .toBe(true);
    const more = page.getByRole('button', { name: 'Show more users' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(150);
    await expect.poll(() => more.count()).toBe(0);
    expect(await page.locator('.stat', { hasText: 'SSO users' }).locator('dd').textContent()).toBe(
      '149',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('switches to Polish in the settings, keeps it after a reload, and a Polish browser starts in Polish', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await logIn(page, server, account);
    await openProfileSettings(page);
    // The profile's email box (the notification and test-email cards also mention email).
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect.poll(() => email.inputValue()).toBe(account.email);
    await expect.poll(() => email.getAttribute('readonly')).not.toBeNull();
    await expect
      .poll(() => page.getByRole('button', { name: 'Change password' }).isDisabled())
      .toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Interface language').selectOption('pl-PL');
    await expectToast(page, 'Dane zapisane');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Ustawienia profilu');
    await expect.poll(() => page.getByRole('link', { name: 'Tablice' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl-PL');
    await expect.poll(() => page.title()).toBe('Ustawienia profilu · Feedboard');
    await saveScreenshot(page, 'settings-polish');

    // Stored on the account: a new browser with English preferences signs in and gets Polish.
    const other = await console_.open();
    await logIn(other, server, account);
    await expect
      .poll(() => other.getByRole('link', { name: 'Użytkownicy' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(other)).toEqual([]);

    // A visitor whose browser prefers Polish sees the login page in Polish.
    const visitor = await console_.open({ locale: 'pl-PL' });
    await visitor.goto(`${server.url}/login`);
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1 }).textContent())
      .toBe('Witaj ponownie');
    await visitor.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect.poll(() => visitor.getByText('To pole jest wymagane.').count()).toBe(2);
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    await saveScreenshot(visitor, 'login-polish');
    expect([...page.errors, ...other.errors, ...visitor.errors]).toEqual([]);
  });

  it('shows the not-found page, then goes home after 2 seconds', async () => {
    const { server } = console_;
    const page = await console_.open();
    await page.goto(`${server.url}/no/such/page`);
    await expect.poll(() => page.getByText('Page not found').isVisible()).toBe(true);
    // Measured from when the page shows, not after the (slow) accessibility check below.
    const shownAt = Date.now();
    await expect
      .poll(() => page.getByRole('link', { name: 'Go to the home page' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'not-found');
    // Home without a session is the login page.
    await page.waitForURL('**/login', { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1200);
  });

  it('guards /admin and sends signed-in users past the guest pages', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open();
    await page.goto(`${server.url}/admin/boards`);
    await page.waitForURL('**/login');
    await logIn(page, server, account);
    for (const path of ['/login', '/signup', '/password-reset', '/']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL('**/admin/dashboard');
    }
    await page.goto(`${server.url}/admin`);
    await page.waitForURL('**/admin/boards');
    expect(page.errors).toEqual([]);
  });

  it('works on a phone: menu drawer by keyboard, top bar hides on scroll down', async () => {
    const { server } = console_;
    const account = await registerAccount(server);
    const page = await console_.open({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await logIn(page, server, account);
    await page.goto(`${server.url}/admin/settings`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.side-menu').isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-phone-dark');

    // Top bar: hidden after scrolling down past 10 px, back on scrolling up.
    const topBarTop = () =>
      page.locator('.top-bar').evaluate((el) => el.getBoundingClientRect().bottom);
    await page.mouse.wheel(0, 300);
    await expect.poll(topBarTop).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -100);
    await expect.poll(topBarTop).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'menu-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.count()).toBe(0);
    // Focus returns to the menu button once the dialog has finished closing.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Open menu');

    await page.keyboard.press('Enter');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Users' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/users');
    await expect.poll(() => drawer.count()).toBe(0);
    await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'users-phone-dark');
    expect(page.errors).toEqual([]);
  });

  // One test per scheme: the 22 pages with axe took up to a minute in one on a loaded machine.
  it.each(['light', 'dark'] as const)(
    'has no serious accessibility violations on the remaining screens (%s)',
    async (colorScheme) => {
      const { server } = console_;
      const account = await registerAccount(server);
      const page = await console_.open({ colorScheme });
      for (const path of ['/signup', '/password-reset/sent', '/password-reset/new/a%40b.cd/t']) {
        await page.goto(`${server.url}${path}`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
        expect({ path, violations: await seriousAxeViolations(page) }).toEqual({
          path,
          violations: [],
        });
      }
      await logIn(page, server, account);
      for (const path of [
        '/admin/dashboard',
        '/admin/boards',
        '/admin/users',
        '/admin/profile',
        '/admin/company',
        '/admin/subscription',
        '/admin/boards/unknown/list',
        '/admin/nothing-here',
      ]) {
        await page.goto(`${server.url}${path}`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
        expect({ path, violations: await seriousAxeViolations(page) }).toEqual({
          path,
          violations: [],
        });
        if (colorScheme === 'dark') {
          await saveScreenshot(page, `dark${path.replaceAll('/', '-')}`);
        }
      }
      expect(page.errors).toEqual([]);
    },
  );
});
