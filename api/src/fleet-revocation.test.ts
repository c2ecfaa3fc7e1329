import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from './db/client.ts';
import { createSession } from './services/account/create-session.ts';
import { attempt, startServerProcess } from './testing/server-process.ts';
import type { TServerProcess } from './testing/server-process.ts';
import { openTestDatabase } from './testing/test-server.ts';

/**
 * Issue 33 point 3 across a fleet: a sign-out answered by one process ends the live streams the
 * session opened on another, through the revocation event on Redis. Two server processes on
 * one PostgreSQL and one Redis; runs in the PostgreSQL pass (TEST_DATABASE_URL) or with
 * FLEET_TESTS=1.
 */

const wanted = Boolean(process.env.TEST_DATABASE_URL || process.env.FLEET_TESTS);
if (!wanted) console.log('Fleet revocation test skipped: runs in the PostgreSQL pass.');

let database: { db: TDatabase; drop: () => Promise<void>; databaseUrl?: string };
let servers: TServerProcess[] = [];
const aborts: AbortController[] = [];

beforeAll(async () => {
  if (!wanted) return;
  database = await openTestDatabase();
  const env = {
    DATABASE_URL: database.databaseUrl ?? '',
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `fleet-revocation-${process.pid}-${Date.now()}:`,
    LOG_LEVEL: 'info',
  };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 180_000);

afterAll(async () => {
  for (const abort of aborts) abort.abort();
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  await database?.drop();
});

/** A live stream read with fetch: its text so far and when it ended. */
async function openStream(url: string, token: string, body?: unknown) {
  const abort = new AbortController();
  aborts.push(abort);
  const response = await fetch(url, {
    method: body ? 'POST' : 'GET',
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: abort.signal,
  });
  expect(response.status).toBe(200);
  const state = { text: '', endedAt: 0 };
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        state.text += value;
      }
    } catch {
      // A dropped connection ends it too.
    }
    state.endedAt = Date.now();
  })();
  return state;
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!wanted)('two processes on Redis', () => {
  it('a sign-out on process 1 ends the streams the session opened on process 2', async () => {
    const [one, two] = servers as [TServerProcess, TServerProcess];
    const signup = await attempt(`${one.url}/api/v1/registrations`, 'POST', {
      body: { email: 'fleet-revoke@example.com', password: 'fleet-password', company: 'Revoke' },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const token = signup.body.token as string;
    const user = await database.db.prisma.user.findFirstOrThrow({
      where: { loginEmail: 'fleet-revoke@example.com' },
    });
    const board = await attempt(`${one.url}/api/v1/companies/${user.companyId}/boards`, 'POST', {
      token,
      body: { name: 'Private plans' },
    });
    expect(board.status, JSON.stringify(board.body)).toBe(201);
    const boardId = board.body.id as number;
    const boardGlobalId = Buffer.from(`Board:${boardId}`).toString('base64');

    const rest = await openStream(`${two.url}/api/v1/boards/${boardId}/events`, token);
    const graphql = await openStream(`${two.url}/graphql`, token, {
      query: `subscription ($b: ID!) { ideaChanged(boardId: $b) { ideaId idea { title } } }`,
      variables: { b: boardGlobalId },
    });
    await waitUntil(() => rest.text.includes('event: ready') && graphql.text.length > 0, 'open');
    // Live across processes: an idea written on process 1 reaches both streams on process 2.
    const idea = await attempt(`${one.url}/api/v1/ideas/`, 'POST', {
      token,
      headers: { 'x-board-id': String(boardId) },
      body: { title: 'Acquisition of a rival' },
    });
    expect(idea.status, JSON.stringify(idea.body)).toBe(201);
    await waitUntil(
      () =>
        rest.text.includes(`"ideaId":${idea.body.id}`) &&
        graphql.text.includes('Acquisition of a rival'),
      'the idea on process 2',
    );

    const signedOutAt = Date.now();
    const logout = await attempt(`${one.url}/api/v1/logout`, 'POST', { token });
    expect(logout.status).toBe(204);
    await waitUntil(() => rest.endedAt > 0 && graphql.endedAt > 0, 'the streams to end', 5_000);
    console.log(
      `Streams on process 2 ended ${rest.endedAt - signedOutAt} ms (REST) and ${graphql.endedAt - signedOutAt} ms (GraphQL) after a sign-out on process 1.`,
    );
    expect(rest.text).toContain('event: revoked');
    // Nothing more reaches them, and the token opens nothing on either process.
    const later = await attempt(`${one.url}/api/v1/ideas/`, 'POST', {
      token: signup.body.token,
      headers: { 'x-board-id': String(boardId) },
      body: { title: 'Never delivered' },
    });
    expect(later.status).toBe(401);
    for (const server of servers) {
      const again = await fetch(`${server.url}/api/v1/boards/${boardId}/events`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      });
      expect(again.status).toBe(401);
      await again.body?.cancel();
    }
  }, 60_000);

  it('a customer-company detachment on process 1 ends the end user’s streams of the private board it granted on process 2 (attack F16)', async () => {
    const [one, two] = servers as [TServerProcess, TServerProcess];
    const signup = await attempt(`${one.url}/api/v1/registrations`, 'POST', {
      body: { email: 'fleet-access@example.com', password: 'fleet-password', company: 'Access' },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const ownerToken = signup.body.token as string;
    const { prisma } = database.db;
    const owner = await prisma.user.findFirstOrThrow({
      where: { loginEmail: 'fleet-access@example.com' },
    });
    const board = await attempt(`${one.url}/api/v1/companies/${owner.companyId}/boards`, 'POST', {
      token: ownerToken,
      body: { name: 'Customer plans' },
    });
    expect(board.status, JSON.stringify(board.body)).toBe(201);
    const boardId = board.body.id as number;
    const customer = await prisma.customerCompany.create({
      data: { companyId: owner.companyId, externalId: 'fleet-cc', name: 'Fleet customer' },
    });
    const access = await attempt(`${one.url}/api/v1/boards/${boardId}/access`, 'PUT', {
      token: ownerToken,
      body: { isPublic: false, allowedCustomerCompanyIds: [customer.id] },
    });
    expect(access.status, JSON.stringify(access.body)).toBe(200);
    const endUser = await prisma.user.create({
      data: { companyId: owner.companyId, kind: 'REGULAR', role: 'END_USER', displayName: 'Cu' },
    });
    await prisma.customerCompanyMember.create({
      data: { customerCompanyId: customer.id, userId: endUser.id },
    });
    const token = await createSession(prisma, endUser.id, 1);

    const rest = await openStream(`${two.url}/api/v1/boards/${boardId}/events`, token);
    const graphql = await openStream(`${two.url}/graphql`, token, {
      query: `subscription ($b: ID!) { ideaChanged(boardId: $b) { ideaId idea { title } } }`,
      variables: { b: Buffer.from(`Board:${boardId}`).toString('base64') },
    });
    await waitUntil(() => rest.text.includes('event: ready') && graphql.text.length > 0, 'open');
    const writeIdea = (title: string) =>
      attempt(`${one.url}/api/v1/ideas/`, 'POST', {
        token: ownerToken,
        headers: { 'x-board-id': String(boardId) },
        body: { title },
      });
    const first = await writeIdea('Customer-only plan');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await waitUntil(
      () =>
        rest.text.includes(`"ideaId":${first.body.id}`) &&
        graphql.text.includes('Customer-only plan'),
      'the idea on process 2',
    );

    const detachedAt = Date.now();
    const detached = await attempt(`${one.url}/graphql`, 'POST', {
      token: ownerToken,
      body: {
        query: `mutation ($c: ID!, $u: ID!) { detachCustomerCompanyMember(customerCompanyId: $c, userId: $u) { __typename } }`,
        variables: {
          c: Buffer.from(`CustomerCompany:${customer.id}`).toString('base64'),
          u: Buffer.from(`CompanyUser:${endUser.id}`).toString('base64'),
        },
      },
    });
    expect(JSON.stringify(detached.body)).toContain('MutationDetachCustomerCompanyMemberSuccess');
    const after = await writeIdea('Written after the detachment');
    expect(after.status).toBe(201);
    await waitUntil(() => rest.endedAt > 0 && graphql.endedAt > 0, 'the streams to end', 5_000);
    console.log(
      `Streams on process 2 ended ${rest.endedAt - detachedAt} ms (REST) and ${graphql.endedAt - detachedAt} ms (GraphQL) after a detachment on process 1.`,
    );
    expect(rest.text).toContain('event: revoked');
    expect(rest.text).not.toContain(`"ideaId":${after.body.id}`);
    expect(graphql.text).not.toContain('Written after the detachment');
  }, 60_000);
});
