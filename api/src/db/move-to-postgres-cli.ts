import { loadConfig } from '../config.ts';
import { moveToPostgres } from './move-to-postgres.ts';

const USAGE = `Usage: npm run db:move-to-postgres -- postgresql://user:password@host:5432/database

Copies the embedded database of DATA_DIR, every row, into an empty PostgreSQL database: it
applies the migrations there, copies each table in one transaction, sets the sequences and
compares row counts and rows before committing. Stop the server first. DATA_DIR is left as it
was (keep it as the fallback); the target must be empty (CREATE DATABASE feedboard).
Then set DATABASE_URL to the same URL and start the server.`;

/**
 * `npm run db:move-to-postgres -- URL`: the embedded database (DATA_DIR) into a PostgreSQL
 * server (move-to-postgres.ts). The target is an argument, not DATABASE_URL: with DATABASE_URL
 * set, the configured database is already that server and DATA_DIR is not in use.
 */
const args = process.argv.slice(2);
const target = args.find((arg) => !arg.startsWith('-'));
try {
  if (args.includes('--help') || args.includes('-h') || !target || args.length !== 1) {
    throw new Error(USAGE);
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set, so this installation already uses a PostgreSQL server: unset it to move the embedded database of DATA_DIR.',
    );
  }
  console.log(`Moving the embedded database in ${config.dataDir} to ${redact(target)}.`);
  const result = await moveToPostgres({
    dataDir: config.dataDir,
    targetUrl: target,
    log: (line) => console.log(line),
  });
  const filled = result.tables.filter((t) => t.source > 0);
  const width = Math.max(5, ...filled.map((t) => t.table.length));
  const rows = [
    ['table'.padEnd(width), 'embedded', 'postgres', 'compared'],
    ...filled.map((t) => [
      t.table.padEnd(width),
      t.source.toLocaleString('en-US'),
      t.target.toLocaleString('en-US'),
      t.compared.toLocaleString('en-US'),
    ]),
  ];
  console.log(
    rows
      .map(([name, ...n]) => [name, ...n.map((v) => (v ?? '').padStart(10))].join('  '))
      .join('\n'),
  );
  const empty = result.tables.length - filled.length;
  if (empty > 0) console.log(`(and ${empty} empty table(s), empty on both sides)`);
  const total = result.tables.reduce((sum, t) => sum + t.source, 0);
  console.log(
    `Moved ${total.toLocaleString('en-US')} rows in ${result.tables.length} tables in ${(result.ms / 1000).toFixed(1)} s: every count equal, every compared row equal.`,
  );
  console.log(`Next: set DATABASE_URL=${redact(target)} (with its password) and start the server.
${config.dataDir} is unchanged: keep it (or a db:backup of it) as the fallback; unset DATABASE_URL to go back to it.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}

/** The URL without its password, for the output. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
