import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementOf } from '../../db/sql.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import type { TViewer } from '../../viewer.ts';
import { loadPlanState } from '../plan/plan-state.ts';
import type { TPlanState } from '../plan/plan-state.ts';
import { ideaPageWithCountStatement } from './idea-page-with-count.ts';
import { ideaPageFreshStatement, ideaPageStatement } from './find-idea-views.ts';
import type { TPageWindow } from './find-idea-views.ts';
import { IDEA_SORTS } from './idea-input.ts';
import type { TIdeaListParams } from './idea-input.ts';

/**
 * The page statement is prepared once per connection and must keep one good plan for every
 * execution: PostgreSQL plans a prepared statement for its values five times, then switches to
 * a generic plan (made without the values) when that one looks no worse. A statement whose
 * generic plan looks worse is planned again on every execution (about 0.37 ms of its 0.63 ms
 * in the bench), and one whose generic plan is bad reads the board's ideas whole. So for every
 * shape of the statement, on a board of a few thousand ideas: the generic plan reads the
 * board's ideas through an index in the list's order (no sequential scan, no sort), and after a
 * few executions PostgreSQL runs the generic plan.
 */

const IDEAS = 4000;

let server: TTestServer;
let session: {
  query: (sql: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
};
let boardId: number;
let companyId: number;
let viewers: Record<'anonymous' | 'member' | 'admin', TViewer | null>;
let plan: TPlanState;
let ideaIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  const { prisma } = server.deps;
  const company = await prisma.company.create({
    data: {
      name: 'Plans',
      slug: 'plans',
      secret: 'secret-plans',
      subscription: { create: { product: 'ULTRA', expiresAt: new Date(Date.now() + 86_400_000) } },
    },
  });
  companyId = company.id;
  const boards = [];
  for (const name of ['Big', 'Small', 'Other']) {
    boards.push(
      await prisma.board.create({
        data: { companyId, name, slug: name, widgetHash: `hash-${name}`, isPublic: true },
      }),
    );
  }
  boardId = boards[0]!.id;
  const [member, admin] = await Promise.all(
    (['END_USER', 'OWNER'] as const).map((role) =>
      prisma.user.create({
        data: { companyId, role, displayName: role, loginEmail: `${role}@example.com` },
      }),
    ),
  );
  const asViewer = (u: { id: number; role: TViewer['role']; kind: TViewer['kind'] }): TViewer => ({
    userId: u.id,
    companyId,
    role: u.role,
    kind: u.kind,
    sessionId: 1,
  });
  viewers = { anonymous: null, member: asViewer(member!), admin: asViewer(admin!) };
  // Most ideas on the big board, a few on the others; every status, votes and values spread out.
  for (const [board, n] of [
    [boards[0]!.id, IDEAS],
    [boards[1]!.id, 200],
    [boards[2]!.id, 200],
  ] as const) {
    await server.deps.sql`
      INSERT INTO "Idea" ("boardId", "authorId", "title", "status", "voteCount", "value", "createdAt", "updatedAt")
      SELECT ${board}::int, CASE WHEN n % 7 = 0 THEN ${member!.id}::int ELSE ${admin!.id}::int END,
             'Idea number ' || n,
             (enum_range(NULL::"IdeaStatus"))[1 + n % 7], (n * 7919) % 500,
             CASE WHEN n % 3 = 0 THEN 0 ELSE ((n * 104729) % 90) * 100 END,
             now() - n * interval '1 minute', now()
      FROM generate_series(1, ${n}::int) n`;
  }
  await server.deps.sql`
    INSERT INTO "Vote" ("ideaId", "userId")
    SELECT i."id", ${member!.id}::int FROM "Idea" i WHERE i."id" % 5 = 0`;
  await server.deps.sql`ANALYZE`;
  plan = await loadPlanState(prisma, companyId);
  ideaIds = (
    await server.deps.sql<{ id: number }>`
      SELECT "id" FROM "Idea" WHERE "boardId" = ${boardId}::int ORDER BY "id"`
  ).map((row) => row.id);

  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    session = {
      query: async (sql) => (await client.query(sql)).rows,
      close: () => client.end(),
    };
  } else {
    // PGlite has one session: Prisma's statements all run on it.
    session = {
      query: (sql) => prisma.$queryRawUnsafe(sql),
      close: async () => {},
    };
  }
}, 240_000);
afterAll(async () => {
  await session?.close();
  await server?.close();
});

/** A value written as an SQL literal (EXECUTE takes no parameters of its own). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replaceAll("'", "''")}'`;
}

let prepared = 0;

/**
 * The statements a page may run: `whole` (every column, when cards cannot be used), `fresh`
 * (counts and votes, the cards from memory) and REST's `rest` (fresh, with the count).
 */
type TPageStatementKind = 'whole' | 'fresh' | 'rest';

/** Prepares the statement on the session and answers its name and EXECUTE arguments. */
async function prepare(
  viewer: TViewer | null,
  params: TIdeaListParams,
  window: TPageWindow,
  kind: TPageStatementKind,
) {
  const listed = { board: { id: boardId, companyId }, plan };
  const paged = { ...params, limit: window.limit, offset: window.offset ?? 0 };
  const statements = {
    whole: () => ideaPageStatement(viewer, listed, params, window),
    fresh: () => ideaPageFreshStatement(viewer, listed, params, window),
    rest: () => ideaPageWithCountStatement(viewer, listed, paged),
  };
  const { text, params: values } = statementOf(statements[kind]());
  prepared += 1;
  const name = `page_plan_${prepared}`;
  await session.query(`PREPARE ${name} AS ${text}`);
  return { name, args: values.map(literal).join(', ') };
}

const middle = () => ideaIds[Math.floor(ideaIds.length / 2)]!;
const WINDOWS: Record<string, () => TPageWindow> = {
  'first page': () => ({ limit: 50 }),
  'offset page': () => ({ limit: 50, offset: 100 }),
  'after a cursor': () => ({ limit: 50, afterId: middle() }),
  'before a cursor': () => ({ limit: 50, beforeId: middle(), reverse: true }),
};

/** The plan PostgreSQL makes without the values (what a prepared statement keeps). */
async function genericPlan(name: string, args: string): Promise<string> {
  await session.query('SET plan_cache_mode = force_generic_plan');
  try {
    const rows = await session.query(`EXPLAIN EXECUTE ${name}(${args})`);
    return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
  } finally {
    await session.query('RESET plan_cache_mode');
  }
}

describe('the page statement’s generic plan', () => {
  for (const who of ['anonymous', 'member', 'admin'] as const) {
    for (const filter of ['ALL', 'OPEN'] as const) {
      // VALUE is the team's (the stored Idea.value, through its own index).
      for (const sort of who === 'admin' ? [...IDEA_SORTS, 'VALUE' as const] : IDEA_SORTS) {
        it(`${who}, ${filter} by ${sort}: reads the board's ideas through an index in order`, async () => {
          // The fresh statement reads pages from the start or by offset (cursor pages read whole).
          const windows = Object.entries(WINDOWS).flatMap(([label, window]) => [
            [window, 'whole'] as const,
            ...(label.includes('cursor') ? [] : [[window, 'fresh'] as const]),
          ]);
          for (const [window, kind] of windows) {
            const { name, args } = await prepare(viewers[who], { filter, sort }, window(), kind);
            const plan = await genericPlan(name, args);
            expect(plan, plan).not.toMatch(/Seq Scan on "Idea"/);
            // No sort of the board's ideas (keys on `i.`). An idea's own few tags are put in
            // name order inside its row (a sort of those rows alone, in the tags subplan).
            expect(plan, plan).not.toMatch(/Sort Key: [^\n]*\bi\./);
            await session.query(`DEALLOCATE ${name}`);
          }
        });
      }
    }
  }

  // GET /api/v1/ideas/ reads the page with its count in one statement (rest/idea-page-json.ts):
  // the same index reads, and no scan of the board's ideas to count.
  for (const who of ['anonymous', 'member'] as const) {
    for (const sort of IDEA_SORTS) {
      it(`${who}, ALL by ${sort} as REST reads it: through indexes, counts from the counters`, async () => {
        for (const window of [WINDOWS['first page']!(), WINDOWS['offset page']!()]) {
          const { name, args } = await prepare(
            viewers[who],
            { filter: 'ALL', sort },
            window,
            'rest',
          );
          const plan = await genericPlan(name, args);
          expect(plan, plan).not.toMatch(/Seq Scan on "Idea"/);
          expect(plan, plan).not.toMatch(/Sort Key: [^\n]*\bi\./);
          await session.query(`DEALLOCATE ${name}`);
        }
      });
    }
  }

  it('is the plan PostgreSQL keeps for the bench’s page after five executions', async () => {
    const { name, args } = await prepare(
      viewers.member,
      { filter: 'ALL', sort: 'VOTES' },
      { limit: 50 },
      'whole',
    );
    for (let run = 0; run < 8; run += 1) await session.query(`EXECUTE ${name}(${args})`);
    const [stats] = await session.query(
      `SELECT generic_plans::int AS "generic", custom_plans::int AS "custom"
       FROM pg_prepared_statements WHERE name = '${name}'`,
    );
    expect(stats).toEqual({ generic: 3, custom: 5 });
    await session.query(`DEALLOCATE ${name}`);
  });
});
