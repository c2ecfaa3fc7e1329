import { readFile, readdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import { ROOT } from '../root.ts';

/**
 * Prisma's schema engine compiled to WebAssembly, driven through a driver adapter. Prisma's
 * CLI would download a native engine at run time, which machines without internet cannot do;
 * this does what `prisma migrate deploy` and `prisma migrate diff` do, offline.
 */

export const PRISMA_DIR = path.join(ROOT, 'prisma');
export const SCHEMA_PATH = path.join(PRISMA_DIR, 'schema.prisma');
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, 'migrations');
const LOCKFILE = { path: 'migration_lock.toml', content: 'provider = "postgresql"\n' };
const NO_FILTERS = { externalTables: [], externalEnums: [] };

type TEngineModule = { SchemaEngine: typeof SchemaEngine };
let wasmReady: Promise<TEngineModule> | undefined;

// The package's main entry imports the .wasm file as an ES module, which Node cannot load;
// the bindings module is instantiated by hand instead.
async function loadEngineModule(): Promise<TEngineModule> {
  const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg');
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(
    path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
    'schema_engine_bg.wasm',
  );
  const module = await WebAssembly.compile(await readFile(wasmPath));
  const instance = await WebAssembly.instantiate(module, {
    './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports,
  });
  const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
  (bg as unknown as { __wbg_set_wasm: (e: WebAssembly.Exports) => void }).__wbg_set_wasm(exports);
  exports.__wbindgen_start();
  return bg as unknown as TEngineModule;
}

async function openEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: (message: string) => void,
): Promise<SchemaEngine> {
  wasmReady ??= loadEngineModule();
  const { SchemaEngine: Engine } = await wasmReady;
  const schema = await readFile(SCHEMA_PATH, 'utf8');
  return Engine.new(
    { datamodels: [[SCHEMA_PATH, schema]] },
    (line: string) => log(line),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
}

/** The migration folders' names (= timestamps), in order. */
async function migrationNames(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const isFolder = await Promise.all(
    names.map(async (name) => (await stat(path.join(dir, name))).isDirectory()),
  );
  return names.filter((_name, index) => isFolder[index]);
}

/** Reads prisma/migrations/<name>/migration.sql, in name (= timestamp) order. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const directories = [];
  for (const name of await migrationNames(dir)) {
    const file = path.join(dir, name, 'migration.sql');
    const content = await readFile(file, 'utf8').then(
      (sql) => ({ tag: 'ok' as const, value: sql }),
      (error: Error) => ({ tag: 'error' as const, value: error.message }),
    );
    directories.push({ path: name, migrationFile: { path: 'migration.sql', content } });
  }
  return {
    baseDir: dir,
    lockfile: LOCKFILE,
    shadowDbInitScript: '',
    migrationDirectories: directories,
  };
}

/** Runs one plain statement on the database's own driver (pg's pool or PGlite), not Prisma. */
export type TPlainQuery = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Whether the database has every committed migration applied (and none failed), read from
 * Prisma's own `_prisma_migrations` table with one statement. A server that restarts on an
 * up-to-date database then skips loading and compiling the schema engine's WebAssembly, most
 * of a cold start's CPU. Anything else (no table yet, a pending or failed migration, a
 * database we cannot read) answers false, and the engine decides as before.
 */
export async function isUpToDate(query: TPlainQuery, dir = MIGRATIONS_DIR): Promise<boolean> {
  const names = await migrationNames(dir);
  let rows: Record<string, unknown>[];
  try {
    rows = await query(
      'SELECT "migration_name" AS "name", "finished_at" IS NOT NULL AS "isFinished" FROM "_prisma_migrations" WHERE "rolled_back_at" IS NULL',
    );
  } catch {
    return false;
  }
  if (rows.some((row) => row.isFinished !== true)) return false;
  const applied = new Set(rows.map((row) => row.name));
  return names.every((name) => applied.has(name));
}

/** Applies pending migrations (like `prisma migrate deploy`); answers the names applied. */
export async function applyMigrations(
  factory: SqlMigrationAwareDriverAdapterFactory,
  log: (message: string) => void = () => {},
): Promise<string[]> {
  const engine = await openEngine(factory, log);
  try {
    const result = await engine.applyMigrations({
      migrationsList: await readMigrations(),
      filters: NO_FILTERS,
    });
    return result.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * The SQL that takes a database from the committed migrations to schema.prisma. The factory
 * must offer a separate shadow database (PGlite does: a fresh in-memory instance), into which
 * the engine replays the existing migrations.
 */
export async function diffMigrationsToSchema(
  factory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const engine = await openEngine(factory, () => {});
  try {
    const schema = await readFile(SCHEMA_PATH, 'utf8');
    const result = await engine.diff({
      from: { tag: 'migrations', ...(await readMigrations()) },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
