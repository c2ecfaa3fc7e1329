import { mkdir } from 'node:fs/promises';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from '../generated/prisma/client.ts';
import { SteadyClient, multiHostDriver, parseMultiHostUrl } from './hosts.ts';
import { PrismaPGliteWithExtensions, createPGlite, withDeadline } from './pglite.ts';
import { applyMigrations, isUpToDate } from './schema-engine.ts';
import type { TPlainQuery } from './schema-engine.ts';
import { PrismaPgForMigrations } from './sql-script.ts';
import { poolSql, prismaSql } from './sql.ts';
import type { TSql } from './sql.ts';

export type TDatabase = {
  prisma: PrismaClient;
  /** Plain SQL on the same connections, for the statements every request runs (db/sql.ts). */
  sql: TSql;
  /** 'postgres' with DATABASE_URL, else 'pglite' (embedded, kept under DATA_DIR). */
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations; answers the names applied. */
  migrate: (log?: (message: string) => void) => Promise<string[]>;
  /** Whether every migration in `dir` (the committed ones by default) is applied, none failed. */
  isUpToDate: (dir?: string) => Promise<boolean>;
  /** Answers true when a trivial query succeeds. */
  isHealthy: () => Promise<boolean>;
  /** The PostgreSQL pool's connections now (`/metrics`); null on embedded PGlite. */
  poolStats: (() => TPoolStats) | null;
  close: () => Promise<void>;
};

/** DATABASE_STATEMENT_TIMEOUT_MS's default: no request holds the database longer. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

export type TPoolStats = { total: number; idle: number; waiting: number; max: number };

export type TDatabaseOptions = {
  /** A PostgreSQL connection string; without one, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Called with every SQL statement Prisma sends (tests count queries with it). */
  onQuery?: ((sql: string) => void) | undefined;
  /** PostgreSQL connections in the pool (10 when unset). */
  databasePoolSize?: number | undefined;
  /** Statements prepared once per connection (500 when unset; 0: none). */
  databaseStatementCache?: number | undefined;
  /**
   * The deadline of every statement, in ms (5,000 when unset; 0: none): PostgreSQL's
   * `statement_timeout` and the wait for a pool connection; on PGlite, the wait for its turn.
   * Migrations run without it (their own pool on PostgreSQL, exempt on PGlite).
   */
  statementTimeoutMs?: number | undefined;
  /** PGlite only: a dumped data folder to start from instead of an empty one (tests). */
  pgliteSnapshot?: Blob | undefined;
};

/**
 * Names the first `limit` distinct statements the process sends, so that each pool connection
 * prepares a statement once and then only binds and executes it. Unnamed, PostgreSQL parses and
 * plans every statement on every call: the idea page's query spent 6 ms planning, five times
 * its execution. Prisma writes `IN ($1, …, $n)` with one placeholder per value, so the shapes
 * are many: past the limit, statements go unnamed and nothing grows.
 */
export function statementNames(limit: number): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return (query) => {
    let name = names.get(query.sql);
    if (name === undefined && names.size < limit) {
      name = `feedboard_${names.size}`;
      names.set(query.sql, name);
    }
    // pg sends a statement without a name as an unnamed one, parsed afresh.
    return name as string;
  };
}

/** Opens the database the configuration names: a PostgreSQL server, or embedded PGlite. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  let factory: SqlMigrationAwareDriverAdapterFactory;
  let migrationFactory: SqlMigrationAwareDriverAdapterFactory;
  let closeDriver: () => Promise<void>;
  let kind: TDatabase['kind'];
  let pool: pg.Pool | null = null;
  let plainQuery: TPlainQuery;
  let exemptFromDeadline = <T>(work: () => Promise<T>) => work();
  const deadlineMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  if (options.databaseUrl) {
    kind = 'postgres';
    // Several servers (libpq's `postgresql://u@h1:p1,h2:p2/db`): connect to the primary among
    // them (db/hosts.ts). One: node-postgres as it is.
    const servers = parseMultiHostUrl(options.databaseUrl);
    const driver = servers ? multiHostDriver(servers) : null;
    const target: pg.PoolConfig = driver
      ? { Client: driver.Client }
      : { connectionString: options.databaseUrl, Client: SteadyClient };
    const shared = new (driver?.Pool ?? pg.Pool)({
      ...target,
      max: options.databasePoolSize ?? 10,
      // pg-pool's wait for a connection, free or new: past it the request answers 503 "busy".
      connectionTimeoutMillis: deadlineMs || 5_000,
      // No statement holds a connection (and what it locks) past the deadline: PostgreSQL
      // cancels it (57014) and the request answers 503 "busy". 20,000 ids once held a
      // connection for 49 s. A transaction left idle is ended after a longer while.
      ...(deadlineMs > 0
        ? { statement_timeout: deadlineMs, idle_in_transaction_session_timeout: deadlineMs * 12 }
        : {}),
      // Columns are `timestamp` holding UTC (as Prisma writes them), and rows that raw SQL
      // inserts take their `DEFAULT CURRENT_TIMESTAMP` in the session's zone: every session
      // starts in UTC, or on a server set to Europe/Warsaw new webhook deliveries would fall due
      // an hour late. (A startup option: no extra statement, nothing to race the first query.)
      // pg_trgm's `<%` (the similar-idea hints' typo-tolerant match, through the title's
      // trigram index) at find-similar-ideas.ts's TRIGRAM_THRESHOLD rather than its 0.6.
      options: '-c TimeZone=UTC -c pg_trgm.word_similarity_threshold=0.45',
    });
    // A connection that breaks while idle leaves the pool, which opens a new one when asked:
    // nothing to do, but without a listener the 'error' event would end the process.
    shared.on('error', () => {});
    pool = shared;
    plainQuery = async (text) => (await shared.query(text)).rows;
    factory = new PrismaPg(shared, {
      statementNameGenerator: statementNames(options.databaseStatementCache ?? 500),
    });
    // Migrations take a session-level advisory lock: on a pool of their own, closed afterwards,
    // the lock goes with the connections (on the shared pool it could outlive the migration).
    migrationFactory = new PrismaPgForMigrations({ ...target, max: 1 });
    closeDriver = () => shared.end();
  } else {
    kind = 'pglite';
    if (!options.dataDir.startsWith('memory://')) await mkdir(options.dataDir, { recursive: true });
    const pglite = await createPGlite(options.dataDir, options.pgliteSnapshot);
    exemptFromDeadline = withDeadline(pglite, deadlineMs).exempt;
    plainQuery = async (text) => (await pglite.query<Record<string, unknown>>(text)).rows;
    factory = new PrismaPGliteWithExtensions(pglite);
    migrationFactory = factory;
    closeDriver = () => pglite.close();
  }
  const prisma = new PrismaClient({
    adapter: factory,
    ...(options.onQuery ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {}),
  });
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (prisma as unknown as PrismaClient<'query'>).$on('query', (event) => onQuery(event.query));
  }
  const sql = pool ? poolSql(pool, options.onQuery) : prismaSql(prisma);
  return {
    prisma,
    sql,
    kind,
    migrate: async (log) => {
      if (await isUpToDate(plainQuery)) return [];
      try {
        return await exemptFromDeadline(() => applyMigrations(migrationFactory, log));
      } finally {
        // The engine keeps its connection otherwise: a database it migrated stays in use
        // (CREATE DATABASE … TEMPLATE of it is refused while anyone is connected).
        if (migrationFactory instanceof PrismaPgForMigrations) await migrationFactory.disposeAll();
      }
    },
    isUpToDate: (dir) => isUpToDate(plainQuery, dir),
    // On the driver itself, not through Prisma: Prisma's first query loads and compiles its
    // WebAssembly query compiler (about 200 ms of CPU), which a restarted server's /healthz
    // waited for. The first request that uses Prisma pays it instead, or the background jobs'
    // first round (main.ts, 3 s after listening). PGlite runs this after open transactions.
    isHealthy: async () => {
      try {
        await plainQuery('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    poolStats: pool
      ? () => {
          const p = pool as pg.Pool;
          return {
            total: p.totalCount,
            idle: p.idleCount,
            waiting: p.waitingCount,
            max: p.options.max ?? 10,
          };
        }
      : null,
    close: async () => {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
