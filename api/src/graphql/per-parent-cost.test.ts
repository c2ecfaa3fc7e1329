import { buildSchema, getNamedType, isObjectType, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { addEndUser, createBoardId, gql, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_PAGES, PER_PARENT_STATEMENT_COST, operationCost } from './graphql-input-limits.ts';
import { globalId } from '../schema/ids.ts';

// Issue 33, F1a: a board's 100 ideas with each idea's comments' totalCount cost 2,869 points and
// held the embedded database 0.7-2.2 s: every idea's count (and board) was a statement of its
// own, priced as a column. 200 anonymous subscriptions of it, run again for every vote, held
// /healthz at p95 723 ms.

const COUNTS = `query ($id: ID!) { board(id: $id) { ideas(first: 100) { edges { node {
  id title internalNoteCount board { id name }
  comments(first: 1) { totalCount } voters(first: 1) { totalCount } } } } } }`;

/** Each idea's first comment: a page read per idea. */
const FIRST_COMMENTS = `query ($id: ID!) { board(id: $id) { ideas(first: 100) { edges { node {
  id comments(first: 1) { edges { node { id } } } } } } } }`;

const LIVE_COUNTS = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { idea { board {
  ideas(first: 100) { edges { node { id comments(first: 1) { totalCount } } } } } } } }`;

const LIVE_FIRST_COMMENTS = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { idea {
  board { ideas(first: 100) { edges { node { id comments(first: 1) { edges { node { id } } } } } } } } } }`;

const price = (text: string) => operationCost(parse(text), undefined, { id: 'B', boardId: 'B' });

describe('fields read per parent row, priced and batched', () => {
  it('prices a connection asked under a list as a statement per parent row, unless one grouped count answers it', () => {
    const { maxCost, maxSubscriptionCost } = loadConfig({}).graphqlLimits;
    // 100 ideas' first comments: 100 statements.
    expect(price(FIRST_COMMENTS)).toBeGreaterThanOrEqual(100 * PER_PARENT_STATEMENT_COST);
    // Each idea's activity, and each board's ideas, likewise.
    const activity = `query ($id: ID!) { board(id: $id) { ideas(first: 100) { edges { node {
      activity(first: 1) { edges { node { __typename } } } } } } } }`;
    expect(price(activity)).toBeGreaterThanOrEqual(100 * PER_PARENT_STATEMENT_COST);
    const boardsIdeas = `{ boards { ideas(first: 1) { totalCount } } }`;
    expect(operationCost(parse(boardsIdeas), undefined, {}, { boards: 40 })).toBeGreaterThanOrEqual(
      40 * PER_PARENT_STATEMENT_COST,
    );
    // The counts one statement answers for the whole page are not.
    const withoutCounts = `query ($id: ID!) { board(id: $id) { ideas(first: 100) { edges { node {
      id title internalNoteCount board { id name } } } } } }`;
    expect(price(COUNTS) - price(withoutCounts)).toBeLessThan(10 * PER_PARENT_STATEMENT_COST);
    // A subscription re-run for every vote: the page of counts fits a subscription, the page
    // of comments does not.
    expect(price(LIVE_COUNTS)).toBeLessThanOrEqual(maxSubscriptionCost);
    expect(price(LIVE_FIRST_COMMENTS)).toBeGreaterThan(maxSubscriptionCost);
    // One idea's comments are one statement, priced as before.
    const one = `query ($id: ID!) { idea(id: $id) { comments(first: 20) { totalCount edges { node { id } } } } }`;
    expect(price(one)).toBeLessThan(PER_PARENT_STATEMENT_COST);
    expect(price(FIRST_COMMENTS)).toBeLessThan(maxCost);
  });

  it('prices a connection asked without first or last as its default page', () => {
    // 50 ideas with 50 comments each were priced as one idea with one comment (25 points).
    const defaults = `query ($id: ID!) { board(id: $id) { ideas { edges { node {
      comments { edges { node { id text } } } } } } } }`;
    const explicit = `query ($id: ID!) { board(id: $id) { ideas(first: 50) { edges { node {
      comments(first: 50) { edges { node { id text } } } } } } } }`;
    expect(price(defaults)).toBe(price(explicit));
    // Fields of those names on other types are no pages.
    expect(price(`{ viewer { notifications(first: 1) { edges { node { id } } } } }`)).toBeLessThan(
      price(`{ viewer { notifications { edges { node { id } } } } }`),
    );
  });

  it('knows the default page of every connection in the schema (a new one unpriced would be one row)', () => {
    const schema = buildSchema(
      readFileSync(path.resolve(import.meta.dirname, '../../../schema.graphql'), 'utf8'),
    );
    const fields = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .flatMap((type) => Object.values(type.getFields()))
      .filter((field) => getNamedType(field.type).name.endsWith('Connection'))
      .map((field) => field.name);
    expect(fields.length).toBeGreaterThanOrEqual(13);
    expect(fields.filter((name) => !(name in DEFAULT_PAGES))).toEqual([]);
  });
});

describe('a page of ideas with their counts', { timeout: 120_000 }, () => {
  let server: TTestServer;
  let owner: TTestAccount;
  let boardId: string;
  let statements: string[];
  const PAGE = 30;

  beforeAll(async () => {
    statements = [];
    server = await startTestServer({}, { onQuery: (sql) => statements.push(sql) });
    owner = await signUpCompany(server);
    boardId = await createBoardId(server, owner.token, 'Counted board');
    await gql(
      server,
      `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`,
      { id: boardId },
      owner.token,
    );
    const { prisma } = server.deps;
    const board = await prisma.board.findFirstOrThrow({
      where: { companyId: owner.companyId, name: 'Counted board' },
    });
    const voter = await addEndUser(server, owner.companyId);
    for (let n = 0; n < PAGE; n += 1) {
      const idea = await prisma.idea.create({
        data: { boardId: board.id, title: `Counted idea ${n}`, authorId: owner.userId },
      });
      // n public comments, n % 3 internal notes, a vote on every other idea.
      await prisma.comment.createMany({
        data: [
          ...Array.from({ length: n }, () => ({ ideaId: idea.id, text: 'A public comment' })),
          ...Array.from({ length: n % 3 }, () => ({
            ideaId: idea.id,
            text: 'An internal note',
            isInternal: true,
          })),
        ],
      });
      if (n % 2) await prisma.vote.create({ data: { ideaId: idea.id, userId: voter.userId } });
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  type TNode = {
    title: string;
    internalNoteCount: number | null;
    board: { id: string; name: string };
    comments: { totalCount: number };
    voters: { totalCount: number } | null;
  };

  const page = async (token?: string) => {
    statements.length = 0;
    const { body } = await gql(server, COUNTS, { id: boardId }, token);
    expect(body.errors).toBeUndefined();
    const nodes = (body.data.board.ideas.edges as { node: TNode }[]).map(({ node }) => node);
    return { nodes, statements: statements.length };
  };

  it("answers every idea's comment, note and voter counts and board from a few statements, not some per idea (issue 33, F1a)", async () => {
    const team = await page(owner.token);
    const anonymous = await page();
    expect(team.nodes).toHaveLength(PAGE);
    for (const node of team.nodes) {
      const n = Number(/\d+$/.exec(node.title)![0]);
      expect(node).toMatchObject({
        internalNoteCount: n % 3,
        board: { id: boardId, name: 'Counted board' },
        comments: { totalCount: n + (n % 3) },
        voters: { totalCount: n % 2 },
      });
    }
    for (const node of anonymous.nodes) {
      const n = Number(/\d+$/.exec(node.title)![0]);
      expect(node).toMatchObject({
        internalNoteCount: null,
        board: { id: boardId },
        comments: { totalCount: n },
        voters: null,
      });
    }
    // The board with its plan, the page, and grouped statements for the counts and the boards
    // (about as many for 3 ideas): the page read 4 statements more per idea (123 for the team).
    expect(team.statements).toBeLessThanOrEqual(12);
    expect(anonymous.statements).toBeLessThanOrEqual(12);
  });

  it("answers a comments page's totalCount under a cursor for the cursor's list only", async () => {
    const { body } = await gql(
      server,
      `query ($id: ID!) { board(id: $id) { ideas(first: 100) { edges { node { title
        comments(first: 1) { totalCount edges { cursor } } } } } } }`,
      { id: boardId },
      owner.token,
    );
    const nodes = body.data.board.ideas.edges.map(({ node }: { node: any }) => node);
    const withComments = nodes.filter((node: any) => node.comments.edges.length > 0);
    const [first, second] = withComments;
    const after = (idea: string, cursor: string) =>
      gql(
        server,
        `query ($id: ID!, $after: String) { node(id: $id) { ... on Idea {
          comments(first: 1, after: $after) { totalCount } } } }`,
        { id: idea, after: cursor },
        owner.token,
      );
    const ideaId = async (title: string) =>
      globalId('Idea', (await server.deps.prisma.idea.findFirstOrThrow({ where: { title } })).id);
    const own = await after(await ideaId(first.title), first.comments.edges[0].cursor);
    expect(own.body.data.node.comments.totalCount).toBe(first.comments.totalCount);
    const foreign = await after(await ideaId(first.title), second.comments.edges[0].cursor);
    expect(foreign.body.data.node.comments.totalCount).toBe(0);
  });
});
