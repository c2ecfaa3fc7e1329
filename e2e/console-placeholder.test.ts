import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../api/src/server.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';

describe.skipIf(!hasChromium())('the served console page in Chromium', () => {
  let server: TTestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      await build({
        configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
        logLevel: 'warn',
      });
    }
    server = await startTestServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the server as healthy, from the keyboard, with no serious axe violations', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/Server healthy/);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/GraphQL/);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('serves the console for client-side routes such as /admin/boards', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/admin/boards`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Feedboard');
  });
});
