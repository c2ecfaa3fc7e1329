import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, mutate, signUpCompany } from '../api/src/testing/graphql-client.ts';
import type { TTestAccount } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { saveScreenshot, startConsole } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Issue 18.7, the last buttons: replacing the widget secret, declining and removing an idea,
 * the CSV exports, the status control and the roadmap's Move menu each show their request
 * busy, send it once however often they are clicked, and say a failure inline (role="alert")
 * beside the control instead of a toast.
 */

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id } } } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) { setIdeaStatus(ideaId: $ideaId, status: $status) { __typename } }`;
const GENERIC = 'Sorry, something went wrong. Please, try again later or refresh page';

type TMode = 'slow' | 'hold' | 'fail' | 'pass';

/**
 * Routes the requests whose body names `operation` (a GraphQL operation, or a URL part for the
 * REST exports): 'fail' aborts them, 'slow' answers after 2.5 s, 'hold' once `release` is
 * called (for steps that must happen while the request is surely still under way). Counts
 * those sent.
 */
async function intercept(page: Page) {
  const modes = new Map<string, TMode>();
  const sent = new Map<string, number>();
  let release = () => {};
  let released = new Promise<void>((resolve) => (release = resolve));
  const match = (body: string) => [...modes.keys()].find((key) => body.includes(key));
  await page.route(
    (url) => url.pathname === '/graphql' || url.pathname.includes('/export/'),
    async (route) => {
      const request = route.request();
      const key = match(`${request.url()} ${request.postData() ?? ''}`);
      if (!key) return route.continue();
      sent.set(key, (sent.get(key) ?? 0) + 1);
      const mode = modes.get(key);
      if (mode === 'fail') return route.abort('failed');
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 2500));
      if (mode === 'hold') await released;
      return route.continue();
    },
  );
  return {
    set(key: string, mode: TMode) {
      modes.set(key, mode);
      sent.set(key, 0);
    },
    sent: (key: string) => sent.get(key) ?? 0,
    release() {
      release();
      released = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

/** A failure state as the user sees it, at 1440 and at 390 px (then back to 1440). */
async function shots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

describe.skipIf(!hasChromium())('console: buttons that start work show it (18.7)', () => {
  let console_: TConsole;
  let admin: TTestAccount;
  let board: string;

  beforeAll(async () => {
    console_ = await startConsole();
    const { server } = console_;
    admin = await signUpCompany(server, 'Pending Buttons Co');
    const created = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Mobile app' },
      admin.token,
    );
    board = `/admin/boards/${encodeURIComponent(created.id as string)}`;
    for (const [title, status] of [
      ['Dark mode for the app', 'OPEN'],
      ['Offline reading', 'OPEN'],
      ['Planned sync', 'PLANNED'],
    ] as const) {
      const idea = await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: created.id, title },
        admin.token,
      );
      if (status !== 'OPEN') {
        await gql(server, SET_STATUS, { ideaId: idea.id, status }, admin.token);
      }
    }
  }, 120_000);

  afterAll(async () => {
    await console_?.close();
  });

  const openSignedIn = async (path: string) => {
    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await page.goto(`${console_.server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), admin.token);
    await page.goto(`${console_.server.url}${board}${path}`);
    return page;
  };

  it('replacing the widget secret: busy, once, failure in the dialog', async () => {
    const page = await openSignedIn('/widget');
    const routes = await intercept(page);
    await page.getByRole('button', { name: 'Replace the secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the company secret?' });
    await dialog.waitFor();

    routes.set('useRotateCompanySecretMutation', 'fail');
    await dialog.getByRole('button', { name: 'Replace it' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(GENERIC);
    expect(await dialog.getByRole('button', { name: 'Replace it' }).isEnabled()).toBe(true);
    // Busy kept focus on the button (a disabled one would drop it to the page): Enter retries.
    expect(await isFocused(dialog.getByRole('button', { name: 'Replace it' }))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-secret-failed-en');

    routes.set('useRotateCompanySecretMutation', 'slow');
    await dialog.getByRole('button', { name: 'Replace it' }).dblclick();
    const busy = dialog.locator('button[aria-busy="true"]');
    await expect.poll(() => busy.textContent()).toBe('Replacing…');
    expect(await busy.isDisabled()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(routes.sent('useRotateCompanySecretMutation')).toBe(1);
  });

  it("the widget's token rules: Save is busy and sends once, a failure stays beside it", async () => {
    const page = await openSignedIn('/widget');
    const routes = await intercept(page);
    const rules = page.locator('section[aria-labelledby="sso-rules-title"]');
    const lifetime = rules.getByLabel('Longest accepted lifetime (minutes)');
    await lifetime.waitFor();
    await lifetime.fill('30');
    const save = rules.getByRole('button', { name: 'Save' });

    routes.set('useUpdateSsoSettingsMutation', 'fail');
    await save.click();
    await expect.poll(() => rules.getByRole('alert').textContent()).toBe(GENERIC);
    expect(await save.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-sso-rules-failed-en');

    routes.set('useUpdateSsoSettingsMutation', 'slow');
    await save.dblclick();
    await expect.poll(() => save.getAttribute('aria-busy')).toBe('true');
    expect(await rules.getByRole('alert').count()).toBe(0);
    await expect.poll(() => save.count()).toBe(0);
    expect(routes.sent('useUpdateSsoSettingsMutation')).toBe(1);
  });

  it('the CSV exports: busy, once, failure beside the buttons', async () => {
    const page = await openSignedIn('/list');
    const routes = await intercept(page);
    const exportIdeas = page.getByRole('button', { name: 'Export ideas (CSV)' });
    await exportIdeas.waitFor();
    const header = page.locator('.section-header');

    routes.set('/export/ideas.csv', 'fail');
    await exportIdeas.click();
    await expect.poll(() => header.getByRole('alert').textContent()).toBe(GENERIC);
    expect(await exportIdeas.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-export-failed-en');

    routes.set('/export/ideas.csv', 'slow');
    await exportIdeas.dblclick();
    await expect.poll(() => exportIdeas.getAttribute('aria-busy')).toBe('true');
    expect(await exportIdeas.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export voters (CSV)' }).isDisabled()).toBe(true);
    expect(await header.getByRole('alert').count()).toBe(0);
    await expect.poll(() => exportIdeas.getAttribute('aria-busy')).toBe(null);
    expect(routes.sent('/export/ideas.csv')).toBe(1);
  });

  it('the status control and the decline dialog: busy without losing focus, failures inline', async () => {
    const page = await openSignedIn('/list');
    const routes = await intercept(page);
    await page.getByRole('button', { name: 'Dark mode for the app', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Dark mode for the app' });
    await detail.waitFor();
    const pick = async (from: string, item: string) => {
      await detail.getByRole('button', { name: `Change status: ${from}` }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: item }).click();
    };

    routes.set('useSetIdeaStatusMutation', 'fail');
    await pick('Open', 'Planned');
    await expect.poll(() => detail.getByRole('alert').textContent()).toBe(GENERIC);
    const openTrigger = detail.getByRole('button', { name: 'Change status: Open' });
    expect(await openTrigger.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-status-failed-en');

    routes.set('useSetIdeaStatusMutation', 'hold');
    await pick('Open', 'Under review');
    // Busy but not disabled: focus stays on the trigger, and a second pick meanwhile is ignored.
    await expect.poll(() => openTrigger.getAttribute('aria-busy')).toBe('true');
    expect(await openTrigger.getAttribute('aria-disabled')).toBe('true');
    // (Playwright counts aria-disabled as disabled: the DOM property is what moves focus.)
    expect(await openTrigger.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
    await expect.poll(() => isFocused(openTrigger)).toBe(true);
    expect(await detail.getByRole('alert').count()).toBe(0);
    await pick('Open', 'Planned');
    expect(routes.sent('useSetIdeaStatusMutation')).toBe(1);
    routes.release();
    const reviewTrigger = detail.getByRole('button', { name: 'Change status: Under review' });
    await reviewTrigger.waitFor();
    // The label moves with the optimistic update; busy ends when the answer arrives.
    await expect.poll(() => reviewTrigger.getAttribute('aria-busy')).toBe(null);
    expect(routes.sent('useSetIdeaStatusMutation')).toBe(1);

    // Declining: a failure stays in the dialog, beside its button.
    await pick('Under review', 'Decline…');
    const decline = page.getByRole('dialog', { name: 'Decline “Dark mode for the app”' });
    await decline.waitFor();
    await decline.getByLabel('Reason').selectOption('NOT_RELEVANT');
    routes.set('useDeclineIdeaMutation', 'fail');
    await decline.getByRole('button', { name: 'Decline idea' }).click();
    await expect.poll(() => decline.getByRole('alert').textContent()).toBe(GENERIC);
    expect(await decline.getByRole('button', { name: 'Decline idea' }).isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-decline-failed-en');

    routes.set('useDeclineIdeaMutation', 'slow');
    await decline.getByRole('button', { name: 'Decline idea' }).dblclick();
    const busy = decline.locator('button[aria-busy="true"]');
    await expect.poll(() => busy.textContent()).toBe('Declining…');
    expect(await decline.getByRole('alert').count()).toBe(0);
    await expect.poll(() => decline.count()).toBe(0);
    expect(routes.sent('useDeclineIdeaMutation')).toBe(1);
  });

  it('removing an idea: a failure keeps the dialog open and says so; a double click removes once', async () => {
    const page = await openSignedIn('/list');
    const routes = await intercept(page);
    const actions = page.getByRole('button', { name: 'Actions for “Offline reading”' });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this idea?' });
    await confirm.waitFor();
    // Kept (Escape): focus goes back to the card's actions menu.
    await page.keyboard.press('Escape');
    await expect.poll(() => isFocused(actions)).toBe(true);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await confirm.waitFor();

    routes.set('useDeleteIdeaMutation', 'fail');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => confirm.getByRole('alert').textContent()).toBe(GENERIC);
    expect(await confirm.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-remove-failed-en');

    routes.set('useDeleteIdeaMutation', 'slow');
    await confirm.getByRole('button', { name: 'Remove' }).dblclick();
    await expect.poll(() => confirm.locator('button[aria-busy="true"]').isDisabled()).toBe(true);
    await expect.poll(() => confirm.count()).toBe(0);
    expect(routes.sent('useDeleteIdeaMutation')).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: 'Offline reading', exact: true }).count())
      .toBe(0);
    // Removed: focus lands on a neighbouring card's title, not on the page.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.matches('[data-idea-id] .idea-card__open')),
      )
      .toBe(true);
  });

  it("the roadmap's Move menu: busy trigger, a failed move said on the card", async () => {
    const page = await openSignedIn('/roadmap');
    const routes = await intercept(page);
    const card = page.getByRole('article', { name: 'Planned sync' });
    const move = card.getByRole('button', { name: 'Move “Planned sync” to another column' });
    await move.waitFor();

    routes.set('useSetIdeaStatusMutation', 'fail');
    await move.click();
    await page.getByRole('menuitem', { name: 'Move to Complete' }).click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe(GENERIC);
    expect(
      await page.getByTestId('roadmap-PLANNED').getByRole('article').allTextContents(),
    ).toHaveLength(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shots(page, 'pending-roadmap-failed-en');

    routes.set('useSetIdeaStatusMutation', 'hold');
    await move.click();
    await page.getByRole('menuitem', { name: 'Move to In progress' }).click();
    await expect.poll(() => move.getAttribute('aria-busy')).toBe('true');
    expect(await move.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(false);
    expect(await card.getByRole('alert').count()).toBe(0);
    // A second pick while it saves is ignored (from the keyboard: Playwright will not click an
    // aria-disabled button).
    await move.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Move to Complete' }).click();
    expect(routes.sent('useSetIdeaStatusMutation')).toBe(1);
    routes.release();
    await expect
      .poll(() =>
        page.getByTestId('roadmap-IN_PROGRESS').locator('.roadmap-card__title').allTextContents(),
      )
      .toEqual(['Planned sync']);
    expect(routes.sent('useSetIdeaStatusMutation')).toBe(1);
  });

  it('says every failure inline in Polish too, at both widths', async () => {
    const { server } = console_;
    const polish = await signUpCompany(server, 'Polskie przyciski');
    await gql(
      server,
      `mutation ($language: String!) { setLanguage(language: $language) { __typename } }`,
      { language: 'pl-PL' },
      polish.token,
    );
    const created = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Aplikacja mobilna' },
      polish.token,
    );
    for (const title of ['Tryb ciemny w aplikacji', 'Czytanie offline']) {
      await mutate(server, 'createIdea', CREATE_IDEA, { boardId: created.id, title }, polish.token);
    }
    const planned = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: created.id, title: 'Synchronizacja' },
      polish.token,
    );
    await gql(server, SET_STATUS, { ideaId: planned.id, status: 'PLANNED' }, polish.token);
    const POLISH_GENERIC =
      'Przepraszamy, coś poszło nie tak. Spróbuj ponownie później lub odśwież stronę';
    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), polish.token);
    const boardPath = `${server.url}/admin/boards/${encodeURIComponent(created.id as string)}`;
    const routes = await intercept(page);
    for (const key of [
      'useRotateCompanySecretMutation',
      'useUpdateSsoSettingsMutation',
      '/export/ideas.csv',
      'useSetIdeaStatusMutation',
      'useDeclineIdeaMutation',
      'useDeleteIdeaMutation',
    ]) {
      routes.set(key, 'fail');
    }
    const failed = async (scope: Locator, name: string) => {
      await expect.poll(() => scope.getByRole('alert').textContent()).toBe(POLISH_GENERIC);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shots(page, `pending-${name}-failed-pl`);
    };

    // The widget tab: the secret's dialog and the token rules.
    await page.goto(`${boardPath}/widget`);
    await page.getByRole('button', { name: 'Wymień sekret' }).click();
    const secret = page.getByRole('dialog', { name: 'Wymienić sekret firmy?' });
    await secret.getByRole('button', { name: 'Wymień go' }).click();
    await failed(secret, 'secret');
    await page.keyboard.press('Escape');
    // Closing the dialog after its failure puts focus back on the button that opened it.
    await expect
      .poll(() => isFocused(page.getByRole('button', { name: 'Wymień sekret' })))
      .toBe(true);
    const rules = page.locator('section[aria-labelledby="sso-rules-title"]');
    await rules.getByLabel('Najdłuższy akceptowany czas ważności (minuty)').fill('30');
    await rules.getByRole('button', { name: 'Zapisz' }).click();
    await failed(rules, 'sso-rules');

    // The ideas list: the export, the status control, the decline and remove dialogs.
    await page.goto(`${boardPath}/list`);
    await page.getByRole('button', { name: 'Eksportuj pomysły (CSV)' }).click();
    await failed(page.locator('.section-header'), 'export');
    await page.getByRole('button', { name: 'Tryb ciemny w aplikacji', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Tryb ciemny w aplikacji' });
    const pick = async (item: string) => {
      await detail.getByRole('button', { name: 'Zmień status: Otwarty' }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    await pick('Zaplanowany');
    await failed(detail, 'status');
    await pick('Odrzuć…');
    const decline = page.getByRole('dialog', { name: 'Odrzuć „Tryb ciemny w aplikacji”' });
    await decline.getByLabel('Powód').selectOption('NOT_RELEVANT');
    await decline.getByRole('button', { name: 'Odrzuć pomysł' }).click();
    await failed(decline, 'decline');
    await page.keyboard.press('Escape');
    await expect.poll(() => decline.count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);
    await page.getByRole('button', { name: 'Działania dla „Czytanie offline”' }).click();
    await page.getByRole('menuitem', { name: 'Usuń' }).click();
    const remove = page.getByRole('dialog', { name: 'Usunąć ten pomysł?' });
    await remove.getByRole('button', { name: 'Usuń' }).click();
    await failed(remove, 'remove');

    // The roadmap's Move menu: the failure is said on the card.
    await page.goto(`${boardPath}/roadmap`);
    const card = page.getByRole('article', { name: 'Synchronizacja' });
    await card.getByRole('button', { name: 'Przenieś „Synchronizacja” do innej kolumny' }).click();
    await page
      .getByRole('menuitem', { name: /^Przenieś do: / })
      .first()
      .click();
    await failed(card, 'roadmap');
    expect(
      page.errors.filter(
        (error) => !/Failed to load resource|ERR_FAILED|Failed to fetch/.test(error),
      ),
    ).toEqual([]);
  });
});
