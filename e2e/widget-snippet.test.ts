import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { SSO_TOKEN_ENDPOINT } from '../web/src/screens/admin/board/widget/code-samples.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium } from './browser.ts';
import { logIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Issue 7's "a hand-made HTML page with the widget tab's snippet works": the admin copies the
 * three steps of its "With SSO" snippet exactly as the console's widget tab shows them (the text
 * of its code blocks), makes the SSO token with the tab's own Node sample, which the page's own
 * server answers at the snippet's token address, and pastes the snippet into a static page
 * on another origin under a strict Content-Security-Policy. The widget renders there, the SSO
 * user votes, and the console's users page then lists that user with kind SSO.
 */

/**
 * Serves one fixed HTML page (from a second origin) with a strict CSP, and the signed-in user's
 * SSO token at the snippet's token address, as the customer's server does (step 3).
 */
async function startStaticPage(html: string, apiOrigin: string, token: string) {
  const server: Server = createServer((request, response) => {
    if (request.url === SSO_TOKEN_ENDPOINT) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify({ token }));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${apiOrigin}; connect-src 'self' ${apiOrigin}; style-src 'self'; img-src 'self'`,
    });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/feedback.html`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!hasChromium())('widget: the widget tab’s snippet on a hand-made page', () => {
  let console_: TConsole;
  let company: TRestCompany;
  let sampleDir = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    company = await restCompany(console_.server);
    sampleDir = await mkdtemp(path.join(tmpdir(), 'feedboard-snippet-'));
  });
  afterAll(async () => {
    await console_?.close();
    if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
  });

  it('renders and votes from a static page made of the copied steps, and the console lists the SSO user', async () => {
    const { server } = console_;
    const admin = await console_.open();
    await logIn(admin, server, { email: company.owner.email, password: 'secret-password' });
    const boardGlobalId = Buffer.from(`Board:${company.boardId}`).toString('base64');
    await admin.goto(`${server.url}/admin/boards/${encodeURIComponent(boardGlobalId)}/widget`);

    // The three steps, as the admin sees (and copies) them.
    const block = (label: string) => admin.getByLabel(label, { exact: true });
    await expect.poll(() => block('the script tag').isVisible()).toBe(true);
    await admin.getByRole('tab', { name: 'With SSO' }).click();
    const scriptTag = (await block('the script tag').textContent()) ?? '';
    const container = (await block('the container element').textContent()) ?? '';
    await admin.getByRole('tab', { name: 'JavaScript / Node' }).click();
    const nodeSample = (await block('the JavaScript / Node sample').textContent()) ?? '';
    expect(scriptTag).toBe(`<script src="${server.url}/widget.js" defer></script>`);
    expect(container).toContain(`data-sso-token-url="${SSO_TOKEN_ENDPOINT}"`);

    // The customer's server: the tab's Node sample, as copied, makes the token.
    const samplePath = path.join(sampleDir, 'feedboard-token.mjs');
    await writeFile(samplePath, nodeSample);
    const { feedboardToken } = (await import(pathToFileURL(samplePath).href)) as {
      feedboardToken: (user: { id: string; name: string }) => string;
    };
    const token = feedboardToken({ id: 'crm-snippet-7', name: 'Snippet Sam' });

    const page = await startStaticPage(
      `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Our feedback page</title>
${scriptTag}
</head>
<body><h1>Tell us what to build</h1>
${container}
</body>
</html>`,
      new URL(server.url).origin,
      token,
    );
    try {
      const visitor = await console_.open({ viewport: { width: 1200, height: 900 } });
      await visitor.goto(page.url);
      await expect
        .poll(() => visitor.getByText('Signed in as Snippet Sam').isVisible(), { timeout: 15_000 })
        .toBe(true);
      const fixture = visitor.getByTestId('idea').filter({ hasText: 'Fixture idea' });
      await expect.poll(() => fixture.isVisible()).toBe(true);
      await fixture.getByTestId('vote').click();
      await expect.poll(() => fixture.getByTestId('vote-count').innerText()).toBe('1');
      await expect
        .poll(
          async () => (await expectCall(server, 'GET', `/ideas/${company.ideaId}`, 200)).voteCount,
        )
        .toBe(1);
      await saveScreenshot(visitor, 'widget-hand-made-page');
      expect(visitor.errors).toEqual([]);
      await visitor.context().close();
    } finally {
      await page.close();
    }

    // The console's users page lists the widget's SSO user, of kind SSO.
    await admin.goto(`${server.url}/admin/users`);
    const row = admin.getByRole('row').filter({ hasText: 'Snippet Sam' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => row.getByText('SSO', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => admin.locator('.stat', { hasText: 'SSO users' }).locator('dd').textContent())
      .toBe('1');
    expect(admin.errors).toEqual([]);
  });
});
