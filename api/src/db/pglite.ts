import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';

/**
 * The extensions every PGlite database loads, so that migrations saying
 * `CREATE EXTENSION IF NOT EXISTS pg_trgm` run on PGlite as on a PostgreSQL server
 * (where pg_trgm ships with the server's contrib modules).
 */
const EXTENSIONS = { pg_trgm };

/** A PGlite instance with Feedboard's extensions; `memory://…` keeps it in memory. */
export function createPGlite(dataDir?: string): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', { extensions: EXTENSIONS });
}

/**
 * The PGlite driver adapter, whose shadow database (where the schema engine replays the
 * migrations to write a new one) loads the same extensions; the adapter's own shadow
 * database is a bare PGlite, on which CREATE EXTENSION pg_trgm fails.
 */
export class PrismaPGliteWithExtensions extends PrismaPGlite {
  override async connectToShadowDb() {
    const shadow = await createPGlite('memory://shadow');
    return new PrismaPGlite(shadow).connect();
  }
}
