import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PrismaPGliteWithExtensions, createPGlite } from './pglite.ts';
import { MIGRATIONS_DIR, diffMigrationsToSchema } from './schema-engine.ts';

/**
 * `npm run db:migration -- NAME`: writes prisma/migrations/<stamp>_NAME/migration.sql.
 * `npm run db:migration:check`: fails when schema.prisma has changes no migration holds.
 */
async function main(): Promise<void> {
  const name = process.argv[2];
  const isCheck = name === '--check';
  if (!isCheck && (!name || !/^[a-z0-9_]+$/i.test(name))) {
    console.error('Usage: npm run db:migration -- NAME   (letters, digits and _ only)');
    process.exit(2);
  }
  // An in-memory PGlite: its shadow database is another fresh instance (see ARCHITECTURE.md).
  const pglite = await createPGlite();
  try {
    const sql = await diffMigrationsToSchema(new PrismaPGliteWithExtensions(pglite));
    if (!/\S/.test(sql.replace(/^--.*$/gm, ''))) {
      console.log('schema.prisma matches the migrations: nothing to write.');
      return;
    }
    if (isCheck) {
      console.error(`schema.prisma has changes that no migration holds:\n${sql}`);
      console.error('Run `npm run db:migration -- NAME` and commit the new migration.');
      process.exitCode = 1;
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'migration.sql'), sql);
    await writeFile(
      path.join(MIGRATIONS_DIR, 'migration_lock.toml'),
      '# Written by npm run db:migration\nprovider = "postgresql"\n',
    );
    console.log(`Wrote ${path.relative(process.cwd(), path.join(dir, 'migration.sql'))}`);
  } finally {
    await pglite.close();
  }
}

await main();
