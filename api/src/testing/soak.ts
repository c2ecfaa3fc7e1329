import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { countMismatches } from './hostile-input.ts';
import { attempt, startServerProcess } from './server-process.ts';
import type { TOutcome } from './server-process.ts';

/**
 * `npm run soak`: a bounded mixed load on the real server process (api/src/main.ts, embedded
 * PGlite in a temporary folder): votes, reads and comments from a few workers while
 * SOAK_SUBSCRIBERS (500) live subscribers follow the board, for SOAK_SECONDS (300). The
 * server's memory (RSS) and open file descriptors are sampled every 10 s. Fails (exit 1) on any
 * error answer, a growth trend in either, a subscriber that dropped, or counters that disagree.
 */

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const SUBSCRIBERS = Number(process.env.SOAK_SUBSCRIBERS ?? 500);
const WORKERS = Number(process.env.SOAK_WORKERS ?? 6);
const VOTERS = 12;

type TSample = { second: number; rssMb: number; fds: number };

async function sample(pid: number, second: number): Promise<TSample> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const fds = (await readdir(`/proc/${pid}/fd`)).length;
  return { second, rssMb: Math.round(rssKb / 102.4) / 10, fds };
}

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den ? num / den : 0;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-soak-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
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
      while (Date.now() < until) {
        const second = Math.round((Date.now() - started) / 1000);
        const point = await sample(server.child.pid as number, second);
        samples.push(point);
        console.log(
          `t=${second}s rss=${point.rssMb} MB fds=${point.fds} requests=${tally.votes + tally.reads + tally.comments} events=${events} errors=${problems.length}`,
        );
        await new Promise((resolve) => setTimeout(resolve, 10_000));
      }
    })();
    await Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), sampler]);
    samples.push(await sample(server.child.pid as number, SECONDS));

    abort.abort();
    await Promise.all(streams);
    await server.stop('SIGTERM');
    const db = await openDatabase({ dataDir });
    const mismatches = await countMismatches(db.prisma);
    await db.close();

    // Trend: after a warm-up third, growth over the rest must stay small.
    const steady = samples.filter((s) => s.second >= SECONDS / 3);
    const rssSlopePerMin = slope(steady.map((s) => [s.second, s.rssMb])) * 60;
    const fdSlopePerMin = slope(steady.map((s) => [s.second, s.fds])) * 60;
    const meanRss = steady.reduce((sum, s) => sum + s.rssMb, 0) / Math.max(steady.length, 1);
    const firstFds = steady[0]?.fds ?? 0;
    const lastFds = steady.at(-1)?.fds ?? 0;
    if (mismatches.length) problems.push(`counters disagree: ${JSON.stringify(mismatches)}`);
    if (droppedStreams) problems.push(`${droppedStreams} subscriber streams dropped`);
    // Growth over the steady part, projected to an hour, under 25% of the mean: no leak trend.
    if (rssSlopePerMin * 60 > meanRss * 0.25 && steady.length >= 4) {
      problems.push(
        `memory grows ${rssSlopePerMin.toFixed(2)} MB/min (mean ${meanRss.toFixed(0)} MB)`,
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
        `server RSS: ${samples[0]?.rssMb} → ${samples.at(-1)?.rssMb} MB (min ${Math.min(...samples.map((s) => s.rssMb))}, max ${Math.max(...samples.map((s) => s.rssMb))}), steady-state slope ${rssSlopePerMin.toFixed(2)} MB/min`,
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
