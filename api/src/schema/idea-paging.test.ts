import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  createBoardId,
  gql,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { decodeId, globalId } from './ids.ts';

let server: TTestServer;
let admin: TTestAccount;
let member: TTestAccount;
let boardId: string;
let otherBoardIdeaId: number;

const NODE_FIELDS = `id title status voteCount isVotedByMe canEdit canUpdateStatus
  author { displayName avatarUrl }
  declineDetails { reason declinedDuplicateIdeaId declinedDuplicateIdeaFound declinedDuplicateIdeaTitle }`;

const PAGE = `query ($boardId: ID!, $sort: IdeaSort, $filter: IdeaFilter, $first: Int, $after: String, $last: Int, $before: String) {
  board(id: $boardId) { ideas(sort: $sort, filter: $filter, first: $first, after: $after, last: $last, before: $before) {
    totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { ${NODE_FIELDS} } } } } }`;

const IDEA = `query ($id: ID!) { idea(id: $id) { ${NODE_FIELDS} } }`;

type TPage = {
  totalCount: number;
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string;
    endCursor: string;
  };
  edges: { cursor: string; node: Record<string, unknown> & { id: string; title: string } }[];
};

async function page(vars: Record<string, unknown>, token = admin.token): Promise<TPage> {
  const { body } = await gql(server, PAGE, { boardId, ...vars }, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.board.ideas;
}

const titles = (p: TPage) => p.edges.map((edge) => edge.node.title);

const SORTS = ['VOTES', 'STATUS', 'DATE_DESC', 'DATE_ASC'] as const;
const STATUSES = ['OPEN', 'REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'] as const;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpCompany(server);
  await setPlan(server, admin.companyId, 'ULTRA');
  member = await addEndUser(server, admin.companyId, { name: 'Mia Member' });
  const gone = await addEndUser(server, admin.companyId, { name: 'Gus Gone' });
  boardId = await createBoardId(server, admin.token, 'Paging board');
  const board = decodeId(boardId, 'Board');
  // 23 ideas with many ties: vote counts repeat, statuses repeat, and groups of three share one
  // creation instant, so every order leans on its id tie-break.
  const start = Date.UTC(2026, 0, 1);
  const created = await server.deps.prisma.idea.createManyAndReturn({
    data: Array.from({ length: 23 }, (_, n) => ({
      boardId: board,
      authorId: [admin.userId, member.userId, gone.userId][n % 3]!,
      title: `Paged idea ${String(n).padStart(2, '0')}`,
      status: STATUSES[n % STATUSES.length]!,
      voteCount: n % 4,
      createdAt: new Date(start + Math.floor(n / 3) * 60_000),
    })),
  });
  const ideas = created.sort((a, b) => a.title.localeCompare(b.title));
  // One declined duplicate of idea 0, and one declined duplicate of an idea deleted since.
  const kept = ideas[0]!;
  const doomed = await server.deps.prisma.idea.create({
    data: { boardId: board, authorId: admin.userId, title: 'Doomed original', status: 'OPEN' },
  });
  await server.deps.prisma.idea.createMany({
    data: [
      {
        boardId: board,
        authorId: member.userId,
        title: 'Declined duplicate',
        status: 'DECLINED',
        declineReason: 'DUPLICATE',
        duplicateOfId: kept.id,
        declinedAt: new Date(),
      },
      {
        boardId: board,
        authorId: member.userId,
        title: 'Duplicate of deleted',
        status: 'DECLINED',
        declineReason: 'DUPLICATE',
        duplicateOfId: doomed.id,
        declinedAt: new Date(),
      },
    ],
  });
  await server.deps.prisma.idea.delete({ where: { id: doomed.id } });
  await server.deps.prisma.vote.createMany({
    data: ideas
      .filter((_, n) => n % 2 === 0)
      .map((idea) => ({ ideaId: idea.id, userId: member.userId })),
  });
  // The author of every third idea leaves: those ideas keep no author.
  await server.deps.prisma.user.delete({ where: { id: gone.userId } });

  const otherBoard = await createBoardId(server, admin.token, 'Another paging board');
  const other = await server.deps.prisma.idea.create({
    data: { boardId: decodeId(otherBoard, 'Board'), title: 'Elsewhere idea', status: 'OPEN' },
  });
  otherBoardIdeaId = other.id;
});
afterAll(async () => {
  await server?.close();
});

describe('Board.ideas pages', () => {
  it.each(SORTS)(
    'walks %s forwards and backwards in pages of 5 without skipping or repeating',
    async (sort) => {
      const whole = await page({ sort, first: 100 });
      expect(whole.totalCount).toBe(23);
      expect(whole.edges).toHaveLength(23);
      expect(whole.pageInfo.hasNextPage).toBe(false);

      const forwards: string[] = [];
      let after: string | undefined;
      for (let n = 0; n < 10; n += 1) {
        const p = await page({ sort, first: 5, after });
        forwards.push(...titles(p));
        expect(p.pageInfo.hasPreviousPage).toBe(after !== undefined);
        if (!p.pageInfo.hasNextPage) break;
        after = p.pageInfo.endCursor;
      }
      expect(forwards).toEqual(titles(whole));

      const backwards: string[] = [];
      let before: string | undefined;
      for (let n = 0; n < 10; n += 1) {
        const p = await page({ sort, last: 5, before });
        backwards.unshift(...titles(p));
        expect(p.pageInfo.hasNextPage).toBe(before !== undefined);
        if (!p.pageInfo.hasPreviousPage) break;
        before = p.pageInfo.startCursor;
      }
      expect(backwards).toEqual(titles(whole));
    },
  );

  it('orders as the list promises, ties broken by the newest id', async () => {
    const byVotes = (await page({ sort: 'VOTES', first: 100 })).edges.map((e) => e.node);
    for (let n = 1; n < byVotes.length; n += 1) {
      const [a, b] = [byVotes[n - 1]!, byVotes[n]!];
      expect(a.voteCount as number).toBeGreaterThanOrEqual(b.voteCount as number);
      if (a.voteCount === b.voteCount) {
        expect(decodeId(a.id, 'Idea')).toBeGreaterThan(decodeId(b.id, 'Idea'));
      }
    }
    const byStatus = (await page({ sort: 'STATUS', first: 100 })).edges.map((e) => e.node.status);
    expect(byStatus).toEqual(
      [...byStatus].sort((a, b) => STATUSES.indexOf(a as never) - STATUSES.indexOf(b as never)),
    );
  });

  it('reads between two cursors when given both', async () => {
    const whole = await page({ sort: 'VOTES', first: 100 });
    const between = await page({
      sort: 'VOTES',
      first: 100,
      after: whole.edges[3]!.cursor,
      before: whole.edges[9]!.cursor,
    });
    expect(titles(between)).toEqual(titles(whole).slice(4, 9));
  });

  it('answers each row as the idea itself answers it: author, vote, rights and decline', async () => {
    for (const token of [admin.token, member.token]) {
      const listed = await page({ filter: 'DECLINED', first: 10 }, token);
      const all = await page({ first: 100 }, token);
      const nodes = [...listed.edges, ...all.edges].map((e) => e.node);
      expect(nodes).toHaveLength(25);
      for (const node of nodes) {
        const { body } = await gql(server, IDEA, { id: node.id }, token);
        expect(body.errors).toBeUndefined();
        expect(node).toEqual(body.data.idea);
      }
    }
    const declined = (await page({ filter: 'DECLINED', first: 10 })).edges.map((e) => e.node);
    expect(declined.map((n) => n.declineDetails)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          declinedDuplicateIdeaFound: true,
          declinedDuplicateIdeaTitle: 'Paged idea 00',
        }),
        expect.objectContaining({
          declinedDuplicateIdeaFound: false,
          declinedDuplicateIdeaTitle: null,
        }),
      ]),
    );
    const mine = (await page({ first: 100 }, member.token)).edges.map((e) => e.node);
    expect(mine.filter((n) => n.isVotedByMe)).toHaveLength(12);
    expect(
      mine.filter((n) => n.canEdit).every((n) => (n.author as any)?.displayName === 'Mia Member'),
    ).toBe(true);
    expect(mine.some((n) => n.canUpdateStatus)).toBe(false);
    expect(mine.filter((n) => n.author === null)).toHaveLength(7);
  });

  it('refuses a cursor that is not one, or names an idea of another board', async () => {
    const { body } = await gql(
      server,
      PAGE,
      { boardId, first: 5, after: 'not-a-cursor' },
      admin.token,
    );
    expect(body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
    });
    const elsewhere = await gql(
      server,
      PAGE,
      { boardId, first: 5, after: globalId('IdeaCursor', otherBoardIdeaId) },
      admin.token,
    );
    expect(elsewhere.body.data?.board ?? null).toBeNull();
    expect(elsewhere.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
    });
  });

  it('refuses a cursor made from an idea hidden from the caller: another user’s idea awaiting acceptance', async () => {
    const board = decodeId(boardId, 'Board');
    const { isPublic } = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: board } });
    await server.deps.prisma.board.update({ where: { id: board }, data: { isPublic: true } });
    const author = await addEndUser(server, admin.companyId, { name: 'Pat Pending' });
    // Awaiting acceptance, with more votes than any listed idea: paging after it would show
    // which ideas have fewer votes, and so its own count.
    const pending = await server.deps.prisma.idea.create({
      data: {
        boardId: board,
        authorId: author.userId,
        title: 'Pending secret idea',
        status: 'NOT_PUBLIC',
        voteCount: 2,
      },
    });
    const cursor = globalId('IdeaCursor', pending.id);
    try {
      for (const [who, token] of [
        ['anonymous', undefined],
        ['another end user', member.token],
      ] as const) {
        for (const side of [
          { first: 5, after: cursor },
          { last: 5, before: cursor },
        ]) {
          const { body } = await gql(server, PAGE, { boardId, sort: 'VOTES', ...side }, token);
          const field = 'after' in side ? 'after' : 'before';
          expect(body.data?.board ?? null, who).toBeNull();
          expect(body.errors?.[0]?.extensions, who).toMatchObject({
            code: 'VALIDATION',
            fields: [{ field, message: 'This is not a cursor of this list.' }],
          });
        }
      }
      // Its author and the company's team see it, so the cursor pages for them.
      for (const token of [author.token, admin.token]) {
        const after = await page({ sort: 'VOTES', first: 3, after: cursor }, token);
        expect(after.edges).toHaveLength(3);
      }
    } finally {
      await server.deps.prisma.idea.delete({ where: { id: pending.id } });
      await server.deps.prisma.board.update({ where: { id: board }, data: { isPublic } });
    }
  });
});
