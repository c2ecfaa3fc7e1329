import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

/** `npm run db:migrate`: applies pending migrations to the configured database. */
const config = loadConfig();
const db = await openDatabase(config);
try {
  const applied = await db.migrate();
  console.log(
    applied.length
      ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
      : 'The database is up to date.',
  );
} finally {
  await db.close();
}
