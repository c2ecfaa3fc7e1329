import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { IS_POSTGRES_PASS } from '../../testing/test-server.ts';

/**
 * The migration that adds the SSO token rules: companies that existed before keep accepting
 * tokens without `exp` (their integrations may sign none), companies made afterwards require it;
 * every company gets the 24-hour maximum. Runs the migration's own SQL on a Company table with
 * a row in it, as a deploy would.
 */

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../../prisma/migrations');

describe.skipIf(IS_POSTGRES_PASS)('migration sso_token_rules', () => {
  it('leaves existing companies without the requirement and gives it to new ones', async () => {
    const folder = readdirSync(MIGRATIONS).find((name) => name.endsWith('_sso_token_rules'));
    expect(folder).toBeDefined();
    const sql = readFileSync(path.join(MIGRATIONS, folder ?? '', 'migration.sql'), 'utf8');
    const db = new PGlite();
    try {
      await db.exec(`CREATE TABLE "Company" ("id" SERIAL PRIMARY KEY, "name" TEXT NOT NULL);
        INSERT INTO "Company" ("name") VALUES ('Existing Ltd');`);
      await db.exec(sql);
      await db.exec(`INSERT INTO "Company" ("name") VALUES ('New Ltd');`);
      const { rows } = await db.query(
        `SELECT "name", "ssoRequireExpiry", "ssoMaxLifetimeMinutes" FROM "Company" ORDER BY "id"`,
      );
      expect(rows).toEqual([
        { name: 'Existing Ltd', ssoRequireExpiry: false, ssoMaxLifetimeMinutes: 1440 },
        { name: 'New Ltd', ssoRequireExpiry: true, ssoMaxLifetimeMinutes: 1440 },
      ]);
    } finally {
      await db.close();
    }
  });
});
