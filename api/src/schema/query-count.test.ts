import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addEndUser,
  gql,
  setPlan,
  signUpCompany,
  createBoardId,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { decodeId, globalId } from './ids.ts';
import { checkIdeaValues } from '../services/customer/check-idea-values.ts';

let server: TTestServer;
let admin: TTestAccount;
let boardId: string;
let statements: string[] = [];
let ideaRowIds: number[] = [];
let authorIds: number[] = [];

const PAGE = `query ($boardId: ID!, $first: Int!) { board(id: $boardId) { id name active
  ideas(first: $first) { edges { node {
    id title description status voteCount commentCount createdAt isVotedByMe canEdit canUpdateStatus
    author { displayName }
    declineDetails { reason declinedDuplicateIdeaTitle }
  } } } } }`;

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (sql) => statements.push(sql) });
  admin = await signUpCompany(server);
  await setPlan(server, admin.companyId, 'ULTRA');
  boardId = await createBoardId(server, admin.token, 'Query count board');
  const authors = await Promise.all(
    Array.from({ length: 10 }, () => addEndUser(server, admin.companyId)),
  );
  const ideas = await server.deps.prisma.idea.createManyAndReturn({
    data: Array.from({ length: 60 }, (_, n) => ({
      boardId: decodeId(boardId, 'Board'),
      authorId: authors[n % authors.length]!.userId,
      title: `Generated idea ${n}`,
      description: `Description of idea ${n}`,
      status: n % 7 === 0 ? ('PLANNED' as const) : ('OPEN' as const),
      voteCount: n % 3 === 0 ? 1 : 0,
    })),
  });
  ideaRowIds = ideas.map((idea) => idea.id);
  authorIds = authors.map((author) => author.userId);
  // The admin voted for every third idea, so isVotedByMe varies across the page.
  await server.deps.prisma.vote.createMany({
    data: ideas
      .filter((_, n) => n % 3 === 0)
      .map((idea) => ({ ideaId: idea.id, userId: admin.userId })),
  });
});
afterAll(async () => {
  await server?.close();
});

async function statementsFor(
  first: number,
  query = PAGE,
  variables: Record<string, unknown> = {},
): Promise<{ count: number; ideas: any[] }> {
  statements = [];
  const { body } = await gql(server, query, { boardId, first, ...variables }, admin.token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const count = statements.length;
  return { count, ideas: body.data.board.ideas.edges.map((e: any) => e.node) };
}

describe('listing ideas with authors, counts, isVotedByMe and canEdit', () => {
  it('runs the same small number of SQL statements for 5 ideas and for 50', async () => {
    const five = await statementsFor(5);
    const fifty = await statementsFor(50);
    expect(five.ideas).toHaveLength(5);
    expect(fifty.ideas).toHaveLength(50);
    // The answers are right, not just cheap.
    expect(fifty.ideas.filter((i) => i.isVotedByMe)).toHaveLength(20);
    expect(fifty.ideas.every((i) => i.author.displayName.startsWith('User '))).toBe(true);
    expect(fifty.ideas.every((i) => i.canEdit && i.canUpdateStatus)).toBe(true);

    expect(fifty.count).toBe(five.count);
    // The session, the board with its subscription, the page's counts and votes, and the cards
    // of the ideas not read before (services/idea/idea-cards.ts).
    expect(fifty.count).toBeLessThanOrEqual(4);
    // Read again, every card comes from memory: one statement fewer, the same answer.
    const again = await statementsFor(50);
    expect(again.ideas).toEqual(fifty.ideas);
    expect(again.count).toBeLessThanOrEqual(3);
    console.log(
      `SQL statements per page: ${five.count} for 5 ideas, ${fifty.count} for 50, ${again.count} read again`,
    );
  });
});

const TAGGED_PAGE = `query ($boardId: ID!, $first: Int!, $tagIds: [ID!]) { board(id: $boardId) { id
  ideas(first: $first, tagIds: $tagIds) { totalCount edges { node {
    id title isVotedByMe author { displayName } tags { name color isPrivate }
  } } } } }`;

describe('listing ideas filtered by tag, with their tags', () => {
  it('runs the same number of statements for 5 ideas and for 50', async () => {
    const company = { companyId: admin.companyId, color: '1f6feb' };
    const [roadmap, internal] = await Promise.all([
      server.deps.prisma.tag.create({ data: { ...company, name: 'Roadmap', nameKey: 'roadmap' } }),
      server.deps.prisma.tag.create({
        data: { ...company, name: 'Internal', nameKey: 'internal', isPrivate: true },
      }),
    ]);
    // 55 ideas carry the Roadmap tag, every other one the private tag too.
    await server.deps.prisma.ideaTag.createMany({
      data: ideaRowIds
        .slice(0, 55)
        .flatMap((ideaId, n) => [
          { ideaId, tagId: roadmap.id },
          ...(n % 2 === 0 ? [{ ideaId, tagId: internal.id }] : []),
        ]),
    });
    const tagIds = [globalId('Tag', roadmap.id)];
    const five = await statementsFor(5, TAGGED_PAGE, { tagIds });
    const fifty = await statementsFor(50, TAGGED_PAGE, { tagIds });
    expect(five.ideas).toHaveLength(5);
    expect(fifty.ideas).toHaveLength(50);
    expect(fifty.ideas.every((i) => i.tags.some((t: any) => t.name === 'Roadmap'))).toBe(true);
    // The admin sees the private tag too, on about half of them.
    expect(fifty.ideas.filter((i) => i.tags.length === 2).length).toBeGreaterThanOrEqual(20);
    expect(fifty.count).toBe(five.count);
    // The session, the board, the tags asked for, the page, its count, and the cards (with
    // their tags) of the ideas not read before; read again, the cards come from memory.
    expect(fifty.count).toBeLessThanOrEqual(6);
    const again = await statementsFor(50, TAGGED_PAGE, { tagIds });
    expect(again.ideas).toEqual(fifty.ideas);
    expect(again.count).toBeLessThanOrEqual(5);
    console.log(`SQL statements per tagged page: ${five.count} for 5 ideas, ${fifty.count} for 50`);
  });
});

const VALUE_PAGE = `query ($boardId: ID!, $first: Int!, $segment: IdeaSegment) { board(id: $boardId) { id
  ideas(first: $first, sort: VALUE, segment: $segment) { totalCount edges { node {
    id title voteCount isVotedByMe value author { displayName }
  } } } } }`;

describe('listing ideas sorted by value within a customer segment', () => {
  it('runs the same number of statements for 5 ideas and for 50', async () => {
    // Two customers: every author works for one; each author voted for the ideas they wrote.
    const [gold, silver] = await Promise.all(
      ['gold', 'silver'].map((plan, n) =>
        server.deps.prisma.customerCompany.create({
          data: {
            companyId: admin.companyId,
            externalId: `qc-${plan}`,
            name: `Query count ${plan}`,
            monthlySpend: 100 * (n + 1),
            plan,
          },
        }),
      ),
    );
    await server.deps.prisma.customerCompanyMember.createMany({
      data: authorIds.map((userId, n) => ({
        userId,
        customerCompanyId: (n % 2 === 0 ? gold : silver)!.id,
      })),
    });
    await server.deps.prisma.vote.createMany({
      data: ideaRowIds.map((ideaId, n) => ({ ideaId, userId: authorIds[n % authorIds.length]! })),
      skipDuplicates: true,
    });
    // Seeded around the services: the repair of `npm run db:idea-counts` sets the stored values.
    await checkIdeaValues(server.deps.prisma, { repair: true });
    const segment = { minSpend: 50, maxSpend: 500 };
    const five = await statementsFor(5, VALUE_PAGE, { segment });
    const fifty = await statementsFor(50, VALUE_PAGE, { segment });
    expect(five.ideas).toHaveLength(5);
    expect(fifty.ideas).toHaveLength(50);
    // The answers are right: the silver customer's ideas (200) come before the gold's (100).
    expect(fifty.ideas.slice(0, 30).every((i) => i.value === 200)).toBe(true);
    expect(fifty.ideas.slice(30).every((i) => i.value === 100)).toBe(true);

    expect(fifty.count).toBe(five.count);
    console.log(`SQL statements per value-sorted page: ${five.count} for 5, ${fifty.count} for 50`);
  });
});

const IDEAS_BY_ID = `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Idea {
  title description status voteCount commentCount createdAt isVotedByMe canEdit
  author { displayName } board { id name statuses { id nameEn } } } } }`;

const MIXED_BY_ID = `query ($ids: [ID!]!) { nodes(ids: $ids) { id
  ... on Idea { title status author { displayName } board { id name } }
  ... on Board { name slug }
  ... on Tag { name color }
  ... on Comment { text author { displayName } } } }`;

async function nodeStatementsFor(
  ids: string[],
  query = IDEAS_BY_ID,
  token: string = admin.token,
): Promise<{ count: number; nodes: any[] }> {
  statements = [];
  const { body } = await gql(server, query, { ids }, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return { count: statements.length, nodes: body.data.nodes };
}

describe('reading ideas and other objects by global id (nodes)', () => {
  it('runs the same small number of SQL statements for 5 ideas and for 50', async () => {
    const ids = ideaRowIds.map((id) => globalId('Idea', id));
    const five = await nodeStatementsFor(ids.slice(0, 5));
    const fifty = await nodeStatementsFor(ids.slice(0, 50));
    expect(five.nodes).toHaveLength(5);
    expect(fifty.nodes).toHaveLength(50);
    // The answers are right, in the order asked, not just cheap.
    expect(fifty.nodes.map((n) => n.id)).toEqual(ids.slice(0, 50));
    expect(fifty.nodes.map((n) => n.title)).toEqual(
      Array.from({ length: 50 }, (_, n) => `Generated idea ${n}`),
    );
    expect(fifty.nodes.every((n) => n.board.name === 'Query count board')).toBe(true);
    expect(fifty.nodes.every((n) => n.author.displayName.startsWith('User '))).toBe(true);
    expect(fifty.nodes.filter((n) => n.isVotedByMe)).toHaveLength(17);

    expect(fifty.count).toBe(five.count);
    // The session; the ideas, their boards, the boards' statuses (one statement each); the votes,
    // the authors, the boards' companies and their plan (207 for 50 ideas when each idea was
    // read on its own, and each board's statuses once per idea).
    expect(fifty.count).toBeLessThanOrEqual(9);
    console.log(`SQL statements for nodes: ${five.count} for 5 ideas, ${fifty.count} for 50`);
  });

  it('reads a mix of types in one statement per type, and answers null for what is not seen', async () => {
    const board = decodeId(boardId, 'Board');
    const comments = await server.deps.prisma.comment.createManyAndReturn({
      data: ideaRowIds.slice(0, 50).map((ideaId, n) => ({
        ideaId,
        authorId: authorIds[n % authorIds.length]!,
        text: `Comment ${n}`,
      })),
    });
    const tags = await server.deps.prisma.tag.findMany({ where: { companyId: admin.companyId } });
    // Another company's idea, and an id of nothing, answer null.
    const other = await signUpCompany(server);
    const otherBoard = await createBoardId(server, other.token, 'Another company board');
    const foreign = await server.deps.prisma.idea.create({
      data: { boardId: decodeId(otherBoard, 'Board'), title: 'Foreign idea', status: 'OPEN' },
    });
    const mix = (n: number) => [
      ...ideaRowIds.slice(0, n).map((id) => globalId('Idea', id)),
      ...comments.slice(0, n).map((c) => globalId('Comment', c.id)),
      ...tags.map((t) => globalId('Tag', t.id)),
      globalId('Board', board),
      globalId('Idea', foreign.id),
      globalId('Idea', 999_999_999),
    ];
    const small = await nodeStatementsFor(mix(5), MIXED_BY_ID);
    const large = await nodeStatementsFor(mix(45), MIXED_BY_ID);
    expect(large.nodes).toHaveLength(45 * 2 + tags.length + 3);
    expect(large.nodes.slice(45, 90).map((n) => n.text)).toEqual(
      Array.from({ length: 45 }, (_, n) => `Comment ${n}`),
    );
    expect(large.nodes.at(-3)).toMatchObject({ name: 'Query count board' });
    expect(large.nodes.slice(-2)).toEqual([null, null]);
    expect(large.count).toBe(small.count);
    // One statement for each type's rows (and each relation they include), not one per id.
    expect(large.count).toBeLessThanOrEqual(9);
    console.log(`SQL statements for a mix: ${small.count} for 5 of each, ${large.count} for 45`);
  });
});
