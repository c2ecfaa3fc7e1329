import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { SERVER_PID_FILE } from './backup.ts';
import { openDatabase } from './client.ts';

/**
 * `npm run db:backup` / `db:restore` of the embedded database, run as the commands run
 * (api/src/db/backup-cli.ts in a process of its own) on real PGlite folders.
 */

// The embedded database only: the PostgreSQL pass of the suite skips it (FAULT_TESTS=1 runs it).
const reason =
  process.env.TEST_DATABASE_URL && !process.env.FAULT_TESTS
    ? 'backups are of the embedded database; runs in the PGlite pass'
    : null;
if (reason) console.log(`Backup tests skipped: ${reason}.`);

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

let work = '';
let before = '';
beforeAll(async () => {
  if (reason) return;
  work = await mkdtemp(path.join(os.tmpdir(), 'feedboard-backup-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs the command with DATA_DIR; answers its exit code and output. */
async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'api/src/db/backup-cli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 120_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** Every row of every table, as text. */
async function everything(dataDir: string): Promise<string> {
  const db = await openDatabase({ dataDir });
  try {
    const tables = await db.prisma.$queryRaw<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' ORDER BY table_name`;
    const parts: string[] = [];
    for (const { name } of tables) {
      const rows = await db.prisma.$queryRawUnsafe<{ row: string }[]>(
        `SELECT to_jsonb(t)::text AS row FROM "${name}" t ORDER BY 1`,
      );
      parts.push(`${name}: ${rows.map((r) => r.row).join('\n')}`);
    }
    return parts.join('\n\n');
  } finally {
    await db.close();
  }
}

describe.skipIf(reason)('backup and restore of the embedded database', () => {
  it('round-trips: data written, backed up, restored into a fresh folder, the same data', async () => {
    const source = path.join(work, 'source');
    const db = await openDatabase({ dataDir: source });
    await db.migrate();
    const demo = await seedDemoIfEmpty(db.prisma);
    expect(demo).not.toBeNull();
    await db.close();
    before = await everything(source);
    expect(before).toMatch(/demo@feedboard\.dev/);

    const file = path.join(work, 'backups', 'feedboard.tar.gz');
    const backup = await cli(source, 'backup', file);
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(/Backed up .* bytes/);
    // Company secrets and password hashes are inside: only the owner may read the file.
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const fresh = path.join(work, 'fresh');
    const restore = await cli(fresh, 'restore', file);
    expect(restore, restore.output).toMatchObject({ code: 0 });
    expect(await everything(fresh)).toBe(before);
  }, 240_000);

  it('refuses a non-empty folder without --force, and keeps the old one aside with it', async () => {
    const file = path.join(work, 'backups', 'feedboard.tar.gz');
    const target = path.join(work, 'occupied');
    await mkdir(target);
    await writeFile(path.join(target, 'something.txt'), 'already here');

    const refused = await cli(target, 'restore', file);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/is not empty.*--force/);

    const forced = await cli(target, 'restore', file, '--force');
    expect(forced, forced.output).toMatchObject({ code: 0 });
    expect(forced.output).toMatch(/kept at .*occupied\.before-restore-/);
    expect(await everything(target)).toBe(before);
    expect((await readdir(work)).some((name) => name.startsWith('occupied.before-restore-'))).toBe(
      true,
    );
  }, 240_000);

  it('refuses to back up or restore while a server uses the folder, even with --force', async () => {
    const file = path.join(work, 'backups', 'feedboard.tar.gz');
    const served = path.join(work, 'fresh');
    // This test's process stands in for the server: alive, and named in the folder's pid file.
    await writeFile(path.join(served, SERVER_PID_FILE), String(process.pid));
    for (const args of [
      ['restore', file, '--force'],
      ['backup', path.join(work, 'x.tar.gz')],
    ]) {
      const refused = await cli(served, ...args);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/server \(pid \d+\) is using .*Stop it/);
    }
    await rm(path.join(served, SERVER_PID_FILE));
  }, 120_000);

  it('refuses a file that is not a backup, leaving the folder as it was', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    await writeFile(bogus, 'not a tarball');
    const target = path.join(work, 'fresh');
    const files = await readdir(target, { recursive: true });
    const refused = await cli(target, 'restore', bogus, '--force');
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/is not a Feedboard backup/);
    expect(await readdir(target, { recursive: true })).toEqual(files);
  }, 120_000);
});
