import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { ensureWidgetBuilt } from '../widget/build-once.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { logIn, saveScreenshot, startConsole, type TConsole } from './console.ts';

const PASSWORD = 'secret-password';
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;
const SET_LANGUAGE = `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`;

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const shown = (page: Page) => page.locator('.idea-list__footer p').textContent();
const banner = (page: Page) => page.locator('.alert--warning[role="note"]').first();

/** What has focus: its tag, its own text or label, and the idea card it sits in (if any). */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const cardOf = active?.closest('[data-idea-id]');
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      label: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
      card: cardOf?.getAttribute('aria-labelledby')
        ? (document.getElementById(cardOf.getAttribute('aria-labelledby') ?? '')?.textContent ?? '')
        : '',
      column: active?.closest('[data-testid^="roadmap-"]')?.getAttribute('data-testid') ?? '',
    };
  });
}

async function screenshots(page: Page, name: string, language: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await saveScreenshot(page, `capped-${name}-${language}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function chooseStatus(page: Page, trigger: Locator, option: string) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menu').getByRole('menuitem', { name: option, exact: true });
  await expect.poll(() => item.isVisible()).toBe(true);
  await item.focus();
  await page.keyboard.press('Enter');
}

describe.skipIf(!hasChromium())('console: plan caps, decline and merge, focus', () => {
  let console_: TConsole;

  beforeAll(async () => {
    await ensureWidgetBuilt();
    // FREE's caps are what this checks: the default plan of a server that sells plans.
    console_ = await startConsole({ defaultPlan: 'FREE' });
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('never hides an idea silently on FREE: locked rows, counts that agree, a warning before, the submitter told', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Capped Company');
    const boardId = await createBoardId(server, admin.token, 'Capped feedback board');
    for (const title of [
      'Dark mode for the app',
      'Export ideas to CSV',
      'Slack notifications',
      'Keyboard shortcuts',
      'Single sign-on for teams',
    ]) {
      await mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token);
    }
    // A widget user's idea, awaiting acceptance: not counted, so not hidden yet.
    const member = await addEndUser(server, admin.companyId, { name: 'Wanda Widget' });
    const submitted = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Offline mode from the widget' },
      member.token,
    );

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    await expect.poll(() => shown(page)).toBe('Showing 6 of 6');
    expect(await banner(page).count()).toBe(0);

    // Adding a sixth counted idea: the form says it will be hidden, before it is added.
    const add = page.getByRole('button', { name: 'Add idea', exact: true });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add an idea' });
    await expect
      .poll(() =>
        dialog
          .getByText(
            'Your plan shows 5 ideas and that many are shown already: this idea will be added, but hidden from your users until you upgrade your plan.',
          )
          .isVisible(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'add-warning', 'en');
    await page.keyboard.type('Public roadmap page');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);

    // It stays on the list, locked, and every count agrees at once and after a reload.
    const locked = card(page, 'Public roadmap page');
    const agreeing = async () => {
      await expect.poll(() => shown(page)).toBe('Showing 7 of 7');
      await expect
        .poll(() => banner(page).textContent())
        .toContain('1 idea is hidden from your users because your plan shows fewer ideas');
      await expect
        .poll(() => locked.getByText(/Hidden from your users by your plan/).isVisible())
        .toBe(true);
      expect(
        await locked.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href'),
      ).toBe('/admin/subscription');
      expect(await page.locator('.idea-card--locked').count()).toBe(1);
    };
    await agreeing();
    // Focus lands on the new card, not on the page.
    await expect.poll(async () => (await focused(page)).card).toBe('Public roadmap page');
    await page.reload();
    await agreeing();
    const LIMITS = `query ($id: ID!) { board(id: $id) { limits { cappedIdeas } } }`;
    expect(
      (await gql(server, LIMITS, { id: boardId }, admin.token)).body.data.board.limits,
    ).toEqual({ cappedIdeas: 1 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'list', 'en');

    // Accepting the widget user's idea puts one more past the cap: the admin confirms first.
    const offline = card(page, 'Offline mode from the widget');
    await offline
      .getByRole('button', { name: 'Offline mode from the widget', exact: true })
      .click();
    const detail = page.getByRole('dialog', { name: 'Offline mode from the widget' });
    const trigger = detail.getByRole('button', { name: 'Change status: Awaiting acceptance' });
    await chooseStatus(page, trigger, 'Open');
    const confirm = page.getByRole('dialog', { name: 'Accept “Offline mode from the widget”?' });
    await expect
      .poll(() => confirm.getByText(/it will be hidden from your users/).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'accept-confirm', 'en');
    await confirm.getByRole('button', { name: 'Accept anyway' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect
      .poll(() => detail.getByRole('button', { name: 'Change status: Open' }).isVisible())
      .toBe(true);
    // Focus goes back to the status control, not to the page.
    await expect.poll(async () => (await focused(page)).label).toBe('Change status: Open');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
    await expect.poll(() => shown(page)).toBe('Showing 7 of 7');
    await expect
      .poll(() => banner(page).textContent())
      .toContain('2 ideas are hidden from your users');
    await expect.poll(() => page.locator('.idea-card--locked').count()).toBe(2);
    await expect
      .poll(() => offline.getByText(/Hidden from your users by your plan/).isVisible())
      .toBe(true);
    // Its card became a locked row: focus goes to that card.
    await expect.poll(async () => (await focused(page)).card).toBe('Offline mode from the widget');

    // Removing an idea makes room: the oldest hidden one unlocks and the counts follow.
    await page.getByRole('button', { name: 'Actions for “Dark mode for the app”' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove this idea?' });
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => remove.count()).toBe(0);
    await expect.poll(() => shown(page)).toBe('Showing 6 of 6');
    await expect
      .poll(() => banner(page).textContent())
      .toContain('1 idea is hidden from your users');
    await expect.poll(() => page.locator('.idea-card--locked').count()).toBe(1);
    await expect
      .poll(() =>
        offline.getByRole('button', { name: 'Vote for “Offline mode from the widget”' }).count(),
      )
      .toBe(1);

    // Readers never see hidden ideas; the submitter is told theirs was received.
    const rest = await server.call('GET', '/api/v1/ideas/', {
      token: member.token,
      headers: { 'x-board-id': String(decodeId(boardId, 'Board')) },
    });
    expect(rest.body.totalCount).toBe(5);
    expect(rest.body.ideas.map((i: { title: string }) => i.title)).not.toContain(
      'Public roadmap page',
    );
    await gql(
      server,
      `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`,
      { id: boardId },
      admin.token,
    );
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: decodeId(boardId, 'Board') },
      include: { company: true },
    });
    const widgetPage = await console_.open();
    await widgetPage.addInitScript(
      ([key, token]) => window.localStorage.setItem(key as string, token as string),
      [`feedboard:${server.url}:session`, member.token],
    );
    // The member's accepted idea is shown now; a newer one of theirs, accepted past the cap,
    // is said to be received and not listed.
    const later = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Later idea from the widget' },
      member.token,
    );
    await gql(server, SET_STATUS, { ideaId: later.id, status: 'OPEN' }, admin.token);
    await widgetPage.goto(`${server.url}/public/${board.company.slug}/${board.slug}`);
    const received = widgetPage.getByTestId('idea-received');
    await expect
      .poll(() => received.textContent(), { timeout: 15_000 })
      .toContain('Your idea “Later idea from the widget” was received.');
    expect(await widgetPage.getByTestId('idea').count()).toBe(5);
    expect(await widgetPage.getByTestId('idea').filter({ hasText: 'Later idea' }).count()).toBe(0);
    expect(await widgetPage.getByTestId('idea').filter({ hasText: 'Offline mode' }).count()).toBe(
      1,
    );
    expect(await seriousAxeViolations(widgetPage)).toEqual([]);
    await screenshots(widgetPage, 'widget-received', 'en');
    // The same in Polish. One rule for the portal and its widget: the visitor's language when
    // it is one of ours, else the board's. A board turned Polish still speaks English to this
    // English browser; a Polish browser reads Polish.
    await gql(
      server,
      `mutation ($id: ID!) { updateBoardLanguage(boardId: $id, language: "pl-PL") { __typename } }`,
      { id: boardId },
      admin.token,
    );
    await widgetPage.reload();
    await expect
      .poll(() => received.textContent(), { timeout: 15_000 })
      .toContain('Your idea “Later idea from the widget” was received.');
    expect(await widgetPage.getAttribute('html', 'lang')).toBe('en');
    await widgetPage.context().close();
    const polishPage = await console_.open({ locale: 'pl-PL' });
    await polishPage.addInitScript(
      ([key, token]) => window.localStorage.setItem(key as string, token as string),
      [`feedboard:${server.url}:session`, member.token],
    );
    await polishPage.goto(`${server.url}/public/${board.company.slug}/${board.slug}`);
    await expect
      .poll(() => polishPage.getByTestId('idea-received').textContent(), { timeout: 15_000 })
      .toContain('Twój pomysł „Later idea from the widget” dotarł do nas.');
    expect(await polishPage.getAttribute('html', 'lang')).toBe('pl');
    expect(await seriousAxeViolations(polishPage)).toEqual([]);
    await screenshots(polishPage, 'widget-received', 'pl');
    await polishPage.context().close();

    // Polish console: the same screens.
    await gql(server, SET_LANGUAGE, { language: 'pl-PL' }, admin.token);
    await page.reload();
    await expect.poll(() => banner(page).textContent()).toContain('2 pomysły');
    await expect.poll(() => page.locator('.idea-card--locked').count()).toBe(2);
    await expect.poll(() => locked.textContent()).toMatch(/ukryty przed użytkownikami/i);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'list', 'pl');
    await page.getByRole('button', { name: 'Dodaj pomysł', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText(/Twój plan/)
          .isVisible(),
      )
      .toBe(true);
    await screenshots(page, 'add-warning', 'pl');
    await page.keyboard.press('Escape');
    const thirdMember = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Drugi pomysł z widżetu' },
      member.token,
    );
    expect(thirdMember.id).toBeTruthy();
    await page.reload();
    await card(page, 'Drugi pomysł z widżetu')
      .getByRole('button', { name: 'Drugi pomysł z widżetu', exact: true })
      .click();
    await chooseStatus(
      page,
      page.getByRole('dialog').getByRole('button', { name: /Zmień status/ }),
      'Otwarty',
    );
    await expect
      .poll(() => page.getByRole('dialog', { name: /Zaakceptować/ }).isVisible())
      .toBe(true);
    await screenshots(page, 'accept-confirm', 'pl');
    expect(page.errors).toEqual([]);
    expect(submitted.id).toBeTruthy();
  });

  it('tells an admin who adds an idea past the cap in the widget that it was received, without listing it', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Widget Admin Company');
    const boardId = await createBoardId(server, admin.token, 'Widget admin board');
    for (const n of [1, 2, 3, 4, 5]) {
      await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId, title: `Shown idea ${n}` },
        admin.token,
      );
    }
    await gql(
      server,
      `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`,
      { id: boardId },
      admin.token,
    );
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: decodeId(boardId, 'Board') },
      include: { company: true },
    });
    const widgetPage = await console_.open();
    widgetPage.setDefaultTimeout(15_000);
    await widgetPage.addInitScript(
      ([key, token]) => window.localStorage.setItem(key as string, token as string),
      [`feedboard:${server.url}:session`, admin.token],
    );
    await widgetPage.goto(`${server.url}/public/${board.company.slug}/${board.slug}`);
    const ideas = widgetPage.getByTestId('idea');
    await expect.poll(() => ideas.count()).toBe(5);

    await widgetPage.getByRole('button', { name: 'Add an idea' }).click();
    await widgetPage.getByLabel('Title').fill('Sixth idea from the admin');
    await widgetPage.getByRole('button', { name: 'Submit idea' }).click();
    const received = widgetPage.getByTestId('idea-received');
    await expect
      .poll(() => received.textContent())
      .toContain('Your idea “Sixth idea from the admin” was received.');
    // Not listed, now or after a reload: readers of the board never see it.
    expect(await ideas.filter({ hasText: 'Sixth idea' }).count()).toBe(0);
    expect(await ideas.count()).toBe(5);
    expect(await seriousAxeViolations(widgetPage)).toEqual([]);
    await widgetPage.reload();
    await expect
      .poll(() => received.textContent())
      .toContain('Your idea “Sixth idea from the admin” was received.');
    await expect.poll(() => ideas.count()).toBe(5);
    expect(await ideas.filter({ hasText: 'Sixth idea' }).count()).toBe(0);
    expect(widgetPage.errors).toEqual([]);
    await widgetPage.context().close();
  });

  it('declines with merged votes at once, links the kept idea, reopens a declined idea', async () => {
    const { server } = console_;
    const admin = await signUpCompany(server, 'Merging Company');
    await setPlan(server, admin.companyId, 'ULTRA');
    const boardId = await createBoardId(server, admin.token, 'Merging feedback board');
    const kept = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Dark mode for the app' },
      admin.token,
    );
    const duplicate = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Night theme please' },
      admin.token,
    );
    const voter = await addEndUser(server, admin.companyId, { name: 'Vera Voter' });
    await gql(server, UPVOTE, { ideaId: duplicate.id }, voter.token);

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    await expect.poll(() => shown(page)).toBe('Showing 2 of 2');
    await card(page, 'Night theme please')
      .getByRole('button', { name: 'Night theme please', exact: true })
      .click();
    const detail = page.getByRole('dialog', { name: 'Night theme please' });
    await expect.poll(() => detail.locator('.voter-list').textContent()).toContain('Vera Voter');
    await detail.getByRole('button', { name: 'Change status: Open' }).click();
    await page.getByRole('menuitem', { name: 'Decline…' }).click();
    const decline = page.getByRole('dialog', { name: 'Decline “Night theme please”' });
    await decline.getByLabel('Reason').selectOption('DUPLICATE');
    await decline.getByLabel('Duplicate of').selectOption(kept.id);
    await decline.getByRole('button', { name: 'Decline idea' }).click();
    await expect.poll(() => decline.count()).toBe(0);

    // The open dialog agrees with itself: no votes, no voters; the list drops it at once.
    await expect.poll(() => detail.getByText('Nobody has voted yet.').isVisible()).toBe(true);
    expect(await detail.locator('.voter-list').count()).toBe(0);
    await expect.poll(() => card(page, 'Night theme please').count()).toBe(0);
    await expect.poll(() => shown(page)).toBe('Showing 1 of 1');
    // Focus stays in the dialog, on its status control.
    await expect.poll(async () => (await focused(page)).label).toBe('Change status: Declined');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'declined-detail', 'en');

    // "Duplicate of" opens the kept idea, which now has the voter.
    const number = decodeId(kept.id, 'Idea');
    await detail.getByRole('button', { name: `Dark mode for the app (#${number})` }).click();
    const keptDetail = page.getByRole('dialog', { name: 'Dark mode for the app' });
    await expect
      .poll(() => keptDetail.locator('.voter-list').textContent())
      .toContain('Vera Voter');
    await page.keyboard.press('Escape');
    await expect.poll(() => keptDetail.count()).toBe(0);

    // Reopened from its status: the reason goes, the vote stays with the kept idea.
    await page.getByLabel('Show').selectOption('DECLINED');
    await card(page, 'Night theme please')
      .getByRole('button', { name: 'Night theme please', exact: true })
      .click();
    await expect.poll(() => detail.getByText(/Duplicate of/).isVisible()).toBe(true);
    await chooseStatus(
      page,
      detail.getByRole('button', { name: 'Change status: Declined' }),
      'Open',
    );
    await expect
      .poll(() => detail.getByRole('button', { name: 'Change status: Open' }).isVisible())
      .toBe(true);
    expect(await detail.getByText(/Duplicate of/).count()).toBe(0);
    await expect.poll(async () => (await focused(page)).label).toBe('Change status: Open');
    await page.keyboard.press('Escape');
    await page.getByLabel('Show').selectOption('ALL');
    await expect.poll(() => shown(page)).toBe('Showing 2 of 2');
    const row = await server.deps.prisma.idea.findUniqueOrThrow({
      where: { id: decodeId(duplicate.id, 'Idea') },
    });
    expect(row).toMatchObject({ status: 'OPEN', declineReason: null, voteCount: 0 });
    expect(
      (
        await server.deps.prisma.idea.findUniqueOrThrow({
          where: { id: decodeId(kept.id, 'Idea') },
        })
      ).voteCount,
    ).toBe(1);

    // The declined idea's dialog in Polish.
    await gql(
      server,
      `mutation ($id: ID!, $dup: ID!) { declineIdea(ideaId: $id, reason: DUPLICATE, duplicateOfIdeaId: $dup) { __typename } }`,
      { id: duplicate.id, dup: kept.id },
      admin.token,
    );
    await gql(server, SET_LANGUAGE, { language: 'pl-PL' }, admin.token);
    await page.goto(
      `${server.url}/admin/boards/${encodeURIComponent(boardId)}/list?filter=DECLINED`,
    );
    await card(page, 'Night theme please')
      .getByRole('button', { name: 'Night theme please', exact: true })
      .click();
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText(/Duplikat/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'declined-detail', 'pl');
    expect(page.errors).toEqual([]);
  });

  it('keeps focus on the natural place from the keyboard: add, status, Escape, roadmap move', async () => {
    const { server } = console_;
    const admin: TTestAccount = await signUpCompany(server, 'Keyboard Company');
    await setPlan(server, admin.companyId, 'ULTRA');
    const boardId = await createBoardId(server, admin.token, 'Keyboard feedback board');
    const planned = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Move me along the roadmap' },
      admin.token,
    );
    await gql(server, SET_STATUS, { ideaId: planned.id, status: 'PLANNED' }, admin.token);

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await logIn(page, server, { email: admin.email, password: PASSWORD });
    await page.goto(`${server.url}/admin/boards/${encodeURIComponent(boardId)}/list`);
    await expect.poll(() => shown(page)).toBe('Showing 1 of 1');

    // Add idea, submitted with Enter: focus on the new card's title.
    await page.getByRole('button', { name: 'Add idea', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Add an idea' }).isVisible())
      .toBe(true);
    await page.keyboard.type('Typed from the keyboard');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => focused(page))
      .toEqual({
        tag: 'button',
        label: 'Typed from the keyboard',
        card: 'Typed from the keyboard',
        column: '',
      });

    // Enter opens the idea; picking a status keeps focus on the status control.
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: 'Typed from the keyboard' });
    await expect.poll(() => detail.isVisible()).toBe(true);
    await chooseStatus(
      page,
      detail.getByRole('button', { name: 'Change status: Open' }),
      'Under review',
    );
    await expect
      .poll(() => detail.getByRole('button', { name: 'Change status: Under review' }).isVisible())
      .toBe(true);
    await expect.poll(async () => (await focused(page)).label).toBe('Change status: Under review');

    // Escape closes the dialog: focus back on the title that opened it.
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
    await expect
      .poll(() => focused(page))
      .toEqual({
        tag: 'button',
        label: 'Typed from the keyboard',
        card: 'Typed from the keyboard',
        column: '',
      });

    // Roadmap: the Move menu moves the card; focus follows it into its new column.
    await page
      .getByRole('navigation', { name: 'Board sections' })
      .getByRole('link', { name: 'Roadmap' })
      .click();
    await page.waitForURL(/\/roadmap$/);
    const move = page.getByRole('button', {
      name: 'Move “Move me along the roadmap” to another column',
    });
    await expect.poll(() => move.isVisible()).toBe(true);
    await move.focus();
    await page.keyboard.press('Enter');
    const target = page.getByRole('menuitem', { name: 'Move to In progress' });
    await expect.poll(() => target.isVisible()).toBe(true);
    await target.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => focused(page))
      .toEqual({
        tag: 'button',
        label: 'Move “Move me along the roadmap” to another column',
        card: 'Move me along the roadmap',
        column: 'roadmap-IN_PROGRESS',
      });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'roadmap-moved', 'en');
    await gql(server, SET_LANGUAGE, { language: 'pl-PL' }, admin.token);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Roadmapa', level: 2 }).isVisible())
      .toBe(true);
    await screenshots(page, 'roadmap-moved', 'pl');
    expect(page.errors).toEqual([]);
  });
});
