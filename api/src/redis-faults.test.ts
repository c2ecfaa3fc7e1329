import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from './deps.ts';
import type { TDeps } from './deps.ts';
import { createRequestListener } from './server.ts';
import { globalId } from './schema/ids.ts';
import { addEndUser } from './testing/graphql-client.ts';
import type { TTestAccount } from './testing/graphql-client.ts';
import { subscribeLive } from './testing/live-subscriber.ts';
import type { TLiveSubscriber } from './testing/live-subscriber.ts';
import { privateRedisMissing, startPrivateRedis } from './testing/private-services.ts';
import type { TPrivateRedis } from './testing/private-services.ts';
import { expectCall, restCompany } from './testing/rest-fixtures.ts';
import type { TRestCompany } from './testing/rest-fixtures.ts';
import { readSse } from './testing/sse-reader.ts';
import type { TSseReader } from './testing/sse-reader.ts';
import { callAt, startTestServer } from './testing/test-server.ts';
import type { TTestServer } from './testing/test-server.ts';

/**
 * Redis stopped under live subscribers, against a private redis-server this file kills and
 * starts again (the machine's shared one is never touched): votes keep working, the voting
 * process's own subscribers still see them, and when Redis is back the subscribers' streams
 * (still open) catch up with what other processes took meanwhile. Runs in the
 * PostgreSQL + Redis pass of the suite (TEST_DATABASE_URL set), or with FAULT_TESTS=1.
 */

const reason = !(process.env.TEST_DATABASE_URL || process.env.FAULT_TESTS)
  ? 'runs in the PostgreSQL + Redis pass (TEST_DATABASE_URL) or with FAULT_TESTS=1'
  : privateRedisMissing();
if (reason) console.log(`Redis fault tests skipped: ${reason}.`);

const SUBSCRIBE = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId voteCount idea { id voteCount } } }`;

let redis: TPrivateRedis;
let server: TTestServer;
/** A second API process: its own events (and Redis connections) over the same database. */
let other: { server: TTestServer; deps: TDeps; close: () => Promise<void> };
let company: TRestCompany;
const voters: TTestAccount[] = [];
let widget: TSseReader | undefined;
let console_: TLiveSubscriber | undefined;
const figures = { requests: 0, faults: 0, checks: 0 };

beforeAll(async () => {
  if (reason) return;
  redis = await startPrivateRedis();
  server = await startTestServer({
    redisUrl: redis.url,
    redisPrefix: `faults-${process.pid}-${Date.now()}:`,
  });
  const otherDeps = createDeps(server.deps.config, server.db.prisma, server.db.sql);
  const otherHttp = createServer(await createRequestListener(otherDeps, server.db));
  await new Promise<void>((resolve) => otherHttp.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(otherHttp.address() as AddressInfo).port}`;
  other = {
    server: { ...server, url: otherUrl, call: callAt(otherUrl) },
    deps: otherDeps,
    close: async () => {
      otherDeps.streamSlots.closeAll();
      await new Promise<void>((resolve) => otherHttp.close(() => resolve()));
      await otherDeps.events.close();
      await otherDeps.rateLimiter.close();
    },
  };
  company = await restCompany(server);
  for (let n = 0; n < 12; n += 1) voters.push(await addEndUser(server, company.owner.companyId));
}, 120_000);

afterAll(async () => {
  if (reason) return;
  console.log(
    `Redis faults: ${figures.requests} requests, ${figures.faults} faults injected, ${figures.checks} invariant checks passed`,
  );
  widget?.close();
  console_?.close();
  await other?.close();
  await server?.close();
  await redis?.destroy();
});

const vote = async (voter: TTestAccount, through = server) => {
  figures.requests += 1;
  return expectCall(through, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
    token: voter.token,
  });
};

const widgetSaw = (count: number) => (event: { event: string; data: string }) =>
  event.event === 'idea' &&
  JSON.parse(event.data).ideaId === company.ideaId &&
  JSON.parse(event.data).voteCount === count;

const consoleSaw = (count: number) => (result: any) =>
  result.data?.ideaChanged.ideaId === globalId('Idea', company.ideaId) &&
  result.data.ideaChanged.idea?.voteCount === count;

describe.skipIf(reason)('Redis stopped under live subscribers', () => {
  it("keeps votes working, delivers this process's votes to its own subscribers at once, and the open streams catch up with other processes' votes when Redis returns", async () => {
    // A widget (REST server-sent events) and a console (GraphQL subscription) watch the board.
    widget = await readSse(`${server.url}/api/v1/boards/${company.boardId}/events`);
    expect(widget.status).toBe(200);
    await widget.waitFor((event) => event.event === 'ready');
    console_ = subscribeLive(
      server.url,
      SUBSCRIBE,
      { boardId: globalId('Board', company.boardId) },
      company.owner.token,
    );
    const [first, second, ...others] = voters as [TTestAccount, TTestAccount, ...TTestAccount[]];
    await console_.waitUntilLive(async () => {
      figures.requests += 2;
      await expectCall(server, 'POST', `/ideas/${company.ideaId}/upvote`, 200, {
        token: first.token,
      });
      await expectCall(server, 'POST', `/ideas/${company.ideaId}/downvote`, 200, {
        token: first.token,
      });
    });
    await vote(first);
    await widget.waitFor(widgetSaw(1));
    await console_.waitFor(consoleSaw(1));
    // Another process's vote reaches them through Redis.
    await vote(second, other.server);
    await widget.waitFor(widgetSaw(2));
    await console_.waitFor(consoleSaw(2));
    figures.checks += 4;

    await redis.stop();
    figures.faults += 1;
    // Votes go on while Redis is away, each answered with its count; the ones this process
    // takes reach its own subscribers at once (before: nobody saw them until Redis returned).
    const own = others.slice(0, 4);
    const elsewhere = others.slice(4);
    let count = 2;
    for (const voter of own) {
      count += 1;
      expect((await vote(voter)).voteCount).toBe(count);
      await widget.waitFor(widgetSaw(count));
      await console_.waitFor(consoleSaw(count));
      figures.checks += 3;
    }
    // The other process's votes cannot reach this one's subscribers until Redis is back.
    for (const voter of elsewhere) {
      count += 1;
      expect((await vote(voter, other.server)).voteCount).toBe(count);
      figures.checks += 1;
    }
    const total = voters.length;
    expect(count).toBe(total);
    const idea = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: company.ideaId } });
    expect(idea.voteCount).toBe(total);
    figures.checks += 2;

    await redis.start();
    // Back: the streams, never closed, receive the current count without any new vote.
    await widget.waitFor(widgetSaw(total), 30_000);
    await console_.waitFor(consoleSaw(total), 30_000);
    figures.checks += 2;

    // And live events flow again, from the other process too (once its publisher is back).
    await expect.poll(() => other.deps.events.isConnected(1_000), { timeout: 30_000 }).toBe(true);
    figures.requests += 1;
    await expectCall(other.server, 'POST', `/ideas/${company.ideaId}/downvote`, 200, {
      token: first.token,
    });
    await widget.waitFor(widgetSaw(total - 1), 30_000);
    await console_.waitFor(consoleSaw(total - 1), 30_000);
    figures.checks += 2;
  }, 120_000);
});
