import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, mutate } from '../api/src/testing/graphql-client.ts';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { readMail, startSmtpSink } from '../api/src/testing/smtp-sink.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { allAxeViolations, hasChromium, launchChromium } from './browser.ts';
import { saveScreenshot } from './console.ts';

const SET_BRAND = `mutation ($brandColor: String) {
  updateCompanyPortal(brandColor: $brandColor) {
    __typename ... on MutationUpdateCompanyPortalSuccess { data { id brandColor } } ${APP_ERROR} } }`;

/** The company's brand: a deep violet, on which white reads. */
const BRAND = '5b21b6';
const BRAND_RGB = 'rgb(91, 33, 182)';

/**
 * What the company's own users see in the company's colours: the portal's header and the
 * buttons of its mail wear the brand colour set in the console (Company.brandColor), and the
 * portal follows the visitor's dark scheme, passing axe at every impact level in both.
 */
describe.skipIf(!hasChromium())('the portal and mail in the company’s brand', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let server: TTestServer;
  let browser: Browser;
  let company: TRestCompany;
  let paths: { name: string; path: string }[] = [];

  beforeAll(async () => {
    await ensureWidgetBuilt();
    smtp = await startSmtpSink();
    server = await startTestServer({ smtpUrl: smtp.url });
    browser = await launchChromium();
    company = await restCompany(server);
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
      include: { company: true },
    });
    const home = `/${board.company.slug}`;
    const idea = await server.deps.prisma.idea.findUniqueOrThrow({
      where: { id: company.ideaId },
    });
    await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
      token: company.owner.token,
      body: { status: 'PLANNED' },
    });
    paths = [
      { name: 'home', path: home },
      { name: 'board', path: `${home}/${board.slug}` },
      { name: 'idea', path: `${home}/${board.slug}/ideas/${idea.id}` },
      { name: 'roadmap', path: `${home}/roadmap` },
      { name: 'changelog', path: `${home}/changelog` },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  async function open(path: string, colorScheme: 'light' | 'dark', width = 1440) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      colorScheme,
    });
    const page = await context.newPage();
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status()).toBe(200);
    return { page, close: () => context.close() };
  }

  const colours = (page: Page) =>
    page.evaluate(() => ({
      header: getComputedStyle(document.querySelector('.portal-header')!).backgroundColor,
      body: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
    }));

  it('refuses a colour that is not six hex digits, field by field, and keeps the one before', async () => {
    const refused = await mutate(
      server,
      'updateCompanyPortal',
      SET_BRAND,
      { brandColor: 'purple' },
      company.owner.token,
    );
    expect(refused.code).toBe('VALIDATION');
    expect(refused.fields).toEqual([
      { field: 'brandColor', message: 'It has to be a colour of 6 hex digits, e.g. 3b5bdb.' },
    ]);
    const set = await mutate(
      server,
      'updateCompanyPortal',
      SET_BRAND,
      { brandColor: `#${BRAND.toUpperCase()}` },
      company.owner.token,
    );
    expect(set.brandColor).toBe(BRAND);
  });

  it('wears the brand colour in its header and follows the visitor’s dark scheme, axe clean at every impact', async () => {
    await mutate(
      server,
      'updateCompanyPortal',
      SET_BRAND,
      { brandColor: BRAND },
      company.owner.token,
    );
    const seen: Record<string, { header: string; body: string; text: string }> = {};
    for (const scheme of ['light', 'dark'] as const) {
      for (const { name, path } of paths) {
        const { page, close } = await open(path, scheme);
        try {
          if (name === 'board') {
            // The live widget has drawn the board inside the page.
            await expect
              .poll(() => page.locator('#feedboard').evaluate((el) => !!el.shadowRoot))
              .toBe(true);
          }
          seen[`${name}-${scheme}`] = await colours(page);
          const violations = await allAxeViolations(page);
          expect(
            violations.map((v) => `${v.id} (${v.impact}): ${v.help} ${JSON.stringify(v.nodes)}`),
            `${name} (${scheme})`,
          ).toEqual([]);
          await saveScreenshot(page, `portal-brand-${name}-${scheme}-1440`);
          await page.setViewportSize({ width: 390, height: 844 });
          await saveScreenshot(page, `portal-brand-${name}-${scheme}-390`);
        } finally {
          await close();
        }
      }
    }
    for (const { name } of paths) {
      expect(seen[`${name}-light`]?.header).toBe(BRAND_RGB);
      expect(seen[`${name}-dark`]?.header).toBe(BRAND_RGB);
      expect(seen[`${name}-light`]?.body).toBe('rgb(244, 245, 247)');
      // The widget's dark page colour (#16181d) with its light text.
      expect(seen[`${name}-dark`]?.body).toBe('rgb(22, 24, 29)');
      expect(seen[`${name}-dark`]?.text).toBe('rgb(230, 232, 235)');
    }
  }, 300_000);

  it('goes back to the neutral header when the brand colour is cleared', async () => {
    const cleared = await mutate(
      server,
      'updateCompanyPortal',
      SET_BRAND,
      { brandColor: '' },
      company.owner.token,
    );
    expect(cleared.brandColor).toBeNull();
    const { page, close } = await open(paths[0]!.path, 'light');
    try {
      expect((await colours(page)).header).not.toBe(BRAND_RGB);
    } finally {
      await close();
    }
  });

  it('colours the buttons of the company’s mail with its brand', async () => {
    await mutate(
      server,
      'updateCompanyPortal',
      SET_BRAND,
      { brandColor: BRAND },
      company.owner.token,
    );
    const voter = await addEndUser(server, company.owner.companyId, { name: 'Bea Voter' });
    await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
      token: voter.token,
    });
    await expectCall(server, 'PUT', `/ideas/${company.ideaId}/status`, 200, {
      token: company.owner.token,
      body: { status: 'IN_PROGRESS' },
    });
    await server.deps.mailer.flush();
    const mails = await Promise.all(smtp.messages.map((raw) => readMail(raw)));
    const mail = mails.find((m) => m.subject.includes('In progress'));
    expect(mail?.html).toBeTruthy();
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme: scheme });
      try {
        const page = await context.newPage();
        await page.route('**/*', (route) => route.abort());
        await page.setContent(mail!.html!);
        const button = page.getByRole('link', { name: 'See it' });
        expect(await button.evaluate((a) => getComputedStyle(a).backgroundColor)).toBe(BRAND_RGB);
        expect(await button.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 255)');
        await saveScreenshot(page, `mail-brand-${scheme}`);
      } finally {
        await context.close();
      }
    }
  });
});
