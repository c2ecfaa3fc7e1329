import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../schema/ids.ts';
import { SEARCH_COUNT_CAP } from './idea-page-json.ts';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Outside attack 7, finding 2: REST's idea search had no rate limit for visitors, and its exact
// `totalCount` counted every match (2 s a search at 60,800 ideas).

describe('REST idea search', { timeout: 120_000 }, () => {
  let server: TTestServer;
  let company: TRestCompany;

  beforeAll(async () => {
    server = await startTestServer({
      trustProxy: 1,
      rateLimits: {
        ...UNLIMITED_FOR_TESTS,
        ideaSearch: { perIp: 3, perAccount: 3, windowSeconds: 60 },
        teamIdeaSearch: { perIp: 0, perAccount: 6, windowSeconds: 60 },
      },
    });
    company = await restCompany(server);
    // SEARCH_COUNT_CAP + 5 ideas with a common word, and one with a word of its own.
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, n) => ({
      boardId: company.boardId,
      authorId: company.owner.userId,
      title: `Export number ${n} to CSV`,
      status: 'OPEN' as const,
    }));
    rows.push({ ...rows[0]!, title: 'A lonely zanzibar idea' });
    await server.deps.prisma.idea.createMany({ data: rows });
  });
  afterAll(async () => {
    await server?.close();
  });

  const search = (query: string, address: string, token?: string) =>
    server.call('GET', `/api/v1/ideas?${query}`, {
      token,
      headers: { 'x-board-id': String(company.boardId), 'x-forwarded-for': address },
    });

  it("limits a visitor's searches per address, not the team's nor plain pages", async () => {
    const answers = [];
    for (let n = 0; n < 4; n += 1) answers.push(await search('search=zanzibar', '203.0.113.60'));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]!.body.totalCount).toBe(1);
    expect(answers[3]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answers[3]!.body.error.code).toBe('RATE_LIMITED');
    // The same address still reads the board's pages; the company's owner searches on.
    expect((await search('limit=5', '203.0.113.60')).status).toBe(200);
    for (let n = 0; n < 4; n += 1) {
      const own = await search('search=zanzibar', '203.0.113.60', company.owner.token);
      expect(own.status).toBe(200);
    }
  });

  it("limits the team's searches on a budget of their own, larger (attack 9, F1)", async () => {
    const own = await restCompany(server, { isPublic: true });
    const ownSearch = (query: string) =>
      server.call('GET', `/api/v1/ideas?${query}`, {
        token: own.owner.token,
        headers: { 'x-board-id': String(own.boardId), 'x-forwarded-for': '203.0.113.63' },
      });
    const statuses = [];
    for (let n = 0; n < 7; n += 1) statuses.push((await ownSearch('search=zanzibar')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // Plain pages are not searches.
    expect((await ownSearch('limit=5')).status).toBe(200);
  });

  it("spends the same budget on GraphQL's board.ideas(search:) (attack 8, F8)", async () => {
    const query = `query ($id: ID!) { board(id: $id) { ideas(search: "zanzibar", first: 5) {
      totalCount } } }`;
    const ask = (token?: string) =>
      server.call('POST', '/graphql', {
        token,
        headers: { 'x-forwarded-for': '203.0.113.62' },
        body: { query, variables: { id: globalId('Board', company.boardId) } },
      });
    const codes = [];
    for (let n = 0; n < 4; n += 1) {
      const { body } = await ask();
      codes.push(body.errors?.[0]?.extensions?.code ?? body.data.board.ideas.totalCount);
    }
    expect(codes).toEqual([1, 1, 1, 'RATE_LIMITED']);
    // The company's team searches on.
    const own = await ask(company.owner.token);
    expect(own.body.data.board.ideas.totalCount).toBe(1);
  });

  it('counts a common word up to the cap and says the total is a lower bound', async () => {
    const page = await search('search=export&limit=10', '203.0.113.61');
    expect(page.status).toBe(200);
    expect(page.body.ideas).toHaveLength(10);
    expect(page.body.totalCount).toBe(SEARCH_COUNT_CAP);
    expect(page.body.totalIsLowerBound).toBe(true);
    expect(page.body.nextOffset).toBe(10);
    // Past the cap the pages go on while they come full, and end with the last match.
    const last = await search(
      `search=export&limit=10&offset=${SEARCH_COUNT_CAP}`,
      '203.0.113.62',
      company.owner.token,
    );
    expect(last.body.ideas).toHaveLength(5);
    expect(last.body.nextOffset).toBeNull();
    // A search matching fewer than the cap answers exactly as before: no extra field.
    const few = await search('search=zanzibar', '203.0.113.63');
    expect(few.body).toEqual(
      expect.objectContaining({ totalCount: 1, limit: expect.any(Number), nextOffset: null }),
    );
    expect(few.body).not.toHaveProperty('totalIsLowerBound');
  });
});
