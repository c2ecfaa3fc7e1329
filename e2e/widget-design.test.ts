import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import { expectCall, restCompany } from '../api/src/testing/rest-fixtures.ts';
import type { TRestCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, launchChromium, seriousAxeViolations } from './browser.ts';

/** Where the design screenshots go when asked for (WIDGET_SHOTS=folder), for a person to look at. */
const SHOTS = process.env.WIDGET_SHOTS;

const PRIMARY = '4f46e5';
const DARK_MODE = 'Dark mode for the dashboard';
const CSV = 'Export reports to CSV';
const SLACK = 'Slack notifications for new ideas';
const OKTA = 'Single sign-on with Okta';

/**
 * A customer's site embedding the widget under a strict CSP: `?theme=` puts data-theme on the
 * embed element, `?width=` narrows it to a sidebar, `?token=` signs the visitor in by SSO.
 */
async function startHostSite(apiUrl: string, boardHash: () => string) {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const token = url.searchParams.get('token');
    const theme = url.searchParams.get('theme');
    const width = Number(url.searchParams.get('width')) || 0;
    if (url.pathname === '/host.css') {
      response.writeHead(200, { 'content-type': 'text/css' });
      response.end(
        `body { margin: 0; padding: 16px; background: ${
          theme === 'dark' ? '#0b0c0f' : '#f3f4f6'
        }; } aside { width: ${width}px; }`,
      );
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none'; script-src ${apiUrl}; connect-src ${apiUrl}; style-src 'self'; img-src 'self'`,
    });
    const embed = `<div id="feedback" data-base-url="${apiUrl}" data-board-hash="${attribute(
      boardHash(),
    )}"${token ? ` data-sso-token="${attribute(token)}"` : ''}${
      theme ? ` data-theme="${attribute(theme)}"` : ''
    }></div>`;
    // The page's language, which the widget speaks (issue 26).
    const lang = url.searchParams.get('lang') === 'pl' ? 'pl' : 'en';
    response.end(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>Customer site</title><link rel="stylesheet" href="/host.css${url.search}"></head>
<body><main>${width ? `<aside>${embed}</aside>` : embed}</main>
<script src="${apiUrl}/widget.js" defer></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!hasChromium())('the widget’s design', () => {
  let server: TTestServer;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let company: TRestCompany;
  let hash = '';
  let secret = '';
  /** The ideas' ids by title. */
  const ids: Record<string, number> = {};

  const sign = (claims: object) => jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 600 });

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    const board = { 'x-board-id': String(company.boardId) };
    hash = (
      await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, { token })
    ).boardHash;
    secret = (await server.call('GET', '/api/v1/company', { token })).body.companySecret;
    await expectCall(server, 'PUT', `/boards/${company.boardId}/theme`, 200, {
      token,
      body: { primary: PRIMARY },
    });
    await server.deps.prisma.user.update({
      where: { id: company.owner.userId },
      data: { displayName: 'Marta Kowalska' },
    });
    const ideas: [string, string][] = [
      [OKTA, 'Let our staff sign in with the company’s Okta account.'],
      [SLACK, 'Post each new idea to a Slack channel the team chooses.'],
      [CSV, 'A spreadsheet of every idea with its votes, for the monthly report.'],
      [
        DARK_MODE,
        'Our support team works at night, and the white dashboard is hard on the eyes after dark.',
      ],
    ];
    for (const [title, description] of ideas) {
      ids[title] = (
        await expectCall(server, 'POST', '/ideas/', 201, {
          token,
          headers: board,
          body: { title, description },
        })
      ).id;
    }
    const nextUp = await server.deps.prisma.boardStatus.create({
      data: {
        boardId: company.boardId,
        kind: 'PLANNED',
        nameEn: 'Next up',
        namePl: 'Następne',
        color: '0f766e',
        position: 1,
      },
    });
    const status = (title: string, body: object) =>
      expectCall(server, 'PUT', `/ideas/${ids[title]}/status`, 200, { token, body });
    await status(CSV, { status: 'PLANNED', customStatusId: nextUp.id });
    await status(SLACK, { status: 'IN_PROGRESS' });
    await status(OKTA, { status: 'COMPLETE' });

    const people = await Promise.all(
      ['Ana Silva', 'Jonas Berg', 'Priya Natarajan', 'Leo Moreau', 'Ewa Nowak'].map((name) =>
        addEndUser(server, company.owner.companyId, { name }),
      ),
    );
    const tom = await addEndUser(server, company.owner.companyId, {
      name: 'Tom Reed',
      role: 'MEMBER',
    });
    for (const [title, voters] of [
      [DARK_MODE, 5],
      [CSV, 3],
      [SLACK, 2],
      [OKTA, 1],
    ] as const) {
      for (const person of people.slice(0, voters)) {
        await expectCall(server, 'POST', `/ideas/${ids[title]}/upvote`, 200, {
          token: person.token,
        });
      }
    }
    const comment = (title: string, who: { token: string }, text: string, parentId?: number) =>
      expectCall(server, 'POST', `/ideas/${ids[title]}/comments`, 201, {
        token: who.token,
        body: { text, parentId: parentId ?? null },
      });
    const first = await comment(
      DARK_MODE,
      people[0]!,
      'Yes please, our night shift would love it.',
    );
    await comment(
      DARK_MODE,
      company.owner,
      'Thanks! We are designing it now and will share a preview soon.',
      first.commentDto.id,
    );
    await comment(DARK_MODE, people[1]!, 'It should follow the system setting, please.');
    await comment(DARK_MODE, tom, 'Noted: it will follow the system setting by default.');
    await comment(DARK_MODE, people[2]!, 'Could the widget get it too?');
    await comment(CSV, people[3]!, 'We export to Excel every month by hand.');
    await comment(CSV, people[4]!, 'A filter by status would help as well.');
    await comment(SLACK, people[0]!, 'A channel per board would be ideal.');
    host = await startHostSite(server.url, () => hash);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  type TWidgetPage = Page & { errors: string[] };
  async function open(
    query: Record<string, string>,
    options: BrowserContextOptions = {},
  ): Promise<TWidgetPage> {
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      ...options,
    });
    const page = (await context.newPage()) as TWidgetPage;
    page.errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') page.errors.push(message.text());
    });
    page.on('pageerror', (error) => page.errors.push(error.message));
    page.setDefaultTimeout(5000);
    await page.goto(`${host.url}/?${new URLSearchParams(query)}`);
    await expect.poll(() => page.getByTestId('idea').count()).toBe(5);
    return page;
  }
  const signedIn = (id: string, name: string) => ({ token: sign({ id, name }) });
  const card = (page: Page, title: string) =>
    page
      .getByTestId('idea')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
  /** The widget's computed background colour. */
  const background = (page: Page) =>
    page.evaluate(() => {
      const root = document.querySelector('#feedback')?.shadowRoot?.querySelector('.fb');
      return root ? getComputedStyle(root).backgroundColor : null;
    });

  it('names the vote button by the idea and its votes, and presses it in the board’s colour', async () => {
    const page = await open(signedIn('crm-voter', 'Vera Voter'));
    const vote = card(page, DARK_MODE).getByRole('button', {
      name: `Vote for ${DARK_MODE}, 5 votes`,
      exact: true,
    });
    expect(await vote.getAttribute('aria-pressed')).toBe('false');
    // From the keyboard: a real button.
    await vote.focus();
    await page.keyboard.press('Space');
    const voted = card(page, DARK_MODE).getByRole('button', {
      name: `Vote for ${DARK_MODE}, 6 votes`,
      exact: true,
    });
    await expect.poll(() => voted.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => voted.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe('rgb(79, 70, 229)');
    // One vote: the singular.
    expect(
      await card(page, OKTA)
        .getByRole('button', { name: `Vote for ${OKTA}, 1 vote`, exact: true })
        .count(),
    ).toBe(1);
    // Pressed again, the vote is taken back.
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        card(page, DARK_MODE)
          .getByRole('button', { name: `Vote for ${DARK_MODE}, 5 votes`, exact: true })
          .getAttribute('aria-pressed'),
      )
      .toBe('false');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('sorts and filters with menus worked from the keyboard', async () => {
    const page = await open({});
    const sort = page.getByRole('button', { name: 'Sort: Most votes' });
    expect(await sort.getAttribute('aria-haspopup')).toBe('menu');
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await sort.getAttribute('aria-expanded')).toBe('true');
    // The menu opens on the chosen item.
    const focused = () =>
      page.evaluate(
        () => document.querySelector('#feedback')?.shadowRoot?.activeElement?.textContent ?? '',
      );
    await expect.poll(focused).toBe('Most votes');
    expect(
      await menu.getByRole('menuitemradio', { name: 'Most votes' }).getAttribute('aria-checked'),
    ).toBe('true');
    // Escape closes it, the focus back on its button, nothing changed.
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(focused).toBe('Sort:Most votes');
    // End, then Enter: the oldest first.
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Most votes');
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('Oldest');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('idea').first().getByRole('button').nth(1).innerText())
      .toMatch(/^Fixture idea/);
    await expect.poll(focused).toBe('Sort:Oldest');
    expect(await page.getByRole('button', { name: 'Sort: Oldest' }).count()).toBe(1);

    // The filter: down twice from "All" is "Under review", once more "Planned".
    const filter = page.getByRole('button', { name: 'Filter: All' });
    await filter.focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('All');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Planned');
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByTestId('idea').count()).toBe(1);
    expect(await page.getByTestId('idea').innerText()).toContain(CSV);
    // The board's own status shows in its own colour.
    const badge = page.getByTestId('idea').getByText('Next up');
    expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(15, 118, 110)',
    );
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('marks the team’s comments with a Team badge, and not the end users’', async () => {
    const page = await open({});
    await card(page, DARK_MODE).getByRole('button', { name: DARK_MODE, exact: true }).click();
    const detail = page.getByTestId('idea-detail');
    await expect.poll(() => detail.getByTestId('comment').count()).toBe(4);
    // Each comment's author, and whether a Team badge stands beside the name.
    const heads = await detail
      .locator('.comment-head')
      .evaluateAll((elements) =>
        elements.map((head) => [
          head.querySelector('.name')?.textContent,
          head.querySelector('[data-testid="team-badge"]')?.textContent ?? null,
        ]),
      );
    expect(heads).toEqual([
      ['Ana Silva', null],
      ['Marta Kowalska', 'Team'],
      ['Jonas Berg', null],
      ['Tom Reed', 'Team'],
      ['Priya Natarajan', null],
    ]);
    // Each comment has its author's initials.
    const avatar = detail
      .getByTestId('comment')
      .filter({ has: page.getByText('Priya Natarajan', { exact: true }) })
      .locator('.avatar');
    expect(await avatar.innerText()).toBe('PN');
    await page.context().close();
  });

  it('shows initials in the author’s own colour where their picture cannot load', async () => {
    // An SSO user with a picture the host page's CSP (img-src 'self') does not allow.
    const claims = {
      id: 'crm-pictured',
      name: 'Zoë Pictured',
      avatarUrl: 'https://pictures.example/zoe.png',
    };
    const page = await open({ token: sign(claims) });
    await page.getByRole('button', { name: /^Fixture idea/ }).click();
    await page.getByLabel('Your comment').fill('Pictures make threads easier to follow.');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const mine = page
      .getByTestId('comment')
      .filter({ has: page.getByText('Zoë Pictured', { exact: true }) });
    await expect.poll(() => mine.locator('.avatar').innerText()).toBe('ZP');
    expect(await mine.locator('img').count()).toBe(0);
    await page.context().close();
  });

  it('follows data-theme, and else the system’s scheme; no serious axe findings in either', async () => {
    const page = await open({ theme: 'dark' }, { bypassCSP: true });
    expect(await background(page)).toBe('rgb(22, 24, 29)');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.evaluate(() =>
      document.querySelector('#feedback')?.setAttribute('data-theme', 'light'),
    );
    await expect.poll(() => background(page)).toBe('rgb(255, 255, 255)');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();

    // No attribute: the visitor's system decides.
    const system = await open({}, { colorScheme: 'dark', bypassCSP: true });
    expect(await background(system)).toBe('rgb(22, 24, 29)');
    await card(system, DARK_MODE).getByRole('button', { name: DARK_MODE, exact: true }).click();
    await expect.poll(() => system.getByTestId('comment').count()).toBe(4);
    expect(await seriousAxeViolations(system)).toEqual([]);
    await system.context().close();
  });

  it('fits a 320 px sidebar without sideways scrolling', async () => {
    const page = await open({ width: '320' });
    const overflow = await page.evaluate(() => {
      const root = document.querySelector('#feedback')?.shadowRoot?.querySelector('.fb');
      return root ? root.scrollWidth - root.clientWidth : null;
    });
    expect(overflow).toBe(0);
    // The search spans the sidebar's width.
    const search = await page.getByRole('searchbox').boundingBox();
    expect(search?.width).toBeGreaterThan(250);
    await page.context().close();
  });

  it('says 1 komentarz, 2 komentarze, 5 komentarzy in Polish', async () => {
    await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
      token: company.owner.token,
      body: { language: 'pl-PL' },
    });
    try {
      const page = await open({ lang: 'pl' }, { bypassCSP: true });
      const comments = (title: string) =>
        card(page, title).getByTestId('comment-count').innerText();
      await expect.poll(() => comments(DARK_MODE)).toBe('5 komentarzy');
      expect(await comments(CSV)).toBe('2 komentarze');
      expect(await comments(SLACK)).toBe('1 komentarz');
      expect(await comments(OKTA)).toBe('0 komentarzy');
      expect(
        await card(page, CSV)
          .getByRole('button', { name: `Zagłosuj na: ${CSV}, 3 głosy`, exact: true })
          .count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: 'Sortuj: Najwięcej głosów' }).count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.context().close();
    } finally {
      await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language: 'en-US' },
      });
    }
  });

  it.skipIf(!SHOTS)('takes the design screenshots (WIDGET_SHOTS)', async () => {
    mkdirSync(SHOTS ?? '', { recursive: true });
    for (const language of ['en-US', 'pl-PL']) {
      await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language },
      });
      for (const theme of ['light', 'dark']) {
        for (const [label, viewport, width] of [
          ['1440', 1440, 0],
          ['390', 390, 0],
          ['sidebar-320', 1024, 320],
        ] as const) {
          const page = await open(
            {
              ...signedIn('crm-shots', 'Vera Voter'),
              theme,
              ...(width ? { width: `${width}` } : {}),
            },
            { viewport: { width: viewport, height: 900 } },
          );
          const name = `${language.slice(0, 2)}-${theme}-${label}`;
          const vote = card(page, CSV).getByTestId('vote');
          if ((await vote.getAttribute('aria-pressed')) === 'false') await vote.click();
          await expect.poll(() => vote.getAttribute('aria-pressed')).toBe('true');
          await page.screenshot({
            path: path.join(SHOTS ?? '', `${name}-list.png`),
            fullPage: true,
          });
          await page.locator('.menu-button').first().click();
          await page.screenshot({ path: path.join(SHOTS ?? '', `${name}-menu.png`) });
          await page.keyboard.press('Escape');
          await card(page, DARK_MODE).getByRole('button', { name: DARK_MODE, exact: true }).click();
          await expect.poll(() => page.getByTestId('comment').count()).toBe(4);
          await page.screenshot({
            path: path.join(SHOTS ?? '', `${name}-detail.png`),
            fullPage: true,
          });
          await page.locator('nav button').first().click();
          await page.locator('.bar > .primary').click();
          await page.screenshot({
            path: path.join(SHOTS ?? '', `${name}-add.png`),
            fullPage: true,
          });
          await page.locator('nav button').nth(1).click();
          await expect.poll(() => page.locator('.column').count()).toBe(4);
          await page.screenshot({
            path: path.join(SHOTS ?? '', `${name}-roadmap.png`),
            fullPage: true,
          });
          await page.context().close();
        }
        // Signed out, as a first-time visitor sees it.
        const visitor = await open({ theme }, { viewport: { width: 1440, height: 900 } });
        await visitor.screenshot({
          path: path.join(SHOTS ?? '', `${language.slice(0, 2)}-${theme}-signed-out.png`),
          fullPage: true,
        });
        await visitor.context().close();
      }
    }
    await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
      token: company.owner.token,
      body: { language: 'en-US' },
    });
  });
});
