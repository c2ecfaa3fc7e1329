import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, setPlan, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let admin: TTestAccount;
let boardId: number;
let statements: string[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { onQuery: (sql) => statements.push(sql) });
  admin = await signUpCompany(server);
  await setPlan(server, admin.companyId, 'ULTRA');
  ({ id: boardId } = await expectCall(server, 'POST', `/companies/${admin.companyId}/boards`, 201, {
    token: admin.token,
    body: { name: 'Query count board' },
  }));
  const authors = await Promise.all(
    Array.from({ length: 10 }, () => addEndUser(server, admin.companyId)),
  );
  const ideas = await server.deps.prisma.idea.createManyAndReturn({
    data: Array.from({ length: 60 }, (_, n) => ({
      boardId,
      authorId: authors[n % authors.length]!.userId,
      title: `Generated idea ${n}`,
      status: n % 7 === 0 ? ('PLANNED' as const) : ('OPEN' as const),
      voteCount: n % 3 === 0 ? 1 : 0,
    })),
  });
  await server.deps.prisma.vote.createMany({
    data: ideas
      .filter((_, n) => n % 3 === 0)
      .map((idea) => ({ ideaId: idea.id, userId: admin.userId })),
  });
});
afterAll(async () => {
  await server?.close();
});

async function statementsFor(limit: number): Promise<{ count: number; ideas: any[] }> {
  statements = [];
  const page = await expectCall(server, 'GET', `/ideas/?limit=${limit}`, 200, {
    token: admin.token,
    headers: { 'x-board-id': String(boardId) },
  });
  return { count: statements.length, ideas: page.ideas };
}

describe('GET /ideas/ with authors, isVotedByMe, canEdit and declineDetails', () => {
  it('runs the same small number of SQL statements for 5 ideas and for 50', async () => {
    const five = await statementsFor(5);
    const fifty = await statementsFor(50);
    expect(five.ideas).toHaveLength(5);
    expect(fifty.ideas).toHaveLength(50);
    expect(fifty.ideas.filter((i) => i.isVotedByMe)).toHaveLength(20);
    expect(fifty.ideas.every((i) => i.author.displayName.startsWith('User '))).toBe(true);
    expect(fifty.ideas.every((i) => i.canEdit && i.canUpdateStatus)).toBe(true);
    expect(fifty.count).toBe(five.count);
    expect(fifty.count).toBeLessThanOrEqual(14);
    console.log(`REST ideas page: ${five.count} SQL statements for 5 ideas, ${fifty.count} for 50`);
  });
});
