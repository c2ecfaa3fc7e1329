import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, mutate, setPlan, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

/*
 * Issue 18.9 (one name and one colour per status, dates in the reader's language, release dates
 * as calendar dates) and 18.12 (readable, linkable board and idea addresses), in the console and
 * on the public board page's widget.
 */

const PASSWORD = 'secret-password';
const RESULT = (name: string) =>
  `__typename ... on Mutation${name}Success { data { id } } ... on AppError { code message }`;
const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) { ${RESULT('CreateBoard')} } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) { ${RESULT('CreateIdea')} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const PUBLIC = `mutation ($boardId: ID!) { setBoardVisibility(boardId: $boardId, isPublic: true) { __typename } }`;
const BOARD_LANGUAGE = `mutation ($boardId: ID!, $language: String!) { updateBoardLanguage(boardId: $boardId, language: $language) { __typename } }`;
const CREATE_RELEASE = `mutation ($boardIds: [ID!], $name: String!, $releaseDate: String!) {
  createRelease(boardIds: $boardIds, name: $name, releaseDate: $releaseDate) { ${RESULT('CreateRelease')} } }`;
const PUBLISH = `mutation ($releaseId: ID!) { publishRelease(releaseId: $releaseId, published: true) { __typename } }`;
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;

/** The plain number inside a global id (what REST, the spec and console addresses use). */
const rowId = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1];

const IDEAS = [
  ['Open idea for the list', 'OPEN'],
  ['Idea we are reviewing', 'REVIEW'],
  ['Idea planned for spring', 'PLANNED'],
  ['Idea being built now', 'IN_PROGRESS'],
  ['Idea shipped last week', 'COMPLETE'],
] as const;

const LABELS = {
  en: {
    NOT_PUBLIC: 'Awaiting acceptance',
    OPEN: 'Open',
    REVIEW: 'Under review',
    PLANNED: 'Planned',
    IN_PROGRESS: 'In progress',
    COMPLETE: 'Complete',
    DECLINED: 'Declined',
    NOT_ACCEPTED: 'Not accepted',
    date: 'Nov 20, 2026',
  },
  pl: {
    NOT_PUBLIC: 'Oczekuje na akceptację',
    OPEN: 'Otwarty',
    REVIEW: 'W ocenie',
    PLANNED: 'Zaplanowany',
    IN_PROGRESS: 'W trakcie',
    COMPLETE: 'Ukończony',
    DECLINED: 'Odrzucony',
    NOT_ACCEPTED: 'Nieprzyjęty',
    date: '20 lis 2026',
  },
} as const;

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const path = (page: Page) => new URL(page.url()).pathname;

describe.skipIf(!hasChromium())('console: one vocabulary and readable addresses', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';
  const ideaIds: Record<string, string> = {};
  let publicUrl = '';

  beforeAll(async () => {
    await ensureWidgetBuilt();
    console_ = await startConsole();
    const { server } = console_;
    admin = await signUpCompany(server, 'Vocabulary Company');
    await setPlan(server, admin.companyId, 'ULTRA');
    boardId = (
      await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Words board' }, admin.token)
    ).id;
    await gql(server, PUBLIC, { boardId }, admin.token);
    for (const [title, status] of IDEAS) {
      const { id } = await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId, title },
        admin.token,
      );
      ideaIds[title] = id;
      if (status !== 'OPEN') await gql(server, SET_STATUS, { ideaId: id, status }, admin.token);
    }
    const release = await mutate(
      server,
      'createRelease',
      CREATE_RELEASE,
      { boardIds: [boardId], name: 'Autumn', releaseDate: '2026-11-20' },
      admin.token,
    );
    await gql(server, PUBLISH, { releaseId: release.id }, admin.token);
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: Number(rowId(boardId)) },
      include: { company: true },
    });
    publicUrl = `${server.url}/public/${board.company.slug}/${board.slug}`;
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('names boards and ideas by plain ids: an idea opened has its own address, survives a reload and Back closes it; old links are sent on', async () => {
    const { server } = console_;
    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    const board = `/admin/boards/${rowId(boardId)}`;
    const idea = `${board}/ideas/${rowId(ideaIds['Idea planned for spring'] ?? '')}`;

    // The boards list links to the plain address.
    await page.goto(`${server.url}/admin/boards`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Words board' }).getAttribute('href'))
      .toBe(`${board}/list`);

    await page.goto(`${server.url}${board}/list?sort=DATE_ASC`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Words board');
    await card(page, 'Idea planned for spring')
      .getByRole('button', { name: 'Idea planned for spring', exact: true })
      .click();
    const detail = page.getByRole('dialog', { name: 'Idea planned for spring' });
    await expect.poll(() => detail.isVisible()).toBe(true);
    await expect.poll(() => path(page)).toBe(idea);
    // The list's view stays in the address with the idea.
    expect(new URL(page.url()).search).toBe('?sort=DATE_ASC');
    // The submenu (behind the dialog) still marks the ideas list as the current section.
    await expect
      .poll(() => page.locator('.submenu a[aria-current="page"]').textContent())
      .toBe('Ideas');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A reload opens the same idea again.
    await page.reload();
    await expect.poll(() => detail.isVisible()).toBe(true);
    // The list is there behind it (hidden from the accessibility tree while the dialog is open).
    await expect
      .poll(() => page.locator('article', { hasText: 'Open idea for the list' }).count())
      .toBe(1);

    // Back closes it and shows the list's own address.
    await page.goBack();
    await expect.poll(() => path(page)).toBe(`${board}/list`);
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => card(page, 'Idea planned for spring').isVisible()).toBe(true);
    // Forward opens it again; closing it (Escape) goes back to the list.
    await page.goForward();
    await expect.poll(() => detail.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => path(page)).toBe(`${board}/list`);

    // An idea's address opened directly (a shared link): closing it shows the list, not the
    // page the browser was on before.
    await page.goto(`${server.url}${idea}`);
    await expect.poll(() => detail.isVisible()).toBe(true);
    await detail.getByRole('button', { name: /close/i }).first().click();
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => path(page)).toBe(`${board}/list`);

    // Old links with global ids are sent on to the readable address, the view kept.
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(boardId)}/roadmap`);
    await expect.poll(() => path(page)).toBe(`${board}/roadmap`);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Roadmap' }).isVisible())
      .toBe(true);
    await page.goto(
      `${server.url}/admin/boards/${encodeURIComponent(boardId)}/ideas/${encodeURIComponent(
        ideaIds['Idea planned for spring'] ?? '',
      )}?filter=PLANNED`,
    );
    await expect.poll(() => path(page)).toBe(idea);
    expect(new URL(page.url()).search).toBe('?filter=PLANNED');
    await expect.poll(() => detail.isVisible()).toBe(true);

    // An unknown board number is still "not found".
    await page.goto(`${server.url}/admin/boards/999999/list`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Board not found' }).isVisible())
      .toBe(true);
    expect(page.errors).toEqual([]);
  }, 180_000);

  for (const language of ['en', 'pl'] as const) {
    it(`shows one name and one colour per status and one date format (${language})`, async () => {
      const { server } = console_;
      const words = LABELS[language];
      await gql(
        server,
        SET_LANGUAGE,
        { language: language === 'en' ? 'en-US' : 'pl-PL' },
        admin.token,
      );
      await gql(
        server,
        BOARD_LANGUAGE,
        { boardId, language: language === 'en' ? 'en-US' : 'pl-PL' },
        admin.token,
      );
      // Far behind UTC: a release date read as a UTC instant would show the 19th here.
      const page = await console_.open({ timezoneId: 'Pacific/Honolulu' });
      page.setDefaultTimeout(15_000);
      await logIn(page, server, { email: admin.email, password: PASSWORD });
      const board = `${server.url}/admin/boards/${rowId(boardId)}`;

      // Badges on the cards.
      await page.goto(`${board}/list`);
      for (const [title, status] of IDEAS) {
        await expect
          .poll(() => card(page, title).locator('.status').textContent())
          .toBe(words[status]);
      }
      // The filter.
      const filter = page.locator('select').first();
      expect(await filter.locator('option').allTextContents()).toEqual([
        expect.any(String),
        words.NOT_PUBLIC,
        words.OPEN,
        words.REVIEW,
        words.PLANNED,
        words.IN_PROGRESS,
        words.COMPLETE,
        words.DECLINED,
        // Ideas rejected from the queue: their one name, apart from Declined (walkthrough 10b).
        words.NOT_ACCEPTED,
      ]);

      const plannedBadge = await card(page, 'Idea planned for spring')
        .locator('.status')
        .evaluate((badge) => getComputedStyle(badge).color);

      // The status menu: the same names, each with its own colour, the badge's.
      await card(page, 'Open idea for the list')
        .getByRole('button', { name: 'Open idea for the list', exact: true })
        .click();
      const detail = page.getByRole('dialog', { name: 'Open idea for the list' });
      await detail.locator('.status-trigger').click();
      const menu = page.getByRole('menu');
      await expect
        .poll(() => menu.getByRole('menuitem').allTextContents())
        .toEqual([
          words.NOT_PUBLIC,
          words.REVIEW,
          words.PLANNED,
          words.IN_PROGRESS,
          words.COMPLETE,
          expect.any(String),
        ]);
      const dotColours = await menu
        .locator('.status-dot')
        .evaluateAll((dots) => dots.map((dot) => getComputedStyle(dot).backgroundColor));
      expect(new Set(dotColours).size).toBe(5);
      expect(dotColours[2]).toBe(plannedBadge);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `vocabulary-status-menu-${language}-1440`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect.poll(() => detail.count()).toBe(0);

      // Roadmap columns.
      await page.goto(`${board}/roadmap`);
      await expect
        .poll(() => page.locator('.roadmap__heading').allInnerTexts())
        .toEqual(
          [words.REVIEW, words.PLANNED, words.IN_PROGRESS, words.COMPLETE].map((w) =>
            expect.stringContaining(w),
          ),
        );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, `vocabulary-roadmap-${language}-1440`);

      // The release's calendar date, in the reader's language, on its own day.
      await page.goto(`${board}/releases`);
      await expect
        .poll(() => page.locator('.release-card__date time').first().textContent())
        .toBe(words.date);
      await saveScreenshot(page, `vocabulary-releases-${language}-1440`);

      // A phone's width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${board}/list`);
      await expect
        .poll(() => card(page, 'Idea planned for spring').locator('.status').textContent())
        .toBe(words.PLANNED);
      await card(page, 'Open idea for the list')
        .getByRole('button', { name: 'Open idea for the list', exact: true })
        .click();
      await page.getByRole('dialog').locator('.status-trigger').click();
      await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
      await saveScreenshot(page, `vocabulary-status-menu-${language}-390`);
      await page.goto(`${board}/roadmap`);
      await expect.poll(() => page.locator('.roadmap__heading').count()).toBe(4);
      await saveScreenshot(page, `vocabulary-roadmap-${language}-390`);
      expect(page.errors).toEqual([]);
      await page.context().close();

      // The widget on the public board page: the same names, colours and date, for a visitor
      // whose browser speaks the board's language (the portal and its widget take the
      // visitor's language first, walk 9 F10).
      for (const width of [1440, 390]) {
        const visitor = await console_.open({
          locale: language === 'en' ? 'en-US' : 'pl-PL',
          timezoneId: 'Pacific/Honolulu',
          viewport: { width, height: 900 },
        });
        await visitor.goto(publicUrl);
        const planned = visitor
          .getByTestId('idea')
          .filter({ hasText: 'Idea planned for spring' })
          .locator('.badge');
        await expect.poll(() => planned.textContent()).toBe(words.PLANNED);
        expect(await planned.evaluate((badge) => getComputedStyle(badge).color)).toBe(plannedBadge);
        const tabs = visitor.getByRole('navigation').getByRole('button');
        await tabs.nth(1).click();
        await expect
          // On the portal's board page the widget heads the page, so its column titles are h2.
          .poll(() => visitor.locator('.column').getByRole('heading').allInnerTexts())
          .toEqual([words.REVIEW, words.PLANNED, words.IN_PROGRESS, words.COMPLETE]);
        await saveScreenshot(visitor, `vocabulary-widget-roadmap-${language}-${width}`);
        await tabs.nth(2).click();
        await expect
          .poll(() => visitor.getByTestId('release').locator('time').textContent())
          .toBe(words.date);
        expect(await seriousAxeViolations(visitor)).toEqual([]);
        await saveScreenshot(visitor, `vocabulary-widget-releases-${language}-${width}`);
        expect(visitor.errors).toEqual([]);
        await visitor.context().close();
      }
    }, 240_000);
  }
});
