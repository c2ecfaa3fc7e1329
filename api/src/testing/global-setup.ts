import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { PrismaPGliteWithExtensions, createPGlite } from '../db/pglite.ts';
import { applyMigrations } from '../db/schema-engine.ts';
import { buildServer } from '../../../scripts/build-server.mjs';

/** Where the migrated PGlite data folder is dumped (read by openTestDatabase). */
export const PGLITE_SNAPSHOT_ENV = 'FEEDBOARD_TEST_PGLITE_SNAPSHOT';
/** The migrated PostgreSQL database each file's database is copied from (PostgreSQL pass). */
export const TEMPLATE_DATABASE_ENV = 'FEEDBOARD_TEST_TEMPLATE_DATABASE';
/** The server bundled once for the server processes tests start (server-process.ts). */
export const SERVER_BUNDLE_ENV = 'FEEDBOARD_TEST_SERVER_BUNDLE';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * vitest's global setup: migrates one database before any file runs, so that each file's
 * database starts migrated instead of paying for initdb and every migration again (a PGlite
 * initdb alone is about 2 s of CPU, and a file opens one or more). PGlite: a dump of a migrated
 * in-memory instance, which openTestDatabase loads. PostgreSQL (TEST_DATABASE_URL): a template
 * database, which openTestDatabase copies with CREATE DATABASE … TEMPLATE. The workers inherit
 * the environment set here. Files that test initdb or migrations themselves open their own.
 * It also bundles the server once for the tests that start it as a process of its own.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  // Built like `npm start`'s bundle, in a folder of this run's own (inside the repository, so
  // its packages resolve): a process started from it skips tsx's transform of every source.
  const bundleDir = path.join(ROOT, 'dist', `test-server-${id}`);
  await buildServer(bundleDir);
  process.env[SERVER_BUNDLE_ENV] = path.join(bundleDir, 'main.js');

  const snapshotPath = path.join(os.tmpdir(), `feedboard-test-${id}.pgdata`);
  const pglite = await createPGlite('memory://');
  try {
    await applyMigrations(new PrismaPGliteWithExtensions(pglite));
    const dump = await pglite.dumpDataDir('none');
    await writeFile(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
  process.env[PGLITE_SNAPSHOT_ENV] = snapshotPath;

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (serverUrl) {
    template = `feedboard_template_${id}`;
    await onServer(serverUrl, `CREATE DATABASE "${template}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    await waitForNoSessions(serverUrl, template);
    process.env[TEMPLATE_DATABASE_ENV] = template;
  }

  return async () => {
    await rm(snapshotPath, { force: true });
    await rm(bundleDir, { recursive: true, force: true });
    if (serverUrl && template) {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    }
  };
}

/**
 * Waits until no session is connected to `database`: a closed client's server process exits a
 * moment after `end()` answers, and CREATE DATABASE … TEMPLATE refuses a template in use
 * ("being accessed by other users"), which a loaded machine otherwise hits now and then.
 */
async function waitForNoSessions(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [database],
      );
      if (rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
