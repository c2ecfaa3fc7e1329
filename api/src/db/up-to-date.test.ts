import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-server.ts';
import type { TDatabase } from './client.ts';
import { MIGRATIONS_DIR } from './schema-engine.ts';

describe('a restart on an up-to-date database skips the schema engine', () => {
  let db: TDatabase;
  let drop: () => Promise<void>;
  let dir: string;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase());
    dir = await mkdtemp(path.join(tmpdir(), 'feedboard-migrations-'));
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
  });
  afterAll(async () => {
    await drop?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('is up to date after the migrations, and migrating again applies nothing', async () => {
    expect(await db.isUpToDate(dir)).toBe(true);
    expect(await db.migrate()).toEqual([]);
  });

  it('is not up to date with a migration the database has not seen', async () => {
    const pending = path.join(dir, '29991231000000_pending');
    await mkdir(pending);
    await writeFile(path.join(pending, 'migration.sql'), 'SELECT 1;\n');
    expect(await db.isUpToDate(dir)).toBe(false);
    await rm(pending, { recursive: true });
    expect(await db.isUpToDate(dir)).toBe(true);
  });

  it('is not up to date while a migration is marked failed (the engine reports it)', async () => {
    await db.sql`UPDATE "_prisma_migrations" SET "finished_at" = NULL
      WHERE "migration_name" = (SELECT max("migration_name") FROM "_prisma_migrations")`;
    expect(await db.isUpToDate(dir)).toBe(false);
  });

  it('is not up to date on a database without the migrations table', async () => {
    await db.sql`DROP TABLE "_prisma_migrations"`;
    expect(await db.isUpToDate(dir)).toBe(false);
  });
});
