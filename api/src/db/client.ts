import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.ts';
import { applyMigrations } from './schema-engine.ts';

export type TDatabase = {
  prisma: PrismaClient;
  /** 'postgres' with DATABASE_URL, else 'pglite' (embedded, kept under DATA_DIR). */
  kind: 'postgres' | 'pglite';
  /** Applies pending migrations; answers the names applied. */
  migrate: (log?: (message: string) => void) => Promise<string[]>;
  /** Answers true when a trivial query succeeds. */
  isHealthy: () => Promise<boolean>;
  close: () => Promise<void>;
};

export type TDatabaseOptions = {
  /** A PostgreSQL connection string; without one, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Called with every SQL statement Prisma sends (tests count queries with it). */
  onQuery?: ((sql: string) => void) | undefined;
};

/** Opens the database the configuration names: a PostgreSQL server, or embedded PGlite. */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  let factory: SqlMigrationAwareDriverAdapterFactory;
  let closeDriver: () => Promise<void>;
  let kind: TDatabase['kind'];
  if (options.databaseUrl) {
    kind = 'postgres';
    factory = new PrismaPg({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
    });
    closeDriver = async () => {};
  } else {
    kind = 'pglite';
    if (!options.dataDir.startsWith('memory://')) await mkdir(options.dataDir, { recursive: true });
    const pglite = await PGlite.create(options.dataDir);
    factory = new PrismaPGlite(pglite);
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
  return {
    prisma,
    kind,
    migrate: (log) => applyMigrations(factory, log),
    isHealthy: async () => {
      try {
        await prisma.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
}
