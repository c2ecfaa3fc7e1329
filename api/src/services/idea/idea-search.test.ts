import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementOf } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { loadPlanState } from '../plan/plan-state.ts';
import { ideaPageStatement } from './find-idea-views.ts';
import type { TIdeaListParams } from './idea-input.ts';
import { SIMILAR_CANDIDATES, similarIdeasStatement } from './find-similar-ideas.ts';
import { withSearchMatches } from './listed-ideas.ts';
import type { TListedBoard } from './listed-ideas.ts';

/**
 * A board's search on a board of thousands of ideas (issue 38.2): a common word answers the same
 * page, in the same order, as reading every match would; a rare word is found through the
 * search indexes (migration 20261128213000_idea_search_indexes), not by reading the board.
 */

const IDEAS = 20_000;

let server: TTestServer;
let company: TRestCompany;
let listed: TListedBoard;

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server, { isPublic: true });
  const boardId = company.boardId;
  // One idea in four is about exports (in the title, or in the description only); one has a word
  // no other idea has. Votes spread over 0–499, so that the lists' order is the votes'.
  await server.deps.sql`
    INSERT INTO "Idea" ("boardId", "authorId", "title", "description", "status", "voteCount",
                        "createdAt", "updatedAt")
    SELECT ${boardId}::int, ${company.owner.userId}::int,
           CASE WHEN n % 8 = 0 THEN 'Export reports to CSV, number ' || n
                WHEN n = 1234 THEN 'Zanzibar-style onboarding tour'
                ELSE 'Dark mode for panel ' || n END,
           CASE WHEN n % 8 = 4 THEN 'We would export it every week.' ELSE 'Nothing more to say.' END,
           'OPEN', (n * 7919) % 500, now() - n * interval '1 minute', now()
    FROM generate_series(1, ${IDEAS}::int) n`;
  await server.deps.sql`VACUUM ANALYZE "Idea"`;
  const plan = await loadPlanState(server.deps.prisma, company.owner.companyId);
  listed = { board: { id: boardId, companyId: company.owner.companyId }, plan };
}, 240_000);

afterAll(async () => {
  await server?.close();
});

/** The ideas of the board in the lists' order (most voted first), read whole. */
async function allByVotes(): Promise<{ id: number; title: string; description: string }[]> {
  return server.deps.sql`
    SELECT "id", "title", coalesce("description", '') AS "description" FROM "Idea"
    WHERE "boardId" = ${company.boardId}::int AND "status" <> 'DECLINED'
    ORDER BY "voteCount" DESC, "id" DESC`;
}

/**
 * PostgreSQL's plan of a statement, for its values, as text, with sequential scans priced out: a
 * test board of a few thousand ideas is small enough for reading it whole to be the cheaper
 * plan, so this asks whether the statement can be answered through an index at all (written as
 * the index's expression, with its operator class).
 */
async function planOf(part: TSqlPart): Promise<string> {
  const { text, params } = statementOf(part);
  const rows = await server.deps.prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    return tx.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${text}`, ...params);
  });
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * How many ideas the page statement of a search reads and throws away, as the server runs it
 * (its matches looked up first), from PostgreSQL's own account of running it.
 */
async function ideasReadInVain(search: string): Promise<number> {
  const params: TIdeaListParams = { filter: 'ALL', sort: 'VOTES', search };
  const statement = ideaPageStatement(
    null,
    listed,
    await withSearchMatches(server.deps, listed, params),
    {
      limit: 51,
    },
  );
  const { text, params: values } = statementOf(statement);
  const rows = await server.deps.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    ...values,
  );
  const plan = rows[0]!['QUERY PLAN'] as unknown;
  let removed = 0;
  const walk = (node: any) => {
    removed += (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
  return removed;
}

async function searchTitles(search: string, query = ''): Promise<string[]> {
  const page = await expectCall(
    server,
    'GET',
    `/ideas/?search=${encodeURIComponent(search)}&limit=100${query}`,
    200,
    { headers: { 'x-board-id': String(company.boardId) } },
  );
  return page.ideas.map((idea: { title: string }) => idea.title);
}

describe('searching a board of thousands of ideas', () => {
  it('reads only the matches of a rare or absent text, whatever its length (outside attack 8, F5)', async () => {
    // PostgreSQL takes a short text for a common one and read the board in the list's order
    // to fill the page: 20,000 ideas read for a text that matches none.
    for (const search of ['qzxw', 'qz', 'zanz', 'q z', 'nothing qzx']) {
      expect({ search, read: await ideasReadInVain(search) }).toEqual({ search, read: 0 });
    }
    expect(await searchTitles('zanz')).toEqual(['Zanzibar-style onboarding tour']);
    expect(await searchTitles('qz')).toEqual([]);
  });

  it('matches words starting with a text shorter than three letters, not letters inside words', async () => {
    // "an" is inside "panel" and "Zanzibar" but starts no word; "za" and "pa" start words.
    expect(await searchTitles('an')).toEqual([]);
    expect(await searchTitles('ZA')).toEqual(['Zanzibar-style onboarding tour']);
    const panels = await searchTitles('pa');
    expect(panels).toHaveLength(100);
    expect(panels.every((title) => title.startsWith('Dark mode for panel'))).toBe(true);
    // Nothing to look for: no idea, no error.
    expect(await searchTitles('%!')).toEqual([]);
  });

  it('answers a text of a few hundred matches as reading every match would, page by page', async () => {
    const matching = (await allByVotes()).filter((idea) =>
      `${idea.title}\n${idea.description}`.toLowerCase().includes('panel 12'),
    );
    expect(matching.length).toBeGreaterThan(200);
    expect(matching.length).toBeLessThan(2_000);
    for (const offset of [0, 100]) {
      const page = await expectCall(
        server,
        'GET',
        `/ideas/?search=${encodeURIComponent('Panel 12')}&limit=100&offset=${offset}`,
        200,
        { headers: { 'x-board-id': String(company.boardId) } },
      );
      expect(page.totalCount).toBe(Math.min(matching.length, 1_000));
      expect(page.ideas.map((idea: { id: number }) => idea.id)).toEqual(
        matching.slice(offset, offset + 100).map((idea) => idea.id),
      );
    }
  });

  it('answers the most voted matches of a common word, page by page, in order', async () => {
    const matching = (await allByVotes()).filter((idea) =>
      `${idea.title}\n${idea.description}`.toLowerCase().includes('export'),
    );
    expect(matching.length).toBeGreaterThan(500);
    const first = await expectCall(server, 'GET', '/ideas/?search=EXPORT&limit=50', 200, {
      headers: { 'x-board-id': String(company.boardId) },
    });
    // A search counts at most 1,000 matches, and says so past that (outside attack 7).
    expect(matching.length).toBeGreaterThan(1_000);
    expect(first.totalCount).toBe(1_000);
    expect(first.totalIsLowerBound).toBe(true);
    expect(first.ideas.map((idea: { id: number }) => idea.id)).toEqual(
      matching.slice(0, 50).map((idea) => idea.id),
    );
    const third = await expectCall(
      server,
      'GET',
      '/ideas/?search=export&limit=50&offset=100',
      200,
      {
        headers: { 'x-board-id': String(company.boardId) },
      },
    );
    expect(third.ideas.map((idea: { id: number }) => idea.id)).toEqual(
      matching.slice(100, 150).map((idea) => idea.id),
    );
  });

  it('finds a rare word (in any case, inside a word) through the trigram index', async () => {
    const page = await expectCall(server, 'GET', '/ideas/?search=ZANZIBAR', 200, {
      headers: { 'x-board-id': String(company.boardId) },
    });
    expect(page.ideas.map((idea: { title: string }) => idea.title)).toEqual([
      'Zanzibar-style onboarding tour',
    ]);
    const plan = await planOf(
      ideaPageStatement(
        null,
        listed,
        { filter: 'ALL', sort: 'VOTES', search: 'zanzibar' },
        {
          limit: 51,
        },
      ),
    );
    expect(plan).toMatch(/Idea_title_trgm_idx/);
  });

  it('hints the most voted ideas sharing a common word, and only ideas sharing it', async () => {
    const hints = await expectCall(
      server,
      'GET',
      `/boards/${company.boardId}/ideas/similar?text=${encodeURIComponent('Export reports')}`,
      200,
    );
    const titles = hints.ideas.map((idea: { title: string }) => idea.title);
    // Far more ideas share the words than are ranked: the hints come from the most voted.
    const exports = (await allByVotes()).filter((idea) => idea.title.startsWith('Export'));
    expect(exports.length).toBeGreaterThan(SIMILAR_CANDIDATES);
    expect(titles).toEqual(exports.slice(0, 5).map((idea) => idea.title));
  });

  it('finds the hints of a rare word through the text-search index', async () => {
    const hints = await expectCall(
      server,
      'GET',
      `/boards/${company.boardId}/ideas/similar?text=${encodeURIComponent('zanzibar tours')}`,
      200,
    );
    expect(hints.ideas.map((idea: { title: string }) => idea.title)).toEqual([
      'Zanzibar-style onboarding tour',
    ]);
    const plan = await planOf(similarIdeasStatement(null, listed, 'zanzibar tours'));
    expect(plan).toMatch(/Idea_search_vector_idx/);
  });
});
