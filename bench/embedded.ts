/**
 * The embedded default's memory (`BENCH_ONLY=embedded`): the product started as `npm start`
 * starts it (the bundled server through scripts/serve.sh, PGlite in a fresh folder), its RSS
 * after 30 s idle; then the same folder filled with the benchmark's board (10,000 ideas in the
 * full run), the server started again, its RSS idle and under the vote and read load of the
 * other scenarios. RSS is read from /proc, as `ps -o rss` reads it: nothing is preloaded.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../api/src/db/client.ts';
import { generateDataset, votesPerUser } from './dataset.ts';
import type { TDataset } from './dataset.ts';
import type { TLoadPlan, TLoadResult, TScenario } from './load-worker.ts';
import type { TBenchOptions } from './options.ts';
import { ROOT, now, runNodeJson, startEmbeddedServer, stop } from './processes.ts';

export type TEmbeddedResult = {
  /** Ideas on the board of the loaded part. */
  ideas: number;
  idleSeconds: number;
  /** `npm start` on an empty folder (migrations, demo seeded), after idleSeconds. */
  idleFreshMb: number;
  /** Started again on the filled board, after idleSeconds. */
  idleBoardMb: number;
  /** The highest RSS sampled (every 250 ms) under load. */
  loadMaxMb: number;
  /** The process's peak RSS (VmHWM) after the load: start, idle and load together. */
  peakMb: number;
  load: TLoadResult[];
};

const SCENARIOS: TScenario[] = ['vote-rest', 'read-rest', 'vote-graphql', 'read-graphql'];

async function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

const idle = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

export async function measureEmbedded(
  options: TBenchOptions,
  log: (message: string) => void,
): Promise<TEmbeddedResult> {
  const idleSeconds = options.quick ? 10 : 30;
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-bench-embedded-'));
  try {
    const fresh = await startEmbeddedServer(dataDir);
    await idle(idleSeconds);
    const idleFreshMb = await statusMb(fresh.child.pid!, 'VmRSS');
    log(
      `embedded: npm start on an empty folder, ${idleSeconds} s idle: ${idleFreshMb.toFixed(0)} MB RSS`,
    );
    await stop(fresh.child);

    const begun = now();
    const db = await openDatabase({ dataDir });
    let dataset: TDataset;
    try {
      dataset = await generateDataset((sql) => db.prisma.$queryRawUnsafe(sql), options.sizes);
    } finally {
      await db.close();
    }
    log(
      `embedded: ${options.sizes.ideas} ideas generated in ${((now() - begun) / 1000).toFixed(1)} s`,
    );

    const board = await startEmbeddedServer(dataDir);
    const pid = board.child.pid!;
    try {
      await idle(idleSeconds);
      const idleBoardMb = await statusMb(pid, 'VmRSS');
      log(
        `embedded: started on the board, ${idleSeconds} s idle: ${idleBoardMb.toFixed(0)} MB RSS`,
      );
      let loadMaxMb = 0;
      let isLoading = true;
      const sampler = (async () => {
        while (isLoading) {
          loadMaxMb = Math.max(loadMaxMb, await statusMb(pid, 'VmRSS'));
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const load: TLoadResult[] = [];
      try {
        for (const scenario of SCENARIOS) {
          const plan: TLoadPlan = {
            scenario,
            url: board.url,
            connections: options.connections,
            durationSeconds: options.durationSeconds,
            warmupSeconds: options.warmupSeconds,
            boardId: dataset.boardId,
            ideaIds: dataset.ideaIds,
            users: dataset.userIds.length,
            votesPerUser: votesPerUser(options.sizes),
          };
          const result = await runNodeJson<TLoadResult>([
            'bench/load-worker.ts',
            JSON.stringify(plan),
          ]);
          load.push(result);
          log(
            `embedded ${scenario} × ${options.connections}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, failures ${result.failures + result.errors}, RSS max so far ${loadMaxMb.toFixed(0)} MB`,
          );
        }
      } finally {
        isLoading = false;
        await sampler;
      }
      const peakMb = await statusMb(pid, 'VmHWM');
      return {
        ideas: options.sizes.ideas,
        idleSeconds,
        idleFreshMb,
        idleBoardMb,
        loadMaxMb,
        peakMb,
        load,
      };
    } finally {
      await stop(board.child);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
