/**
 * One request must not stall the server (issue 33.2), on the embedded database: PGlite runs in
 * the server's own thread, so a statement that takes a second holds every other request for that
 * second. `npx tsx bench/stall.ts` builds the server bundle, fills a PGlite folder with the
 * benchmark's board (10,000 ideas, 100,000 votes; `BENCH_QUICK=1`: a tenth), starts the product
 * as `npm start` does, and runs each heavy request in turn while two loops read `/healthz` and the
 * board's first page of ideas (each asks again as soon as it is answered). It prints the heavy
 * request's time and the worst and median latency of the reads answered meanwhile.
 * `STALL_DATA_DIR=<folder>` keeps the filled folder for the next run (filled once).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../api/src/db/client.ts';
import { generateDataset, sessionToken } from './dataset.ts';
import type { TDataset } from './dataset.ts';
import { FULL_SIZES } from './options.ts';
import { ROOT, now, startEmbeddedServer, stop } from './processes.ts';

const quick = process.env.BENCH_QUICK === '1';
const sizes = quick
  ? { ideas: 1_000, users: 200, votes: 10_000, comments: 2_000 }
  : { ...FULL_SIZES, ideas: 10_000, votes: 100_000 };

type THeavy = { name: string; run: (url: string) => Promise<{ status: number; bytes: number }> };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Asks `path` again and again until `stopAt()`; each answer's latency in ms. */
async function poll(
  url: string,
  headers: Record<string, string>,
  isDone: () => boolean,
): Promise<number[]> {
  const latencies: number[] = [];
  while (!isDone()) {
    const begun = now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    latencies.push(now() - begun);
  }
  return latencies;
}

async function main(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const keep = process.env.STALL_DATA_DIR;
  const dataDir = keep ?? (await mkdtemp(path.join(os.tmpdir(), 'feedboard-bench-stall-')));
  const datasetFile = path.join(dataDir, 'bench-dataset.json');
  let dataset: TDataset;
  if (keep && existsSync(datasetFile)) {
    dataset = JSON.parse(await readFile(datasetFile, 'utf8')) as TDataset;
  } else {
    // The first start migrates the empty folder; the data set goes in with the server stopped.
    const first = await startEmbeddedServer(dataDir);
    await stop(first.child);
    const begun = now();
    const db = await openDatabase({ dataDir });
    try {
      dataset = await generateDataset((sql) => db.prisma.$queryRawUnsafe(sql), sizes);
    } finally {
      await db.close();
    }
    await writeFile(datasetFile, JSON.stringify(dataset));
    console.log(`${sizes.ideas} ideas generated in ${((now() - begun) / 1000).toFixed(1)} s`);
  }
  const server = await startEmbeddedServer(dataDir);
  const owner = { authorization: `Bearer ${sessionToken(0)}` };
  const get =
    (pathname: string, headers: Record<string, string> = owner): THeavy['run'] =>
    async (url) => {
      const response = await fetch(`${url}${pathname}`, { headers });
      const body = await response.arrayBuffer();
      return { status: response.status, bytes: body.byteLength };
    };
  // The 100 ideas a bulk action may name, the first ones of the board.
  const bulkIds = dataset.ideaIds
    .slice(0, 100)
    .map((id) => Buffer.from(`Idea:${id}`).toString('base64'));
  const bulk =
    (status: string): THeavy['run'] =>
    async (url) => {
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `mutation ($ids: [ID!]!, $status: IdeaStatus!) {
            bulkSetIdeaStatus(ideaIds: $ids, status: $status) { __typename } }`,
          variables: { ids: bulkIds, status },
        }),
      });
      const text = await response.text();
      if (text.includes('"errors"')) throw new Error(text.slice(0, 500));
      return { status: response.status, bytes: text.length };
    };
  const heavies: THeavy[] = [
    { name: 'ideas.csv', run: get(`/api/v1/boards/${dataset.boardId}/export/ideas.csv`) },
    { name: 'voters.csv', run: get(`/api/v1/boards/${dataset.boardId}/export/voters.csv`) },
    { name: 'sitemap.xml (anonymous)', run: get(`/${dataset.companySlug}/sitemap.xml`, {}) },
    { name: 'bulkSetIdeaStatus × 100 → PLANNED', run: bulk('PLANNED') },
    { name: 'bulkSetIdeaStatus × 100 → OPEN', run: bulk('OPEN') },
  ];
  const only = process.env.STALL_ONLY?.split(',');
  const rows: string[] = [];
  try {
    for (const heavy of heavies) {
      if (only && !only.some((name) => heavy.name.startsWith(name))) continue;
      let isDone = false;
      const reader = { authorization: `Bearer ${sessionToken(1)}` };
      const health = poll(`${server.url}/healthz`, {}, () => isDone);
      const page = poll(
        `${server.url}/api/v1/ideas/?sort=VOTES&limit=50`,
        { ...reader, 'x-board-id': String(dataset.boardId) },
        () => isDone,
      );
      const begun = now();
      const answer = await heavy.run(server.url);
      const ms = now() - begun;
      isDone = true;
      const [healthMs, pageMs] = await Promise.all([health, page]);
      const row = `| ${heavy.name} | ${answer.status} | ${(answer.bytes / 1024).toFixed(0)} KB | ${ms.toFixed(0)} ms | ${Math.max(...healthMs).toFixed(0)} / ${median(healthMs).toFixed(0)} ms (${healthMs.length}) | ${Math.max(...pageMs).toFixed(0)} / ${median(pageMs).toFixed(0)} ms (${pageMs.length}) |`;
      console.log(row);
      rows.push(row);
    }
  } finally {
    await stop(server.child);
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${sizes.ideas} ideas, ${sizes.votes} votes, PGlite\n\n| heavy request | status | size | time | /healthz worst / median (answers) | page of ideas worst / median (answers) |\n| --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}`,
  );
}

await main();
