import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../services/account/create-session.ts';
import { autoFailoverMissing, startAutoFailoverCluster } from '../testing/auto-failover.ts';
import type { TAutoFailoverCluster } from '../testing/auto-failover.ts';
import { attempt, startServerProcess } from '../testing/server-process.ts';
import type { TServerProcess } from '../testing/server-process.ts';
import { openDatabase } from './client.ts';
import type { TDatabase } from './client.ts';
import { parseMultiHostUrl } from './hosts.ts';

/**
 * PostgreSQL losing its primary: a pg_auto_failover cluster of the file's own (monitor, primary,
 * synchronous standby, testing/auto-failover.ts), the real server process on the multi-host
 * DATABASE_URL, voters and live subscribers, then the whole primary node SIGKILLed. Runs in the
 * PostgreSQL pass (TEST_DATABASE_URL) or with FAULT_TESTS=1.
 */

const reason = !(process.env.TEST_DATABASE_URL || process.env.FAULT_TESTS)
  ? 'runs in the PostgreSQL pass (TEST_DATABASE_URL) or with FAULT_TESTS=1'
  : autoFailoverMissing();
if (reason) console.log(`PostgreSQL failover test skipped: ${reason}.`);

const VOTERS = 20;
const SUBSCRIBERS = 3;
const IDEAS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: TAutoFailoverCluster;
let server: TServerProcess;
let db: TDatabase;
let boardId = 0;
let owner = '';
const ideaIds: number[] = [];
const voters: { token: string; userId: number }[] = [];

describe('multi-host DATABASE_URL', () => {
  it("reads libpq's form and leaves a one-server URL as it is", () => {
    const servers = parseMultiHostUrl('postgresql://u:p@db1:5432,db2,[::1]:6432/feedboard?x=1');
    expect(servers?.hosts).toEqual([
      { host: 'db1', port: '5432' },
      { host: 'db2', port: '5432' },
      { host: '[::1]', port: '6432' },
    ]);
    expect(servers?.urlFor({ host: 'db2', port: '5432' })).toBe(
      'postgresql://u:p@db2:5432/feedboard?x=1',
    );
    expect(parseMultiHostUrl('postgresql://u@db1:5432/feedboard')).toBeNull();
  });
});

beforeAll(async () => {
  if (reason) return;
  const started = Date.now();
  cluster = await startAutoFailoverCluster();
  console.log(`Failover cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  server = await startServerProcess({ DATABASE_URL: cluster.url });
  db = await openDatabase({ databaseUrl: cluster.url, dataDir: 'unused' });
  const url = server.url;
  const signup = await attempt(`${url}/api/v1/registrations`, 'POST', {
    body: { email: 'failover@example.com', password: 'failover-password', company: 'Failover Inc' },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  owner = signup.body.token as string;
  const me = await attempt(`${url}/api/v1/me`, 'GET', { token: owner });
  const companyId = me.body.companyId ?? me.body.company?.id;
  const board = await attempt(`${url}/api/v1/companies/${companyId}/boards`, 'POST', {
    token: owner,
    body: { name: 'Failover board' },
  });
  expect(board.status, JSON.stringify(board.body)).toBe(201);
  boardId = board.body.id;
  await db.prisma.board.update({ where: { id: boardId }, data: { isPublic: true } });
  for (let n = 0; n < IDEAS; n += 1) {
    const idea = await attempt(`${url}/api/v1/ideas/`, 'POST', {
      token: owner,
      headers: { 'x-board-id': String(boardId) },
      body: { title: `Idea across a failover ${n}` },
    });
    expect(idea.status).toBe(201);
    ideaIds.push(idea.body.id);
  }
  const company = await db.prisma.user.findFirstOrThrow({ where: { role: 'OWNER' } });
  for (let n = 0; n < VOTERS; n += 1) {
    const user = await db.prisma.user.create({
      data: {
        companyId: company.companyId,
        kind: 'REGULAR',
        role: 'END_USER',
        displayName: `Voter ${n}`,
        email: `voter${n}@example.com`,
        loginEmail: `voter${n}@example.com`,
      },
    });
    voters.push({ token: await createSession(db.prisma, user.id, 1), userId: user.id });
  }
}, 240_000);

afterAll(async () => {
  if (reason) return;
  await server?.stop('SIGKILL');
  await db?.close().catch(() => undefined);
  await cluster?.destroy();
}, 60_000);

type TVoteOutcome = {
  voter: number;
  ideaId: number;
  status: number | 'lost';
  code?: string;
  retryAfter: string | null;
  at: number;
};

/** One upvote, with what a client sees: status, error code, Retry-After. */
async function vote(
  voter: number,
  ideaId: number,
  direction: 'upvote' | 'downvote' = 'upvote',
): Promise<TVoteOutcome> {
  const at = Date.now();
  try {
    const response = await fetch(`${server.url}/api/v1/ideas/${ideaId}/${direction}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${voters[voter]!.token}` },
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
    return {
      voter,
      ideaId,
      status: response.status,
      code: body.error?.code,
      retryAfter: response.headers.get('retry-after'),
      at,
    };
  } catch {
    return { voter, ideaId, status: 'lost', retryAfter: null, at };
  }
}

/** A live subscriber of the board's event stream: the times its events arrived. */
function subscribe(): { events: number[]; close: () => void } {
  const controller = new AbortController();
  const events: number[] = [];
  void (async () => {
    try {
      const response = await fetch(`${server.url}/api/v1/boards/${boardId}/events`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const line of decoder.decode(value, { stream: true }).split('\n')) {
          if (line.startsWith('event:')) events.push(Date.now());
        }
      }
    } catch {
      // closed below
    }
  })();
  return { events, close: () => controller.abort() };
}

describe.skipIf(reason)('PostgreSQL losing its primary (pg_auto_failover)', () => {
  it('SIGKILL of the primary node: no acknowledged vote lost, clean 503s, writes back as soon as the standby takes them, subscribers resume', async () => {
    const subscribers = Array.from({ length: SUBSCRIBERS }, subscribe);
    await sleep(500);
    const outcomes: TVoteOutcome[] = [];
    let stop = false;
    const load = Promise.all(
      voters.map(async (_, voter) => {
        for (let round = 0; !stop; round += 1) {
          const outcome = await vote(voter, ideaIds[(voter + round) % IDEAS] as number);
          outcomes.push(outcome);
          // A client backs off a little after a refusal, and paces itself otherwise.
          await sleep(outcome.status === 200 ? 20 : 100);
        }
      }),
    );
    await sleep(2_000);
    const primary = await cluster.primary();
    const killedAt = Date.now();
    const pids = await cluster.killNode(primary);
    expect(pids.length).toBeGreaterThan(2);
    // When the standby takes writes, seen from outside the server: the cluster's part of the
    // switch, printed beside the server's.
    let promotedAt = 0;
    const standby = cluster.nodes.find((node) => node !== primary)!;
    const watch = (async () => {
      while (!promotedAt && Date.now() < killedAt + 30_000) {
        if (await cluster.takesWrites(standby)) promotedAt = Date.now();
        else await sleep(100);
      }
    })();
    // Writes succeed again: a new idea (always an insert; a repeated upvote may write nothing)
    // every 100 ms until one is answered 201.
    let back = 0;
    for (let n = 0; !back && Date.now() < killedAt + 30_000; n += 1) {
      const sent = Date.now();
      const idea = await attempt(`${server.url}/api/v1/ideas/`, 'POST', {
        token: owner,
        headers: { 'x-board-id': String(boardId) },
        body: { title: `Written after the kill ${n}` },
      });
      if (idea.status === 201) back = sent;
      else {
        expect(idea.status, `${JSON.stringify(idea.body)}\n${server.output().slice(-6000)}`).toBe(
          503,
        );
        await sleep(100);
      }
    }
    // Keep voting a while on the new primary, then stop.
    await sleep(3_000);
    stop = true;
    await load;
    await watch;
    const switchMs = back - killedAt;
    console.log(
      `Failover: switch ${(switchMs / 1000).toFixed(2)} s (the standby took writes after ` +
        `${((promotedAt - killedAt) / 1000).toFixed(2)} s), ${outcomes.length} votes, ` +
        `${outcomes.filter((outcome) => outcome.status === 503).length} answered 503, ` +
        `states ${JSON.stringify(await cluster.states())}\n` +
        (await cluster.events(killedAt)).join('\n'),
    );
    expect(back, server.output().slice(-4000)).toBeGreaterThan(0);
    expect(promotedAt).toBeGreaterThan(0);
    // The server's own part of the switch: it writes again as soon as the standby takes writes
    // (it finds the new primary and retries within a second). The cluster manager's part is a
    // figure, printed above and in the README (4.6-5.8 s here with its tuned timers, 10 s the
    // target): on a loaded two-core CI machine its post-promotion checkpoint alone took 7 s.
    expect(back - promotedAt).toBeLessThan(2_000);

    // Nothing but success or the clean 503 (UNAVAILABLE, Retry-After): no 500, no cut answer.
    const failures = outcomes.filter((outcome) => outcome.status !== 200);
    for (const outcome of failures) {
      expect(outcome, server.output().slice(-4000)).toMatchObject({
        status: 503,
        code: 'UNAVAILABLE',
      });
      expect(outcome.retryAfter).toMatch(/^\d+$/);
    }
    // Every vote answered 200 is in the database (synchronous replication kept it).
    const rows = await db.prisma.vote.findMany({
      where: { ideaId: { in: ideaIds } },
      select: { ideaId: true, userId: true },
    });
    const stored = new Set(rows.map((row) => `${row.ideaId}:${row.userId}`));
    const acknowledged = outcomes.filter((outcome) => outcome.status === 200);
    const lost = acknowledged.filter(
      (outcome) => !stored.has(`${outcome.ideaId}:${voters[outcome.voter]!.userId}`),
    );
    expect(acknowledged.length).toBeGreaterThan(VOTERS);
    expect(lost).toEqual([]);
    // Live subscribers kept their streams and hear a vote changed after the switch.
    const changedAt = Date.now();
    const change = await vote(0, ideaIds[0] as number, 'downvote');
    expect(change.status).toBe(200);
    for (const subscriber of subscribers) {
      await expect
        .poll(() => subscriber.events.some((at) => at >= changedAt), { timeout: 10_000 })
        .toBe(true);
      subscriber.close();
    }
  }, 180_000);
});
