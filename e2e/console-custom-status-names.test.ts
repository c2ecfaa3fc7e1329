import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { registerAccount, saveScreenshot, startConsole, CATALOGUES, LANGUAGES } from './console.ts';
import type { TConsole } from './console.ts';

/**
 * Issue 34 (#13): the ideas list's "Show" filter names a status by the board's own name for it
 * (in the console's language) where the board has one, and the status's kind elsewhere.
 */

describe.skipIf(!hasChromium())('console: the board’s own status names (issue 34)', () => {
  let console_: TConsole;

  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  async function run(token: string, query: string, variables: Record<string, unknown> = {}) {
    const { body } = await console_.server.call('POST', '/graphql', {
      token,
      body: { query, variables },
    });
    return body.data;
  }

  for (const lang of ['en', 'pl'] as const) {
    const t = CATALOGUES[lang];
    const language = LANGUAGES[lang];

    it(`names the filter's statuses as the board does (${lang})`, async () => {
      const owner = await registerAccount(console_.server, `Names ${lang} Company`, { language });
      const created = await run(
        owner.token,
        'mutation { createBoard(name: "Named statuses") { ... on MutationCreateBoardSuccess { data { id } } } }',
      );
      const boardId = created.createBoard.data.id as string;
      await run(
        owner.token,
        `mutation ($boardId: ID!) { createBoardStatus(boardId: $boardId, kind: PLANNED,
          nameEn: "Next quarter", namePl: "Następny kwartał", color: "1d4ed8") { __typename } }`,
        { boardId },
      );
      const page = await console_.open({ locale: language });
      await page.goto(`${console_.server.url}/login`);
      await page.evaluate((value) => localStorage.setItem('authToken', value), owner.token);
      const rowId = atob(boardId).split(':')[1];
      await page.goto(`${console_.server.url}/admin/boards/${rowId}/list`);
      const filter = page.getByLabel(t['ideas.filter.label']!, { exact: true });
      await filter.waitFor();
      const options = await filter.locator('option').allTextContents();
      // The board's name for PLANNED, not the kind's; kinds it has no name for keep theirs.
      expect(options).toContain(lang === 'en' ? 'Next quarter' : 'Następny kwartał');
      expect(options).not.toContain(t['idea.status.planned']);
      expect(options).toContain(t['ideas.filter.all']);
      expect(options).toContain(t['idea.status.complete']);
      await filter.selectOption({ label: lang === 'en' ? 'Next quarter' : 'Następny kwartał' });
      await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe('PLANNED');
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await saveScreenshot(page, `custom-status-filter-${lang}-${width}`);
      }
      expect(page.errors).toEqual([]);
    });

    it(`names an idea's status in the release picker as the board does (${lang}, #34)`, async () => {
      const owner = await registerAccount(console_.server, `Picker ${lang} Company`, { language });
      const created = await run(
        owner.token,
        'mutation { createBoard(name: "Named statuses") { ... on MutationCreateBoardSuccess { data { id } } } }',
      );
      const boardId = created.createBoard.data.id as string;
      const status = await run(
        owner.token,
        `mutation ($boardId: ID!) { createBoardStatus(boardId: $boardId, kind: COMPLETE,
          nameEn: "Shipped to all", namePl: "Wydane dla wszystkich", color: "15803d") {
          ... on MutationCreateBoardStatusSuccess { data { id } } } }`,
        { boardId },
      );
      const idea = await run(
        owner.token,
        `mutation ($boardId: ID!) { createIdea(boardId: $boardId, title: "Dark mode for reports") {
          ... on MutationCreateIdeaSuccess { data { id } } } }`,
        { boardId },
      );
      const ideaId = idea.createIdea.data.id as string;
      const set = await run(
        owner.token,
        `mutation ($ideaId: ID!, $customStatusId: ID) { setIdeaStatus(ideaId: $ideaId,
          status: COMPLETE, customStatusId: $customStatusId) { __typename } }`,
        { ideaId, customStatusId: status.createBoardStatus.data.id },
      );
      expect(set.setIdeaStatus.__typename).toBe('MutationSetIdeaStatusSuccess');
      await run(
        owner.token,
        `mutation ($boardIds: [ID!]) { createRelease(boardIds: $boardIds,
          name: "Reports 2026", releaseDate: "2026-11-20") { __typename } }`,
        { boardIds: [boardId] },
      );
      const page = await console_.open({ locale: language });
      await page.goto(`${console_.server.url}/login`);
      await page.evaluate((value) => localStorage.setItem('authToken', value), owner.token);
      const rowId = atob(boardId).split(':')[1];
      await page.goto(`${console_.server.url}/admin/boards/${rowId}/releases`);
      const release = page.getByRole('article', { name: 'Reports 2026' });
      await release.getByRole('button', { name: t['release.assign']! }).click();
      const item = page.getByRole('dialog').locator('.assign-list__text');
      await expect
        .poll(() => item.first().innerText())
        .toBe(
          `Dark mode for reports\n${lang === 'en' ? 'Shipped to all' : 'Wydane dla wszystkich'}`,
        );
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await saveScreenshot(page, `custom-status-picker-${lang}-${width}`);
      }
      expect(page.errors).toEqual([]);
    });
  }
});
