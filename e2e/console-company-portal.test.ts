import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { expectToast, logIn, registerAccount, startConsole, type TConsole } from './console.ts';

describe.skipIf(!hasChromium())('console: the company portal card', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('sets the logo and the website from the keyboard, with field errors, and the portal shows them', async () => {
    const { server } = console_;
    const account = await registerAccount(server, 'Acme Portal Co');
    const page = await console_.open();
    await logIn(page, server, account);
    await page.goto(`${server.url}/admin/company`);
    const card = page.getByRole('region', { name: 'Company portal' });
    await card.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const logo = card.getByLabel('Logo address');
    await logo.focus();
    await page.keyboard.type('not an address');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => logo.getAttribute('aria-invalid')).toBe('true');
    await logo.fill('https://cdn.example.com/acme.png');
    await card.getByLabel('Own domain').fill('no spaces allowed');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => card.getByText('Enter a host name such as feedback.example.com.').count())
      .toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await card.getByLabel('Website').fill('https://acme.example.com');
    await card.getByLabel('Own domain').fill('');
    await card.getByRole('button', { name: 'Save' }).press('Enter');
    await expectToast(page, 'Data saved');
    const company = await server.deps.prisma.company.findFirstOrThrow({
      where: { name: 'Acme Portal Co' },
      orderBy: { id: 'desc' },
    });
    expect(company.logoUrl).toBe('https://cdn.example.com/acme.png');
    expect(company.websiteUrl).toBe('https://acme.example.com');

    await page.goto(`${server.url}/${company.slug}`);
    await expect
      .poll(() => page.getByRole('img', { name: 'Acme Portal Co' }).getAttribute('src'))
      .toBe('https://cdn.example.com/acme.png');
    const site = page.getByRole('link', { name: 'Acme Portal Co website' });
    expect(await site.getAttribute('href')).toBe('https://acme.example.com');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
