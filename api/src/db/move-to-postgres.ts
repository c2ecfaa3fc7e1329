import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { claimDataDir, runningServerPid } from './backup.ts';
import { openDatabase } from './client.ts';
import { createPGlite } from './pglite.ts';
import { isUpToDate } from './schema-engine.ts';

/**
 * Moves the embedded database of DATA_DIR to an empty PostgreSQL database
 * (`npm run db:move-to-postgres -- postgresql://…`, move-to-postgres-cli.ts).
 *
 * 1. Refuses while a server uses DATA_DIR (and holds the folder meanwhile, so none starts),
 *    when the embedded database is behind the committed migrations, and when the target holds
 *    any row: nothing is ever overwritten.
 * 2. Applies the committed migrations to the target with the project's own migration code, so
 *    its schema is exactly theirs, and checks that both databases now list the same migrations
 *    and the same columns.
 * 3. In one transaction on the target: locks every table, disables the tables' own triggers
 *    (which would otherwise count the copied ideas into the copied counters a second time),
 *    copies every table of the public schema but `_prisma_migrations`, parents before
 *    children (foreign keys read from pg_constraint), in batches by primary key, as JSON
 *    (`json_agg` on PGlite, `json_populate_recordset` on PostgreSQL, which keeps every type
 *    exact); columns that refer to their own table or close a cycle are copied as NULL and set
 *    in a second pass. Then the sequences take the embedded database's values, the triggers are
 *    enabled again, and the copy is verified (row counts of every table, rows compared as text:
 *    all of a small table, a sample of a large one) before COMMIT. Any failure rolls back:
 *    the target keeps its migrated schema and no row.
 */

const MIGRATIONS_TABLE = '_prisma_migrations';

/**
 * A batch's rows on disk at most (as pg_column_size counts them, compressed): its JSON text is
 * held on both sides at once, a few times larger.
 */
const BATCH_BYTES = 4 * 1024 * 1024;

export type TMoveOptions = {
  dataDir: string;
  targetUrl: string;
  /** Rows a batch (2,000 when unset; fewer where rows are large: BATCH_BYTES). */
  batchSize?: number;
  /** Tables of at most this many rows are compared whole; larger ones by a sample (2,000). */
  compareAllUpTo?: number;
  /** Rows compared of a larger table (200). */
  sampleSize?: number;
  log?: (line: string) => void;
};

export type TTableResult = { table: string; source: number; target: number; compared: number };

export type TMoveResult = { tables: TTableResult[]; ms: number; migrationsApplied: string[] };

type TTable = {
  name: string;
  /** Copied columns, in attnum order (generated columns are left to the target). */
  columns: string[];
  primaryKey: string[];
  /** Columns copied as NULL first and set in a second pass. */
  deferred: string[];
};

type TForeignKey = { table: string; references: string; columns: string[]; nullable: boolean };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const list = (names: string[], prefix = '') => names.map((n) => prefix + quote(n)).join(', ');

/** A plain query on either side: PGlite or a pg client. */
type TQuery = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  'SET extra_float_digits = 1',
  "SET IntervalStyle = 'postgres'",
];

const CATALOGUE = {
  tables: `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  columns: `SELECT c.relname AS "table", a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
                   a.attgenerated <> '' AS generated, NOT a.attnotnull AS nullable
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY c.relname, a.attnum`,
  primaryKeys: `SELECT c.relname AS "table", array_agg(a.attname ORDER BY k.ord)::text[] AS columns
                FROM pg_constraint p JOIN pg_class c ON c.oid = p.conrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace
                CROSS JOIN LATERAL unnest(p.conkey) WITH ORDINALITY AS k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
                WHERE n.nspname = 'public' AND p.contype = 'p' GROUP BY c.relname`,
  foreignKeys: `SELECT c.relname AS "table", r.relname AS "references",
                       array_agg(a.attname ORDER BY k.ord)::text[] AS columns,
                       bool_and(NOT a.attnotnull) AS nullable
                FROM pg_constraint f JOIN pg_class c ON c.oid = f.conrelid
                JOIN pg_class r ON r.oid = f.confrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace
                CROSS JOIN LATERAL unnest(f.conkey) WITH ORDINALITY AS k(attnum, ord)
                JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
                WHERE n.nspname = 'public' AND f.contype = 'f'
                GROUP BY f.oid, c.relname, r.relname ORDER BY c.relname, f.conname`,
  sequences: `SELECT sequencename AS name, last_value::text AS "lastValue", start_value::text AS "startValue"
              FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  migrations: `SELECT migration_name AS name FROM "${MIGRATIONS_TABLE}"
               WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  triggers: `SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t
             JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgenabled <> 'D'
             ORDER BY c.relname, t.tgname`,
};

/** Each column list as `table: name type, …`, to compare the two schemas. */
async function describeColumns(query: TQuery): Promise<Map<string, string>> {
  const rows = await query<{ table: string; name: string; type: string }>(CATALOGUE.columns);
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (row.table === MIGRATIONS_TABLE) continue;
    tables.set(row.table, [...(tables.get(row.table) ?? []), `${row.name} ${row.type}`]);
  }
  return new Map([...tables].map(([table, columns]) => [table, columns.join(', ')]));
}

/**
 * The tables in an order that inserts every referenced row before the rows that refer to it;
 * foreign keys to the table itself, and one nullable key of each cycle, are deferred.
 */
export function copyOrder(
  names: string[],
  foreignKeys: TForeignKey[],
): { order: string[]; deferred: Map<string, Set<string>> } {
  const deferred = new Map<string, Set<string>>();
  const defer = (fk: TForeignKey) => {
    if (!fk.nullable) {
      throw new Error(
        `${fk.table}.${fk.columns.join(', ')} refers to ${fk.references} and cannot be NULL: no order copies it.`,
      );
    }
    const columns = deferred.get(fk.table) ?? new Set<string>();
    for (const column of fk.columns) columns.add(column);
    deferred.set(fk.table, columns);
  };
  let pending = foreignKeys.filter(
    (fk) => names.includes(fk.table) && names.includes(fk.references),
  );
  for (const fk of pending.filter((fk) => fk.table === fk.references)) defer(fk);
  pending = pending.filter((fk) => fk.table !== fk.references);
  const order: string[] = [];
  const left = new Set(names);
  while (left.size > 0) {
    const ready = [...left].filter(
      (name) => !pending.some((fk) => fk.table === name && left.has(fk.references)),
    );
    if (ready.length === 0) {
      // A cycle: copy one of its nullable keys in the second pass.
      const breakable = pending.find(
        (fk) => left.has(fk.table) && left.has(fk.references) && fk.nullable,
      );
      if (!breakable) {
        throw new Error(
          `The foreign keys among ${[...left].join(', ')} form a cycle of NOT NULL columns.`,
        );
      }
      defer(breakable);
      pending = pending.filter((fk) => fk !== breakable);
      continue;
    }
    for (const name of ready.sort()) {
      order.push(name);
      left.delete(name);
    }
  }
  return { order, deferred };
}

function pgliteQuery(pglite: PGlite): TQuery {
  return async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows;
}

function clientQuery(client: pg.Client): TQuery {
  return async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as T[];
}

/** The number of rows of every table. */
async function countRows(query: TQuery, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await query<{ n: string }>(`SELECT count(*)::text AS n FROM ${quote(table)}`);
    counts.set(table, Number(row?.n ?? 0));
  }
  return counts;
}

/** Reads one batch after `after` (a row as JSON text, or null for the first). */
async function readBatch(
  query: TQuery,
  table: TTable,
  columns: string[],
  after: string | null,
  limit: number,
  where = 'TRUE',
): Promise<{ rows: string; last: string | null; count: number }> {
  const key = list(table.primaryKey);
  const keyset =
    after === null
      ? ''
      : ` AND (${key}) > (SELECT ${key} FROM json_populate_record(NULL::${quote(table.name)}, $1::json))`;
  const [row] = await query<{ rows: string | null; last: string | null; count: number }>(
    `SELECT a::text AS rows, (a -> -1)::text AS last, coalesce(json_array_length(a), 0) AS count
     FROM (SELECT json_agg(t) AS a FROM (
       SELECT ${list(columns)} FROM ${quote(table.name)} WHERE (${where})${keyset}
       ORDER BY ${key} LIMIT ${limit}) t) x`,
    after === null ? [] : [after],
  );
  return { rows: row?.rows ?? '[]', last: row?.last ?? null, count: Number(row?.count ?? 0) };
}

/** Rows of `table` as JSON text, in key order: all of them, or `sample` drawn at random. */
async function sampleRows(query: TQuery, table: TTable, sample: number | null): Promise<string[]> {
  const key = list(table.primaryKey);
  const rows = await query<{ r: string }>(
    sample === null
      ? `SELECT row_to_json(t)::text AS r FROM (SELECT ${list(table.columns)} FROM ${quote(table.name)}) t ORDER BY ${key}`
      : `SELECT row_to_json(t)::text AS r FROM (SELECT ${list(table.columns)} FROM ${quote(table.name)} ORDER BY random() LIMIT ${sample}) t ORDER BY ${key}`,
  );
  return rows.map((row) => row.r);
}

/** The same rows (by primary key) of `table` on the other side, as JSON text, in key order. */
async function sameRows(query: TQuery, table: TTable, rows: string[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const key = list(table.primaryKey);
  const found = await query<{ r: string }>(
    `SELECT row_to_json(t)::text AS r FROM (
       SELECT ${list(table.columns, 't.')} FROM ${quote(table.name)} t
       JOIN json_populate_recordset(NULL::${quote(table.name)}, $1::json) k USING (${key})) t
     ORDER BY ${key}`,
    [`[${rows.join(',')}]`],
  );
  return found.map((row) => row.r);
}

const thousands = (n: number) => n.toLocaleString('en-US');

/** Refusals that need no database: a folder in use, no embedded database, a bad URL. */
async function refuseEarly(options: TMoveOptions): Promise<void> {
  if (!/^postgres(ql)?:\/\//.test(options.targetUrl)) {
    throw new Error(`The target must be a postgresql:// URL, not "${options.targetUrl}".`);
  }
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    throw new Error(`${options.dataDir} holds no embedded database to move.`);
  }
  const pid = await runningServerPid(options.dataDir);
  if (pid) {
    throw new Error(
      `A Feedboard server (pid ${pid}) is using ${options.dataDir}. Stop it before the move: PGlite serves one process at a time, and rows written during the copy would be left behind.`,
    );
  }
}

export async function moveToPostgres(options: TMoveOptions): Promise<TMoveResult> {
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 2_000;
  const compareAllUpTo = options.compareAllUpTo ?? 2_000;
  const sampleSize = options.sampleSize ?? 200;
  const started = Date.now();
  await refuseEarly(options);
  const releaseDataDir = await claimDataDir(options.dataDir);
  let pglite: PGlite | null = null;
  const target = new pg.Client({
    connectionString: options.targetUrl,
    options: '-c TimeZone=UTC -c statement_timeout=0 -c idle_in_transaction_session_timeout=0',
  });
  let connected = false;
  try {
    pglite = await createPGlite(options.dataDir);
    const source = pgliteQuery(pglite);
    for (const setting of SESSION_SETTINGS) await source(setting);
    if (!(await isUpToDate((text) => source(text)))) {
      throw new Error(
        `The embedded database in ${options.dataDir} is behind this release's migrations: run npm run db:migrate (without DATABASE_URL) or start the server once, stop it, then move.`,
      );
    }
    await target.connect();
    connected = true;
    const into = clientQuery(target);
    for (const setting of SESSION_SETTINGS) await into(setting);

    // Never overwrite: a target with any row is refused before anything is written to it.
    const existing = (await into<{ name: string }>(CATALOGUE.tables)).map((t) => t.name);
    const hasMigrations = existing.includes(MIGRATIONS_TABLE);
    if (existing.length > 0 && !hasMigrations) {
      throw new Error(
        `The target database holds tables that are not Feedboard's (${existing.slice(0, 5).join(', ')}…): move into an empty database (CREATE DATABASE …).`,
      );
    }
    const filled = async () => {
      const tables = (await into<{ name: string }>(CATALOGUE.tables))
        .map((t) => t.name)
        .filter((name) => name !== MIGRATIONS_TABLE);
      for (const table of tables) {
        const rows = await into(`SELECT 1 FROM ${quote(table)} LIMIT 1`);
        if (rows.length > 0) return table;
      }
      return null;
    };
    const firstFilled = await filled();
    if (firstFilled) {
      throw new Error(
        `The target database already holds data (table ${firstFilled} has rows). The move never overwrites: give it an empty database (CREATE DATABASE …).`,
      );
    }

    log('Applying the migrations to the target…');
    const targetDb = await openDatabase({
      databaseUrl: options.targetUrl,
      dataDir: 'unused',
      statementTimeoutMs: 0,
    });
    let migrationsApplied: string[];
    try {
      migrationsApplied = await targetDb.migrate();
    } finally {
      await targetDb.close();
    }
    log(`  ${migrationsApplied.length} migration(s) applied.`);

    // The two schemas must be the same migrations, column for column.
    const sourceMigrations = (await source<{ name: string }>(CATALOGUE.migrations)).map(
      (m) => m.name,
    );
    const targetMigrations = (await into<{ name: string }>(CATALOGUE.migrations)).map(
      (m) => m.name,
    );
    if (sourceMigrations.join() !== targetMigrations.join()) {
      const onlySource = sourceMigrations.filter((m) => !targetMigrations.includes(m));
      const onlyTarget = targetMigrations.filter((m) => !sourceMigrations.includes(m));
      throw new Error(
        `The two databases have different migrations (embedded only: ${onlySource.join(', ') || '-'}; target only: ${onlyTarget.join(', ') || '-'}).`,
      );
    }
    const sourceColumns = await describeColumns(source);
    const targetColumns = await describeColumns(into);
    for (const [table, columns] of sourceColumns) {
      if (targetColumns.get(table) !== columns) {
        throw new Error(
          `Table ${table} differs between the two databases:\n  embedded: ${columns}\n  target:   ${targetColumns.get(table) ?? '(missing)'}`,
        );
      }
    }
    for (const table of targetColumns.keys()) {
      if (!sourceColumns.has(table)) throw new Error(`Table ${table} is on the target only.`);
    }

    // What to copy, and in which order.
    const names = [...sourceColumns.keys()].sort();
    const columnRows = await source<{ table: string; name: string; generated: boolean }>(
      CATALOGUE.columns,
    );
    const keys = new Map(
      (await source<{ table: string; columns: string[] }>(CATALOGUE.primaryKeys)).map((k) => [
        k.table,
        k.columns,
      ]),
    );
    const foreignKeys = await source<TForeignKey>(CATALOGUE.foreignKeys);
    const { order, deferred } = copyOrder(names, foreignKeys);
    const tables: TTable[] = order.map((name) => {
      const primaryKey = keys.get(name);
      if (!primaryKey)
        throw new Error(`Table ${name} has no primary key: it cannot be copied in batches.`);
      return {
        name,
        columns: columnRows.filter((c) => c.table === name && !c.generated).map((c) => c.name),
        primaryKey,
        deferred: [...(deferred.get(name) ?? [])],
      };
    });
    const sourceCounts = await countRows(source, order);
    const total = [...sourceCounts.values()].reduce((a, b) => a + b, 0);
    log(`Copying ${thousands(total)} rows in ${tables.length} tables…`);

    await into('BEGIN');
    try {
      // Nothing else writes to the target meanwhile, and the emptiness checked holds.
      await into("SET LOCAL lock_timeout = '30s'");
      await into(`LOCK TABLE ${list(order)} IN ACCESS EXCLUSIVE MODE`);
      await into('SET LOCAL lock_timeout = 0');
      const lateFilled = await filled();
      if (lateFilled)
        throw new Error(`The target database got rows meanwhile (table ${lateFilled}).`);
      const triggers = await into<{ table: string; name: string }>(CATALOGUE.triggers);
      for (const t of triggers) {
        await into(`ALTER TABLE ${quote(t.table)} DISABLE TRIGGER ${quote(t.name)}`);
      }

      for (const table of tables) {
        const count = sourceCounts.get(table.name) ?? 0;
        const tableStarted = Date.now();
        const columns = list(table.columns);
        const values = table.columns
          .map((c) => (table.deferred.includes(c) ? `NULL AS ${quote(c)}` : quote(c)))
          .join(', ');
        const insert = `INSERT INTO ${quote(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
          SELECT ${values} FROM json_populate_recordset(NULL::${quote(table.name)}, $1::json)`;
        // Fewer rows a batch where rows are large (an import job's payload can be megabytes).
        const [size] = await source<{ bytes: number | null }>(
          `SELECT avg(pg_column_size(t))::float8 AS bytes FROM (SELECT * FROM ${quote(table.name)} LIMIT 100) t`,
        );
        const rowsPerBatch = Math.max(
          1,
          Math.min(batchSize, Math.floor(BATCH_BYTES / Math.max(1, size?.bytes ?? 1))),
        );
        let after: string | null = null;
        let done = 0;
        let reported = Date.now();
        for (;;) {
          const batch = await readBatch(source, table, table.columns, after, rowsPerBatch);
          if (batch.count === 0) break;
          await into(insert, [batch.rows]);
          done += batch.count;
          after = batch.last;
          if (Date.now() - reported > 2_000) {
            reported = Date.now();
            log(`  ${table.name}: ${thousands(done)} / ${thousands(count)} rows`);
          }
          if (batch.count < rowsPerBatch) break;
        }
        // The second pass: the columns copied as NULL.
        if (table.deferred.length > 0) {
          const readColumns = [...table.primaryKey, ...table.deferred];
          const set = table.deferred.map((c) => `${quote(c)} = k.${quote(c)}`).join(', ');
          const match = table.primaryKey.map((c) => `t.${quote(c)} = k.${quote(c)}`).join(' AND ');
          const update = `UPDATE ${quote(table.name)} t SET ${set}
            FROM json_populate_recordset(NULL::${quote(table.name)}, $1::json) k WHERE ${match}`;
          const where = table.deferred.map((c) => `${quote(c)} IS NOT NULL`).join(' OR ');
          let afterSet: string | null = null;
          for (;;) {
            const batch = await readBatch(source, table, readColumns, afterSet, batchSize, where);
            if (batch.count === 0) break;
            await into(update, [batch.rows]);
            afterSet = batch.last;
            if (batch.count < batchSize) break;
          }
        }
        if (done > 0) {
          log(
            `  ${table.name}: ${thousands(done)} row(s)${table.deferred.length ? ` (${table.deferred.join(', ')} in a second pass)` : ''}, ${((Date.now() - tableStarted) / 1000).toFixed(1)} s`,
          );
        }
      }

      // Sequences continue where the embedded database left them.
      const sequences = await source<{ name: string; lastValue: string | null }>(
        CATALOGUE.sequences,
      );
      for (const sequence of sequences) {
        if (sequence.lastValue === null) continue; // never used: the target's is fresh too
        await into('SELECT setval($1::regclass, $2::bigint, true)', [
          quote(sequence.name),
          sequence.lastValue,
        ]);
      }
      for (const t of triggers) {
        await into(`ALTER TABLE ${quote(t.table)} ENABLE TRIGGER ${quote(t.name)}`);
      }

      // Verify before COMMIT: a difference rolls the whole copy back.
      log('Verifying…');
      const targetCounts = await countRows(into, order);
      const results: TTableResult[] = [];
      const differences: string[] = [];
      for (const table of tables) {
        const sourceCount = sourceCounts.get(table.name) ?? 0;
        const targetCount = targetCounts.get(table.name) ?? 0;
        if (sourceCount !== targetCount) {
          differences.push(
            `${table.name}: ${sourceCount} rows embedded, ${targetCount} on the target`,
          );
        }
        const expected = await sampleRows(
          source,
          table,
          sourceCount <= compareAllUpTo ? null : sampleSize,
        );
        const actual = await sameRows(into, table, expected);
        const wrong = expected.filter((row, i) => actual[i] !== row);
        if (actual.length !== expected.length || wrong.length > 0) {
          differences.push(
            `${table.name}: ${wrong.length} of ${expected.length} compared row(s) differ or are missing, the first: ${(wrong[0] ?? '').slice(0, 200)}`,
          );
        }
        results.push({
          table: table.name,
          source: sourceCount,
          target: targetCount,
          compared: expected.length,
        });
      }
      const targetSequences = new Map(
        (await into<{ name: string; lastValue: string | null }>(CATALOGUE.sequences)).map((s) => [
          s.name,
          s.lastValue,
        ]),
      );
      for (const sequence of sequences) {
        if (
          sequence.lastValue !== null &&
          targetSequences.get(sequence.name) !== sequence.lastValue
        ) {
          differences.push(
            `sequence ${sequence.name}: ${sequence.lastValue} embedded, ${targetSequences.get(sequence.name)} on the target`,
          );
        }
      }
      if (differences.length > 0) {
        throw new Error(
          `The copy differs from the embedded database:\n  ${differences.join('\n  ')}`,
        );
      }
      await into('COMMIT');
      return { tables: results, ms: Date.now() - started, migrationsApplied };
    } catch (error) {
      await into('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    if (connected) await target.end().catch(() => {});
    if (pglite) await pglite.close();
    await releaseDataDir();
  }
}
