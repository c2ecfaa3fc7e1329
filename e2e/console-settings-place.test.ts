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

/** Issue 34, point 6: personal and company settings apart, the company name, board description, the grouped menu. */
describe.skipIf(!hasChromium())('console: settings that find their place', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('renames the company from the keyboard in company settings; the old settings address opens the profile', async () => {
    const { server } = console_;
    const account = await registerAccount(server, 'Acme Widgets');
    const page = await console_.open();
    await logIn(page, server, account);

    // The side menu: a "Settings" group holds the company's settings.
    const menu = page.getByRole('navigation', { name: 'Main menu' }).first();
    const group = menu.getByRole('list', { name: 'Settings' });
    const names = async () =>
      (await group.getByRole('link').allInnerTexts()).map((name) => name.trim());
    await expect
      .poll(names)
      .toEqual(['Company', 'Plan', 'Webhooks', 'API keys', 'Integrations', 'Audit log']);
    await group.getByRole('link', { name: 'Company', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/company');
    await page.getByRole('heading', { level: 1, name: 'Company settings' }).waitFor();
    expect(await page.getByRole('region', { name: 'Company portal' }).count()).toBe(1);
    expect(await page.getByLabel('Require two-factor sign-in for the team').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Change password' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const name = page.getByRole('textbox', { name: /Company name/ });
    await expect.poll(() => name.inputValue()).toBe('Acme Widgets');
    await name.fill('Acme');
    await name.press('Enter');
    await expect
      .poll(() => page.getByText('It has to be 6 characters at least.').count())
      .toBeGreaterThan(0);
    await name.fill('Acme Robotics');
    await name.press('Enter');
    await expectToast(page, 'Data saved');
    // The top bar follows at once, and the name stays after a reload.
    await expect.poll(() => page.locator('.top-bar__company').textContent()).toBe('Acme Robotics');
    await page.reload();
    await expect.poll(() => name.inputValue()).toBe('Acme Robotics');
    await page.goto(`${server.url}/admin/audit`);
    await expect.poll(() => page.getByText('Renamed the company').count()).toBeGreaterThan(0);

    // Personal settings: from the account menu; the old address lands there too.
    await openProfileSettings(page);
    await page.getByRole('heading', { level: 1, name: 'Profile settings' }).waitFor();
    expect(await page.getByRole('region', { name: 'Company portal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Change password' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/admin/settings`);
    await page.waitForURL('**/admin/profile');
    await page.getByRole('link', { name: 'Company settings' }).click();
    await page.waitForURL('**/admin/company');
    expect(page.errors).toEqual([]);
  });

  it('gives a board a description in its settings, shown on its card', async () => {
    const { server } = console_;
    const account = await registerAccount(server, 'Described Company');
    await server.call('POST', '/graphql', {
      token: account.token,
      body: { query: 'mutation { createBoard(name: "Mobile app ideas") { __typename } }' },
    });
    const page = await console_.open();
    await logIn(page, server, account);
    await page.goto(`${server.url}/admin/boards`);
    const card = page.locator('.board-card').first();
    await expect.poll(() => card.innerText()).toContain('No description yet.');
    const link = card.getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    await page.goto(`${server.url}${href.replace(/\/list$/, '')}/settings`);
    const description = page.getByRole('textbox', { name: 'Description' });
    await description.fill('short');
    await description.press('Tab');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect
      .poll(() => page.getByText('It has to be 6 characters at least.').count())
      .toBeGreaterThan(0);
    await description.fill('Ideas for our mobile app.');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expectToast(page, 'Data saved');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/admin/boards`);
    await expect.poll(() => card.innerText()).toContain('Ideas for our mobile app.');
    expect(page.errors).toEqual([]);
  }, 120_000);

  it('shows the settings pages and the grouped menu at 1440 and 390 px, in English and Polish', async () => {
    const { server } = console_;
    for (const language of ['en-US', 'pl-PL'] as const) {
      const account = await registerAccount(server, 'Screenshot Company', { language });
      for (const width of [1440, 390]) {
        const page = await console_.open({
          locale: language,
          viewport: { width, height: width > 800 ? 900 : 844 },
        });
        await page.goto(`${server.url}/login`);
        await page.evaluate((value) => localStorage.setItem('authToken', value), account.token);
        for (const [name, path] of [
          ['company', '/admin/company'],
          ['profile', '/admin/profile'],
        ] as const) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await expect.poll(() => page.locator('.spinner, .page-spinner').count()).toBe(0);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await saveScreenshot(page, `settings-place-${name}-${language}-${width}`);
        }
        if (width === 390) {
          await page.locator('.top-bar__menu-button').click();
          const drawer = page.getByRole('dialog');
          await drawer.waitFor();
          await expect
            .poll(() =>
              drawer
                .getByRole('list', { name: language === 'en-US' ? 'Settings' : 'Ustawienia' })
                .count(),
            )
            .toBe(1);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await page.screenshot({
            path: `e2e/screenshots/settings-place-menu-${language}-390.png`,
          });
        }
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
  }, 300_000);
});
