import { loadConfig } from '../config.ts';
import { backupDataDir, restoreDataDir } from './backup.ts';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]`: the embedded PGlite
 * database of DATA_DIR to and from one file. A PostgreSQL server has its own tools (pg_dump).
 */
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((arg) => !arg.startsWith('--'));
const config = loadConfig();

try {
  if (!file || (command !== 'backup' && command !== 'restore')) {
    throw new Error('Usage: npm run db:backup -- FILE | npm run db:restore -- FILE [--force]');
  }
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: back up a PostgreSQL server with pg_dump and restore it with pg_restore or psql.',
    );
  }
  if (command === 'backup') {
    const size = await backupDataDir(config.dataDir, file);
    console.log(`Backed up ${config.dataDir} to ${file} (${size} bytes).`);
  } else {
    const { movedAside } = await restoreDataDir(file, config.dataDir, { force });
    console.log(`Restored ${file} into ${config.dataDir}.`);
    if (movedAside) console.log(`The folder it replaced is kept at ${movedAside}.`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
