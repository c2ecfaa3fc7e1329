import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUltraCompanyRow } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import type { TViewer } from '../viewer.ts';
import { createIdea } from '../services/idea/create-idea.ts';
import { declineIdea } from '../services/idea/decline-idea.ts';
import { deleteIdea } from '../services/idea/delete-idea.ts';
import { findIdeasPage } from '../services/idea/find-idea-views.ts';
import { IDEA_FILTERS } from '../services/idea/idea-input.ts';
import { setIdeaStatus } from '../services/idea/set-idea-status.ts';
import { findIdeasPageJson } from './idea-page-json.ts';
import { presentIdea } from './presenters.ts';

/**
 * GET /api/v1/ideas/ answers JSON that PostgreSQL writes (idea-page-json.ts). It must say what
 * the page built in JavaScript says (findIdeasPage with presentIdea, as the route answered
 * before), for every kind of caller, sort, filter, page window, search and tag, on a board
 * with authors, an erased author, votes with ties, pending, declined and merged ideas, a
 * duplicate whose kept idea is gone, custom statuses and public and private tags; and under a
 * plan's cap.
 */

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type TSeeded = {
  companyId: number;
  boardId: number;
  viewers: (TViewer | null)[];
  tagIds: number[];
};

async function seedBoard(): Promise<TSeeded> {
  const { deps } = server;
  const { prisma } = deps;
  const { companyId, tag } = await createUltraCompanyRow(server, 'PageJson');
  const board = await prisma.board.create({
    data: { companyId, name: 'Ideas', slug: 'ideas', widgetHash: `hash-${tag}`, isPublic: true },
  });
  const people: TViewer[] = [];
  for (const [i, role] of (
    ['OWNER', 'ADMIN', 'MEMBER', 'END_USER', 'END_USER'] as const
  ).entries()) {
    const person = await prisma.user.create({
      data: {
        companyId,
        role,
        displayName: `Person ${i} "quoted" \\ ${tag}`,
        loginEmail: `pj${i}-${tag}@example.com`,
        email: `pj${i}-${tag}@example.com`,
        emailConfirmedAt: new Date(),
      },
    });
    people.push({ userId: person.id, companyId, role, kind: person.kind, sessionId: 1 });
  }
  const [owner, , , reader, other] = people as [TViewer, TViewer, TViewer, TViewer, TViewer];
  const ideaIds: number[] = [];
  for (let i = 0; i < 14; i += 1) {
    const author = [owner, reader, other][i % 3]!;
    const created = await createIdea(deps, author, board.id, {
      title: `Idea ${i} with "quotes", a tab\tand ünïcode ✓`,
      description: i % 2 ? `Line one\nline two of ${i}` : '',
    });
    ideaIds.push(created.id);
  }
  // Votes with ties (the order then falls to the id), and the reader's own votes.
  for (const [n, id] of ideaIds.entries()) {
    await deps.sql`UPDATE "Idea" SET "voteCount" = ${n % 4}::int, "commentCount" = ${n % 3}::int
                   WHERE "id" = ${id}::int`;
  }
  for (const id of ideaIds.slice(0, 5)) {
    await deps.sql`INSERT INTO "Vote" ("ideaId", "userId") VALUES (${id}::int, ${reader.userId}::int)`;
  }
  // Statuses: accepted ones, a decline for a reason, merges, a duplicate whose kept idea is gone.
  const accept = (id: number, status: 'OPEN' | 'PLANNED' | 'COMPLETE') =>
    setIdeaStatus(deps, owner, id, { status }, { mayReopen: true });
  for (const [n, id] of ideaIds.slice(0, 10).entries()) {
    await accept(id, (['OPEN', 'PLANNED', 'COMPLETE'] as const)[n % 3]!);
  }
  await declineIdea(deps, owner, ideaIds[6]!, { reason: 'NOT_RELEVANT', comment: 'Not for us' });
  await declineIdea(deps, owner, ideaIds[7]!, {
    reason: 'DUPLICATE',
    duplicateOfIdeaId: ideaIds[0]!,
    mergeVotes: true,
  });
  await declineIdea(deps, owner, ideaIds[10]!, {
    reason: 'DUPLICATE',
    duplicateOfIdeaId: ideaIds[9]!,
    mergeVotes: false,
  });
  await deleteIdea(deps, owner, ideaIds[9]!);
  // An idea whose author is gone.
  await deps.sql`UPDATE "Idea" SET "authorId" = NULL WHERE "id" = ${ideaIds[3]!}::int`;
  // A custom status, and tags: public and private, two on one idea.
  const status = await prisma.boardStatus.create({
    data: {
      boardId: board.id,
      kind: 'PLANNED',
      nameEn: 'Next up',
      namePl: 'Następne',
      color: '1d4ed8',
      position: 1,
    },
  });
  await setIdeaStatus(
    deps,
    owner,
    ideaIds[1]!,
    { status: 'PLANNED', customStatusId: status.id },
    { mayReopen: true },
  );
  const tags = [];
  for (const [name, isPrivate] of [
    ['Beta', false],
    ['alpha', false],
    ['Secret', true],
  ] as const) {
    tags.push(
      await prisma.tag.create({
        data: { companyId, name, nameKey: name.toLowerCase(), color: 'aa0000', isPrivate },
      }),
    );
  }
  for (const [ideaIndex, tagIndex] of [
    [0, 0],
    [0, 1],
    [0, 2],
    [2, 2],
    [4, 1],
  ] as const) {
    await prisma.ideaTag.create({
      data: { ideaId: ideaIds[ideaIndex]!, tagId: tags[tagIndex]!.id },
    });
  }
  return {
    companyId,
    boardId: board.id,
    viewers: [null, ...people],
    tagIds: tags.map((t) => t.id),
  };
}

/** The answer as the route built it before: findIdeasPage, presentIdea, JSON. */
async function builtInJavaScript(viewer: TViewer | null, boardId: number, query: object) {
  const page = await findIdeasPage(server.deps, viewer, boardId, query);
  return JSON.parse(JSON.stringify({ ...page, ideas: page.ideas.map(presentIdea) })) as unknown;
}

async function compareAll(seeded: TSeeded): Promise<number> {
  const queries: Record<string, string>[] = [];
  for (const sort of ['VOTES', 'STATUS', 'DATE_DESC', 'DATE_ASC']) {
    for (const filter of IDEA_FILTERS) queries.push({ sort, filter });
    for (const [limit, offset] of [
      ['1', '0'],
      ['3', '2'],
      ['5', '10'],
      ['100', '0'],
      ['50', '1000'],
    ]) {
      queries.push({ sort, limit: limit!, offset: offset! });
    }
  }
  queries.push({ search: 'quotes' }, { search: 'line two' }, { search: 'nothing like this' });
  for (const tagId of seeded.tagIds) queries.push({ tag: String(tagId) });
  let compared = 0;
  for (const viewer of seeded.viewers) {
    for (const query of queries) {
      const expected = await builtInJavaScript(viewer, seeded.boardId, query);
      const text = await findIdeasPageJson(server.deps, viewer, seeded.boardId, query);
      expect({ viewer: viewer?.role ?? 'anonymous', query, page: JSON.parse(text) }).toEqual({
        viewer: viewer?.role ?? 'anonymous',
        query,
        page: expected,
      });
      compared += 1;
    }
  }
  return compared;
}

describe('the idea page PostgreSQL writes', () => {
  it('says what the page built in JavaScript says, for every caller and list', async () => {
    const seeded = await seedBoard();
    expect(await compareAll(seeded)).toBeGreaterThan(300);
  }, 300_000);

  it('says the same under a plan’s cap, and refuses bad parameters the same way', async () => {
    const seeded = await seedBoard();
    const totalOf = async () =>
      (
        JSON.parse(await findIdeasPageJson(server.deps, null, seeded.boardId, {})) as {
          totalCount: number;
        }
      ).totalCount;
    const uncapped = await totalOf();
    await server.deps.prisma.subscription.update({
      where: { companyId: seeded.companyId },
      data: { product: 'FREE' },
    });
    await server.deps.prisma.company.update({
      where: { id: seeded.companyId },
      data: { createdAt: new Date(Date.now() - 90 * 86_400_000) },
    });
    // The cap is in force: the list stops at FREE's five ideas (the range read of the count).
    expect(await totalOf()).toBeLessThan(uncapped);
    await compareAll(seeded);
    for (const query of [{ limit: '0' }, { offset: '-1' }, { sort: 'NAME' }]) {
      const expected = await findIdeasPage(server.deps, null, seeded.boardId, query).catch(
        (error: Error) => error.message,
      );
      const answered = await findIdeasPageJson(server.deps, null, seeded.boardId, query).catch(
        (error: Error) => error.message,
      );
      expect(answered).toEqual(expected);
    }
  }, 300_000);
});
