import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import type { TDatabase } from './client.ts';
import { openTestDatabase } from '../testing/test-server.ts';

// Only a PostgreSQL server has a time zone of its own to get wrong (PGlite runs in UTC).
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('database sessions on a server whose time zone is not UTC', () => {
  let fresh: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: TDatabase;
  beforeAll(async () => {
    fresh = await openTestDatabase();
    const admin = new pg.Client({ connectionString: fresh.databaseUrl });
    await admin.connect();
    const name = new URL(fresh.databaseUrl!).pathname.slice(1);
    await admin.query(`ALTER DATABASE "${name}" SET timezone = 'Asia/Tokyo'`);
    await admin.end();
    // Opened after the change, so its sessions would start in Tokyo time.
    db = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: 'unused' });
  });
  afterAll(async () => {
    await db?.close();
    await fresh?.drop();
  });

  it('write column defaults in UTC, as Prisma writes its timestamps', async () => {
    for (let i = 0; i < 3; i++) {
      const [row] = await db.sql<{ zone: string; local: Date }>`
        SELECT current_setting('TimeZone') AS zone, CURRENT_TIMESTAMP::timestamp AS local`;
      expect(row?.zone).toBe('UTC');
      expect(Math.abs(row!.local.getTime() - Date.now())).toBeLessThan(60_000);
      const [prismaRow] = await db.prisma.$queryRaw<{ local: Date }[]>`
        SELECT CURRENT_TIMESTAMP::timestamp AS local`;
      expect(Math.abs(prismaRow!.local.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });
});
