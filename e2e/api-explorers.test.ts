import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureExplorersBuilt } from '../web/explorers/build.ts';
import { signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { EXPLORER_CSP } from '../api/src/http/security-headers.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOTS, logIn, registerAccount, startConsole } from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Issue 18.2: the API explorers work offline. GraphiQL on /graphql runs a query with a bearer
 * token typed into its Headers tab; the REST reference on /api/v1/docs lists the routes. Every
 * request either page makes goes to this server (the test fails on any other host), both run
 * under their CSP without a console error (a CSP violation is one), and axe finds no serious
 * or critical violation.
 */
/** What the window shows (the reference's full page is thousands of pixels tall). */
async function saveWindow(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

describe.skipIf(!hasChromium())('API explorers, offline', () => {
  let console_: TConsole;
  let owner: TTestAccount;

  beforeAll(async () => {
    ensureExplorersBuilt();
    console_ = await startConsole();
    owner = await signUpCompany(console_.server, 'Explorer Company');
  });
  afterAll(async () => {
    await console_?.close();
  });

  /** A page that records every request whose host is not the server's. */
  async function openOffline(width = 1440): Promise<TConsolePage & { foreign: string[] }> {
    const page = (await console_.open({ viewport: { width, height: 900 } })) as TConsolePage & {
      foreign: string[];
    };
    page.foreign = [];
    const { host } = new URL(console_.server.url);
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.host !== host) {
        page.foreign.push(request.url());
      }
    });
    return page;
  }

  it('GraphiQL runs a query with a bearer token and shows the data', async () => {
    const page = await openOffline();
    const response = await page.goto(`${console_.server.url}/graphql`);
    expect(response?.headers()['content-security-policy']).toBe(EXPLORER_CSP);
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.locator('.graphiql-container').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => page.title()).toBe('Feedboard GraphQL API');

    await page.getByRole('button', { name: 'Headers' }).click();
    const headers = page.locator('.graphiql-editor-tool .graphiql-editor').last();
    await headers.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(`{"Authorization": "Bearer ${owner.token}"}`);
    await page.getByRole('button', { name: /Execute query/ }).click();

    const result = page.locator('.result-window');
    // Monaco renders spaces as no-break spaces.
    const resultText = async () => (await result.innerText()).replace(/\u00a0/g, ' ');
    await result
      .getByText(/"data"|"errors"/)
      .first()
      .waitFor({ timeout: 30_000 });
    await saveWindow(page, 'graphiql-1440');
    await expect.poll(resultText, { timeout: 30_000 }).toContain('"name": "Explorer Company"');
    expect(await resultText()).toContain('"role": "OWNER"');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(page.foreign).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();

    const narrow = await openOffline(390);
    await narrow.goto(`${console_.server.url}/graphql`);
    await narrow.locator('.graphiql-container').first().waitFor({ timeout: 60_000 });
    await saveWindow(narrow, 'graphiql-390');
    expect(narrow.foreign).toEqual([]);
    expect(narrow.errors).toEqual([]);
    await narrow.context().close();
  });

  it('GraphiQL opened by a signed-in console user runs as that user, without a token typed', async () => {
    const signedIn = await registerAccount(console_.server, 'Signed In Explorers');
    const page = await openOffline();
    await logIn(page, console_.server, signedIn);
    await page.goto(`${console_.server.url}/graphql`);
    await page.locator('.graphiql-container').first().waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /Execute query/ }).click();
    const result = page.locator('.result-window');
    const resultText = async () => (await result.innerText()).replace(/\u00a0/g, ' ');
    await expect.poll(resultText, { timeout: 30_000 }).toContain('"name": "Signed In Explorers"');
    expect(await resultText()).toContain('"role": "OWNER"');
    const editor = (await page.locator('.graphiql-query-editor').innerText()).replace(
      /\u00a0/g,
      ' ',
    );
    expect(editor).toContain('You are signed in to the console');
    expect(page.foreign).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the REST reference lists the routes from the server’s own files', async () => {
    for (const width of [1440, 390]) {
      const page = await openOffline(width);
      const response = await page.goto(`${console_.server.url}/api/v1/docs`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toBe(EXPLORER_CSP);
      expect(response?.headers()['x-frame-options']).toBe('DENY');
      await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
      const text = await page.locator('#swagger-ui').innerText();
      expect(text).toContain('/boards/{id}');
      expect(text).toContain('/ideas/{id}/upvote');
      expect(text).toContain('/webhooks');
      await page.locator('.opblock-summary').first().click();
      await page.locator('.opblock-body').first().waitFor();
      await saveWindow(page, `api-docs-${width}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(page.foreign).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });
});
