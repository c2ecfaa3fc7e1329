import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot } from './console.ts';

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The cover image the releases name, served by the test instead of a third-party host. */
const COVER_URL = 'https://img.example/cover.svg';
const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1f5fbf"/><stop offset="1" stop-color="#53d23d"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#g)"/></svg>`;

async function serveCover(page: Page) {
  await page.route(COVER_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: COVER_SVG }),
  );
}

describe.skipIf(!hasChromium())('the portal’s changelog and roadmap in a browser', () => {
  let server: TTestServer;
  let browser: Browser;
  let company: TRestCompany;
  let base = '';
  let releasePath = '';

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    const idea = async (title: string, status: 'PLANNED' | 'IN_PROGRESS' | 'COMPLETE') => {
      const { id } = await expectCall(server, 'POST', '/ideas/', 201, {
        token,
        headers: { 'x-board-id': String(company.boardId) },
        body: { title },
      });
      await server.deps.prisma.idea.update({ where: { id }, data: { status } });
      return id as number;
    };
    const shipped = await idea('Export reports to a spreadsheet', 'COMPLETE');
    await idea('Single sign-on with Google Workspace', 'PLANNED');
    await idea('Dark mode across the whole app', 'IN_PROGRESS');
    await idea('Keyboard shortcuts for triage', 'PLANNED');
    const release = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token,
        body: {
          name: 'Version 2.4',
          releaseDate: '2026-11-20',
          boardIds: [company.boardId],
          coverImageUrl: COVER_URL,
          labels: ['NEW', 'IMPROVED'],
          body: '## Spreadsheet exports\n\nEvery report can now be **exported to a spreadsheet**, on demand or every Monday morning.\n\n- CSV and XLSX\n- Scheduled exports\n\nRead more in [the guide](https://docs.example/exports).',
        },
      },
    );
    await expectCall(server, 'POST', `/releases/${release.id}/add-from-ideas`, 200, {
      token,
      body: { ideaIds: [shipped] },
    });
    for (const id of [company.releaseId, release.id]) {
      await expectCall(server, 'PUT', `/releases/${id}/publish`, 200, {
        token,
        body: { published: true },
      });
    }
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    base = `/${board.company.slug}`;
    releasePath = `${base}/changelog/${release.id}-version-2-4`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('reads the changelog with JavaScript off and follows a part to its idea', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await serveCover(page);
      const response = await page.goto(`${server.url}${base}/changelog`);
      expect(response?.status()).toBe(200);
      const article = page.getByRole('article', { name: 'Version 2.4' });
      expect(await article.innerText()).toContain('exported to a spreadsheet');
      expect(await article.getByRole('list', { name: 'Labels' }).innerText()).toContain('New');
      await article.getByRole('link', { name: 'Export reports to a spreadsheet' }).click();
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Export reports to a spreadsheet');
    } finally {
      await context.close();
    }
  });

  // The changelog has no script at all (CSP script-src 'none'): the form is a plain POST. Axe
  // runs in the page, so this context keeps JavaScript on.
  it('subscribes through the plain form, showing a bad address next to the field', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await serveCover(page);
      await page.goto(`${server.url}${base}/changelog`);
      const field = page.getByLabel('Email address');
      await field.fill('not an address');
      await field.press('Enter');
      await expect
        .poll(() => page.getByText('Enter a valid email address.').isVisible())
        .toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel('Email address').fill('reader@example.org');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toContain('check your inbox');
      await saveScreenshot(page, 'portal-changelog-subscribed');
      expect(
        await server.deps.prisma.changelogSubscriber.count({
          where: { email: 'reader@example.org' },
        }),
      ).toBe(1);
    } finally {
      await context.close();
    }
  });

  for (const locale of ['en-US', 'pl-PL'] as const) {
    it(`passes axe at both widths, with the menu and skip link by keyboard (${locale})`, async () => {
      for (const size of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          locale,
        });
        try {
          const page = await context.newPage();
          await serveCover(page);
          const pages = [
            ['changelog', `${base}/changelog`],
            ['release', releasePath],
            ['roadmap', `${base}/roadmap`],
          ] as const;
          for (const [name, path] of pages) {
            await page.goto(`${server.url}${path}`);
            await page.waitForLoadState('load');
            expect(await seriousAxeViolations(page), name).toEqual([]);
            await saveScreenshot(page, `portal-${name}-${locale}-${size.name}`);
          }
          // Skip link first, then the company's name and the menu.
          await page.goto(`${server.url}${base}/roadmap`);
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
          await page.keyboard.press('Tab');
          await page.keyboard.press('Tab');
          await page.keyboard.press('Tab');
          const roadmapLabel = locale === 'pl-PL' ? 'Roadmapa' : 'Roadmap';
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(roadmapLabel);
          expect(
            await page.evaluate(() => document.activeElement?.getAttribute('aria-current')),
          ).toBe('page');
          await page.keyboard.press('Tab');
          await page.keyboard.press('Enter');
          await page.waitForURL(`**${base}/changelog`);
          const changelogTitle = locale === 'pl-PL' ? 'Dziennik zmian' : 'Changelog';
          await expect
            .poll(() => page.getByRole('heading', { level: 1 }).textContent())
            .toBe(changelogTitle);
        } finally {
          await context.close();
        }
      }
    });
  }
});
