// `npx tsx bench/idea-value-scale.ts`: what a vote and the team's value page within a customer
// segment cost the database when one idea holds many votes (issue 38). On PostgreSQL only
// (BENCH_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres), in a database of its
// own (VALUE_SCALE_DATABASE, default feedboard_bench_value: dropped first and at the end).
//
// The data: bench/dataset.ts's set (10,000 ideas, VALUE_SCALE_BASE_USERS 2,000 users,
// VALUE_SCALE_BASE_VOTES 100,000 votes, a customer company per 100 users), plus one "hot" idea holding VALUE_SCALE_HOT_VOTES (100,000) more votes, by as
// many end users spread over VALUE_SCALE_COMPANIES (1,000) more customer companies (gold and
// silver, 100 to 5,090 a month). Then, on the hot idea, VALUE_SCALE_VOTES (200) votes taken
// back at once by members of a customer already behind it (its count 100 → 101 → 100), and as
// many by the only member of a customer new to it (0 → 1 → 0, the value set again), each as the
// product sends it (the statements of bench/baseline-server.ts: upvote, downvote and, for a
// customer's member, the value read again); and the value page and the segment count of the
// `value-*` scenario (plan gold, spend ≥ 100), VALUE_SCALE_PAGES (30) times each.
//
// VALUE_SCALE_BEFORE=1 measures the code before migration idea_customer_company instead: the
// migrations up to it, and the statements of that day (the value recounted from every vote of
// the idea by the trigger of migration idea_value, the segment read from the votes).
//
// Figures per vote and per page: the database backend's CPU time (from /proc, a local server
// only: the figure least moved by a busy machine), and the statement's wall time at the client
// (median and p90). The load average is printed beside them.
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SQL, valueCountValues, valuePageValues } from './baseline-server.ts';
import { generateDataset } from './dataset.ts';
import { ROOT } from './processes.ts';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = process.env.VALUE_SCALE_DATABASE ?? 'feedboard_bench_value';
const hotVotes = Number(process.env.VALUE_SCALE_HOT_VOTES ?? 100_000);
const hotCompanies = Number(process.env.VALUE_SCALE_COMPANIES ?? 1_000);
const votes = Number(process.env.VALUE_SCALE_VOTES ?? 200);
const pages = Number(process.env.VALUE_SCALE_PAGES ?? 30);
const before = process.env.VALUE_SCALE_BEFORE === '1';
const baseUsers = Number(process.env.VALUE_SCALE_BASE_USERS ?? 2_000);
const baseVotes = Number(process.env.VALUE_SCALE_BASE_VOTES ?? 100_000);
const NEW_MIGRATION = '20261129095500_idea_customer_company';

// The statements of the day before migration idea_customer_company (bench/baseline-server.ts
// then): no `isCustomer`, no value read again, the segment read from the votes.
const SQL_BEFORE = {
  upvote: SQL.upvote.replace(/, EXISTS \(SELECT 1 FROM "CustomerCompanyMember" m[^`]*$/s, ''),
  downvote: SQL.downvote.replace(/,\s*EXISTS \(SELECT 1 FROM "CustomerCompanyMember" m[^`]*$/s, ''),
  valuePage: SQL.valuePage.replace(SEGMENT_NOW('$4', '$5', '$6'), SEGMENT_THEN('$4', '$5', '$6')),
  valueCount: SQL.valueCount.replace(SEGMENT_NOW('$2', '$3', '$4'), SEGMENT_THEN('$2', '$3', '$4')),
};

function SEGMENT_NOW(company: string, plan: string, spend: string): string {
  return `    AND EXISTS (SELECT 1 FROM "IdeaCustomerCompany" sx
                  JOIN "CustomerCompany" sc ON sc."id" = sx."customerCompanyId"
                                           AND sc."companyId" = ${company}::int
                  WHERE sx."ideaId" = i."id"
                  AND sc."plan" = ${plan}::text
                  AND sc."monthlySpend" >= ${spend}::numeric )`;
}

function SEGMENT_THEN(company: string, plan: string, spend: string): string {
  return `    AND EXISTS (SELECT 1 FROM "Vote" sv
        JOIN "CustomerCompanyMember" sm ON sm."userId" = sv."userId"
        JOIN "CustomerCompany" sc ON sc."id" = sm."customerCompanyId"
                                 AND sc."companyId" = ${company}::int
                WHERE sv."ideaId" = i."id"
                  AND sc."plan" = ${plan}::text
                  AND sc."monthlySpend" >= ${spend}::numeric )`;
}

const log = (message: string) => console.error(`[${new Date().toISOString()}] ${message}`);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The backend's CPU time (user + system) so far, in ms, from /proc. */
function backendCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

type TFigure = { what: string; cpuMs: number; p50Ms: number; p90Ms: number; load: string };

/** Runs `work` `times` times on one backend: its CPU per run and the wall time of each. */
async function measure(
  client: pg.Client,
  pid: number,
  what: string,
  times: number,
  work: (n: number) => Promise<void>,
): Promise<TFigure> {
  await work(-1);
  const walls: number[] = [];
  const cpuBefore = backendCpuMs(pid);
  for (let n = 0; n < times; n += 1) {
    const started = performance.now();
    await work(n);
    walls.push(performance.now() - started);
  }
  const cpuMs = (backendCpuMs(pid) - cpuBefore) / times;
  const figure = {
    what,
    cpuMs,
    p50Ms: quantile(walls, 0.5),
    p90Ms: quantile(walls, 0.9),
    load: load(),
  };
  log(
    `${what}: database CPU ${cpuMs.toFixed(2)} ms, wall p50 ${figure.p50Ms.toFixed(2)} ms, p90 ${figure.p90Ms.toFixed(2)} ms (load ${figure.load})`,
  );
  return figure;
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    const dir = path.join(ROOT, 'prisma/migrations');
    const migrations = readdirSync(dir)
      .filter((name) => /^\d/.test(name))
      .sort()
      .filter((name) => !before || name < NEW_MIGRATION);
    for (const name of migrations) {
      await client.query(readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'));
    }
    log(`${migrations.length} migrations applied (${before ? 'before' : 'with'} ${NEW_MIGRATION})`);
    const run = async (sql: string) => (await client.query(sql)).rows;
    let started = performance.now();
    const dataset = await generateDataset(run, {
      ideas: 10_000,
      users: baseUsers,
      votes: baseVotes,
      comments: 20_000,
    });
    log(`data set in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { companyId, boardId } = dataset;
    const hotIdea = dataset.ideaIds[0]!;
    // The hot idea's customers and voters, and the probes: members of a customer already behind
    // it (one per vote, none of them voted on it), and the only members of customers new to it.
    started = performance.now();
    await run(`
      INSERT INTO "CustomerCompany" ("companyId", "externalId", name, "monthlySpend", plan, "updatedAt")
      SELECT ${companyId}, 'hot-' || g, 'Hot customer ' || g, 100 + (g * 37 % 500) * 10,
             CASE WHEN g % 2 = 0 THEN 'gold' ELSE 'silver' END, now()
      FROM generate_series(0, ${hotCompanies + votes - 1}) AS g`);
    await run(`
      INSERT INTO "User" ("companyId", kind, role, "loginEmail", email, "displayName", "createdAt", "updatedAt")
      SELECT ${companyId}, 'REGULAR', 'END_USER', 'hot' || g || '@bench.test', 'hot' || g || '@bench.test',
             'Hot voter ' || g, now(), now()
      FROM generate_series(0, ${hotVotes + 2 * votes - 1}) AS g ORDER BY g`);
    await run(`
      WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User"
                 WHERE "email" LIKE 'hot%@bench.test'),
           c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "CustomerCompany"
                 WHERE "externalId" LIKE 'hot-%')
      INSERT INTO "CustomerCompanyMember" ("customerCompanyId", "userId")
      SELECT c.id, u.id FROM u JOIN c ON c.n = CASE
        WHEN u.n < ${hotVotes + votes} THEN u.n % ${hotCompanies}
        ELSE ${hotCompanies} + (u.n - ${hotVotes + votes}) END`);
    await run(`
      WITH inserted AS (
        INSERT INTO "Vote" ("ideaId", "userId")
        SELECT ${hotIdea}, u.id FROM (
          SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User"
          WHERE "email" LIKE 'hot%@bench.test') u
        WHERE u.n < ${hotVotes}
        RETURNING 1)
      UPDATE "Idea" SET "voteCount" = "voteCount" + (SELECT count(*) FROM inserted)::int
      WHERE "id" = ${hotIdea}`);
    await run('VACUUM ANALYZE');
    const probes = (
      await run(`
        SELECT id FROM "User" WHERE "email" LIKE 'hot%@bench.test' ORDER BY id
        OFFSET ${hotVotes}`)
    ).map((row) => Number(row.id));
    const [hot] = await run(`SELECT "voteCount", "value" FROM "Idea" WHERE "id" = ${hotIdea}`);
    log(
      `hot idea ${hotIdea}: ${String(hot!.voteCount)} votes, value ${String(hot!.value)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    const pid = Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    const statements = before ? SQL_BEFORE : SQL;
    const vote = async (userId: number, ideaId = hotIdea) => {
      const up = await client.query(statements.upvote, [
        companyId,
        userId,
        ideaId,
        userId,
        ideaId,
        ...(before ? [] : [userId]),
      ]);
      if (!before && up.rows[0].changed > 0 && up.rows[0].isCustomer) {
        await client.query(SQL.value, [ideaId]);
      }
      const down = await client.query(statements.downvote, [
        ideaId,
        userId,
        ideaId,
        ...(before ? [] : [userId]),
      ]);
      if (!before && down.rows[0].changed > 0 && down.rows[0].isCustomer) {
        await client.query(SQL.value, [ideaId]);
      }
      if (Number(up.rows[0].changed) !== 1 || Number(down.rows[0].changed) !== 1) {
        throw new Error('A probe vote changed nothing');
      }
    };
    const figures: TFigure[] = [];
    await client.query('VACUUM ANALYZE');
    figures.push(
      await measure(
        client,
        pid,
        'vote + unvote, a customer already behind the idea',
        votes - 1,
        (n) => vote(probes[n + 1]!),
      ),
    );
    figures.push(
      await measure(client, pid, 'vote + unvote, a customer new to the idea', votes - 1, (n) =>
        vote(probes[votes + n + 1]!),
      ),
    );
    const coldIdea = dataset.ideaIds[dataset.ideaIds.length - 1]!;
    const [cold] = await run(`SELECT "voteCount" FROM "Idea" WHERE "id" = ${coldIdea}`);
    figures.push(
      await measure(
        client,
        pid,
        `vote + unvote, an idea of ${String(cold!.voteCount)} votes`,
        votes - 1,
        (n) => vote(probes[n + 1]!, coldIdea),
      ),
    );
    const [after] = await run(`SELECT "voteCount", "value" FROM "Idea" WHERE "id" = ${hotIdea}`);
    if (
      String(after!.voteCount) !== String(hot!.voteCount) ||
      String(after!.value) !== String(hot!.value)
    ) {
      throw new Error(`The hot idea moved: ${JSON.stringify(after)} after ${JSON.stringify(hot)}`);
    }
    await client.query('VACUUM ANALYZE');
    const ownerId = dataset.userIds[0]!;
    figures.push(
      await measure(client, pid, 'value page (50, gold, spend >= 100)', pages, async () => {
        await client.query(statements.valuePage, valuePageValues(boardId, companyId, ownerId));
      }),
    );
    figures.push(
      await measure(client, pid, 'segment count', pages, async () => {
        await client.query(statements.valueCount, valueCountValues(boardId, companyId));
      }),
    );
    console.log(
      `| ${before ? 'before' : 'after'} | what | database CPU ms | wall p50 ms | wall p90 ms | load |`,
    );
    console.log('|---|---|---:|---:|---:|---|');
    for (const f of figures) {
      console.log(
        `| ${before ? 'before' : 'after'} | ${f.what} | ${f.cpuMs.toFixed(2)} | ${f.p50Ms.toFixed(2)} | ${f.p90Ms.toFixed(2)} | ${f.load} |`,
      );
    }
  } finally {
    await client.end();
    if (process.env.VALUE_SCALE_KEEP !== '1') {
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    }
    await admin.end();
  }
}

await main();
