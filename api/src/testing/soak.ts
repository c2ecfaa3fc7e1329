import type { ChildProcess } from 'node:child_process';
import { readFile, readdir, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { countMismatches } from './hostile-input.ts';
import { attempt, startServerProcess } from './server-process.ts';
import type { TOutcome } from './server-process.ts';
import { theilSenSlope } from './trend.ts';

/**
 * `npm run soak`: a bounded mixed load on the real server process (api/src/main.ts, embedded
 * PGlite in a temporary folder): votes, reads and comments from a few workers while
 * SOAK_SUBSCRIBERS (500) live subscribers follow the board, for SOAK_SECONDS (300). Every 10 s
 * it samples the server's RSS, its open file descriptors and its heap used after a full garbage
 * collection (the server runs with --expose-gc and api/src/testing/memory-probe.ts, which
 * answers over an IPC channel). Fails (exit 1) on any error answer, a subscriber that dropped,
 * counters that disagree, descriptors that pile up, or a heap that climbs: the Theil–Sen slope
 * of heap-after-GC over the second half above SOAK_HEAP_SLOPE_LIMIT (1 MB/min).
 *
 * RSS is reported, not judged: it swings by a hundred MB with no leak (the young generation
 * grows and shrinks, malloc keeps freed pages, WebAssembly code tiers up), so a trend fitted to
 * it over minutes says little. Heap after a full GC holds only what is still referenced, which
 * is what a leak grows.
 *
 * SOAK_LEAK_BYTES_PER_REQUEST=N makes the server retain N bytes per request (a leak injected
 * on purpose: the check must fail). SOAK_HEAP_SNAPSHOTS=DIR writes heap snapshots of the
 * server after the warm-up and at the end, to compare in Chrome DevTools' Memory tab.
 */

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const SUBSCRIBERS = Number(process.env.SOAK_SUBSCRIBERS ?? 500);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 6);
const HEAP_SLOPE_LIMIT = Number(process.env.SOAK_HEAP_SLOPE_LIMIT ?? 1);
const LEAK_BYTES = process.env.SOAK_LEAK_BYTES_PER_REQUEST ?? '';
const SNAPSHOT_DIR = process.env.SOAK_HEAP_SNAPSHOTS ?? '';
const VOTERS = 12;
const MB = 1024 * 1024;

type TSample = { second: number; rssMb: number; fds: number; heapMb: number; externalMb: number };

/** Asks the server's memory probe; answers when it replies. */
function askProbe<T>(
  child: ChildProcess,
  request: { type: string } & Record<string, unknown>,
): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== request.type) return;
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.send(request);
  });
}

async function sample(child: ChildProcess, second: number): Promise<TSample> {
  const pid = child.pid as number;
  const memory = await askProbe<NodeJS.MemoryUsage>(child, { type: 'memory', gc: true });
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fds = (await readdir(`/proc/${pid}/fd`)).length;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    second,
    rssMb: round(rssKb / 1024),
    fds,
    heapMb: round(memory.heapUsed / MB),
    externalMb: round(memory.external / MB),
  };
}

async function heapSnapshot(child: ChildProcess, name: string): Promise<void> {
  if (!SNAPSHOT_DIR) return;
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  const file = path.resolve(SNAPSHOT_DIR, `${name}.heapsnapshot`);
  await askProbe(child, { type: 'heap-snapshot', file });
  console.log(`heap snapshot: ${file}`);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-soak-'));
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Every subscriber comes from 127.0.0.1, as many as the default cap per address.
      STREAM_LIMIT_PER_IP: String(SUBSCRIBERS + 100),
      ...(LEAK_BYTES ? { PROBE_LEAK_BYTES_PER_REQUEST: LEAK_BYTES } : {}),
    },
    { nodeArgs: ['--expose-gc', '--import', './api/src/testing/memory-probe.ts'], ipc: true },
  );
  const url = server.url;
  const problems: string[] = [];
  const abort = new AbortController();
  try {
    const signup = await attempt(`${url}/api/v1/registrations`, 'POST', {
      body: { email: 'soak@example.com', password: 'soak-password', company: 'Soak Co' },
    });
    const owner = signup.body.token as string;
    const me = await attempt(`${url}/api/v1/me`, 'GET', { token: owner });
    const board = await attempt(`${url}/api/v1/companies/${me.body.companyId}/boards`, 'POST', {
      token: owner,
      body: { name: 'Soak board' },
    });
    const boardId = board.body.id as number;
    await attempt(`${url}/api/v1/boards/${boardId}/set-public`, 'PUT', {
      token: owner,
      body: { isPublic: true },
    });
    const setup = await attempt(`${url}/api/v1/boards/${boardId}/widget-setup`, 'GET', {
      token: owner,
    });
    const ideaIds: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const response = await fetch(`${url}/api/v1/ideas/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner}`,
          'content-type': 'application/json',
          'x-board-id': String(boardId),
        },
        body: JSON.stringify({ title: `Soak idea ${n}` }),
      });
      ideaIds.push(((await response.json()) as { id: number }).id);
    }
    const voters: string[] = [];
    for (let n = 0; n < VOTERS; n += 1) {
      const voter = await attempt(
        `${url}/api/v1/widget/boards/${setup.body.boardHash}/signup`,
        'POST',
        { body: { email: `soak-voter${n}@example.com`, password: 'voter-password' } },
      );
      voters.push(voter.body.token);
    }

    // The subscribers: anonymous visitors of the public board, as the widget follows it.
    let events = 0;
    let droppedStreams = 0;
    let readyStreams = 0;
    const subscribe = async () => {
      try {
        const response = await fetch(`${url}/api/v1/boards/${boardId}/events`, {
          headers: { accept: 'text/event-stream' },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          if (value.includes('event: ready')) readyStreams += 1;
          events += value.split('event: idea').length - 1;
        }
        if (!abort.signal.aborted) droppedStreams += 1;
      } catch (error) {
        if (!abort.signal.aborted) {
          droppedStreams += 1;
          problems.push(`subscriber: ${(error as Error).message}`);
        }
      }
    };
    const streams = Array.from({ length: SUBSCRIBERS }, subscribe);
    while (readyStreams < SUBSCRIBERS) await new Promise((resolve) => setTimeout(resolve, 200));
    console.log(`${SUBSCRIBERS} subscribers live; load for ${SECONDS} s.`);

    const tally = { votes: 0, reads: 0, comments: 0 };
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const check = (what: string, outcome: TOutcome, ok: number[]) => {
      if (outcome.status === 'lost' || !ok.includes(outcome.status)) {
        problems.push(`${what}: ${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`);
      }
    };
    const worker = async (w: number) => {
      for (let n = w; Date.now() < until; n += WORKERS) {
        const token = voters[n % voters.length] as string;
        const ideaId = ideaIds[n % ideaIds.length] as number;
        const roll = n % 10;
        if (roll < 5) {
          tally.reads += 1;
          const read =
            roll % 2
              ? await attempt(`${url}/api/v1/ideas/`, 'GET', {
                  token,
                  headers: { 'x-board-id': String(boardId) },
                })
              : await attempt(`${url}/api/v1/ideas/${ideaId}`, 'GET', { token });
          check('read', read, [200]);
        } else if (roll < 8) {
          tally.votes += 1;
          const direction = Math.floor(n / 10) % 2 ? 'downvote' : 'upvote';
          check(
            'vote',
            await attempt(`${url}/api/v1/ideas/${ideaId}/${direction}`, 'POST', { token }),
            [200],
          );
        } else {
          tally.comments += 1;
          const comment = await attempt(`${url}/api/v1/ideas/${ideaId}/comments`, 'POST', {
            token,
            body: { text: `Soak comment ${n}` },
          });
          check('comment', comment, [201]);
        }
      }
    };
    const samples: TSample[] = [];
    const sampler = (async () => {
      let isSnapshotTaken = false;
      while (Date.now() < until) {
        const second = Math.round((Date.now() - started) / 1000);
        const point = await sample(server.child, second);
        samples.push(point);
        console.log(
          `t=${second}s rss=${point.rssMb} MB heap-after-gc=${point.heapMb} MB external=${point.externalMb} MB fds=${point.fds} requests=${tally.votes + tally.reads + tally.comments} events=${events} errors=${problems.length}`,
        );
        if (!isSnapshotTaken && second >= SECONDS / 2) {
          isSnapshotTaken = true;
          await heapSnapshot(server.child, 'soak-middle');
        }
        await new Promise((resolve) => setTimeout(resolve, 10_000));
      }
    })();
    await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), sampler]);
    samples.push(await sample(server.child, SECONDS));
    await heapSnapshot(server.child, 'soak-end');

    abort.abort();
    await Promise.all(streams);
    await server.stop('SIGTERM');
    const db = await openDatabase({ dataDir });
    const mismatches = await countMismatches(db.prisma);
    await db.close();

    // Trend over the second half (the first warms caches, pools and compiled code up).
    const steady = samples.filter((s) => s.second >= SECONDS / 2);
    const perMinute = (pick: (s: TSample) => number) =>
      theilSenSlope(steady.map((s) => [s.second, pick(s)] as const)) * 60;
    const heapSlopePerMin = perMinute((s) => s.heapMb);
    const rssSlopePerMin = perMinute((s) => s.rssMb);
    const fdSlopePerMin = perMinute((s) => s.fds);
    const firstFds = steady[0]?.fds ?? 0;
    const lastFds = steady.at(-1)?.fds ?? 0;
    if (mismatches.length) problems.push(`counters disagree: ${JSON.stringify(mismatches)}`);
    if (droppedStreams) problems.push(`${droppedStreams} subscriber streams dropped`);
    if (steady.length < 4) {
      problems.push(`only ${steady.length} samples in the second half: run SOAK_SECONDS ≥ 60`);
    } else if (heapSlopePerMin > HEAP_SLOPE_LIMIT) {
      problems.push(
        `heap after GC grows ${heapSlopePerMin.toFixed(2)} MB/min over the second half (limit ${HEAP_SLOPE_LIMIT} MB/min): a leak`,
      );
    }
    if (lastFds > firstFds + 20)
      problems.push(`open file descriptors grew ${firstFds} → ${lastFds}`);

    const requests = tally.votes + tally.reads + tally.comments;
    console.log(
      [
        `Soak: ${SECONDS} s, ${SUBSCRIBERS} subscribers, ${WORKERS} workers`,
        `requests: ${requests} (votes ${tally.votes}, reads ${tally.reads}, comments ${tally.comments}), ${(requests / SECONDS).toFixed(1)}/s`,
        `live events delivered: ${events} (${(events / SUBSCRIBERS).toFixed(0)} per subscriber)`,
        `server heap after GC: ${samples[0]?.heapMb} → ${samples.at(-1)?.heapMb} MB (min ${Math.min(...samples.map((s) => s.heapMb))}, max ${Math.max(...samples.map((s) => s.heapMb))}), second-half slope ${heapSlopePerMin.toFixed(2)} MB/min (limit ${HEAP_SLOPE_LIMIT})`,
        `server RSS (reported, not judged): ${samples[0]?.rssMb} → ${samples.at(-1)?.rssMb} MB (min ${Math.min(...samples.map((s) => s.rssMb))}, max ${Math.max(...samples.map((s) => s.rssMb))}), second-half slope ${rssSlopePerMin.toFixed(2)} MB/min`,
        `server open fds: ${samples[0]?.fds} → ${samples.at(-1)?.fds} (slope ${fdSlopePerMin.toFixed(2)}/min)`,
        `errors: ${problems.length}`,
      ].join('\n'),
    );
    if (problems.length) {
      console.error(problems.slice(0, 20).join('\n'));
      process.exitCode = 1;
    }
  } finally {
    abort.abort();
    await server.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
