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

/** The focused element inside the widget's shadow root: its text, tag name or idea id. */
function focused(page: Page, what: 'text' | 'tag' | 'id'): Promise<string | null> {
  return page.evaluate((part) => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return null;
    if (part === 'tag') return active.tagName;
    if (part === 'id') return active.getAttribute('data-idea-id');
    return active.textContent?.trim() ?? null;
  }, what);
}

/** A customer's site on another origin, embedding the widget of the board `?hash=` names. */
async function startHostSite(apiUrl: string) {
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://host').searchParams;
    const hash = query.get('hash') ?? '';
    // The page's own language, which the widget speaks (issue 26): the board's in these tests.
    const lang = query.get('lang') === 'pl' ? 'pl' : 'en';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<title>Customer site</title></head>
<body><main><h1>Our product</h1>
<div data-base-url="${apiUrl}" data-board-hash="${hash}"></div></main>
<script src="${apiUrl}/widget.js" defer></script>
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TEXTS = {
  en: {
    language: 'en-US',
    yours: 'Your submitted ideas',
    mergedInto: 'Merged into',
    kept: '“Dark theme for the editor”',
    back: 'Back to ideas',
    search: 'Search',
    empty: 'No ideas yet — be the first to share one.',
    noMatch: 'No ideas match “zebra crossing”.',
    showAll: 'Show all ideas',
    ssoOnly: 'This board is for SSO Corp’s signed-in users: sign in on SSO Corp’s site to see it.',
    reload: 'reload this page',
  },
  pl: {
    language: 'pl-PL',
    yours: 'Twoje zgłoszone pomysły',
    mergedInto: 'Połączono z pomysłem',
    kept: '„Dark theme for the editor”',
    back: 'Wróć do pomysłów',
    search: 'Szukaj',
    empty: 'Nie ma jeszcze pomysłów — podziel się pierwszym.',
    noMatch: 'Żaden pomysł nie pasuje do „zebra crossing”.',
    showAll: 'Pokaż wszystkie pomysły',
    ssoOnly:
      'Ta tablica jest dla zalogowanych użytkowników SSO Corp: zaloguj się w witrynie SSO Corp, aby ją zobaczyć.',
    reload: 'odśwież tę stronę',
  },
} as const;

/**
 * A new team's first hour, from the widget's side: an end user's idea merged into another stays
 * in their own list ("Merged into …", a way to the kept idea); an empty board, an empty search
 * say what happened and what to do; an SSO-only private board tells a signed-in visitor whose
 * address awaits confirmation the truth (confirming does not open it); opening an idea moves
 * the keyboard's focus to its title, and Back returns it to the item that opened it.
 */
describe.skipIf(!hasChromium())('widget: a new team’s first hour', () => {
  let server: TTestServer;
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startHostSite>>;
  let company: TRestCompany;
  let author: TTestAccount;
  let hash = '';
  let emptyHash = '';
  let ssoHash = '';
  let ssoVisitor: TTestAccount;
  let mergedId = 0;

  const hashOf = async (boardId: number, token: string): Promise<string> =>
    (await expectCall(server, 'GET', `/boards/${boardId}/widget-setup`, 200, { token })).boardHash;

  beforeAll(async () => {
    await ensureWidgetBuilt();
    server = await startTestServer();
    browser = await launchChromium();
    company = await restCompany(server);
    const token = company.owner.token;
    hash = await hashOf(company.boardId, token);
    const onBoard = { 'x-board-id': String(company.boardId) };
    const kept = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: onBoard,
      body: { title: 'Dark theme for the editor' },
    });
    author = await addEndUser(server, company.owner.companyId, { name: 'Ada Author' });
    const duplicate = await expectCall(server, 'POST', '/ideas/', 201, {
      token: author.token,
      headers: onBoard,
      body: { title: 'Night mode please' },
    });
    mergedId = duplicate.id;
    await expectCall(server, 'POST', `/ideas/${duplicate.id}/decline`, 200, {
      token,
      body: { reason: 'DUPLICATE', duplicateOfIdeaId: kept.id },
    });

    const { id: emptyBoardId } = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      { token, body: { name: 'Empty board' } },
    );
    await expectCall(server, 'PUT', `/boards/${emptyBoardId}/set-public`, 200, {
      token,
      body: { isPublic: true },
    });
    emptyHash = await hashOf(emptyBoardId, token);

    // A private board of a company whose people sign in with its SSO only.
    const sso = await restCompany(server, { isPublic: false });
    await server.deps.prisma.company.update({
      where: { id: sso.owner.companyId },
      data: { name: 'SSO Corp', signupPolicy: 'SSO_ONLY' },
    });
    await server.deps.prisma.board.update({
      where: { id: sso.boardId },
      data: { ssoAccess: true },
    });
    ssoHash = await hashOf(sso.boardId, sso.owner.token);
    ssoVisitor = await addEndUser(server, sso.owner.companyId, { emailConfirmed: false });
    host = await startHostSite(server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await server?.close();
  });

  /** The host page with the widget of `boardHash`, signed in as `account` when given. */
  /** The language of the host page open() serves: the board's in each test (issue 26). */
  let pageLang: 'en' | 'pl' = 'en';

  async function open(boardHash: string, account?: TTestAccount): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      bypassCSP: true,
    });
    if (account) {
      await context.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
        `feedboard:${server.url}:session`,
        account.token,
      ] as const);
    }
    const page = await context.newPage();
    await page.goto(`${host.url}/?hash=${encodeURIComponent(boardHash)}&lang=${pageLang}`);
    return page;
  }

  async function judge(page: Page, name: string): Promise<void> {
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await saveScreenshot(page, `${name}-${width}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    }
  }

  for (const lang of ['en', 'pl'] as const) {
    const t = TEXTS[lang];

    it(`keeps the author's merged idea in their own list, with the kept idea one key away (${lang})`, async () => {
      await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language: t.language },
      });
      pageLang = lang;
      const page = await open(hash, author);
      const yours = page.getByRole('region', { name: t.yours });
      const merged = yours.getByTestId('merged-idea');
      await expect.poll(() => merged.count()).toBe(1);
      expect(await merged.innerText()).toContain('Night mode please');
      expect(await merged.getByTestId('merged-into').innerText()).toBe(`${t.mergedInto} ${t.kept}`);
      await judge(page, `widget-merged-${lang}`);

      // From the keyboard: the kept idea opens, its title takes the focus.
      await merged.getByRole('button', { name: t.kept }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'text')).toBe('Dark theme for the editor');
      expect(await focused(page, 'tag')).toBe('H3');

      // Back: the focus returns to the merged idea's own item... via its own page. The list
      // puts the focus back where the kept idea was opened from once it has drawn: wait for
      // it, as a person would, before moving on (on a loaded machine it came after the next
      // focus and took it away).
      await page.getByRole('button', { name: t.back }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'text')).toBe('Dark theme for the editor');
      await merged.getByRole('button', { name: 'Night mode please' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'text')).toBe('Night mode please');
      expect(await page.getByTestId('decline').innerText()).toContain(t.mergedInto);
      expect(await page.getByTestId('decline').innerText()).not.toContain('DUPLICATE');
      await page.getByRole('button', { name: t.back }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'id')).toBe(String(mergedId));
      await page.context().close();
    });

    it(`moves the focus to an opened idea's title and back to its list item (${lang})`, async () => {
      await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
        token: company.owner.token,
        body: { language: t.language },
      });
      pageLang = lang;
      const page = await open(hash);
      const item = page.getByTestId('idea').filter({ hasText: 'Dark theme for the editor' });
      await expect.poll(() => item.count()).toBe(1);
      await item.getByRole('button', { name: 'Dark theme for the editor', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'tag')).toBe('H3');
      expect(await focused(page, 'text')).toBe('Dark theme for the editor');
      await judge(page, `widget-idea-focus-${lang}`);
      await page.getByRole('button', { name: t.back }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'text')).toBe('Dark theme for the editor');
      expect(await focused(page, 'tag')).toBe('BUTTON');
      // Escape closes the idea as Back does, the focus back on its item.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page, 'tag')).toBe('H3');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('idea-detail').count()).toBe(0);
      await expect.poll(() => focused(page, 'text')).toBe('Dark theme for the editor');

      // A search that finds nothing says so, with the way back.
      await page.getByLabel(t.search).fill('zebra crossing');
      const empty = page.getByTestId('empty-list');
      await expect
        .poll(() => empty.innerText({ timeout: 500 }).catch(() => ''))
        .toContain(t.noMatch);
      await judge(page, `widget-empty-search-${lang}`);
      await empty.getByRole('button', { name: t.showAll }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => item.count()).toBe(1);
      expect(await page.getByLabel(t.search).inputValue()).toBe('');
      await page.context().close();
    });

    it(`names a merged idea's reason in words on its portal page, not DUPLICATE (${lang})`, async () => {
      const board = await server.deps.prisma.board.findUniqueOrThrow({
        where: { id: company.boardId },
        include: { company: true },
      });
      await server.deps.prisma.board.update({
        where: { id: board.id },
        data: { language: t.language },
      });
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        bypassCSP: true,
        locale: t.language,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/${board.company.slug}/${board.slug}/ideas/${mergedId}-x`);
      const decline = page.getByTestId('decline');
      await expect
        .poll(() => decline.innerText({ timeout: 500 }).catch(() => ''))
        .toContain(`${t.mergedInto} ${t.kept}`);
      expect(await page.locator('body').innerText()).not.toContain('DUPLICATE');
      // The page's own idea leaves the focus where a page load puts it.
      expect(await focused(page, 'tag')).toBe('BODY');
      await judge(page, `portal-merged-${lang}`);
      await context.close();
    });

    it(`invites the first idea on an empty board (${lang})`, async () => {
      const board = await server.deps.prisma.board.findFirstOrThrow({
        where: { widgetHash: emptyHash },
      });
      await expectCall(server, 'PUT', `/boards/${board.id}/language`, 200, {
        token: company.owner.token,
        body: { language: t.language },
      });
      pageLang = lang;
      const page = await open(emptyHash, author);
      await expect
        .poll(() =>
          page
            .getByTestId('empty-list')
            .innerText({ timeout: 500 })
            .catch(() => ''),
        )
        .toBe(t.empty);
      await judge(page, `widget-empty-board-${lang}`);
      await page.context().close();
    });

    it(`tells a signed-in visitor of an SSO-only board what is true (${lang})`, async () => {
      const board = await server.deps.prisma.board.findFirstOrThrow({
        where: { widgetHash: ssoHash },
      });
      await server.deps.prisma.board.update({
        where: { id: board.id },
        data: { language: t.language },
      });
      pageLang = lang;
      const page = await open(ssoHash, ssoVisitor);
      const gate = page.getByTestId('private-board');
      await expect
        .poll(() => gate.innerText({ timeout: 500 }).catch(() => ''))
        .toContain(t.ssoOnly);
      expect(await gate.innerText()).not.toContain(t.reload);
      await judge(page, `widget-sso-only-${lang}`);
      await page.context().close();
    });
  }

  it('opens the sign-in form when a signed-out visitor votes, and keeps the focus through it', async () => {
    await expectCall(server, 'PUT', `/boards/${company.boardId}/language`, 200, {
      token: company.owner.token,
      body: { language: 'en-US' },
    });
    pageLang = 'en';
    const email = `voter-${Date.now()}@example.com`;
    await expectCall(server, 'POST', `/widget/boards/${encodeURIComponent(hash)}/signup`, 201, {
      body: { email, password: 'voter-password', name: 'Vera Voter' },
    });
    // The company's own terms of use, which its sign-up links to (issue 34 F24).
    await server.deps.prisma.company.update({
      where: { id: company.owner.companyId },
      data: { termsUrl: 'https://example.com/terms' },
    });
    const page = await open(hash);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const terms = page.getByTestId('terms');
    await expect
      .poll(() => terms.innerText({ timeout: 500 }).catch(() => ''))
      .toContain('terms of use');
    expect(await terms.getByRole('link').getAttribute('href')).toBe('https://example.com/terms');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const vote = page.getByTestId('vote').first();
    await vote.waitFor();
    // Reachable from the keyboard (it was a disabled button, which Tab skips).
    expect(await vote.isEnabled()).toBe(true);
    await vote.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .getByTestId('sign-in-to-vote')
          .innerText({ timeout: 500 })
          .catch(() => ''),
      )
      .toBe('Sign in or create an account to vote.');
    await expect.poll(() => focused(page, 'tag')).toBe('INPUT');
    await judge(page, 'widget-vote-signs-in');
    await page.keyboard.insertText(email);
    await page.keyboard.press('Tab');
    await page.keyboard.insertText('voter-password');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focused(page, 'text'), { timeout: 10_000 })
      .toContain('Signed in as Vera Voter');
    const first = page.getByTestId('vote').first();
    const before = Number(await first.getByTestId('vote-count').innerText());
    await first.click();
    await expect.poll(() => first.getAttribute('aria-pressed')).toBe('true');
    expect(Number(await first.getByTestId('vote-count').innerText())).toBe(before + 1);
    await page.context().close();
  });
});
