import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  createBoardId,
  mutate,
  setPlan,
  signUpCompany,
} from '../api/src/testing/graphql-client.ts';
import { decodeId } from '../api/src/schema/ids.ts';
import { hasChromium, seriousAxeViolations } from './browser.ts';
import { startConsole, type TConsole } from './console.ts';

const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } } }`;

/** Issue 37.4: an idea's voters come a page at a time; the console loads the rest on demand. */
describe.skipIf(!hasChromium())('console: an idea with more voters than a page', () => {
  let console_: TConsole;
  beforeAll(async () => {
    console_ = await startConsole();
  });
  afterAll(async () => {
    await console_?.close();
  });

  it('shows the first 50 voters, then the rest after "Show more voters", each once, in order', async () => {
    const { server } = console_;
    const { prisma } = server.deps;
    const owner = await signUpCompany(server, 'Popular Company');
    await setPlan(server, owner.companyId, 'ULTRA');
    const boardId = await createBoardId(server, owner.token, 'Popular board');
    // A team member (not an admin) wrote the idea: they see its voters, not the team's tools.
    const author = await addEndUser(server, owner.companyId, {
      role: 'MEMBER',
      name: 'Max Member',
    });
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Everyone wants this' },
      author.token,
    );
    const ideaId = decodeId(idea.id, 'Idea');
    const names = Array.from({ length: 53 }, (_, n) => `Voter ${String(n + 1).padStart(2, '0')}`);
    for (const [n, displayName] of names.entries()) {
      const user = await prisma.user.create({ data: { companyId: owner.companyId, displayName } });
      await prisma.vote.create({
        data: { ideaId, userId: user.id, createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)) },
      });
    }

    const page = await console_.open();
    page.setDefaultTimeout(15_000);
    await page.goto(`${server.url}/login`);
    await page.evaluate((value) => localStorage.setItem('authToken', value), author.token);
    await page.goto(`${server.url}/admin/boards/${decodeId(boardId, 'Board')}/ideas/${ideaId}`);
    const dialog = page.getByRole('dialog', { name: 'Everyone wants this' });
    const voters = dialog.locator('.voter-list__item');
    await expect.poll(() => voters.count()).toBe(50);
    const more = dialog.getByRole('button', { name: 'Show more voters' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => voters.count()).toBe(53);
    // Each item is the avatar's initials and the name after it.
    const shown = await voters.evaluateAll((items) =>
      items.map((item) => item.lastChild?.textContent ?? ''),
    );
    expect(shown).toEqual(names);
    expect(await more.count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});
