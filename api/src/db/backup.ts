import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of the embedded PGlite database: the whole data folder as one gzipped tar
 * (PGlite's dumpDataDir / loadDataDir), so a restore gives back exactly the backed-up state.
 */

/** Written by a server using the folder (api/src/main.ts), removed when it stops. */
export const SERVER_PID_FILE = 'feedboard-server.pid';

/** Marks the data folder as in use by this process; answers a function that unmarks it. */
export async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, SERVER_PID_FILE);
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

/** The pid of a live server using the folder, or null (none, or one that died: a stale file). */
export async function runningServerPid(dataDir: string): Promise<number | null> {
  const file = path.join(dataDir, SERVER_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number((await readFile(file, 'utf8')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

async function refuseWhileServing(dataDir: string, what: string): Promise<void> {
  const pid = await runningServerPid(dataDir);
  if (pid) {
    throw new Error(
      `A Feedboard server (pid ${pid}) is using ${dataDir}. Stop it before the ${what}: PGlite serves one process at a time.`,
    );
  }
}

/** Writes the data folder to `file` (gzipped tar); answers its size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`${dataDir} holds no embedded database to back up.`);
  }
  await refuseWhileServing(dataDir, 'backup');
  const pglite = await PGlite.create(dataDir);
  try {
    const dump = await pglite.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // It holds company secrets and password hashes: readable by its owner only.
    await writeFile(file, bytes, { mode: 0o600 });
    await chmod(file, 0o600); // an existing file keeps its mode through writeFile
    return bytes.length;
  } finally {
    await pglite.close();
  }
}

/**
 * Restores a backup into `dataDir`. Refuses while a server uses the folder, and refuses a folder
 * that is not empty unless `force` (then the old folder is kept beside it, renamed, and its
 * name answered).
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  options: { force?: boolean } = {},
): Promise<{ movedAside: string | null }> {
  await refuseWhileServing(dataDir, 'restore');
  const bytes = await readFile(file);
  let movedAside: string | null = null;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    if (!options.force) {
      throw new Error(
        `${dataDir} is not empty. Restore into an empty folder, or pass --force to replace it (the old folder is kept beside it).`,
      );
    }
    movedAside = `${path.resolve(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await rename(dataDir, movedAside);
  }
  await mkdir(dataDir, { recursive: true });
  try {
    const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([bytes]) });
    // A query proves the restored folder opens as a database.
    await pglite.query('SELECT 1');
    await pglite.close();
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, dataDir);
    throw new Error(`${file} is not a Feedboard backup: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return { movedAside };
}
