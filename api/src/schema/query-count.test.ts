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
import { decodeId } from './ids.ts';

let server: TTestServer;
let admin: TTestAccount;
let boardId: string;
let statements: string[] = [];

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

async function statementsFor(first: number): Promise<{ count: number; ideas: any[] }> {
  statements = [];
  const { body } = await gql(server, PAGE, { boardId, first }, admin.token);
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
    // The session, the board with its subscription, and the page with authors and votes.
    expect(fifty.count).toBeLessThanOrEqual(3);
    console.log(`SQL statements per page: ${five.count} for 5 ideas, ${fifty.count} for 50`);
  });
});
