import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS, createPGlite } from './pglite.ts';
import { IS_POSTGRES_PASS } from '../testing/test-server.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function setting(db: Awaited<ReturnType<typeof createPGlite>>, name: string) {
  const result = await db.query<Record<string, string>>(`SHOW ${name}`);
  return Object.values(result.rows[0] ?? {})[0];
}

describe.skipIf(IS_POSTGRES_PASS)('createPGlite', () => {
  it('runs PostgreSQL with the memory settings, not its 128 MB of shared buffers', async () => {
    const db = await createPGlite();
    try {
      expect(await setting(db, 'shared_buffers')).toBe('16MB');
      for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
        expect(await setting(db, name), name).toBe(value);
      }
      // Sorting a board's ideas keeps PostgreSQL's default room.
      expect(await setting(db, 'work_mem')).toBe('4MB');
    } finally {
      await db.close();
    }
  });

  it('creates a database in an empty folder (initdb in a worker) and opens it again with its rows', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-pglite-'));
    dirs.push(dir);
    const first = await createPGlite(dir);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(await setting(first, 'shared_buffers')).toBe('16MB');
    await first.exec('CREATE TABLE kept (id int); INSERT INTO kept VALUES (7);');
    await first.close();

    const second = await createPGlite(dir);
    try {
      expect((await second.query<{ id: number }>('SELECT id FROM kept')).rows).toEqual([{ id: 7 }]);
      await second.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      expect(
        (await second.query<{ s: number }>("SELECT similarity('dark mode', 'dark theme') AS s"))
          .rows[0]!.s,
      ).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
