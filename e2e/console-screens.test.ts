import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, settleAnimations } from './browser.ts';
import { SCREENSHOTS, logIn, saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Every console screen at a desktop (1440 px) and a phone (390 px) width, on a board with real
 * content: saved under e2e/screenshots/screens-<name>-<width>.png (ignored by git) for a person
 * to look at, and checked for what a phone user would notice: nothing wider than the screen (no
 * sideways scrolling), and no control cut off at the right edge.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!, $description: String) {
  createIdea(boardId: $boardId, title: $title, description: $description) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const COMMENT = `mutation ($ideaId: ID!, $text: String!) { addComment(ideaId: $ideaId, text: $text) { __typename } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;
const CREATE_RELEASE = `mutation ($name: String!, $releaseDate: String!, $boardIds: [ID!]) {
  createRelease(name: $name, releaseDate: $releaseDate, boardIds: $boardIds) {
  __typename ... on MutationCreateReleaseSuccess { data { id } } ${APP_ERROR} } }`;

const WIDTHS = [1440, 390] as const;

/** What sticks out to the right of the viewport: the page scrolls sideways, or an element is cut. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    }
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, a, input, select, textarea, h1, h2, h3, [role="menu"], [role="dialog"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a scroll container (tables, code blocks, tab strips) cut-off content is reachable.
      let parent = element.parentElement;
      let scrolls = false;
      while (parent && parent !== document.body) {
        const style = getComputedStyle(parent);
        if (/(auto|scroll)/.test(style.overflowX) || style.position === 'fixed') scrolls = true;
        parent = parent.parentElement;
      }
      if (!scrolls && (box.right > width + 1 || box.left < -1)) {
        const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
        problems.push(`${element.tagName.toLowerCase()} “${label.trim().slice(0, 40)}” is cut off`);
      }
    }
    return problems;
  });
}

/** A dialog or menu as the phone shows it: the viewport, once its opening animation is over. */
async function saveOverlayScreenshot(page: Page, name: string): Promise<void> {
  await settleAnimations(page);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

describe.skipIf(!hasChromium())('console: every screen at 1440 px and 390 px', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let boardId = '';

  beforeAll(async () => {
    console_ = await startConsole();
    const { server } = console_;
    admin = await signUpCompany(server, 'Screens Company');
    await setPlan(server, admin.companyId, 'COMPANY');
    boardId = (
      await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Mobile app ideas' }, admin.token)
    ).id;
    await mutate(server, 'createBoard', CREATE_BOARD, { name: 'Website feedback' }, admin.token);
    const voter = await addEndUser(server, admin.companyId, { name: 'Vera Voter' });
    await addEndUser(server, admin.companyId, { name: 'Sam Single-Sign-On', kind: 'SSO' });
    const ideas: [string, string, number][] = [
      ['Dark mode for the whole app, including the settings screens', 'PLANNED', 2],
      ['Export to CSV', 'OPEN', 0],
      ['Sign in with Apple', 'REVIEW', 1],
      ['Offline mode', 'IN_PROGRESS', 0],
      ['Faster start-up', 'COMPLETE', 3],
    ];
    for (const [title, status, comments] of ideas) {
      const { id } = await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId, title, description: 'A description long enough to wrap on a phone screen.' },
        admin.token,
      );
      if (status !== 'OPEN') await gql(server, SET_STATUS, { ideaId: id, status }, admin.token);
      for (let i = 0; i < comments; i += 1) {
        await gql(server, COMMENT, { ideaId: id, text: `Comment number ${i + 1}` }, admin.token);
      }
      await gql(server, UPVOTE, { ideaId: id }, voter.token);
    }
    const release = await mutate(
      server,
      'createRelease',
      CREATE_RELEASE,
      { name: 'Spring 2026', releaseDate: '2026-04-01', boardIds: [boardId] },
      admin.token,
    );
    expect(release).toMatchObject({ id: expect.any(String) });
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('looks right on a desktop and on a phone', async () => {
    const { server } = console_;
    const board = `/admin/boards/${encodeURIComponent(boardId)}`;
    const screens: [string, string][] = [
      ['dashboard', '/admin/dashboard'],
      ['boards', '/admin/boards'],
      ['board-ideas', `${board}/list`],
      ['board-roadmap', `${board}/roadmap`],
      ['board-releases', `${board}/releases`],
      ['board-widget', `${board}/widget`],
      ['board-settings', `${board}/settings`],
      ['board-users', `${board}/users`],
      ['users', '/admin/users'],
      ['settings', '/admin/profile'],
      ['company-settings', '/admin/company'],
      ['subscription', '/admin/subscription'],
    ];
    const problems: string[] = [];
    for (const width of WIDTHS) {
      const page = await console_.open({ viewport: { width, height: width > 800 ? 900 : 844 } });
      page.setDefaultTimeout(15_000);
      for (const [name, path] of [
        ['login', '/login'],
        ['signup', '/signup'],
        ['password-reset', '/password-reset'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await saveScreenshot(page, `screens-${name}-${width}`);
        problems.push(...(await overflow(page)).map((p) => `${name} @${width}: ${p}`));
      }
      await logIn(page, server, { email: admin.email, password: 'secret-password' });
      for (const [name, path] of screens) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await expect.poll(() => page.locator('.spinner, .page-spinner').count()).toBe(0);
        await saveScreenshot(page, `screens-${name}-${width}`);
        problems.push(...(await overflow(page)).map((p) => `${name} @${width}: ${p}`));
      }

      // The idea detail modal, and a card's menu, open.
      await page.goto(`${server.url}${board}/list`);
      await page
        .getByRole('button', {
          name: 'Dark mode for the whole app, including the settings screens',
          exact: true,
        })
        .click();
      const detail = page.getByRole('dialog');
      await expect.poll(() => detail.getByText('Comment number 2').isVisible()).toBe(true);
      await saveOverlayScreenshot(page, `screens-idea-detail-${width}`);
      problems.push(...(await overflow(page)).map((p) => `idea detail @${width}: ${p}`));
      await page.keyboard.press('Escape');
      await expect.poll(() => detail.count()).toBe(0);
      await page
        .getByRole('button', { name: /^Actions for/ })
        .first()
        .click();
      await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
      await saveOverlayScreenshot(page, `screens-idea-menu-${width}`);
      problems.push(...(await overflow(page)).map((p) => `idea menu @${width}: ${p}`));
      await page.keyboard.press('Escape');

      // A roadmap card's Move menu.
      await page.goto(`${server.url}${board}/roadmap`);
      await page.getByRole('button', { name: 'Move “Faster start-up” to another column' }).click();
      await expect.poll(() => page.getByRole('menu').isVisible()).toBe(true);
      await saveOverlayScreenshot(page, `screens-roadmap-menu-${width}`);
      problems.push(...(await overflow(page)).map((p) => `roadmap menu @${width}: ${p}`));
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});
