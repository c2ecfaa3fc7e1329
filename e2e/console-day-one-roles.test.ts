import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../api/src/testing/graphql-client.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import {
  registerAccount,
  saveScreenshot,
  startConsole,
  CATALOGUES,
  LANGUAGES,
  openSignedIn,
} from './console.ts';
import type { TConsole, TConsolePage } from './console.ts';

/**
 * Issue 34 (#9, #17/#67): a new board's visibility is asked, not assumed; "Make the board public"
 * of an empty list does it in place after a confirmation; a MEMBER is not shown the admins'
 * ways (create a board, embed the widget, make public). In English and Polish, at 1440 and 390.
 */

describe.skipIf(!hasChromium())(
  'console: board visibility and a member’s controls (issue 34)',
  () => {
    let console_: TConsole;

    beforeAll(async () => {
      console_ = await startConsole();
    });
    afterAll(async () => {
      await console_?.close();
    });

    async function screens(page: TConsolePage, name: string) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await saveScreenshot(page, `day-one-roles-${name}-${width}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    async function signedIn(token: string, language: string, pagePath: string) {
      const page = await openSignedIn(console_, token, pagePath, { locale: language });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      return page;
    }

    async function boardOf(token: string, name: string) {
      const { body } = await console_.server.call('POST', '/graphql', {
        token,
        body: { query: '{ boards { id name isPublic } }' },
      });
      return (body.data.boards as { id: string; name: string; isPublic: boolean }[]).find(
        (board) => board.name === name,
      );
    }

    for (const lang of ['en', 'pl'] as const) {
      const t = CATALOGUES[lang];
      const language = LANGUAGES[lang];

      it(`asks whether a new board is public or private, each explained (${lang})`, async () => {
        const owner = await registerAccount(console_.server, `Visible ${lang} Company`, {
          language,
        });
        const page = await signedIn(owner.token, language, '/admin/boards?create=true');
        const dialog = page.getByRole('dialog');
        const group = dialog.getByRole('group', { name: t['createBoard.visibility']! });
        await group.waitFor();
        const privateOption = group.getByRole('radio', { name: t['createBoard.private']! });
        const publicOption = group.getByRole('radio', { name: t['createBoard.public']! });
        // Private stays the default, and both choices say what they mean before any choice.
        expect(await privateOption.isChecked()).toBe(true);
        expect(await group.getByText(t['createBoard.privateHint']!).isVisible()).toBe(true);
        expect(await group.getByText(t['createBoard.publicHint']!).isVisible()).toBe(true);
        await dialog.getByLabel(t['createBoard.name']!).fill('Public roadmap');
        await publicOption.check();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screens(page, `create-${lang}`);
        await dialog.getByRole('button', { name: t['createBoard.submit']! }).click();
        await page.waitForURL(/\/list$/);
        await expect
          .poll(async () => (await boardOf(owner.token, 'Public roadmap'))?.isPublic)
          .toBe(true);
        expect(page.errors).toEqual([]);
      });

      it(`makes an empty private board public in place, after asking (${lang})`, async () => {
        const owner = await registerAccount(console_.server, `In place ${lang} Company`, {
          language,
        });
        await console_.server.call('POST', '/graphql', {
          token: owner.token,
          body: { query: 'mutation { createBoard(name: "Private roadmap") { __typename } }' },
        });
        const board = (await boardOf(owner.token, 'Private roadmap'))!;
        const rowId = atob(board.id).split(':')[1];
        const page = await signedIn(owner.token, language, `/admin/boards/${rowId}/list`);
        const makePublic = page.getByRole('button', { name: t['ideas.empty.public']! });
        await makePublic.click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(t['dashboard.makePublic.stays']!).waitFor();
        // Still private until it is confirmed, and still on the list (not the settings).
        expect((await boardOf(owner.token, 'Private roadmap'))?.isPublic).toBe(false);
        expect(new URL(page.url()).pathname).toBe(`/admin/boards/${rowId}/list`);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screens(page, `make-public-${lang}`);
        await dialog.getByRole('button', { name: t['dashboard.makePublic.confirm']! }).click();
        await expect
          .poll(async () => (await boardOf(owner.token, 'Private roadmap'))?.isPublic)
          .toBe(true);
        // Done: the button goes, the page stays, and the text no longer says to make it public.
        await expect.poll(() => makePublic.count()).toBe(0);
        await expect
          .poll(() => page.getByText(t['ideas.empty.textPublic']!).isVisible())
          .toBe(true);
        expect(await page.getByText(t['ideas.empty.text']!).count()).toBe(0);
        await screens(page, `made-public-${lang}`);
        expect(new URL(page.url()).pathname).toBe(`/admin/boards/${rowId}/list`);
        expect(page.errors).toEqual([]);
      });

      it(`shows a MEMBER none of the admins' board controls (${lang})`, async () => {
        const owner = await registerAccount(console_.server, `Member ${lang} Company`, {
          language,
        });
        const { body } = await console_.server.call('GET', '/api/v1/company', {
          token: owner.token,
        });
        const companyId = Number(body.companyId);
        const member = await addEndUser(console_.server, companyId, {
          name: 'Max Member',
          role: 'MEMBER',
        });
        await console_.server.deps.prisma.user.update({
          where: { id: member.userId },
          data: { language },
        });
        // No boards yet: the welcome shows, without a create button the server would refuse.
        const page = await signedIn(member.token, language, '/admin/boards?create=true');
        await page.getByText(t['boards.empty.title']!).waitFor();
        expect(await page.getByText(t['boards.empty.textMember']!).isVisible()).toBe(true);
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(await page.getByRole('button', { name: t['boards.createFirst']! }).count()).toBe(0);
        expect(await page.getByRole('button', { name: t['boards.create']! }).count()).toBe(0);
        await screens(page, `member-boards-${lang}`);

        await console_.server.call('POST', '/graphql', {
          token: owner.token,
          body: { query: 'mutation { createBoard(name: "Team roadmap") { __typename } }' },
        });
        const board = (await boardOf(owner.token, 'Team roadmap'))!;
        const rowId = atob(board.id).split(':')[1];
        await page.goto(`${console_.server.url}/admin/boards/${rowId}/list`);
        await page.getByText(t['ideas.empty.title']!).waitFor();
        expect(await page.getByRole('link', { name: t['ideas.empty.widget']! }).count()).toBe(0);
        expect(await page.getByRole('button', { name: t['ideas.empty.public']! }).count()).toBe(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screens(page, `member-empty-board-${lang}`);
        expect(page.errors).toEqual([]);
      });
    }
  },
);
