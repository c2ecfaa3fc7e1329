/**
 * The import scenario (`BENCH_ONLY=import`): a board exported as our CSV with 50,000 votes
 * (2,000 ideas, 10,000 people, 5,000 comments; a tenth of that with BENCH_QUICK) imported into a
 * fresh PostgreSQL database the way the console does it: previewImport (read and check the file,
 * count what is new), then the background job (runImportJob, a transaction per chunk). Then the same
 * file again, which must create nothing. Target: the whole import under 60 s on this machine.
 */
import pg from 'pg';
import { openDatabase } from '../api/src/db/client.ts';
import { loadConfig } from '../api/src/config.ts';
import { createDeps } from '../api/src/deps.ts';
import { previewImport } from '../api/src/services/import/preview-import.ts';
import { runImportJob } from '../api/src/services/import/run-import.ts';
import { startImport } from '../api/src/services/import/start-import.ts';
import type { TViewer } from '../api/src/viewer.ts';
import type { TBenchOptions } from './options.ts';
import { now } from './processes.ts';

export type TImportBenchResult = {
  ideas: number;
  people: number;
  votes: number;
  comments: number;
  fileMb: number;
  previewMs: number;
  importMs: number;
  totalMs: number;
  rerunCreated: number;
  countersMatch: boolean;
};

/** Our CSV with `votes` votes spread over `ideas` ideas by `people` people. */
export function importBenchCsv(sizes: {
  ideas: number;
  people: number;
  votes: number;
  comments: number;
}): string {
  const lines = ['type,idea id,title,description,status,email,name,created at,text,comment id'];
  const statuses = ['open', 'under review', 'planned', 'in progress', 'complete', 'declined'];
  const day = (n: number) => new Date(Date.UTC(2022, 0, 1) + n * 3_600_000).toISOString();
  for (let i = 0; i < sizes.ideas; i++) {
    lines.push(
      `idea,i${i},Imported idea number ${i},Why idea ${i} matters,${statuses[i % statuses.length]},p${i % sizes.people}@example.com,Person ${i % sizes.people},${day(i)},,`,
    );
  }
  // Each vote a distinct (idea, person) pair: person p votes for ideas p, p+1, … (mod ideas).
  const perPerson = Math.ceil(sizes.votes / sizes.people);
  let written = 0;
  for (let p = 0; p < sizes.people && written < sizes.votes; p++) {
    for (let k = 0; k < perPerson && written < sizes.votes; k++, written++) {
      lines.push(
        `vote,i${(p * 7 + k) % sizes.ideas},,,,p${p}@example.com,Person ${p},${day(sizes.ideas + written)},,`,
      );
    }
  }
  for (let c = 0; c < sizes.comments; c++) {
    lines.push(
      `comment,i${c % sizes.ideas},,,,p${c % sizes.people}@example.com,,${day(c)},Comment number ${c} on this idea,c${c}`,
    );
  }
  return lines.join('\n') + '\n';
}

export async function measureImport(
  options: TBenchOptions,
  log: (line: string) => void,
): Promise<TImportBenchResult> {
  const sizes = options.quick
    ? { ideas: 200, people: 1_000, votes: 5_000, comments: 500 }
    : { ideas: 2_000, people: 10_000, votes: 50_000, comments: 5_000 };
  const database = `feedboard_import_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(options.serverUrl);
  url.pathname = `/${database}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  try {
    await db.migrate();
    const deps = createDeps(
      loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url.toString() }),
      db.prisma,
      db.sql,
    );
    const company = await db.prisma.company.create({
      data: { name: 'Import bench', slug: `import-bench-${process.pid}`, secret: 'x'.repeat(32) },
    });
    await db.prisma.subscription.create({
      data: {
        companyId: company.id,
        product: 'ULTRA',
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const owner = await db.prisma.user.create({
      data: {
        companyId: company.id,
        role: 'OWNER',
        displayName: 'Owner',
        email: 'owner@bench.example',
      },
    });
    const board = await db.prisma.board.create({
      data: {
        companyId: company.id,
        name: 'Imported board',
        slug: 'imported',
        widgetHash: `bench-${process.pid}`,
      },
    });
    const viewer: TViewer = {
      userId: owner.id,
      companyId: company.id,
      role: 'OWNER',
      kind: 'REGULAR',
      sessionId: 1,
    };
    const csv = Buffer.from(importBenchCsv(sizes));
    log(
      `import: ${sizes.votes} votes, ${sizes.ideas} ideas, ${sizes.people} people, ${sizes.comments} comments (${(csv.length / 1e6).toFixed(1)} MB)`,
    );
    const live = new Map<number, number>();

    const importOnce = async () => {
      const started = now();
      const job = await previewImport(deps, viewer, {
        boardId: board.id,
        source: 'CSV',
        files: [{ name: 'board.csv', data: csv }],
      });
      const previewMs = now() - started;
      await startImport({ ...deps, imports: { ...deps.imports, wake: () => {} } }, viewer, job.id);
      const begun = now();
      await runImportJob(deps, live);
      const importMs = now() - begun;
      const done = await db.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
      if (done.status !== 'SUCCEEDED') throw new Error(`The import failed: ${done.error}`);
      return { previewMs, importMs, result: done.result as Record<string, number> };
    };
    const first = await importOnce();
    log(
      `import: preview ${Math.round(first.previewMs)} ms, import ${Math.round(first.importMs)} ms`,
    );
    const second = await importOnce();
    const rerunCreated = Object.values(second.result).reduce((sum, n) => sum + n, 0);
    const [counts] = await db.prisma.$queryRaw<
      { votes: number; voteCount: number; comments: number; commentCount: number }[]
    >`
      SELECT (SELECT count(*) FROM "Vote")::int AS votes, (SELECT sum("voteCount") FROM "Idea")::int AS "voteCount",
             (SELECT count(*) FROM "Comment")::int AS comments, (SELECT sum("commentCount") FROM "Idea")::int AS "commentCount"`;
    await deps.events.close();
    await deps.rateLimiter.close();
    await deps.mailer.close();
    return {
      ...sizes,
      fileMb: Math.round((csv.length / 1e6) * 10) / 10,
      previewMs: Math.round(first.previewMs),
      importMs: Math.round(first.importMs),
      totalMs: Math.round(first.previewMs + first.importMs),
      rerunCreated,
      countersMatch:
        counts!.votes === counts!.voteCount &&
        counts!.comments === counts!.commentCount &&
        counts!.votes === sizes.votes,
    };
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}
