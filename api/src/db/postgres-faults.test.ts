import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../services/account/create-session.ts';
import { countMismatches } from '../testing/hostile-input.ts';
import { privatePostgresMissing, startPrivatePostgres } from '../testing/private-services.ts';
import type { TPrivatePostgres } from '../testing/private-services.ts';
import { attempt, runPool, startServerProcess } from '../testing/server-process.ts';
import type { TOutcome, TServerProcess } from '../testing/server-process.ts';
import { openDatabase } from './client.ts';
import type { TDatabase } from './client.ts';

/**
 * Faults on PostgreSQL, against a private server this file starts and stops (the machine's
 * shared one is never touched) and the real server process (api/src/main.ts):
 * - the server killed with SIGKILL in the middle of a vote load, then restarted;
 * - PostgreSQL stopped during load, then started again.
 * They run in the PostgreSQL pass of the suite (TEST_DATABASE_URL set), or with FAULT_TESTS=1.
 */

const reason = !(process.env.TEST_DATABASE_URL || process.env.FAULT_TESTS)
  ? 'runs in the PostgreSQL pass (TEST_DATABASE_URL) or with FAULT_TESTS=1'
  : privatePostgresMissing();
if (reason) console.log(`PostgreSQL fault tests skipped: ${reason}.`);

const VOTERS = 50;
const IDEAS = 4;

let postgres: TPrivatePostgres;
let db: TDatabase;
let server: TServerProcess | undefined;
let owner = '';
let boardId = 0;
const ideaIds: number[] = [];
let voters: string[] = [];
const figures = { requests: 0, faults: 0, checks: 0 };

const start = () =>
  startServerProcess({ DATABASE_URL: postgres.url }).then((started) => (server = started));

beforeAll(async () => {
  if (reason) return;
  postgres = await startPrivatePostgres();
  await start();
  db = await openDatabase({ databaseUrl: postgres.url, dataDir: 'unused' });
  const url = server!.url;
  const signup = await attempt(`${url}/api/v1/registrations`, 'POST', {
    body: { email: 'faults@example.com', password: 'fault-password', company: 'Faults Inc' },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  owner = signup.body.token;
  const me = await attempt(`${url}/api/v1/me`, 'GET', { token: owner });
  const companyId = me.body.companyId ?? me.body.company?.id;
  const board = await attempt(`${url}/api/v1/companies/${companyId}/boards`, 'POST', {
    token: owner,
    body: { name: 'Fault board' },
  });
  expect(board.status, JSON.stringify(board.body)).toBe(201);
  boardId = board.body.id;
  // Public, so the voters below (end users of no grant) may vote on it (services/access.ts).
  await db.prisma.board.update({ where: { id: boardId }, data: { isPublic: true } });
  for (let n = 0; n < IDEAS; n += 1) {
    const idea = await fetch(`${url}/api/v1/ideas/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner}`,
        'content-type': 'application/json',
        'x-board-id': String(boardId),
      },
      body: JSON.stringify({ title: `Idea under fire ${n}` }),
    });
    expect(idea.status).toBe(201);
    ideaIds.push(((await idea.json()) as { id: number }).id);
  }
  const company = await db.prisma.user.findFirstOrThrow({ where: { role: 'OWNER' } });
  voters = [];
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
    voters.push(await createSession(db.prisma, user.id, 1));
  }
}, 180_000);

afterAll(async () => {
  if (reason) return;
  console.log(
    `PostgreSQL faults: ${figures.requests} requests, ${figures.faults} faults injected, ${figures.checks} invariant checks passed`,
  );
  await server?.stop('SIGKILL');
  await db?.close();
  await postgres?.destroy();
});

/** Every vote of the load: each voter on each idea. */
const allVotes = () =>
  voters.flatMap((token, voter) => ideaIds.map((ideaId) => ({ token, voter, ideaId })));

async function voteRows(): Promise<Set<string>> {
  const rows = await db.prisma.vote.findMany({ select: { ideaId: true, userId: true } });
  return new Set(rows.map((row) => `${row.ideaId}:${row.userId}`));
}

describe.skipIf(reason)('faults on PostgreSQL', () => {
  it('SIGKILL in the middle of a vote load: every answered vote is kept, none counts twice', async () => {
    const votes = allVotes();
    const voterIds = await Promise.all(
      voters.map(async (token) => {
        const me = await attempt(`${server!.url}/api/v1/me`, 'GET', { token });
        return me.body.id as number;
      }),
    );
    let answered = 0;
    let killed: Promise<void> | null = null;
    const url = server!.url;
    const outcomes = await runPool(
      votes.map((vote) => async () => {
        const outcome = await attempt(`${url}/api/v1/ideas/${vote.ideaId}/upvote`, 'POST', {
          token: vote.token,
        });
        if (outcome.status === 200) answered += 1;
        // Kill once a third of the load is answered, while the rest is in flight.
        if (answered >= votes.length / 3 && !killed) killed = server!.stop('SIGKILL');
        return { vote, outcome };
      }),
      12,
    );
    await killed;
    figures.faults += 1;
    figures.requests += outcomes.length;
    const acknowledged = outcomes.filter(({ outcome }) => outcome.status === 200);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Nothing but success or a cut connection: no 500 on the way down.
    expect(
      outcomes.filter(({ outcome }) => outcome.status !== 200 && outcome.status !== 'lost'),
    ).toEqual([]);

    await start();
    const rows = await voteRows();
    for (const { vote } of acknowledged) {
      expect(
        rows.has(`${vote.ideaId}:${voterIds[vote.voter]}`),
        `vote ${vote.voter}→${vote.ideaId}`,
      ).toBe(true);
    }
    expect(await countMismatches(db.prisma)).toEqual([]);
    figures.checks += acknowledged.length + 1;

    // Clients retry what was not answered (and some of what was): still one vote each.
    const retried = await runPool(
      votes.map(
        (vote) => () =>
          attempt(`${server!.url}/api/v1/ideas/${vote.ideaId}/upvote`, 'POST', {
            token: vote.token,
          }),
      ),
      8,
    );
    figures.requests += retried.length;
    expect(retried.every((outcome) => outcome.status === 200)).toBe(true);
    expect((await voteRows()).size).toBe(VOTERS * IDEAS);
    const ideas = await db.prisma.idea.findMany({ where: { boardId } });
    expect(ideas.map((idea) => idea.voteCount)).toEqual(ideaIds.map(() => VOTERS));
    expect(await countMismatches(db.prisma)).toEqual([]);
    figures.checks += 3;
  }, 180_000);

  it('PostgreSQL stopped during load: fast 503s, /healthz says so, and service comes back by itself', async () => {
    const url = server!.url;
    let phase: 'up' | 'down' | 'back' = 'up';
    const seen: { phase: string; outcome: TOutcome }[] = [];
    let stopLoad = false;
    const load = runPool(
      Array.from({ length: 100_000 }, (_, n) => async () => {
        const token = voters[n % voters.length] as string;
        const ideaId = ideaIds[n % ideaIds.length] as number;
        const at = phase;
        const outcome =
          n % 3 === 0
            ? await attempt(`${url}/api/v1/ideas/${ideaId}`, 'GET', { token })
            : await attempt(
                `${url}/api/v1/ideas/${ideaId}/${n % 2 ? 'downvote' : 'upvote'}`,
                'POST',
                {
                  token,
                },
              );
        seen.push({ phase: at, outcome });
        // A breath between requests keeps the load steady rather than a busy loop.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }),
      6,
      () => stopLoad,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await postgres.stop();
    figures.faults += 1;
    phase = 'down';
    await expect
      .poll(async () => (await attempt(`${url}/healthz`, 'GET')).body, { timeout: 20_000 })
      .toMatchObject({ status: 'unavailable', database: 'unreachable' });
    const health = await attempt(`${url}/healthz`, 'GET');
    expect(health.status).toBe(503);
    // Let the load meet the stopped database for a while.
    await expect
      .poll(
        () =>
          seen.filter(({ phase: at, outcome }) => at === 'down' && outcome.status === 503).length,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(20);

    await postgres.start();
    phase = 'back';
    await expect
      .poll(async () => (await attempt(`${url}/healthz`, 'GET')).status, { timeout: 60_000 })
      .toBe(200);
    await expect
      .poll(
        () =>
          seen.filter(({ phase: at, outcome }) => at === 'back' && outcome.status === 200).length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(20);
    stopLoad = true;
    await load;
    figures.requests += seen.length;

    const whileDown = seen.filter(({ phase: at }) => at === 'down');
    const failures = whileDown.filter(({ outcome }) => outcome.status !== 200);
    // Every failure is the clear 503, never a 500, a hang or a cut connection.
    for (const { outcome } of failures) {
      expect(
        outcome.status,
        `${JSON.stringify(outcome.body)}\n${server!.output().slice(-4000)}`,
      ).toBe(503);
      expect(outcome.body).toEqual({
        error: {
          code: 'UNAVAILABLE',
          message: 'The database is not reachable right now. Please try again shortly.',
        },
      });
    }
    // Failing fast: no 503 waits for the pool's 5 s connection timeout (the driver is refused).
    expect(Math.max(...failures.map(({ outcome }) => outcome.ms))).toBeLessThan(5_000);
    expect(
      seen.filter(({ outcome }) => outcome.status === 500 || outcome.status === 'lost'),
    ).toEqual([]);
    // Once back, everything succeeds again.
    const afterRecovery = seen.filter(({ phase: at }) => at === 'back').slice(-20);
    expect(afterRecovery.every(({ outcome }) => outcome.status === 200)).toBe(true);
    expect(await countMismatches(db.prisma)).toEqual([]);
    figures.checks += failures.length + 4;
  }, 180_000);
});
