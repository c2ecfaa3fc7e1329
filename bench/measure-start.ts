// `npx tsx bench/measure-start.ts`: the production build's cold start to healthy and idle RSS on
// their own (the two figures `npm run bench` also targets), against a fresh database of the
// machine's PostgreSQL (BENCH_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/postgres).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { cpuMsOf } from './processes.ts';
import { ensureServerBuild, startProduct } from './product.ts';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const database = `feedboard_start_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const url = new URL(adminUrl);
url.pathname = `/${database}`;
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
try {
  await ensureServerBuild();
  // The first start applies the migrations: not a cold start of a deployed server.
  await (await startProduct(url.href)).stop();
  const starts: number[] = [];
  const startCpuMs: number[] = [];
  const loads: number[] = [];
  for (let run = 0; run < 3; run++) {
    loads.push(loadavg()[0]!);
    const product = await startProduct(url.href);
    starts.push(product.coldStartMs);
    // On a busy machine the wall time mostly waits for a core: the CPU the start used is the
    // figure that does not depend on the neighbours.
    startCpuMs.push(cpuMsOf(product.child.pid!));
    await product.stop();
  }
  const product = await startProduct(url.href);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const memory = await product.memory();
  const idleRssMb = rssMb(product.child.pid!);
  await product.stop();
  console.log(
    JSON.stringify({
      loadAverages: loads.map((load) => Number(load.toFixed(1))),
      coldStartMs: starts.map((ms) => Math.round(ms)),
      coldStartCpuMs: startCpuMs,
      idleRssMb: Math.round(idleRssMb),
      idleHeapUsedMb: Math.round(memory.heapUsed / 1024 / 1024),
    }),
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
