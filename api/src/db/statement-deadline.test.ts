import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { holdDatabase } from '../testing/hold-database.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { isDatabaseBusy } from './errors.ts';

/**
 * Every statement has a deadline (DATABASE_STATEMENT_TIMEOUT_MS): PostgreSQL cancels a statement
 * that runs past it; the embedded database refuses a call that waited past it for its turn. Either
 * way the request answers 503 "too busy", not a 500 and not an answer minutes later.
 */

const DEADLINE_MS = 400;
const BUSY = {
  error: {
    code: 'UNAVAILABLE',
    message: 'The database is too busy to answer this request in time. Please try again shortly.',
  },
};

let server: TTestServer;
let owner: TTestAccount;
beforeAll(async () => {
  server = await startTestServer({ statementTimeoutMs: DEADLINE_MS });
  owner = await signUpCompany(server);
});
afterAll(async () => {
  await server?.close();
});

describe('the statement deadline', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'cancels a slow statement run through the product’s db layer on PostgreSQL (pg_sleep)',
    async () => {
      const viaSql = await server.db.sql`SELECT pg_sleep(10)`.then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseBusy(viaSql), String(viaSql)).toBe(true);
      const viaPrisma = await server.db.prisma.$queryRaw`SELECT pg_sleep(10)`.then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseBusy(viaPrisma), String(viaPrisma)).toBe(true);
      // The connection is usable again at once.
      expect(await server.db.sql<{ one: number }>`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    },
  );

  it('answers 503 too busy on REST and GraphQL while the database is held, then serves again', async () => {
    const release = await holdDatabase(server);
    try {
      const rest = await server.call('GET', '/api/v1/me', { token: owner.token });
      expect(rest.status).toBe(503);
      expect(rest.body).toEqual(BUSY);
      const graphql = await server.call('POST', '/graphql', {
        body: { query: '{ viewer { user { id } } }' },
        token: owner.token,
      });
      expect(graphql.status).toBe(503);
      expect(graphql.body.errors).toEqual([
        expect.objectContaining({
          message: BUSY.error.message,
          extensions: expect.objectContaining({ code: 'UNAVAILABLE' }),
        }),
      ]);
    } finally {
      await release();
    }
    const after = await server.call('GET', '/api/v1/me', { token: owner.token });
    expect(after.status).toBe(200);
  });

  it('answers 503 with Retry-After on the portal’s pages too, never a 500 (attack 7, F2)', async () => {
    const { slug } = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    const release = await holdDatabase(server, 'Company');
    try {
      for (const path of [`/${slug}`, `/${slug}/sitemap.xml`, `/${slug}/roadmap`]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(503);
        expect(Number(response.headers.get('retry-after')), path).toBeGreaterThan(0);
        expect(await response.text(), path).toBe(BUSY.error.message);
      }
    } finally {
      await release();
    }
  });
});
