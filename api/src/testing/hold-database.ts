import pg from 'pg';
import type { TTestServer } from './test-server.ts';

/**
 * Holds the test server's database the way a long statement would, until the answered function
 * is called: on PostgreSQL another connection locks `table`; on PGlite an open transaction holds
 * the one connection there is. Requests meanwhile meet the statement deadline (503 "busy").
 */
export async function holdDatabase(
  server: TTestServer,
  table = 'Session',
): Promise<() => Promise<void>> {
  if (server.databaseUrl) {
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    await other.query('BEGIN');
    await other.query(`LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`);
    return async () => {
      await other.query('ROLLBACK');
      await other.end();
    };
  }
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let started = () => {};
  const isHolding = new Promise<void>((resolve) => (started = resolve));
  const transaction = server.db.prisma.$transaction(
    async () => {
      started();
      await released;
    },
    { timeout: 60_000 },
  );
  await isHolding;
  return async () => {
    release();
    await transaction;
  };
}
