import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  LANGUAGES,
  openSignedIn,
  registerAccount,
  saveScreenshot,
  startConsole,
} from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * The side menu's keyboard focus ring is drawn whole (F13 of the ninth first-hour walk: the
 * first item's ring was cut at the top, and at the sides, by the menu's scrolling box).
 */
describe.skipIf(!hasChromium())('console: focus rings in the side menu', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** Tabs until a side-menu link has the focus; answers its ring's box and the scroller's. */
  async function tabToMenu(page: TConsolePage) {
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      const inMenu = await page.evaluate(
        () => document.activeElement?.matches('.side-menu .menu__link') ?? false,
      );
      if (inMenu) break;
    }
    return page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const style = getComputedStyle(link);
      const extent = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      const box = link.getBoundingClientRect();
      const scroller = link.closest('.menu') as HTMLElement;
      const outer = scroller.getBoundingClientRect();
      return {
        text: link.textContent?.trim() ?? '',
        ring: {
          top: box.top - extent,
          left: box.left - extent,
          right: box.right + extent,
        },
        clip: {
          top: outer.top + scroller.clientTop,
          left: outer.left + scroller.clientLeft,
          right: outer.left + scroller.clientLeft + scroller.clientWidth,
        },
      };
    });
  }

  for (const [lang, language] of Object.entries(LANGUAGES)) {
    it(`draws the first item's ring whole, inside the menu's scrolling box (${lang})`, async () => {
      const owner = await registerAccount(console_.server, `Rings ${lang} Company`, { language });
      const page = await openSignedIn(console_, owner.token, '/admin/dashboard', {
        locale: language,
      });
      await page.locator('.side-menu .menu__link').first().waitFor();
      const focused = await tabToMenu(page);
      expect(focused.text).toBe(lang === 'en' ? 'Boards' : 'Tablice');
      expect(focused.ring.top).toBeGreaterThanOrEqual(focused.clip.top);
      expect(focused.ring.left).toBeGreaterThanOrEqual(focused.clip.left);
      expect(focused.ring.right).toBeLessThanOrEqual(focused.clip.right);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `focus-ring-side-menu-${lang}-1440`);
      expect(page.errors).toEqual([]);
    });
  }
});
