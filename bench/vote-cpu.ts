// `npx tsx bench/vote-cpu.ts`: the server's CPU time per REST vote (and its peak memory and
// start time) for several ways of running the same bundle: Node binaries, PGlite or PostgreSQL,
// V8 flags. CPU time (user + system, from /proc) is far less sensitive to a busy machine than
// wall time, and the variants take turns (VOTE_CPU_ROUNDS rounds, each variant once per round,
// in a rotated order) so that the machine's drift falls on all of them alike.
//
// VOTE_CPU_VARIANTS: JSON array of { name, node (a node binary), db ("pglite" | "pg"),
//   flags (V8/node flags) }; defaults to Node 20 and 24 on both databases with and without
//   --liftoff-only. VOTE_CPU_CONNECTIONS (64), VOTE_CPU_SECONDS (8, after VOTE_CPU_WARMUP: 20 s of votes),
//   VOTE_CPU_ROUNDS (3), VOTE_CPU_BATCHES (1: measured runs one after another on each server,
//   the last one is cpuMsPerVote), VOTE_CPU_FRESH=1 also measures a first start (an empty data folder) of
//   each pglite variant. BENCH_ADMIN_URL: the PostgreSQL server (default
//   postgresql://postgres@127.0.0.1:5432/postgres). Needs `node scripts/build-server.mjs` first
//   (VOTE_CPU_BUNDLE: another bundle than dist/server/main.js).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../api/src/db/client.ts';
import { generateDataset, votesPerUser } from './dataset.ts';
import type { TDataset } from './dataset.ts';
import type { TLoadPlan, TLoadResult } from './load-worker.ts';
import type { TDatasetSizes } from './options.ts';
import { ROOT, cpuMsOf, freePort, now, runNodeJson, stop } from './processes.ts';

type TVariant = { name: string; node: string; db: 'pglite' | 'pg'; flags: string[] };

const NODE20 = '/usr/bin/node';
const NODE24 = process.execPath;
const SERVE_FLAGS_PGLITE = ['--max-semi-space-size=16'];
const SERVE_FLAGS_PG = ['--max-semi-space-size=32'];
const variants: TVariant[] = process.env.VOTE_CPU_VARIANTS
  ? (JSON.parse(process.env.VOTE_CPU_VARIANTS) as TVariant[])
  : [
      { name: 'node20 pglite', node: NODE20, db: 'pglite', flags: SERVE_FLAGS_PGLITE },
      {
        name: 'node20 pglite liftoff-only',
        node: NODE20,
        db: 'pglite',
        flags: ['--liftoff-only', ...SERVE_FLAGS_PGLITE],
      },
      { name: 'node24 pglite', node: NODE24, db: 'pglite', flags: SERVE_FLAGS_PGLITE },
      {
        name: 'node24 pglite liftoff-only',
        node: NODE24,
        db: 'pglite',
        flags: ['--liftoff-only', ...SERVE_FLAGS_PGLITE],
      },
      { name: 'node20 pg', node: NODE20, db: 'pg', flags: SERVE_FLAGS_PG },
      { name: 'node24 pg', node: NODE24, db: 'pg', flags: SERVE_FLAGS_PG },
      {
        name: 'node24 pg liftoff-only',
        node: NODE24,
        db: 'pg',
        flags: ['--liftoff-only', ...SERVE_FLAGS_PG],
      },
    ];
const bundle = process.env.VOTE_CPU_BUNDLE ?? 'dist/server/main.js';
const connections = Number(process.env.VOTE_CPU_CONNECTIONS ?? 64);
const seconds = Number(process.env.VOTE_CPU_SECONDS ?? 8);
const rounds = Number(process.env.VOTE_CPU_ROUNDS ?? 3);
const warmupSeconds = Number(process.env.VOTE_CPU_WARMUP ?? 20);
const batches = Number(process.env.VOTE_CPU_BATCHES ?? 1);
const sizes: TDatasetSizes = { ideas: 1_000, users: 200, votes: 10_000, comments: 2_000 };
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const statusKb = (pid: number, field: string) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
  );
const log = (message: string) => console.error(`[${new Date().toISOString()}] ${message}`);

async function start(
  variant: TVariant,
  target: { dataDir?: string; databaseUrl?: string },
): Promise<{ url: string; child: ChildProcess; startMs: number }> {
  const port = await freePort();
  const begun = now();
  const child = spawn(variant.node, [...variant.flags, bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      // scripts/serve.sh's allocator settings
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '32768',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: target.dataDir ?? '',
      DATABASE_URL: target.databaseUrl ?? '',
      REDIS_URL: '',
      SEED_DEMO: target.databaseUrl ? 'false' : 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_GRAPHQL_COST_PER_IP: '0',
      RATE_LIMIT_GRAPHQL_COST_PER_ACCOUNT: '0',
      // Every simulated user comes from 127.0.0.1, many at once: no line per client address.
      CLIENT_CONCURRENCY: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant.name} exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url, child, startMs: now() - begun };
}

async function votes(url: string, dataset: TDataset, durationSeconds: number, warmup: number) {
  const plan: TLoadPlan = {
    scenario: 'vote-rest',
    url,
    connections,
    durationSeconds,
    warmupSeconds: warmup,
    boardId: dataset.boardId,
    ideaIds: dataset.ideaIds,
    users: dataset.userIds.length,
    votesPerUser: votesPerUser(sizes),
  };
  const result = await runNodeJson<TLoadResult>(['bench/load-worker.ts', JSON.stringify(plan)]);
  // A wrong answer stops the run; requests that time out at the client on a crowded machine
  // (the first seconds of PGlite on Node 20 at 64 connections) are only counted.
  const failures = result.failures + result.warmup.failures;
  if (failures > 0) throw new Error(`failed votes: ${failures} (${result.firstFailure ?? ''})`);
  return result;
}

const database = `feedboard_votecpu_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'feedboard-votecpu-'));
const rows: Record<string, unknown>[] = [];
try {
  const needsPg = variants.some((v) => v.db === 'pg');
  const needsPglite = variants.some((v) => v.db === 'pglite');
  const pgUrl = new URL(adminUrl);
  pgUrl.pathname = `/${database}`;
  let pgDataset: TDataset | null = null;
  let pgliteDataset: TDataset | null = null;
  if (needsPg) {
    await admin.query(`CREATE DATABASE ${database}`);
    const db = await openDatabase({ databaseUrl: pgUrl.href, dataDir: 'unused' });
    await db.migrate();
    await db.close();
    const client = new pg.Client({ connectionString: pgUrl.href });
    await client.connect();
    pgDataset = await generateDataset(async (sql) => (await client.query(sql)).rows, sizes);
    await client.end();
  }
  if (needsPglite) {
    // The first start makes the folder (initdb, migrations, the demo company), as npm start does.
    const first = await start(
      variants.find((v) => v.db === 'pglite')!,
      { dataDir },
    );
    await stop(first.child);
    const db = await openDatabase({ dataDir });
    pgliteDataset = await generateDataset((sql) => db.prisma.$queryRawUnsafe(sql), sizes);
    await db.close();
  }
  if (process.env.VOTE_CPU_FRESH === '1') {
    for (const variant of variants.filter((v) => v.db === 'pglite')) {
      const fresh = mkdtempSync(path.join(os.tmpdir(), 'feedboard-votecpu-fresh-'));
      try {
        const load = os.loadavg()[0]!;
        const server = await start(variant, { dataDir: fresh });
        const row = {
          variant: variant.name,
          kind: 'first start',
          load: Number(load.toFixed(1)),
          startMs: Math.round(server.startMs),
          startCpuMs: cpuMsOf(server.child.pid!),
          peakMb: Math.round(statusKb(server.child.pid!, 'VmHWM') / 1024),
        };
        await stop(server.child);
        rows.push(row);
        log(JSON.stringify(row));
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < variants.length; i++) {
      const variant = variants[(i + round) % variants.length]!;
      const dataset = variant.db === 'pg' ? pgDataset! : pgliteDataset!;
      const load = os.loadavg()[0]!;
      const server = await start(
        variant,
        variant.db === 'pg' ? { databaseUrl: pgUrl.href } : { dataDir },
      );
      const pid = server.child.pid!;
      try {
        const startCpuMs = cpuMsOf(pid);
        const startPeakMb = statusKb(pid, 'VmHWM') / 1024;
        // Warm-up: connections, JIT, WebAssembly tier-up (on PGlite, V8 compiles the hot
        // functions of its PostgreSQL again with its optimising compiler in the first minute or
        // so: that CPU would otherwise count against the first votes), caches.
        const warm = await votes(server.url, dataset, warmupSeconds, 1);
        let cpuBefore = cpuMsOf(pid);
        const warmCpuMsPerVote = (cpuBefore - startCpuMs) / (warm.requests + warm.warmupRequests);
        // VOTE_CPU_BATCHES > 1: how the CPU per vote moves over the server's first minutes.
        const batchCpuMsPerVote: number[] = [];
        for (let batch = 1; batch < batches; batch++) {
          const result = await votes(server.url, dataset, seconds, 1);
          const cpu = cpuMsOf(pid);
          batchCpuMsPerVote.push(
            Number(((cpu - cpuBefore) / (result.requests + result.warmupRequests)).toFixed(3)),
          );
          cpuBefore = cpu;
        }
        const result = await votes(server.url, dataset, seconds, 1);
        const requests = result.requests + result.warmupRequests;
        const row = {
          ...(batches > 1 ? { batchCpuMsPerVote } : {}),
          variant: variant.name,
          round,
          load: Number(load.toFixed(1)),
          startMs: Math.round(server.startMs),
          startCpuMs,
          startPeakMb: Math.round(startPeakMb),
          warmCpuMsPerVote: Number(warmCpuMsPerVote.toFixed(3)),
          cpuMsPerVote: Number(((cpuMsOf(pid) - cpuBefore) / requests).toFixed(3)),
          rps: Math.round(result.rps),
          errors: result.errors + warm.errors,
          p99: result.p99,
          peakMb: Math.round(statusKb(pid, 'VmHWM') / 1024),
          rssMb: Math.round(statusKb(pid, 'VmRSS') / 1024),
        };
        rows.push(row);
        log(JSON.stringify(row));
      } finally {
        await stop(server.child);
      }
    }
  }
  console.log(JSON.stringify(rows));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
