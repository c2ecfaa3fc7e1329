import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

type THostPage = {
  /** The page's `<html lang>`; none when undefined. */
  lang?: string;
  /** The container's data-language. */
  language?: string;
  /** The container's data-theme. */
  theme?: 'dark' | 'light';
  mode?: 'changelog';
};

/** A customer's site on another origin, embedding the widget as the query string says. */
async function startHostSite(apiUrl: string) {
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://host').searchParams;
    const attribute = (name: string, value: string | null) =>
      value ? ` ${name}="${value.replace(/[^\w-]/g, '')}"` : '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html${attribute('lang', query.get('lang'))}><head>
<meta charset="utf-8"><title>Customer site</title></head>
<body><main><h1>Our product</h1>
<div data-base-url="${apiUrl}" data-board-hash="${query.get('hash') ?? ''}"${attribute(
      'data-language',
      query.get('language'),
    )}${attribute('data-theme', query.get('theme'))}${attribute('data-mode', query.get('mode'))}></div>
</main><script src="${apiUrl}/widget.js" defer></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The widget's section tabs, as the visitor reads them. */
const NAV = { en: ['Ideas', 'Roadmap', 'Releases'], pl: ['Pomysły', 'Roadmapa', 'Wydania'] };

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrastOf(x: string, y: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(x), luminance(y)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The widget follows its visitor's language, not the board's (issue 26): data-language on the
 * snippet, else the page's `<html lang>`, else the browser's languages (the first we speak),
 * else the board's. And its keyboard focus is a ring that reads on the primary colour and in
 * the dark scheme (issue 65).
 */
describe.skipIf(!hasChromium())('widget: the visitor’s language and a visible focus', () => {
  let server: TTestServer;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let company: TRestCompany;
  let visitor: TTestAccount;
  let hash = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    hash = (
      await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, { token })
    ).boardHash;
    await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: 'Dark theme for the editor' },
    });
    visitor = await addEndUser(server, company.owner.companyId, { name: 'Vera Visitor' });
    host = await startHostSite(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  const setBoardLanguage = (language: string) =>
    expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
      token: company.owner.token,
      body: { language },
    });

  /** The host page as a visitor whose browser speaks `locale` sees it. */
  async function open(
    page: THostPage,
    locale: string,
    options: { account?: TTestAccount; colorScheme?: 'light' | 'dark' } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      bypassCSP: true,
      locale,
      colorScheme: options.colorScheme ?? 'light',
    });
    if (options.account) {
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        `feedboard:${server.url}:session`,
        options.account.token,
      ] as const);
    }
    const tab = await context.newPage();
    const query = new URLSearchParams({ hash });
    for (const [name, value] of Object.entries(page)) if (value) query.set(name, value);
    await tab.goto(`${host.url}/?${query.toString()}`);
    return tab;
  }

  /** The section tabs' names, once the board has drawn, and the widget's own lang. */
  async function spoken(page: Page): Promise<{ nav: string[]; lang: string | null }> {
    const nav = page.getByRole('navigation').getByRole('button');
    await expect.poll(() => nav.count()).toBe(3);
    return {
      nav: await nav.allInnerTexts(),
      lang: await page.locator('.fb').getAttribute('lang'),
    };
  }

  async function judge(page: Page, name: string): Promise<void> {
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `${name}-${width}`);
    }
  }

  it('speaks Polish on a page of Polish lang, though the board is in English', async () => {
    await setBoardLanguage('en-US');
    const page = await open({ lang: 'pl' }, 'en-US');
    expect(await spoken(page)).toEqual({ nav: NAV.pl, lang: 'pl' });
    await judge(page, 'widget-language-page-pl');
    await page.context().close();
  });

  it('speaks Polish to a browser in Polish on a page that names no language', async () => {
    await setBoardLanguage('en-US');
    const page = await open({}, 'pl-PL');
    expect(await spoken(page)).toEqual({ nav: NAV.pl, lang: 'pl' });
    // The dates follow too: an idea opened shows its date in Polish.
    await page.getByRole('button', { name: 'Dark theme for the editor', exact: true }).click();
    const detail = page.getByTestId('idea-detail');
    await expect.poll(() => detail.count()).toBe(1);
    const month = new Intl.DateTimeFormat('pl-PL', { month: 'short' }).format(new Date());
    expect(await detail.innerText()).toContain(month);
    await page.context().close();
  });

  it('passes over a language it does not speak to the next the visitor has', async () => {
    await setBoardLanguage('en-US');
    const page = await open({ lang: 'de' }, 'pl-PL');
    expect(await spoken(page)).toEqual({ nav: NAV.pl, lang: 'pl' });
    await page.context().close();
  });

  it('lets the snippet’s data-language win over the page and the browser', async () => {
    await setBoardLanguage('pl-PL');
    const page = await open({ lang: 'pl', language: 'en' }, 'pl-PL');
    expect(await spoken(page)).toEqual({ nav: NAV.en, lang: 'en' });
    await judge(page, 'widget-language-data-language-en');
    await page.context().close();
  });

  it('keeps the board’s language when nothing of the visitor’s is one it speaks', async () => {
    await setBoardLanguage('pl-PL');
    const page = await open({ lang: 'de' }, 'de-DE');
    expect(await spoken(page)).toEqual({ nav: NAV.pl, lang: 'pl' });
    await page.context().close();
  });

  it('says “What’s new” in the visitor’s language too', async () => {
    await setBoardLanguage('en-US');
    const page = await open({ mode: 'changelog' }, 'pl-PL');
    const launcher = page.locator('.fb');
    await expect.poll(() => launcher.getAttribute('lang')).toBe('pl');
    await page.context().close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`rings the keyboard's focus visibly on the primary colour (${scheme})`, async () => {
      await setBoardLanguage('en-US');
      // A mid-light green on the light scheme (neither white nor the green darkened into an
      // accent reads on it at 3:1), a dark blue on the dark one (nor the page's near black).
      await expectCall(server, 'PUT', `/boards/${company.boardId}/theme`, 200, {
        token: company.owner.token,
        body: { primary: scheme === 'light' ? '22c55e' : '1d4ed8' },
      });
      const page = await open({ lang: 'en', theme: scheme }, 'en-US', {
        account: visitor,
        colorScheme: scheme,
      });
      const add = page.getByRole('button', { name: 'Add an idea' });
      await expect.poll(() => add.count()).toBe(1);
      // From the keyboard: Tab until the primary button holds the focus.
      for (let step = 0; step < 30; step += 1) {
        await page.keyboard.press('Tab');
        const isThere = await add.evaluate((element) => element.matches(':focus-visible'));
        if (isThere) break;
      }
      const ring = await add.evaluate((element) => {
        const style = getComputedStyle(element);
        const fb = element.closest('.fb') as HTMLElement;
        return {
          isFocused: element.matches(':focus-visible'),
          outlineStyle: style.outlineStyle,
          outlineWidth: parseFloat(style.outlineWidth),
          outlineOffset: parseFloat(style.outlineOffset),
          outline: style.outlineColor,
          boxShadow: style.boxShadow,
          element: style.backgroundColor,
          page: getComputedStyle(fb).backgroundColor,
        };
      });
      expect(ring.isFocused).toBe(true);
      expect(ring.outlineStyle).toBe('solid');
      expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
      // The ring reads on the page around it.
      expect(contrastOf(ring.outline, ring.page)).toBeGreaterThanOrEqual(3);
      // And next to the element: the ring itself, or the band between it and the element (a
      // box-shadow of at least the offset's width), reads at 3:1 on the element's colour.
      const band = /^(rgba?\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px$/.exec(ring.boxShadow);
      const inner =
        band?.[1] && Number(band[2]) >= ring.outlineOffset
          ? band[1]
          : ring.outlineOffset > 0
            ? ring.page
            : ring.outline;
      const nextToElement = Math.max(
        contrastOf(ring.outline, ring.element),
        contrastOf(inner, ring.element),
      );
      expect(nextToElement).toBeGreaterThanOrEqual(3);
      expect(contrastOf(ring.outline, inner)).toBeGreaterThanOrEqual(3);
      await judge(page, `widget-focus-${scheme}`);
      await page.context().close();
    });
  }
});
