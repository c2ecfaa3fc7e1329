import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUltraCompanyRow } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import type { TViewer } from '../viewer.ts';
import { createIdea } from '../services/idea/create-idea.ts';
import { declineIdea } from '../services/idea/decline-idea.ts';
import { deleteIdea } from '../services/idea/delete-idea.ts';
import { findVisibleBoardWithPlan } from '../services/access.ts';
import { countListedIdeas } from '../services/idea/count-listed-ideas.ts';
import {
  ZIdeaPageParams,
  findIdeaPageRows,
  findIdeasPage,
  findWholeIdeaPageRows,
} from '../services/idea/find-idea-views.ts';
import { cacheOf } from '../services/idea/idea-cards.ts';
import { parseInput } from '../validation.ts';
import { IDEA_FILTERS } from '../services/idea/idea-input.ts';
import { setIdeaStatus } from '../services/idea/set-idea-status.ts';
import { findIdeasPageJson } from './idea-page-json.ts';
import { presentIdea } from './presenters.ts';

/** The caller's address, as a request gives it (searches spend its budget). */
const CLIENT = { ip: '127.0.0.1' };

/**
 * GET /api/v1/ideas/ answers JSON written from idea cards kept in memory (idea-page-json.ts,
 * services/idea/idea-cards.ts), and findIdeasPage builds its views from the same cards. Both
 * must say what the page read whole says (findWholeIdeaPageRows and the count, presentIdea,
 * as the route answered before), for every kind of caller, sort, filter, page window, search
 * and tag, on a board with authors, an erased author, votes with ties, pending, declined and
 * merged ideas, a duplicate whose kept idea is gone, custom statuses and public and private
 * tags; under a plan's cap; and after every kind of change to what a card shows.
 */

let server: TTestServer;

beforeAll(async () => {
  // FREE's caps are part of what this checks: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
});
afterAll(async () => {
  await server?.close();
});

type TSeeded = {
  companyId: number;
  boardId: number;
  viewers: (TViewer | null)[];
  tagIds: number[];
  ideaIds: number[];
  statusId: number;
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
    ideaIds,
    statusId: status.id,
  };
}

/** The answer read whole, no card from memory: the page's rows and count, presentIdea, JSON. */
async function builtWhole(viewer: TViewer | null, boardId: number, query: object) {
  const params = parseInput(ZIdeaPageParams, query);
  const { limit, offset } = params;
  const listed = await findVisibleBoardWithPlan(server.deps, viewer, boardId);
  const ideas = await findWholeIdeaPageRows(server.deps, viewer, listed, params, { limit, offset });
  const totalCount = await countListedIdeas(server.deps, viewer, listed, params);
  const next = offset + ideas.length;
  const page = { ideas, totalCount, limit, offset, nextOffset: next < totalCount ? next : null };
  return JSON.parse(JSON.stringify({ ...page, ideas: page.ideas.map(presentIdea) })) as unknown;
}

/** findIdeasPage's answer (views from cards) as the route would write it. */
async function builtFromCards(viewer: TViewer | null, boardId: number, query: object) {
  const page = await findIdeasPage(server.deps, viewer, boardId, query);
  return JSON.parse(JSON.stringify({ ...page, ideas: page.ideas.map(presentIdea) })) as unknown;
}

/** A few lists of each kind (compareAll's are many): enough to show a stale card. */
const FEW_QUERIES: Record<string, string>[] = [{}, { sort: 'STATUS', filter: 'DECLINED' }];

async function compareAll(seeded: TSeeded, few = false): Promise<number> {
  const queries: Record<string, string>[] = few
    ? [...FEW_QUERIES, ...seeded.tagIds.map((tag) => ({ tag: String(tag) }))]
    : [];
  for (const sort of few ? [] : ['VOTES', 'STATUS', 'DATE_DESC', 'DATE_ASC']) {
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
  if (!few) {
    queries.push({ search: 'quotes' }, { search: 'line two' }, { search: 'nothing like this' });
    for (const tagId of seeded.tagIds) queries.push({ tag: String(tagId) });
  }
  let compared = 0;
  for (const viewer of seeded.viewers) {
    for (const query of queries) {
      const expected = await builtWhole(viewer, seeded.boardId, query);
      const text = await findIdeasPageJson(server.deps, viewer, seeded.boardId, query, CLIENT);
      const views = await builtFromCards(viewer, seeded.boardId, query);
      const who = viewer?.role ?? 'anonymous';
      expect({ who, query, page: JSON.parse(text) }).toEqual({ who, query, page: expected });
      expect({ who, query, page: views }).toEqual({ who, query, page: expected });
      compared += 1;
    }
  }
  return compared;
}

describe('the idea page from cards', () => {
  it('says what the page built in JavaScript says, for every caller and list', async () => {
    const seeded = await seedBoard();
    expect(await compareAll(seeded)).toBeGreaterThan(300);
  }, 300_000);

  it('says the same under a plan’s cap, and refuses bad parameters the same way', async () => {
    const seeded = await seedBoard();
    const totalOf = async () =>
      (
        JSON.parse(await findIdeasPageJson(server.deps, null, seeded.boardId, {}, CLIENT)) as {
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
      const answered = await findIdeasPageJson(
        server.deps,
        null,
        seeded.boardId,
        query,
        CLIENT,
      ).catch((error: Error) => error.message);
      expect(answered).toEqual(expected);
    }
  }, 300_000);

  it('follows every change to what a card shows, and reuses the cards until then', async () => {
    const seeded = await seedBoard();
    const { deps } = server;
    const { prisma } = deps;
    const { ideaIds, tagIds, companyId, boardId } = seeded;
    const owner = seeded.viewers[1]!;
    const reader = seeded.viewers[4]!;
    const versionOf = async () =>
      BigInt(
        (
          await deps.sql<{ version: string }>`
            SELECT coalesce((SELECT "version" FROM "ContentVersion"
                             WHERE "companyId" = ${companyId}::int), 0)::text AS "version"`
        )[0]!.version,
      );
    const listed = await findVisibleBoardWithPlan(deps, reader, boardId);
    const readPage = async () =>
      findIdeaPageRows(deps, reader, listed, { filter: 'ALL', sort: 'DATE_ASC' }, { limit: 100 });
    const tagsOf = (page: Awaited<ReturnType<typeof readPage>>) =>
      page.find((idea) => idea.id === ideaIds[0])!.tags;

    // Read twice: the second read takes the same cards (the very same tags array).
    const first = await readPage();
    expect(tagsOf(await readPage())).toBe(tagsOf(first));
    // A vote and a comment count change no card: the version stands, the counts are fresh.
    const unchanged = await versionOf();
    await deps.sql`INSERT INTO "Vote" ("ideaId", "userId") VALUES (${ideaIds[0]!}::int, ${owner.userId}::int)`;
    await deps.sql`UPDATE "Idea" SET "voteCount" = "voteCount" + 1, "commentCount" = "commentCount" + 2
                   WHERE "id" = ${ideaIds[0]!}::int`;
    expect(await versionOf()).toBe(unchanged);
    const afterVote = await readPage();
    expect(tagsOf(afterVote)).toBe(tagsOf(first));
    const counted = (page: typeof first) => page.find((idea) => idea.id === ideaIds[0])!;
    expect(counted(afterVote).voteCount).toBe(counted(first).voteCount + 1);
    expect(counted(afterVote).commentCount).toBe(counted(first).commentCount + 2);
    await compareAll(seeded, true);

    const changes: [string, () => Promise<unknown>][] = [
      [
        'an idea’s title',
        () => prisma.idea.update({ where: { id: ideaIds[0]! }, data: { title: 'Renamed' } }),
      ],
      [
        'a description',
        () =>
          deps.sql`UPDATE "Idea" SET "description" = 'New text' WHERE "id" = ${ideaIds[2]!}::int`,
      ],
      [
        'a comment through Prisma (it sets updatedAt)',
        () =>
          prisma.idea.update({
            where: { id: ideaIds[4]! },
            data: { commentCount: { increment: 1 } },
          }),
      ],
      [
        'an author’s name',
        () =>
          prisma.user.update({ where: { id: reader.userId }, data: { displayName: 'New name' } }),
      ],
      [
        'a tag’s name',
        () =>
          prisma.tag.update({
            where: { id: tagIds[0]! },
            data: { name: 'Gamma', nameKey: 'gamma' },
          }),
      ],
      [
        'a tag made private',
        () => prisma.tag.update({ where: { id: tagIds[1]! }, data: { isPrivate: true } }),
      ],
      [
        'a tag taken off',
        () =>
          prisma.ideaTag.delete({
            where: { ideaId_tagId: { ideaId: ideaIds[0]!, tagId: tagIds[0]! } },
          }),
      ],
      [
        'a tag put on',
        () => prisma.ideaTag.create({ data: { ideaId: ideaIds[5]!, tagId: tagIds[0]! } }),
      ],
      [
        'a custom status renamed',
        () =>
          prisma.boardStatus.update({
            where: { id: seeded.statusId },
            data: { nameEn: 'Soon', namePl: 'Wkrótce' },
          }),
      ],
      [
        'the board’s language',
        () => prisma.board.update({ where: { id: boardId }, data: { language: 'pl-PL' } }),
      ],
      [
        'an idea’s status',
        () => setIdeaStatus(deps, owner, ideaIds[2]!, { status: 'PLANNED' }, { mayReopen: true }),
      ],
      [
        'a decline',
        () =>
          declineIdea(deps, owner, ideaIds[3]!, {
            reason: 'DUPLICATE',
            duplicateOfIdeaId: ideaIds[0]!,
            mergeVotes: false,
          }),
      ],
      [
        'a kept idea renamed',
        () => prisma.idea.update({ where: { id: ideaIds[0]! }, data: { title: 'Kept, renamed' } }),
      ],
      ['a kept idea deleted', () => deleteIdea(deps, owner, ideaIds[0]!)],
      ['an author deleted', () => prisma.user.delete({ where: { id: seeded.viewers[5]!.userId } })],
    ];
    for (const [what, change] of changes) {
      const before = await versionOf();
      const cardsBefore = await readPage();
      await change();
      expect({ what, bumped: (await versionOf()) > before }).toEqual({ what, bumped: true });
      // Every card is read again: the first idea's tags are a new array.
      expect((await readPage())[0]!.tags === cardsBefore[0]!.tags && what).toBe(false);
      await compareAll(seeded, true);
    }
    // One transaction that changes several cards moves the version once.
    const once = await versionOf();
    await prisma.$transaction(
      ideaIds
        .slice(11, 14)
        .map((id) =>
          prisma.idea.update({ where: { id }, data: { title: `Renamed together ${id}` } }),
        ),
    );
    expect(await versionOf()).toBe(once + 1n);
    await compareAll(seeded, true);
  }, 300_000);

  it('reads the page whole when the cards cannot be used, and says the same', async () => {
    const seeded = await seedBoard();
    // Another request has read a newer content version than this page's statement sees (its
    // snapshot is older): the cards kept under it cannot serve this page.
    const ahead = String(2n ** 62n);
    const newer = ['public', 'team'].map((kind) =>
      cacheOf(server.deps).setFor(`${seeded.companyId}:${kind}`, ahead),
    );
    expect(await compareAll(seeded, true)).toBeGreaterThan(20);
    // No card was kept under the newer version: every page above was read whole.
    expect(newer.map((set) => set?.cards.size)).toEqual([0, 0]);
  }, 300_000);
});
