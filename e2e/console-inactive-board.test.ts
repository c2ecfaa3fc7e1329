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
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const COMMENT = `mutation ($ideaId: ID!, $text: String!) { addComment(ideaId: $ideaId, text: $text) { __typename } }`;

const NOTICE_START = 'This board is view-only because your plan allows fewer active boards.';
const UPGRADE_LINK = 'Upgrade your plan to make it active again.';

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Board sections' }).getByRole('link', { name });
const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const voteButton = (page: Page, title: string) =>
  card(page, title).getByRole('button', { name: `Vote for “${title}”` });

/** The text of the element a control's aria-describedby names ('' without one). */
function descriptionOf(page: Page, selector: string): Promise<string> {
  return page.evaluate((css) => {
    const ids = document.querySelector(css)?.getAttribute('aria-describedby') ?? '';
    return ids
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim();
  }, selector);
}

async function openBoard(page: Page, url: string, boardId: string, section: string) {
  await page.goto(`${url}/admin/boards/${encodeURIComponent(boardId)}/${section}`);
}

describe.skipIf(!hasChromium())('console: an inactive board is view-only', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let activeBoardId: string;
  let inactiveBoardId: string;

  beforeAll(async () => {
    // FREE's caps are what this checks: the default plan of a server that sells plans.
    console_ = await startConsole({ defaultPlan: 'FREE' });
    const { server } = console_;
    admin = await signUpCompany(server, 'View Only Company');
    // Both boards are made while the plan has room; FREE then keeps only the older one active.
    await setPlan(server, admin.companyId, 'ULTRA');
    activeBoardId = await createBoardId(server, admin.token, 'Active board ideas');
    inactiveBoardId = await createBoardId(server, admin.token, 'Archived board ideas');
    await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: activeBoardId, title: 'Single sign-on for teams' },
      admin.token,
    );
    await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: inactiveBoardId, title: 'Offline mode for field teams' },
      admin.token,
    );
    const planned = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: inactiveBoardId, title: 'Spreadsheet export of ideas' },
      admin.token,
    );
    await gql(server, SET_STATUS, { ideaId: planned.id, status: 'PLANNED' }, admin.token);
    await gql(
      server,
      COMMENT,
      { ideaId: planned.id, text: 'We need this for the quarterly review.' },
      admin.token,
    );
    await setPlan(server, admin.companyId, 'FREE');
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('disables the writes the server refuses on an inactive board, keeps the others, and the active board stays writable', async () => {
    const { server } = console_;
    // The premise: the server refuses a new idea on the newer board under FREE.
    const refused = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: inactiveBoardId, title: 'An idea the plan refuses' },
      admin.token,
    );
    expect(refused.code).toBe('PLAN_LIMIT');

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });

    // Ideas: the notice with the upgrade link, and every idea write disabled.
    await openBoard(page, server.url, inactiveBoardId, 'list');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Archived board ideas');
    const notice = page.getByTestId('view-only-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => notice.textContent()).toContain(NOTICE_START);
    await expect
      .poll(() => notice.getByRole('link', { name: UPGRADE_LINK }).getAttribute('href'))
      .toBe('/admin/subscription');
    await expect.poll(() => card(page, 'Offline mode for field teams').isVisible()).toBe(true);
    const addIdea = page.getByRole('button', { name: 'Add idea' });
    await expect.poll(() => addIdea.isDisabled()).toBe(true);
    // Disabled controls say why: their description is the notice.
    expect(await descriptionOf(page, '.section-header .button--primary')).toContain(NOTICE_START);
    await expect
      .poll(() => voteButton(page, 'Offline mode for field teams').isDisabled())
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Actions for “Offline mode for field teams”' })
          .isDisabled(),
      )
      .toBe(true);
    // Exports still work on an inactive board (the server allows them): enabled.
    await expect
      .poll(() => page.getByRole('button', { name: 'Export ideas (CSV)' }).isEnabled())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'inactive-board-list');

    // The detail dialog opens (reading is allowed) and says why its controls are off.
    await card(page, 'Spreadsheet export of ideas')
      .getByRole('button', { name: 'Spreadsheet export of ideas', exact: true })
      .click();
    const detail = page.getByRole('dialog', { name: 'Spreadsheet export of ideas' });
    await expect
      .poll(() => detail.getByText('We need this for the quarterly review.').isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        detail
          .getByText(
            'This board is view-only under your plan: votes, comments and status changes are turned off.',
          )
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        detail.getByRole('button', { name: 'Vote for “Spreadsheet export of ideas”' }).isDisabled(),
      )
      .toBe(true);
    await expect.poll(() => detail.getByLabel('Your comment').isDisabled()).toBe(true);
    await expect
      .poll(() => detail.getByRole('button', { name: 'Add comment' }).isDisabled())
      .toBe(true);
    await expect
      .poll(() => detail.getByRole('button', { name: 'Change status: Planned' }).isDisabled())
      .toBe(true);
    expect(await descriptionOf(page, '[role="dialog"] .status-trigger')).toContain(
      'votes, comments and status changes are turned off',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'inactive-board-detail');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    // Roadmap: the notice again, cards do not drag and their Move menu is disabled.
    await section(page, 'Roadmap').click();
    await page.waitForURL(/\/roadmap$/);
    await expect.poll(() => notice.isVisible()).toBe(true);
    // Within the roadmap: while the route changes, the list's card of the same name may linger.
    const roadmapCard = page
      .locator('.roadmap')
      .getByRole('article', { name: 'Spreadsheet export of ideas' });
    await expect.poll(() => roadmapCard.isVisible()).toBe(true);
    await expect.poll(() => roadmapCard.getAttribute('draggable')).toBe('false');
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: 'Move “Spreadsheet export of ideas” to another column' })
          .isDisabled(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'inactive-board-roadmap');

    // Settings are refused too; releases are the company's and still allowed.
    await section(page, 'Settings').click();
    await page.waitForURL(/\/settings$/);
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Board name').isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: /Public/ }).isDisabled()).toBe(true);
    await section(page, 'Releases').click();
    await page.waitForURL(/\/releases$/);
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Add release' }).isEnabled())
      .toBe(true);

    // The upgrade link works from the keyboard.
    await notice.getByRole('link', { name: UPGRADE_LINK }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/subscription');

    // The older board of the same company is active: no notice, every control enabled.
    await openBoard(page, server.url, activeBoardId, 'list');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Active board ideas');
    await expect.poll(() => card(page, 'Single sign-on for teams').isVisible()).toBe(true);
    await expect.poll(() => notice.count()).toBe(0);
    await expect.poll(() => addIdea.isEnabled()).toBe(true);
    await expect.poll(() => voteButton(page, 'Single sign-on for teams').isEnabled()).toBe(true);
    await card(page, 'Single sign-on for teams')
      .getByRole('button', { name: 'Single sign-on for teams', exact: true })
      .click();
    const activeDetail = page.getByRole('dialog', { name: 'Single sign-on for teams' });
    await expect.poll(() => activeDetail.getByLabel('Your comment').isEnabled()).toBe(true);
    await expect
      .poll(() => activeDetail.getByRole('button', { name: 'Change status: Open' }).isEnabled())
      .toBe(true);
    expect(await activeDetail.getByText('This board is view-only').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => activeDetail.count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
