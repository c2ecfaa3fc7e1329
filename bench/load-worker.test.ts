import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../api/src/testing/test-server.ts';
import type { TTestServer } from '../api/src/testing/test-server.ts';
import { freeVotePair, generateDataset, votedIdeaOrdinal, votesPerUser } from './dataset.ts';
import type { TDataset } from './dataset.ts';
import { failuresOf, mergeRounds, runLoad } from './load-worker.ts';
import type { TLoadPlan, TLoadResult, TScenario } from './load-worker.ts';
import { FULL_SIZES, benchOptions } from './options.ts';
import { checkTargets } from './report.ts';

/**
 * A server that answers every tenth request with `failure` and the others with a GraphQL-like
 * 200, counting what it sent.
 */
async function flakyServer(failure: { status: number; body: string }) {
  const sent = { ok: 0, failed: 0 };
  let n = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n += 1;
      const isFailure = n % 10 === 0;
      if (isFailure) sent.failed += 1;
      else sent.ok += 1;
      res.writeHead(isFailure ? failure.status : 200, { 'content-type': 'application/json' });
      res.end(isFailure ? failure.body : '{"data":{"ok":true}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const planFor = (scenario: TScenario, url: string, overrides: Partial<TLoadPlan> = {}) =>
  ({
    scenario,
    url,
    connections: 4,
    durationSeconds: 1,
    warmupSeconds: 0,
    boardId: 1,
    ideaIds: Array.from({ length: 40 }, (_, n) => n + 1),
    users: 12,
    votesPerUser: 13,
    ...overrides,
  }) satisfies TLoadPlan;

/** The throughput target of `scenario` with a clean, slower baseline beside it. */
function throughputTarget(result: TLoadResult) {
  const baseline: TLoadResult = {
    ...result,
    scenario: `${result.scenario.split('-')[0]}-baseline` as TScenario,
    rps: result.rps / 2,
    non2xx: 0,
    failures: 0,
    errors: 0,
    statusCodes: {},
    warmup: { non2xx: 0, failures: 0, errors: 0, statusCodes: {} },
  };
  const targets = checkTargets({
    startedAt: '',
    quick: true,
    connections: 4,
    machine: {
      cpus: '',
      cores: 2,
      memoryGb: 1,
      loadBefore: [],
      loadAfter: [],
      node: '',
      postgres: '',
      note: '',
    },
    dataset: { sizes: {}, generateMs: 0 },
    coldStartMs: [],
    idleMemory: { rss: 0, heapUsed: 0 } as never,
    load: [baseline, result],
    voteCheck: null,
    pgbench: [],
    fanout: [],
    bundles: {
      widgetGzipBytes: 0,
      consoleInitialGzipBytes: 0,
      consoleInitialFiles: [],
      consoleRoutes: [],
    },
    lcpMs: null,
    embedded: null,
  });
  return targets.find((t) => t.name === `${result.scenario} throughput`)!;
}

describe('the load worker counts failures', () => {
  it('counts every tenth answer a 500 as a failure, prints it and fails the target', async () => {
    const server = await flakyServer({ status: 500, body: '{"error":"boom"}' });
    try {
      const result = await runLoad(planFor('read-rest', server.url));
      // Answers still in flight when autocannon stopped are not counted by it.
      expect(result.non2xx).toBeGreaterThan(0);
      expect(result.non2xx).toBeLessThanOrEqual(server.sent.failed);
      expect(result.non2xx).toBeGreaterThanOrEqual(server.sent.failed - 4);
      expect(result.failures).toBe(result.non2xx);
      expect(result.statusCodes['500']).toBe(result.non2xx);
      expect(result.statusCodes['200']).toBeGreaterThanOrEqual(result.non2xx * 8);
      expect(result.firstFailure).toBe('500 {"error":"boom"}');
      expect(failuresOf(result)).toBe(result.non2xx);
      const target = throughputTarget(result);
      expect(target.isMet).toBe(false);
      expect(target.measured).toMatch(/failures/);
    } finally {
      await server.close();
    }
  });

  it('counts GraphQL errors answered with 200, in the warm-up too', async () => {
    const server = await flakyServer({
      status: 200,
      body: '{"errors":[{"message":"Unexpected error."}]}',
    });
    try {
      const result = await runLoad(planFor('vote-graphql', server.url, { warmupSeconds: 1 }));
      expect(result.non2xx).toBe(0);
      expect(result.failures).toBeGreaterThan(0);
      expect(result.warmup.failures).toBeGreaterThan(0);
      expect(failuresOf(result)).toBe(result.failures + result.warmup.failures);
      expect(throughputTarget(result).isMet).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('counts requests the server closed the connection under (autocannon reconnects silently)', async () => {
    let n = 0;
    const server = createServer((req, res) => {
      n += 1;
      if (n % 10 === 0) req.socket.destroy();
      else res.end('{"data":{}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await runLoad(planFor('read-rest', url));
      expect(result.errors).toBeGreaterThan(0);
      expect(throughputTarget(result).isMet).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the vote scenario’s pairs', () => {
  for (const [name, sizes] of [
    ['full', FULL_SIZES],
    ['quick', benchOptions({ BENCH_QUICK: '1' }).sizes],
  ] as const) {
    it(`never name a vote of the ${name} data set, nor a pair twice in a run`, () => {
      const perUser = votesPerUser(sizes);
      const dataset = new Set<string>();
      for (let user = 0; user < sizes.users; user += 1) {
        for (let k = 0; k < perUser && dataset.size < sizes.votes; k += 1) {
          dataset.add(`${user}:${votedIdeaOrdinal(user, k, sizes.ideas)}`);
        }
      }
      expect(dataset.size).toBe(sizes.votes);
      const seen = new Set<string>();
      // More pairs than a 64-connection run on two cores makes (about 30,000 in 18 s), or the
      // whole cycle before pairs come round again (long after the first were taken back).
      const cycle = (sizes.users - 1) * (sizes.ideas - perUser);
      for (let n = 0; n < Math.min(200_000, cycle); n += 1) {
        const { user, ideaOrdinal } = freeVotePair(n, { ...sizes, votesPerUser: perUser });
        const pair = `${user}:${ideaOrdinal}`;
        expect(user).toBeGreaterThan(0);
        if (dataset.has(pair) || seen.has(pair)) throw new Error(`pair ${n} (${pair}) collides`);
        seen.add(pair);
      }
    });
  }
});

describe('a vote run against the product', () => {
  const sizes = { ideas: 40, users: 12, votes: 150, comments: 10 };
  let server: TTestServer;
  let dataset: TDataset;
  beforeAll(async () => {
    server = await startTestServer();
    dataset = await generateDataset((sql) => server.db.prisma.$queryRawUnsafe(sql), sizes);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('upvotes only pairs without a vote and takes each back: the data set keeps its votes', async () => {
    for (const scenario of ['vote-rest', 'vote-graphql'] as const) {
      const result = await runLoad(
        planFor(scenario, server.url, {
          boardId: dataset.boardId,
          ideaIds: dataset.ideaIds,
          users: dataset.userIds.length,
          votesPerUser: votesPerUser(sizes),
          durationSeconds: 2,
          warmupSeconds: 1,
        }),
      );
      // One upvote and its downvote are enough to catch a pair the data set voted on already
      // (a shared machine may allow few more).
      expect(result.requests).toBeGreaterThan(1);
      expect(failuresOf(result)).toBe(0);
      expect(await server.deps.prisma.vote.count()).toBe(sizes.votes);
      const ideas = await server.deps.prisma.idea.findMany({
        include: { _count: { select: { votes: true } } },
      });
      expect(ideas.filter((idea) => idea.voteCount !== idea._count.votes)).toEqual([]);
      expect(ideas.reduce((sum, idea) => sum + idea.voteCount, 0)).toBe(sizes.votes);
    }
  });
});

describe('rounds of a scenario merged', () => {
  const round = (overrides: Partial<TLoadResult>): TLoadResult => ({
    scenario: 'read-rest',
    connections: 64,
    requests: 1000,
    rps: 200,
    p50: 10,
    p90: 20,
    p99: 30,
    max: 40,
    non2xx: 0,
    failures: 0,
    errors: 0,
    statusCodes: { '200': 1000 },
    warmupRequests: 100,
    warmup: { non2xx: 0, failures: 0, errors: 0, statusCodes: { '200': 100 } },
    cpuMsPerRequest: 1,
    ...overrides,
  });

  it('sums requests over the rounds’ time, keeps the worst p99 and every failure', () => {
    const merged = mergeRounds([
      round({ requests: 1000, rps: 200, p50: 10, p99: 30, cpuMsPerRequest: 1 }),
      // A slow round: 5 s at 100 req/s.
      round({
        requests: 500,
        rps: 100,
        p50: 50,
        p99: 90,
        cpuMsPerRequest: 2,
        warmupRequests: 0,
        statusCodes: { '200': 500 },
      }),
      round({
        requests: 1000,
        rps: 200,
        p50: 12,
        p99: 35,
        non2xx: 3,
        failures: 3,
        statusCodes: { '200': 997, '500': 3 },
        firstFailure: '500 boom',
      }),
    ]);
    // 2,500 requests in 5 + 5 + 5 seconds.
    expect(merged.rps).toBeCloseTo(2500 / 15);
    expect(merged.requests).toBe(2500);
    expect(merged.p50).toBe(12);
    expect(merged.p99).toBe(90);
    expect(merged.statusCodes).toEqual({ '200': 2497, '500': 3 });
    expect(failuresOf(merged)).toBe(3);
    expect(merged.firstFailure).toBe('500 boom');
    // CPU per request over every request, warm-ups included: (1100 + 1000 + 1100) ms / 2700.
    expect(merged.cpuMsPerRequest).toBeCloseTo(3200 / 2700);
    expect(merged.rounds).toBe(3);
  });
});
