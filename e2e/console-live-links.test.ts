import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  createBoardId,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const DELETE_IDEA = `mutation ($ideaId: ID!) { deleteIdea(ideaId: $ideaId) { __typename } }`;
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;

const shown = (page: Page) => page.locator('.idea-list__footer p').textContent();
const banner = (page: Page) => page.locator('.alert--warning[role="note"]');
const locked = (page: Page) => page.locator('.idea-card--locked').count();
const focusedCard = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const card = active?.closest('[data-idea-id]');
    return {
      label: active?.textContent?.trim() ?? '',
      column: active?.closest('[data-testid^="roadmap-"]')?.getAttribute('data-testid') ?? '',
      card: Boolean(card),
    };
  });

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await saveScreenshot(page, `live-links-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe.skipIf(!hasChromium())('console: roadmap links, a live plan banner', () => {
  let console_: TConsole;

  beforeAll(async () => {
    // The banner test checks FREE's cap of 5 ideas: without Stripe the default plan is ULTRA.
    console_ = await startConsole({ defaultPlan: 'FREE' });
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('opens a roadmap idea at its own address: reload keeps it, Back closes it, focus returns', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Roadmap Links Company');
    await setPlan(server, admin.companyId, 'ULTRA');
    const boardId = await createBoardId(server, admin.token, 'Roadmap links board');
    const ideas: Record<string, string> = {};
    for (const [title, status] of [
      ['Offline mode', 'PLANNED'],
      ['Calendar sync', 'IN_PROGRESS'],
    ] as const) {
      ideas[title] = (
        await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token)
      ).id;
      await gql(server, SET_STATUS, { ideaId: ideas[title], status }, admin.token);
    }
    const board = `/admin/boards/${decodeId(boardId, 'Board')}`;
    const offlinePath = `${board}/roadmap/ideas/${decodeId(ideas['Offline mode']!, 'Idea')}`;

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}${board}/roadmap`);
    const title = page
      .getByTestId('roadmap-PLANNED')
      .getByRole('button', { name: 'Offline mode', exact: true });
    await title.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Offline mode' });
    await expect.poll(() => detail.isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname).toBe(offlinePath);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'roadmap-detail-en');

    // Back closes it and focus returns to the card that opened it.
    await page.goBack();
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${board}/roadmap`);
    await expect
      .poll(() => focusedCard(page))
      .toEqual({ label: 'Offline mode', column: 'roadmap-PLANNED', card: true });
    // Forward opens it again, over the same columns.
    await page.goForward();
    await expect.poll(() => detail.isVisible()).toBe(true);

    // The address alone opens it (a link, a reload); closing stays on the roadmap.
    await page.reload();
    await expect.poll(() => detail.isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('roadmap-IN_PROGRESS').getByText('Calendar sync').isVisible())
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${board}/roadmap`);

    // Opening, then Escape, from the columns: focus back on the title, one history entry.
    const calendar = page
      .getByTestId('roadmap-IN_PROGRESS')
      .getByRole('button', { name: 'Calendar sync', exact: true });
    await calendar.focus();
    await page.keyboard.press('Enter');
    const calendarDetail = page.getByRole('dialog', { name: 'Calendar sync' });
    await expect.poll(() => calendarDetail.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => calendarDetail.count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${board}/roadmap`);
    await expect
      .poll(() => focusedCard(page))
      .toEqual({ label: 'Calendar sync', column: 'roadmap-IN_PROGRESS', card: true });

    // A link from before, with the idea's global id, lands on the readable address.
    await page.goto(
      `${server.url}${board}/roadmap/ideas/${encodeURIComponent(ideas['Offline mode']!)}`,
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe(offlinePath);
    await expect.poll(() => detail.isVisible()).toBe(true);

    // Polish.
    await gql(server, SET_LANGUAGE, { language: 'pl-PL' }, admin.token);
    await page.reload();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Offline mode' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('#roadmap-title').textContent()).toBe('Roadmapa');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'roadmap-detail-pl');
    expect(page.errors).toEqual([]);
  });

  it('keeps the plan banner and "Showing N of M" in step with ideas added and removed in another console', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Live Banner Company');
    const boardId = await createBoardId(server, admin.token, 'Live banner board');
    const ids: string[] = [];
    for (const title of [
      'First idea here',
      'Second idea here',
      'Third idea here',
      'Fourth idea here',
      'Fifth idea here',
    ]) {
      ids.push(
        (await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token)).id,
      );
    }
    const listPath = `${server.url}/admin/boards/${decodeId(boardId, 'Board')}/list`;

    const watcher = await console_.open();
    watcher.setDefaultTimeout(15_000);
    await logIn(watcher, server, { email: admin.email, password: PASSWORD });
    await watcher.goto(listPath);
    await expect.poll(() => shown(watcher)).toBe('Showing 5 of 5');
    expect(await banner(watcher).count()).toBe(0);
    // The first console's own limit queries: one per burst of changes, not one per change.
    let limitQueries = 0;
    watcher.on('request', (request) => {
      if (request.postData()?.includes('useBoardLiveUpdatesLimitsQuery')) limitQueries += 1;
    });

    // A second console of the same company adds a sixth idea past FREE's cap of 5.
    const editor = await console_.open();
    editor.setDefaultTimeout(15_000);
    await logIn(editor, server, { email: admin.email, password: PASSWORD });
    await editor.goto(listPath);
    await editor.getByRole('button', { name: 'Add idea', exact: true }).click();
    const dialog = editor.getByRole('dialog', { name: 'Add an idea' });
    await dialog.getByRole('textbox').first().fill('Sixth, from the other console');
    await editor.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);

    await expect.poll(() => shown(watcher)).toBe('Showing 6 of 6');
    await expect
      .poll(() => banner(watcher).textContent())
      .toContain('1 idea is hidden from your users because your plan shows fewer ideas');
    await expect.poll(() => locked(watcher)).toBe(1);
    await expect.poll(() => limitQueries).toBe(1);

    // A burst of three more: the counts agree, after one more limits query, not three.
    await Promise.all(
      ['Seventh idea here', 'Eighth idea here', 'Ninth idea here'].map((title) =>
        mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token),
      ),
    );
    await expect.poll(() => shown(watcher)).toBe('Showing 9 of 9');
    await expect
      .poll(() => banner(watcher).textContent())
      .toContain('4 ideas are hidden from your users');
    await expect.poll(() => locked(watcher)).toBe(4);
    expect(limitQueries).toBeLessThan(4);
    expect(await seriousAxeViolations(watcher)).toEqual([]);
    await screenshots(watcher, 'banner-en');

    // Removing a shown idea and unpublishing another elsewhere (awaiting acceptance: not
    // counted) makes room: the oldest hidden ideas unlock in the first console, and the banner
    // counts down with them.
    await gql(server, DELETE_IDEA, { ideaId: ids[0] }, admin.token);
    await gql(server, SET_STATUS, { ideaId: ids[1], status: 'NOT_PUBLIC' }, admin.token);
    await expect.poll(() => shown(watcher)).toBe('Showing 8 of 8');
    await expect
      .poll(() => banner(watcher).textContent())
      .toContain('2 ideas are hidden from your users');
    await expect.poll(() => locked(watcher)).toBe(2);
    await expect
      .poll(() =>
        watcher
          .getByRole('article', { name: 'Sixth, from the other console' })
          .getByRole('button', { name: 'Vote for “Sixth, from the other console”' })
          .count(),
      )
      .toBe(1);

    // Polish: the same count.
    await gql(server, SET_LANGUAGE, { language: 'pl-PL' }, admin.token);
    await watcher.reload();
    await expect.poll(() => banner(watcher).textContent()).toContain('2 pomysły');
    await screenshots(watcher, 'banner-pl');
    expect(watcher.errors).toEqual([]);
    expect(editor.errors).toEqual([]);
  });
});
