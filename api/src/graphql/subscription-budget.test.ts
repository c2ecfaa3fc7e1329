import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import type { TRateLimitAction } from '../config.ts';
import { DatabaseBusyError } from '../db/errors.ts';
import { createSession } from '../services/account/create-session.ts';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  gql,
  mutate,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { subscribeLive } from '../testing/live-subscriber.ts';
import type { TLiveSubscriber } from '../testing/live-subscriber.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { operationCost } from './graphql-input-limits.ts';

// Outside attack 13, F1: 200 anonymous streams of one subscription from one address, each
// executed for every change (210 ms a run on the embedded database) and none of it paid from the
// caller's GraphQL budget.

/** The attack's document: a board's 100 ideas and 20 comments of each, on every change. */
const COSTLY = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { idea { board {
  ideas(first: 100) { edges { node { title description
    comments(first: 20) { edges { node { id createdAt } } } } } } } } } }`;

/**
 * A document the shared path does not take (comments): executed per stream and event. Each
 * execution reads the idea's comments once, which is what the statements below count.
 */
const PER_SUBSCRIBER = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId idea { id voteCount comments(first: 2) { edges { node { id } } } } } }`;

const PUBLIC = `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;
const DOWNVOTE = `mutation ($ideaId: ID!) { downvoteIdea(ideaId: $ideaId) { __typename } }`;

/** The console's live subscription as relay-compiler writes it (`npm run relay`). */
function consoleSubscription(): string {
  const file = new URL(
    '../../../web/__generated__/useBoardLiveUpdatesSubscription.graphql.ts',
    import.meta.url,
  );
  const literal = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(file, 'utf8'))?.[1];
  return JSON.parse(literal ?? '""') as string;
}

/** A statement reading an idea's comments (one per execution of PER_SUBSCRIBER). */
const readsComments = (sql: string) => /from\s+"(public"\.")?comment"/i.test(sql);
/** A statement reading a board (the subscribe's access check, findVisibleBoard). */
const readsBoard = (sql: string) => /from\s+"(public"\.")?board"/i.test(sql);

/**
 * One subscription over server-sent events, as graphql-sse's client opens it: its answer's status
 * and first result (a stream is left after its first `next`, or after a second without one).
 */
async function subscribeOnce(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): Promise<{ status: number; result: any }> {
  const aborted = new AbortController();
  const timer = setTimeout(() => aborted.abort(), 1_000);
  try {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        accept: 'text/event-stream',
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
      signal: aborted.signal,
    });
    let text = '';
    const decoder = new TextDecoder();
    try {
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        text += decoder.decode(read.value, { stream: true });
        if (/^data: .+$/m.test(text)) break;
      }
    } catch {
      // A stream without a first result: left when the second is up.
    }
    const data = /^data: (.+)$/m.exec(text)?.[1] ?? (text.startsWith('{') ? text : null);
    return { status: response.status, result: data ? JSON.parse(data) : null };
  } finally {
    clearTimeout(timer);
    aborted.abort();
  }
}

describe('what a subscription may cost', () => {
  it('prices the console’s own subscription far below the limit of one subscription', () => {
    const { maxSubscriptionCost, maxCost } = loadConfig({}).graphqlLimits;
    const console = operationCost(parse(consoleSubscription()), undefined, { boardId: 'B' });
    expect(console).toBeGreaterThan(0);
    expect(console * 20).toBeLessThanOrEqual(maxSubscriptionCost);
    expect(maxSubscriptionCost * 10).toBeLessThanOrEqual(maxCost);
    // The attack's document was under a query's limit, and is far past a subscription's.
    const costly = operationCost(parse(COSTLY), undefined, { boardId: 'B' });
    expect(costly).toBeLessThan(maxCost);
    expect(costly).toBeGreaterThan(maxSubscriptionCost * 10);
  });
});

describe('subscriptions executed per subscriber spend the caller’s cost budget', () => {
  /** Points of GraphQL cost an anonymous address may spend in the test's (hour-long) window. */
  const BUDGET = 1_000_000;
  let server: TTestServer;
  let admin: TTestAccount;
  let boardId: string;
  let statements: string[];
  /** graphqlCost points spent by anonymous callers (their address), as they were spent. */
  const spentByAddress: { ip: string; points: number }[] = [];
  const open: TLiveSubscriber[] = [];

  beforeAll(async () => {
    statements = [];
    server = await startTestServer(
      {
        rateLimits: {
          ...UNLIMITED_FOR_TESTS,
          graphqlCost: { perIp: BUDGET, perAccount: 1e12, windowSeconds: 3600 },
        },
      },
      { onQuery: (sql) => statements.push(sql) },
    );
    const limiter = server.deps.rateLimiter;
    const consume = limiter.consume;
    limiter.consume = async (
      action: TRateLimitAction,
      keys: { ip?: string; account?: string },
      points = 1,
    ) => {
      await consume(action, keys, points);
      if (action === 'graphqlCost' && keys.ip !== undefined) {
        spentByAddress.push({ ip: keys.ip, points });
      }
    };
    admin = await signUpCompany(server);
    boardId = await createBoardId(server, admin.token, 'Budget board');
    await gql(server, PUBLIC, { id: boardId }, admin.token);
  });
  afterAll(async () => {
    for (const subscriber of open) subscriber.close();
    await server?.close();
  });

  it('refuses a subscription priced past GRAPHQL_MAX_SUBSCRIPTION_COST when it subscribes (outside attack 13, F1)', async () => {
    const aborted = new AbortController();
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: COSTLY, variables: { boardId } }),
      signal: aborted.signal,
    });
    const status = response.status;
    const text = status === 200 ? '' : await response.text();
    aborted.abort();
    expect(status).toBe(400);
    const answer = JSON.parse(text.match(/^data: (.+)$/m)?.[1] ?? text);
    const { maxSubscriptionCost } = server.deps.config.graphqlLimits;
    expect(answer.errors).toEqual([
      expect.objectContaining({
        message: `Subscription Cost limit of ${maxSubscriptionCost} exceeded, found ${operationCost(parse(COSTLY), undefined, { boardId })}.`,
        extensions: { code: 'BAD_REQUEST', limit: 'cost' },
      }),
    ]);
    expect(server.deps.streamSlots.count().total).toBe(0);
  });

  it('spends N streams × M changes executions from one address, then ends its streams with RATE_LIMITED and executes no more (outside attack 13, F1)', async () => {
    const cost = operationCost(parse(PER_SUBSCRIBER), undefined, { boardId });
    const idea = (title: string) =>
      mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, admin.token);
    const probe = await idea('An idea voted on and off');
    const marker = await idea('An idea marking what came before');
    let votes = 0;
    /** A change of the board: the admin's vote on `probe`, on then off. */
    const change = () =>
      gql(server, votes++ % 2 ? DOWNVOTE : UPVOTE, { ideaId: probe.id }, admin.token);

    const N = 3;
    const M = 2;
    const streams = Array.from({ length: N }, () =>
      subscribeLive(server.url, PER_SUBSCRIBER, { boardId }),
    );
    open.push(...streams);
    for (const stream of streams) await stream.waitUntilLive(change);
    // Every change before the marker's is delivered (and paid) once every stream has the marker.
    let markers = 0;
    const barrier = async () => {
      markers += 1;
      await gql(server, markers % 2 ? UPVOTE : DOWNVOTE, { ideaId: marker.id }, admin.token);
      for (const stream of streams) {
        await stream.waitFor(
          () =>
            stream.results.filter((r) => r.data?.ideaChanged?.ideaId === marker.id).length >=
            markers,
        );
      }
    };
    await barrier();
    expect(streams.every((stream) => stream.results.every((r) => !r.errors))).toBe(true);
    // Each stream's executions so far (the pokes and the marker) were paid, one by one.
    expect(spentByAddress.length).toBeGreaterThanOrEqual(N * 2);
    const ip = spentByAddress[0]!.ip;
    expect(spentByAddress.every((spent) => spent.ip === ip && spent.points === cost)).toBe(true);
    // What is left of the address's budget: exactly N × M executions more.
    const spent = spentByAddress.reduce((sum, { points }) => sum + points, 0);
    await server.deps.rateLimiter.consume('graphqlCost', { ip }, BUDGET - spent - N * M * cost);
    spentByAddress.length = 0;
    for (const stream of streams) stream.results.length = 0;
    statements.length = 0;

    for (let m = 1; m <= M; m += 1) {
      await change();
      for (const stream of streams) await stream.waitFor(() => stream.results.length >= m);
    }
    expect(streams.flatMap((stream) => stream.results).every((r) => !r.errors)).toBe(true);
    expect(spentByAddress.map(({ points }) => points)).toEqual(Array(N * M).fill(cost));
    expect(statements.filter(readsComments)).toHaveLength(N * M);

    // The budget is spent: the next change is executed for none of them; each stream answers
    // the refusal a query gets, and ends (its stream slot is given back).
    await change();
    for (const stream of streams) {
      const refusal = await stream.waitFor((r) => r.errors);
      expect(refusal.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/^Too many costly requests\. Please wait \d+ seconds?/),
          extensions: expect.objectContaining({ code: 'RATE_LIMITED' }),
        }),
      ]);
      expect(refusal.data).toBeUndefined();
    }
    await vi.waitFor(() => expect(server.deps.streamSlots.count().total).toBe(0), {
      timeout: 5_000,
      interval: 20,
    });
    expect(spentByAddress).toHaveLength(N * M);
    expect(statements.filter(readsComments)).toHaveLength(N * M);

    // Subscribing again from the address is refused as a query is, before its board is read
    // and without a stream (issue 33, F1c).
    statements.length = 0;
    const again = await subscribeOnce(server.url, PER_SUBSCRIBER, { boardId });
    expect(again.status).toBe(429);
    expect(again.result?.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(statements.filter(readsBoard)).toEqual([]);
    expect(server.deps.streamSlots.count().total).toBe(0);
    expect(statements.filter(readsComments)).toEqual([]);
    expect(spentByAddress).toHaveLength(N * M);
  });
});

// Issue 33, F1c: one account's 12 sessions × 10 streams of a heavy subscription ran 20 s past the
// account's budget and no stream was ended; what the streams got were "database too busy" errors.
// A subscribe whose read failed went out unpaid, however often it was opened again.
describe('one person’s subscriptions, on every session and API key, spend one budget', () => {
  /** Points the person may spend in the test's (hour-long) window. */
  const BUDGET = 1_000_000;
  let server: TTestServer;
  let owner: TTestAccount;
  let boardId: string;
  let statements: string[];
  /** graphqlCost points the owner's person spent, as they were spent. */
  const spentByPerson: number[] = [];
  const open: TLiveSubscriber[] = [];

  beforeAll(async () => {
    statements = [];
    server = await startTestServer(
      {
        rateLimits: {
          ...UNLIMITED_FOR_TESTS,
          graphqlCost: { perIp: 1e12, perAccount: BUDGET, windowSeconds: 3600 },
        },
      },
      { onQuery: (sql) => statements.push(sql) },
    );
    owner = await signUpCompany(server);
    const limiter = server.deps.rateLimiter;
    const consume = limiter.consume;
    limiter.consume = async (
      action: TRateLimitAction,
      keys: { ip?: string; account?: string },
      points = 1,
    ) => {
      await consume(action, keys, points);
      if (action === 'graphqlCost' && keys.account === `user:${owner.userId}`) {
        spentByPerson.push(points);
      }
    };
    boardId = await createBoardId(server, owner.token, 'One budget board');
  });
  afterAll(async () => {
    for (const subscriber of open) subscriber.close();
    await server?.close();
  });

  it('pays each subscribe before its board is read (a busy read too) and each run, ends every stream once the person’s budget is spent, and refuses new ones unread (issue 33, F1c)', async () => {
    const cost = operationCost(parse(PER_SUBSCRIBER), undefined, { boardId });
    const secondSession = await createSession(server.deps.prisma, owner.userId, 1);
    const made = await gql(
      server,
      `mutation { createApiKey(name: "Live budget") { ... on MutationCreateApiKeySuccess { data { key } } } }`,
      {},
      owner.token,
    );
    const apiKey = made.body.data.createApiKey.data.key as string;
    const voter = await addEndUser(server, owner.companyId);
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'An idea the voter votes on' },
      owner.token,
    );
    const marker = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'An idea marking what came before' },
      owner.token,
    );
    let votes = 0;
    const change = () =>
      gql(server, votes++ % 2 ? DOWNVOTE : UPVOTE, { ideaId: idea.id }, voter.token);

    // The database is too busy for the subscribe's board read: the answer is that error, and
    // the subscribe was paid before it ran.
    const boards = server.deps.prisma.board as unknown as { findFirst: (...args: any[]) => any };
    const findFirst = boards.findFirst;
    boards.findFirst = () => {
      boards.findFirst = findFirst;
      return Promise.reject(new DatabaseBusyError(5_000));
    };
    const before = spentByPerson.length;
    const busy = await subscribeOnce(server.url, PER_SUBSCRIBER, { boardId }, secondSession);
    boards.findFirst = findFirst;
    expect(busy.result?.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
    expect(spentByPerson.slice(before)).toEqual([cost]);

    // Streams on two sessions and an API key of the same person.
    const streams = [owner.token, secondSession, apiKey].map((token) =>
      subscribeLive(server.url, PER_SUBSCRIBER, { boardId }, token),
    );
    open.push(...streams);
    for (const stream of streams) await stream.waitUntilLive(change);
    // A vote on another idea, whose result comes after every change before it: none in flight.
    await gql(server, UPVOTE, { ideaId: marker.id }, voter.token);
    for (const stream of streams) {
      await stream.waitFor((result) => result.data?.ideaChanged?.ideaId === marker.id);
    }
    expect(spentByPerson.slice(before).every((points) => points === cost)).toBe(true);
    const spent = spentByPerson.reduce((sum, points) => sum + points, 0);
    // Left of the person's budget: one run of each stream.
    const account = `user:${owner.userId}`;
    await server.deps.rateLimiter.consume('graphqlCost', { account }, BUDGET - spent - 3 * cost);
    spentByPerson.length = 0;
    for (const stream of streams) stream.results.length = 0;

    await change();
    for (const stream of streams) await stream.waitFor(() => stream.results.length === 1);
    expect(streams.map((stream) => stream.results[0].errors)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(spentByPerson).toEqual([cost, cost, cost]);

    // Spent: the next change is run for none of them, and each ends with one RATE_LIMITED.
    statements.length = 0;
    await change();
    for (const stream of streams) {
      const refusal = await stream.waitFor((result) => result.errors);
      expect(refusal.errors[0].extensions.code).toBe('RATE_LIMITED');
    }
    await vi.waitFor(() => expect(server.deps.streamSlots.count().total).toBe(0), {
      timeout: 5_000,
      interval: 20,
    });
    expect(streams.map((stream) => stream.results.length)).toEqual([2, 2, 2]);
    expect(statements.filter(readsComments)).toEqual([]);

    // A new subscription of the person, on a session or the API key, is refused unread.
    for (const token of [secondSession, apiKey]) {
      const again = await subscribeOnce(server.url, PER_SUBSCRIBER, { boardId }, token);
      expect(again.status).toBe(429);
      expect(again.result?.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect(statements.filter(readsBoard)).toEqual([]);
    expect(spentByPerson).toEqual([cost, cost, cost]);
  });
});
