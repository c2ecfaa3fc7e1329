import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe.skipIf(!hasChromium())('the public portal in a browser', () => {
  let server: TTestServer;
  let browser: Browser;
  let company: TRestCompany;
  let ideaPath = '';
  let homePath = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    const { id } = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(company.boardId) },
      body: {
        title: 'Export reports to a spreadsheet every Monday morning',
        description: 'Our finance team rebuilds the same report by hand each week.',
      },
    });
    await expectCall(server, 'POST', `/ideas/${id}/upvote`, 200, { token });
    await expectCall(server, 'POST', `/ideas/${id}/comments`, 201, {
      token,
      body: { text: 'We are looking into the formats you need.' },
    });
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    homePath = `/${board.company.slug}`;
    ideaPath = `${homePath}/${board.slug}/ideas/${id}-export-reports-to-a-spreadsheet-every-monday-morning`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('reads an idea page with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${server.url}${ideaPath}`);
      expect(response?.status()).toBe(200);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Export reports to a spreadsheet every Monday morning');
      const article = await page.locator('article').innerText();
      expect(article).toContain('Our finance team rebuilds the same report by hand each week.');
      expect(article).toContain('1 vote');
      expect(article).toContain('Open');
      expect(await page.locator('.comments').innerText()).toContain(
        'We are looking into the formats you need.',
      );
      expect(await page.getByRole('link', { name: 'Vote and comment on the board' }).count()).toBe(
        1,
      );
    } finally {
      await context.close();
    }
  });

  for (const locale of ['en-US', 'pl-PL'] as const) {
    it(`passes axe and is usable from the keyboard at both widths (${locale})`, async () => {
      if (locale === 'pl-PL') {
        await server.deps.prisma.board.update({
          where: { id: company.boardId },
          data: { language: 'pl-PL' },
        });
      }
      for (const size of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          locale,
        });
        try {
          const page = await context.newPage();
          // The server-rendered page as it reads before (or without) the widget.
          await page.route('**/widget.js', (route) => route.abort());
          await page.goto(`${server.url}${ideaPath}`);
          expect(await seriousAxeViolations(page)).toEqual([]);
          // The first Tab reaches the skip link, which moves focus into the content.
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
          await page.keyboard.press('Enter');
          await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('content');
          await saveScreenshot(page, `portal-idea-${locale}-${size.name}`);

          await page.goto(`${server.url}${homePath}`);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await saveScreenshot(page, `portal-home-${locale}-${size.name}`);
        } finally {
          await context.close();
        }
      }
    });
  }

  it('hands the idea page over to the live widget, opened on that idea', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}${ideaPath}`);
      const detail = page.locator('#feedboard').getByTestId('idea-detail');
      await expect.poll(() => detail.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await detail.innerText()).toContain('Export reports to a spreadsheet');
      expect(await page.locator('#feedboard').getByTestId('vote-count').first().innerText()).toBe(
        '1',
      );
      // The widget inside the page adds no second main landmark nor a second "Powered by".
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByText('Powered by Feedboard').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
