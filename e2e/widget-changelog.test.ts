import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

/**
 * A customer's site on a second origin embedding the "what's new" widget under a strict CSP:
 * `data-mode="changelog"` on the container, or (`/?on=script`) on the script tag.
 */
async function startHostSite(apiUrl: string, boardHash: () => string) {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    const onScript = url.searchParams.get('on') === 'script';
    // `?mode=board`: the full widget (its Releases tab), no changelog mode anywhere.
    const isBoard = url.searchParams.get('mode') === 'board';
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${apiUrl}; connect-src ${apiUrl}; style-src 'self'; img-src 'self'`,
    });
    // The page's language, which the widget speaks (issue 26).
    const lang = url.searchParams.get('lang') === 'pl' ? 'pl' : 'en';
    response.end(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>Customer site</title></head>
<body><main><h1>Our product</h1>
<div id="news" data-base-url="${apiUrl}" data-board-hash="${boardHash()}"${
      onScript || isBoard ? '' : ' data-mode="changelog"'
    }></div></main>
<script src="${apiUrl}/widget.js"${onScript && !isBoard ? ' data-mode="changelog"' : ''} defer></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // `localhost`, not 127.0.0.1: a different origin from the API's.
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!hasChromium())('the “what’s new” widget (data-mode="changelog")', () => {
  let server: TTestServer;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let company: TRestCompany;
  let hash = '';
  let companySlug = '';
  const releaseIds = { older: 0, newer: 0 };

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    hash = (
      await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, { token })
    ).boardHash;
    const release = async (name: string, releaseDate: string, labels: string[], body: string) => {
      const { id } = await expectCall(
        server,
        'POST',
        `/companies/${company.owner.companyId}/releases`,
        201,
        { token, body: { name, releaseDate, boardIds: [company.boardId], labels, body } },
      );
      await expectCall(server, 'PUT', `/releases/${id}/publish`, 200, {
        token,
        body: { published: true },
      });
      return id as number;
    };
    releaseIds.older = await release(
      'Version 1.0',
      '2026-11-10',
      ['FIXED'],
      'Exports **no longer time out**: see [the guide](https://docs.example/exports).\n\n<script>window.__xss = 1</script>[x](javascript:window.__xss=2)',
    );
    releaseIds.newer = await release(
      'Version 2.0',
      '2026-11-20',
      ['NEW', 'IMPROVED'],
      '## Dark mode\n\nThe whole app now has a *dark mode*.',
    );
    // The fixture's own release stays unpublished: the widget never lists it.
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    companySlug = board.company.slug;
    host = await startHostSite(server.url, () => hash);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  const launcher = (page: Page) => page.getByRole('button', { name: /^What’s new/ });
  const item = (page: Page, name: string) =>
    page.getByTestId('release').filter({ has: page.getByRole('heading', { name }) });
  const dotOf = (page: Page, name: string) => item(page, name).getByTestId('unread-dot');
  const newCount = async (page: Page) => {
    const badge = page.getByTestId('new-count');
    return (await badge.count()) === 0 ? null : badge.textContent();
  };

  for (const lang of ['en', 'pl'] as const) {
    it(`${lang}: the full widget's Releases tab shows each release's labels and first lines of notes`, async () => {
      const words = {
        en: { tab: 'Releases', labels: ['New', 'Improved'] },
        pl: { tab: 'Wydania', labels: ['Nowe', 'Ulepszone'] },
      }[lang];
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${host.url}/?mode=board&lang=${lang}`);
      await page.getByRole('button', { name: words.tab, exact: true }).click();
      const newer = item(page, 'Version 2.0');
      await newer.waitFor();
      expect(await newer.innerText()).toContain('The whole app now has a dark mode.');
      expect(
        await newer.getByRole('list', { name: lang === 'en' ? 'Labels' : 'Etykiety' }).innerText(),
      ).toBe(words.labels.join('\n'));
      // The notes' HTML is the server's sanitised one: no script ran, no javascript: link.
      expect(await item(page, 'Version 1.0').innerText()).toContain('Exports no longer time out');
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `widget-releases-${lang}-390`);
      await page.setViewportSize({ width: 1440, height: 900 });
      await saveScreenshot(page, `widget-releases-${lang}-1440`);
      await page.close();
    });
  }

  it('shows the latest releases with a dot each, and forgets the dot of the one opened', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${host.url}/`);

    // Closed: the launcher says how many releases are new to this visitor.
    await expect.poll(() => launcher(page).isVisible()).toBe(true);
    expect(await newCount(page)).toBe('2 new');
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('release').first().isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Opened from the keyboard: both published releases, newest first, each with its dot,
    // date in the board's language, labels and a link to its portal page.
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('release').count()).toBe(2);
    expect(await page.getByTestId('release').allTextContents()).toEqual([
      expect.stringContaining('Version 2.0'),
      expect.stringContaining('Version 1.0'),
    ]);
    expect(await dotOf(page, 'Version 2.0').count()).toBe(1);
    expect(await dotOf(page, 'Version 1.0').count()).toBe(1);
    const newer = item(page, 'Version 2.0');
    expect(await newer.locator('time').textContent()).toBe('Nov 20, 2026');
    expect(await newer.getByRole('list', { name: 'Labels' }).innerText()).toMatch(/New\s+Improved/);
    const link = newer.getByRole('link', { name: 'Read more about Version 2.0' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toBe(`${server.url}/${companySlug}/changelog/${releaseIds.newer}`);
    const portal = await fetch(href);
    expect(portal.status).toBe(200);
    expect(await portal.text()).toContain('Version 2.0');

    // The older one opened (Enter on its name): its notes, sanitised by the server.
    const olderButton = item(page, 'Version 1.0').getByRole('button', { name: /Version 1\.0/ });
    await olderButton.focus();
    await page.keyboard.press('Enter');
    expect(await olderButton.getAttribute('aria-expanded')).toBe('true');
    const notes = item(page, 'Version 1.0').locator('.release-body');
    await expect.poll(() => notes.isVisible()).toBe(true);
    expect(await notes.locator('strong').textContent()).toBe('no longer time out');
    expect(await notes.locator('script').count()).toBe(0);
    expect(await notes.locator('a[href^="javascript:"]').count()).toBe(0);
    const guide = notes.getByRole('link', { name: 'the guide' });
    expect(await guide.getAttribute('href')).toBe('https://docs.example/exports');
    expect(await guide.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(await dotOf(page, 'Version 1.0').count()).toBe(0);
    expect(await newCount(page)).toBe('1 new');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'widget-changelog-open');
    // Escape closes the panel and gives the focus back to its button; Enter opens it again.
    await page
      .getByTestId('release')
      .first()
      .focus()
      .catch(() => undefined);
    await page.keyboard.press('Escape');
    await expect.poll(() => launcher(page).getAttribute('aria-expanded')).toBe('false');
    expect(await launcher(page).evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => launcher(page).getAttribute('aria-expanded')).toBe('true');

    // Reloaded: the opened release stays read, the newer one is still new.
    await page.reload();
    await expect.poll(() => newCount(page)).toBe('1 new');
    await launcher(page).click();
    await expect.poll(() => page.getByTestId('release').count()).toBe(2);
    expect(await dotOf(page, 'Version 1.0').count()).toBe(0);
    expect(await dotOf(page, 'Version 2.0').count()).toBe(1);

    // The newest opened: nothing is new any more, after a reload too.
    await item(page, 'Version 2.0')
      .getByRole('button', { name: /Version 2\.0/ })
      .click();
    expect(await newCount(page)).toBeNull();
    // Its notes' heading sits under the release's name (h3).
    expect(
      await item(page, 'Version 2.0').getByRole('heading', { level: 4, name: 'Dark mode' }).count(),
    ).toBe(1);
    await page.reload();
    await expect.poll(() => launcher(page).isVisible()).toBe(true);
    expect(await newCount(page)).toBeNull();

    // Kept in the page's localStorage for this board, never in a cookie.
    expect(await context.cookies()).toEqual([]);
    const stored = await page.evaluate(() => Object.keys(window.localStorage));
    expect(stored).toEqual([`feedboard:${server.url}:changelog:${hash}`]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads data-mode from the script tag too, and speaks the board’s Polish', async () => {
    await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
      token: company.owner.token,
      body: { language: 'pl-PL' },
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${host.url}/?on=script&lang=pl`);
      const polishLauncher = page.getByRole('button', { name: /^Co nowego/ });
      await expect.poll(() => polishLauncher.isVisible()).toBe(true);
      expect(await newCount(page)).toBe('Nowe: 2');
      await polishLauncher.click();
      const newer = item(page, 'Version 2.0');
      await expect.poll(() => newer.isVisible()).toBe(true);
      expect(await newer.locator('time').textContent()).toBe('20 lis 2026');
      expect(await newer.getByRole('list', { name: 'Etykiety' }).innerText()).toMatch(
        /Nowe\s+Ulepszone/,
      );
      expect(await newer.getByRole('link', { name: 'Więcej o wydaniu Version 2.0' }).count()).toBe(
        1,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
      await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language: 'en-US' },
      });
    }
  });
});
