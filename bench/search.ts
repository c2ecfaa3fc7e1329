/**
 * `npx tsx bench/search.ts`: how long a board's search takes as the board grows (issue 38.2).
 * Fills one board with BENCH_SEARCH_IDEAS ideas (comma-separated sizes; 10,000 and 100,000 when
 * unset) in a fresh database per size, PostgreSQL (BENCH_DATABASE_URL's server, a database
 * `bench_search_<size>`) or PGlite in memory (BENCH_SEARCH_PGLITE=1), then times, through the
 * product's own statements and its db.sql (so planned as the server plans them):
 * - a page of the list (50 ideas by votes, as GraphQL's `ideas(search:)` reads it) and REST's
 *   page with its count (exact, and capped at SEARCH_COUNT_CAP as REST runs it), for a rare
 *   word, a common word and two words;
 * - the similar-idea hints for a rare, a common and a two-word text;
 * - the write cost: adding an idea, changing an idea's title.
 * Every figure is the median of BENCH_SEARCH_RUNS runs (15) after three warm-up runs.
 *
 * The ideas: one title in eight is about exports ("Export … to CSV"), a quarter are Polish, and
 * every title and description carries a word of its own (`kw` and six hex letters) that no other
 * idea has: the rare word. Votes 0–499 spread over the board.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../api/src/db/client.ts';
import type { TDatabase } from '../api/src/db/client.ts';
import { sqlPart } from '../api/src/db/sql.ts';
import type { TSqlPart } from '../api/src/db/sql.ts';
import { ideaPageStatement } from '../api/src/services/idea/find-idea-views.ts';
import { ideaPageWithCountStatement } from '../api/src/services/idea/idea-page-with-count.ts';
import { SEARCH_COUNT_CAP } from '../api/src/rest/idea-page-json.ts';
import * as similar from '../api/src/services/idea/find-similar-ideas.ts';
import type { TIdeaListParams } from '../api/src/services/idea/idea-input.ts';
import * as listedIdeas from '../api/src/services/idea/listed-ideas.ts';
import type { TListedBoard } from '../api/src/services/idea/listed-ideas.ts';

const { listedIdeasWhere } = listedIdeas;
/** The lookup of a search's matches (since attack 8, F5), absent from the code before it. */
const withSearchMatches = (listedIdeas as Record<string, unknown>).withSearchMatches as
  | ((db: TDatabase, listed: TListedBoard, params: TIdeaListParams) => Promise<TIdeaListParams>)
  | undefined;
import type { TPlanState } from '../api/src/services/plan/plan-state.ts';

const sizes = (process.env.BENCH_SEARCH_IDEAS ?? '10000,100000')
  .split(',')
  .map((size) => Number(size.trim()));
const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 15);
const onPglite = process.env.BENCH_SEARCH_PGLITE === '1';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** The similar-ideas statement of the code being measured (before issue 38.2: its copy here). */
function similarStatement(listed: TListedBoard, text: string): TSqlPart {
  const current = (similar as Record<string, unknown>).similarIdeasStatement as
    ((viewer: null, listed: TListedBoard, text: string) => TSqlPart) | undefined;
  if (current) return current(null, listed, text);
  const tsquery = similar
    .searchTerms(text)
    .map((term) => `${term}:*`)
    .join(' | ');
  const words = similar.trigramWords(text);
  return sqlPart`
    WITH q AS (SELECT to_tsquery('simple', ${tsquery}::text) AS query),
    doc AS (
      SELECT i."id", i."title", i."voteCount",
        setweight(to_tsvector('simple', i."title"), 'A') ||
        setweight(to_tsvector('simple', coalesce(i."description", '')), 'D') AS vector
      FROM "Idea" i
      WHERE ${listedIdeasWhere(null, listed, { filter: 'ALL', sort: 'VOTES' })}
    )
    SELECT doc."id"
    FROM doc, q
    WHERE doc.vector @@ q.query
      OR word_similarity(${words}::text, lower(doc."title")) >= ${0.45}::real
    ORDER BY ts_rank(doc.vector, q.query) + word_similarity(${words}::text, lower(doc."title")) DESC,
      doc."voteCount" DESC, doc."id" DESC
    LIMIT ${5}::int`;
}

async function fill(db: TDatabase, ideas: number): Promise<TListedBoard> {
  const run = (text: string) => db.prisma.$executeRawUnsafe(text);
  await run(`INSERT INTO "Company" (name, slug, secret, "updatedAt")
             VALUES ('Search', 'search', 'secret-search', now())`);
  await run(`INSERT INTO "Board" ("companyId", name, slug, "isPublic", "widgetHash", "updatedAt")
             SELECT id, 'Search', 'search', true, 'hash-search', now() FROM "Company"`);
  await run(`INSERT INTO "User" ("companyId", role, "displayName", "loginEmail", "updatedAt")
             SELECT id, 'OWNER', 'Owner', 'owner@example.com', now() FROM "Company"`);
  const [board] = await db.sql<{ id: number; companyId: number }>`
    SELECT id, "companyId" FROM "Board"`;
  for (let from = 0; from < ideas; from += 100_000) {
    const to = Math.min(ideas, from + 100_000) - 1;
    await run(`
      INSERT INTO "Idea" ("boardId", "authorId", title, description, status, "voteCount",
                          "createdAt", "updatedAt")
      SELECT b.id, u.id,
             (ARRAY['Export reports to CSV', 'Dark mode for the board', 'Slack alerts on status',
               'Single sign-on with Okta', 'Ciemny motyw w panelu', 'Powiadomienia na Slacku',
               'Keyboard shortcuts everywhere', 'Eksport do Excela'])[1 + g % 8]
               || ' kw' || substr(md5('t' || g), 1, 6),
             'It would help our team a lot if this worked the way the title says. ' ||
               (ARRAY['We export every week.', 'Bardzo przydatne dla zespołu.',
                 'Our customers ask for it.', 'Details follow.'])[1 + g % 4] ||
               ' Ref kw' || substr(md5('d' || g), 1, 6),
             (CASE WHEN g % 20 = 0 THEN 'PLANNED' WHEN g % 97 = 2 THEN 'COMPLETE'
                   ELSE 'OPEN' END)::"IdeaStatus",
             (g::bigint * 7919) % 500, now() - (${ideas} - g) * interval '1 second', now()
      FROM generate_series(${from}, ${to}) AS g, "Board" b, "User" u`);
  }
  await run(`UPDATE "Board" SET "ideaCount" = ${ideas}`).catch(() => 0);
  // As autovacuum would after so many inserts: the GIN indexes' pending entries merged.
  await run('VACUUM ANALYZE');
  // The filling's writes out of the way of the timed ones (whose commits wait for the disk).
  await run('CHECKPOINT');
  const plan = { ideaCutoff: null } as unknown as TPlanState;
  return { board: { id: Number(board!.id), companyId: Number(board!.companyId) }, plan };
}

async function median(runOnce: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i += 1) await runOnce();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await runOnce();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(ideas: number): Promise<Record<string, number>> {
  const name = `bench_search_${ideas}`;
  let databaseUrl: string | undefined;
  if (!onPglite) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const db = await openDatabase({ databaseUrl, dataDir: 'memory://', statementTimeoutMs: 0 });
  try {
    await db.migrate();
    const started = performance.now();
    const listed = await fill(db, ideas);
    console.error(`${ideas} ideas filled in ${Math.round(performance.now() - started)} ms`);
    const [rare] = await db.sql<{ word: string }>`
      SELECT 'kw' || substr(md5('t' || ${Math.floor(ideas / 2)}::int), 1, 6) AS word`;
    // Outside attack 8, F5: a rare text that PostgreSQL takes for a common one (short), and a
    // text of two letters, which has no trigram to look up.
    const texts = {
      rare: rare!.word,
      common: 'export',
      twoWords: 'dark mode',
      rareShort: 'qzxw',
      twoLetters: 'qz',
    };
    const figures: Record<string, number> = {};
    const searched = (params: TIdeaListParams) =>
      withSearchMatches ? withSearchMatches(db, listed, params) : Promise.resolve(params);
    for (const [label, search] of Object.entries(texts)) {
      const params = { filter: 'ALL', sort: 'VOTES', search } as const;
      // As the server reads a page: its matches looked up first (since attack 8, F5).
      figures[`page ${label}`] = await median(
        async () =>
          db.sql`${ideaPageStatement(null, listed, await searched({ ...params }), { limit: 51 })}`,
      );
      figures[`REST page+count ${label}`] = await median(
        async () =>
          db.sql`${ideaPageWithCountStatement(null, listed, { ...(await searched({ ...params })), limit: 51, offset: 0 })}`,
      );
      // What REST runs since attack 7 F2: the search's count stops past SEARCH_COUNT_CAP.
      figures[`REST page+capped count ${label}`] = await median(
        async () =>
          db.sql`${ideaPageWithCountStatement(
            null,
            listed,
            { ...(await searched({ ...params })), limit: 51, offset: 0 },
            { searchCap: SEARCH_COUNT_CAP },
          )}`,
      );
    }
    const hints = {
      rare: `${rare!.word} please`,
      common: 'Export to CSV',
      twoWords: 'dark mode',
      typo: 'Slakc alrets',
      // Outside attack 7, F1: 490 characters of short prefixes that match most of a board.
      prefixes: 'alph bet gamm delt expo impo dark mode slac jira sync csv '
        .repeat(9)
        .slice(0, 490),
      // Outside attack 8, F1: misspelt words share trigrams with most titles and pass few.
      misspelt: 'drak mdoe exprot reprot dashbaord fitler saerch moblie '.repeat(9).slice(0, 490),
    };
    for (const [label, text] of Object.entries(hints)) {
      figures[`similar ${label}`] = await median(() => db.sql`${similarStatement(listed, text)}`);
    }
    let n = 0;
    figures['create idea'] = await median(async () => {
      n += 1;
      await db.sql`INSERT INTO "Idea" ("boardId", "authorId", title, description, "updatedAt")
        SELECT ${listed.board.id}::int, u.id, ${`New idea ${n} about exports`}::text,
          ${`A description of idea ${n}, long enough to be a description.`}::text, now()
        FROM "User" u LIMIT 1`;
    });
    figures['edit title'] = await median(async () => {
      n += 1;
      await db.sql`UPDATE "Idea" SET title = ${`Edited title ${n} for exports`}::text
        WHERE id = (SELECT min(id) + ${n}::int FROM "Idea")`;
    });
    return figures;
  } finally {
    await db.close();
  }
}

const table: Record<string, Record<string, number>> = {};
for (const size of sizes) table[size] = await measure(size);
const rows = Object.keys(table[sizes[0]!]!);
console.log(`| ${onPglite ? 'PGlite' : 'PostgreSQL'} (ms, median) | ${sizes.join(' | ')} |`);
console.log(`|---|${sizes.map(() => '---:').join('|')}|`);
for (const row of rows) {
  console.log(`| ${row} | ${sizes.map((size) => table[size]![row]!.toFixed(1)).join(' | ')} |`);
}
