import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import {
  SQL,
  VALUE_SEGMENT,
  countedValues,
  pageNowValues,
  pageWhereValues,
  valueCountValues,
  valuePageValues,
} from './baseline-server.ts';
import { PAGE_QUERY, VALUE_PAGE_QUERY } from './load-worker.ts';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { generateDataset, sessionToken } from './dataset.ts';
import type { TDataset } from './dataset.ts';

const statements: string[] = [];
let server: TTestServer;
let dataset: TDataset;

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (sql) => statements.push(sql) });
  dataset = await generateDataset((sql) => server.deps.prisma.$queryRawUnsafe(sql), {
    ideas: 60,
    users: 8,
    votes: 200,
    comments: 30,
  });
});
afterAll(async () => {
  await server?.close();
});

const words = (sql: string) => sql.replace(/\s+/g, ' ').trim();

describe('the baseline server’s page read', () => {
  it('runs the product’s board, page and count statements (GraphQL’s) word for word, with the same answer as today’s count', async () => {
    const userId = dataset.userIds[3]!;
    statements.length = 0;
    const { status, body } = await server.call('GET', '/api/v1/ideas/?sort=VOTES&limit=50', {
      token: sessionToken(3),
      headers: { 'x-board-id': String(dataset.boardId) },
    });
    expect(status).toBe(200);
    // The REST page runs the page and the count in one statement (rest/idea-page-json.ts);
    // GraphQL's runs them as they are, and the baseline with them.
    // A change to an idea's text moves the content version: the page reads every card again.
    await server.deps
      .sql`UPDATE "Idea" SET "title" = "title" WHERE "id" = ${body.ideas[0].id}::int`;
    statements.length = 0;
    const graphql = await server.call('POST', '/graphql', {
      token: sessionToken(3),
      body: { query: PAGE_QUERY, variables: { boardId: encodeGlobalID('Board', dataset.boardId) } },
    });
    expect(graphql.status).toBe(200);
    // Its count, as a page that asks totalCount runs it (REST's, inside its statement).
    const counting = await server.call('POST', '/graphql', {
      token: sessionToken(3),
      body: {
        query: `query ($boardId: ID!) { board(id: $boardId) { ideas(first: 50) { totalCount } } }`,
        variables: { boardId: encodeGlobalID('Board', dataset.boardId) },
      },
    });
    expect(counting.status).toBe(200);
    const product = statements.map(words);
    expect(product).toContain(words(SQL.board));
    expect(product).toContain(words(SQL.pageNow));
    expect(product).toContain(words(SQL.cards));
    expect(product).not.toContain(words(SQL.page));
    expect(product).toContain(words(SQL.counted));
    expect(product).not.toContain(words(SQL.count));

    const page = await server.deps.prisma.$queryRawUnsafe<{ id: number; isVotedByMe: boolean }[]>(
      SQL.page,
      userId,
      ...pageWhereValues(dataset.boardId, userId),
      50,
      0,
    );
    const shaped = await server.deps.prisma.$queryRawUnsafe<{ id: number }[]>(
      SQL.pageNow,
      ...pageNowValues(dataset.boardId, dataset.companyId, userId),
    );
    expect(shaped.slice(0, 50).map((row) => row.id)).toEqual(page.map((row) => row.id));
    const [count] = await server.deps.prisma.$queryRawUnsafe<{ count: number }[]>(
      SQL.count,
      ...pageWhereValues(dataset.boardId, userId),
    );
    expect(page.map((row) => [row.id, row.isVotedByMe])).toEqual(
      body.ideas.map((idea: { id: number; isVotedByMe: boolean }) => [idea.id, idea.isVotedByMe]),
    );
    const [counted] = await server.deps.prisma.$queryRawUnsafe<{ count: number }[]>(
      SQL.counted,
      ...countedValues(dataset.boardId, userId),
    );
    expect(count?.count).toBe(body.totalCount);
    expect(counted?.count).toBe(body.totalCount);
  });
});

describe('the baseline server’s page sorted by value', () => {
  it('runs the product’s value page and segment count word for word, with the same answer', async () => {
    statements.length = 0;
    const { body } = await server.call('POST', '/graphql', {
      token: sessionToken(0),
      body: {
        query: VALUE_PAGE_QUERY,
        variables: { boardId: encodeGlobalID('Board', dataset.boardId), segment: VALUE_SEGMENT },
      },
    });
    expect(body.errors).toBeUndefined();
    const product = statements.map(words);
    expect(product).toContain(words(SQL.valuePage));
    expect(product).toContain(words(SQL.cardsTeam));
    expect(product).toContain(words(SQL.valueCount));

    const ownerId = dataset.userIds[0]!;
    const page = await server.deps.prisma.$queryRawUnsafe<{ id: number; value: number }[]>(
      SQL.valuePage,
      ...valuePageValues(dataset.boardId, dataset.companyId, ownerId),
    );
    const [count] = await server.deps.prisma.$queryRawUnsafe<{ count: number }[]>(
      SQL.valueCount,
      ...valueCountValues(dataset.boardId, dataset.companyId),
    );
    const ideas = body.data.board.ideas;
    expect(page.slice(0, 50).map((row) => row.value)).toEqual(
      ideas.edges.map((e: { node: { value: number } }) => e.node.value),
    );
    expect(ideas.edges.some((e: { node: { value: number } }) => e.node.value > 0)).toBe(true);
    expect(count?.count).toBe(ideas.totalCount);
  });
});

describe('the baseline server’s vote', () => {
  it('runs the product’s session, idea and vote statements word for word', async () => {
    const ideaId = dataset.ideaIds[5]!;
    statements.length = 0;
    const up = await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, {
      token: sessionToken(2),
    });
    const down = await server.call('POST', `/api/v1/ideas/${ideaId}/downvote`, {
      token: sessionToken(2),
    });
    expect([up.status, down.status]).toEqual([200, 200]);
    const product = statements.map(words);
    for (const statement of [SQL.session, SQL.idea, SQL.upvote, SQL.downvote, SQL.value]) {
      expect(product).toContain(words(statement));
    }
  });
});
