import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../errors.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { databaseUnavailableError } from './errors.ts';

/**
 * A request that cannot have the database in time answers 503 "too busy" with Retry-After, on
 * REST and GraphQL, however the wait ended: an interactive transaction that could not start
 * within Prisma's maxWait (P2028, "Transaction API error") or ran past its timeout, the wait for
 * a pool connection (PostgreSQL) or for the embedded database's turn (PGlite) past
 * DATABASE_STATEMENT_TIMEOUT_MS. P2028 used to answer 500 (GraphQL: "Unexpected error.").
 */

const BUSY_MESSAGE =
  'The database is too busy to answer this request in time. Please try again shortly.';

/**
 * Takes every connection the server's Prisma has (PGlite has one), one after another, until the
 * answer is called.
 */
async function takeEveryConnection(server: TTestServer): Promise<() => Promise<void>> {
  const connections = server.db.poolStats?.().max ?? 1;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const transactions: Promise<unknown>[] = [];
  for (let n = 0; n < connections; n += 1) {
    let start = () => {};
    const started = new Promise<void>((resolve) => (start = resolve));
    const transaction = server.db.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        start();
        await released;
      },
      { maxWait: 30_000, timeout: 60_000 },
    );
    transactions.push(transaction);
    await Promise.race([started, transaction]);
  }
  return async () => {
    release();
    await Promise.all(transactions);
  };
}

/** A password-reset check: anonymous, and its first use of the database is a transaction. */
async function checkResetToken(server: TTestServer) {
  const rest = await server.call('POST', '/api/v1/password-recovery/check-token', {
    body: { email: 'nobody@example.com', token: 'some-token' },
  });
  const graphql = await server.call('POST', '/graphql', {
    body: {
      query: `mutation { checkPasswordResetToken(email: "nobody@example.com", token: "some-token") {
        __typename } }`,
    },
  });
  return { rest, graphql };
}

function expectBusy({ rest, graphql }: Awaited<ReturnType<typeof checkResetToken>>) {
  expect(rest.status).toBe(503);
  expect(rest.body).toEqual({ error: { code: 'UNAVAILABLE', message: BUSY_MESSAGE } });
  expect(rest.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(graphql.status).toBe(503);
  expect(graphql.body.errors).toEqual([
    expect.objectContaining({ message: BUSY_MESSAGE, extensions: { code: 'UNAVAILABLE' } }),
  ]);
  expect(graphql.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
}

describe('a transaction that cannot start in time (P2028)', () => {
  let server: TTestServer;
  const logged: unknown[] = [];
  beforeAll(async () => {
    // The statement deadline far past Prisma's maxWait (2 s): the transaction's wait ends first.
    server = await startTestServer({ statementTimeoutMs: 20_000 });
    const error = server.deps.log.error.bind(server.deps.log);
    server.deps.log.error = (message: string, cause?: unknown) => {
      logged.push(cause);
      error(message, cause);
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 too busy with Retry-After on REST and GraphQL, logs nothing, then serves again', async () => {
    const release = await takeEveryConnection(server);
    try {
      expectBusy(await checkResetToken(server));
    } finally {
      await release();
    }
    expect(logged).toEqual([]);
    const { rest } = await checkResetToken(server);
    expect(rest.status).toBe(400);
  });

  it('maps Prisma’s own P2028 errors of a transaction’s maxWait and timeout, and no other P2028', async () => {
    const { prisma } = server.db;
    const release = await takeEveryConnection(server);
    const notStarted = await prisma
      .$transaction((tx) => tx.$queryRaw`SELECT 1`, { maxWait: 50 })
      .catch((error: unknown) => error);
    await release();
    expect(notStarted).toMatchObject({ code: 'P2028' });
    expect(databaseUnavailableError(notStarted)?.message).toBe(BUSY_MESSAGE);

    const expired = await prisma
      .$transaction(
        async (tx) => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          return tx.$queryRaw`SELECT 1`;
        },
        { timeout: 50 },
      )
      .catch((error: unknown) => error);
    expect(expired).toMatchObject({ code: 'P2028' });
    expect(databaseUnavailableError(expired)?.retryAfterSeconds).toBe(DATABASE_RETRY_AFTER_SECONDS);

    // A query on a transaction that already committed is a bug of ours: it stays a 500.
    const committed = await prisma.$transaction(async (tx) => tx);
    const misuse = await committed.$queryRaw`SELECT 1`.catch((error: unknown) => error);
    expect(misuse).toMatchObject({ code: 'P2028' });
    expect(databaseUnavailableError(misuse)).toBeNull();
  });
});

describe('no connection (PostgreSQL) or turn (PGlite) within the statement deadline', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ statementTimeoutMs: 1_500 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 503 too busy with Retry-After on REST and GraphQL when the wait for a connection passes the deadline', async () => {
    const release = await takeEveryConnection(server);
    try {
      expectBusy(await checkResetToken(server));
      const viaSql = await server.db.sql`SELECT 1`.then(
        () => null,
        (error: unknown) => error,
      );
      expect(databaseUnavailableError(viaSql)?.message).toBe(BUSY_MESSAGE);
    } finally {
      await release();
    }
  });
});
