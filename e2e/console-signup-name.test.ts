import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { CATALOGUES, LANGUAGES, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Walkthrough 7 (issue 34), item 5: sign-up asks the owner's name (optional, 2 to 50
 * characters): a too short one is a field error; the name given is the one the console greets
 * and the team sees. In English and Polish, at 1440 and 390 px.
 */

describe.skipIf(!hasChromium())('console: sign-up asks the owner’s name', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];
    it(`signs up with a name (${lang})`, async () => {
      const { server } = console_;
      const page = await console_.open({ locale: LANGUAGES[lang] });
      await page.goto(`${server.url}/signup`);
      const name = page.getByLabel(t['signup.displayName']!);
      await expect.poll(() => name.isVisible()).toBe(true);
      const email = `named.${lang}.${Date.now()}@example.com`;
      await page.getByLabel(t['signup.email']!, { exact: true }).fill(email);
      await name.fill('A');
      await page.getByLabel(t['signup.password']!, { exact: true }).fill('correct-horse-1');
      await page.getByLabel(t['signup.confirmPassword']!).fill('correct-horse-1');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: t['signup.submit'] }).click();
      // Too short: said at the field, and nobody is signed up.
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      expect(await server.deps.prisma.user.count({ where: { loginEmail: email } })).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await name.fill('Ada Lovelace');
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await saveScreenshot(page, `signup-name-${lang}-${width}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      // By keyboard: Enter in the name field sends the form.
      await name.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/dashboard');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Ada Lovelace');
      const owner = await server.deps.prisma.user.findFirstOrThrow({
        where: { loginEmail: email },
      });
      expect(owner.displayName).toBe('Ada Lovelace');
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});
