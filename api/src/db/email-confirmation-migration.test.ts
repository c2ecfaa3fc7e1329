import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPGlite } from './pglite.ts';
import { MIGRATIONS_DIR, readMigrations } from './schema-engine.ts';
import { IS_POSTGRES_PASS } from '../testing/test-server.ts';

const MIGRATION = '20261124101000_email_confirmation';

/**
 * What the email-confirmation migration decides for the users already there: SSO emails,
 * owners and admins stay mailed; regular end users wait for their own confirmation.
 */
describe.skipIf(IS_POSTGRES_PASS)(`migration ${MIGRATION}`, () => {
  it('confirms existing SSO, owner and admin addresses, not regular end users', async () => {
    const db = await createPGlite();
    try {
      const { migrationDirectories } = await readMigrations();
      const names = migrationDirectories.map((d) => d.path);
      for (const name of names.slice(0, names.indexOf(MIGRATION))) {
        await db.exec(await readFile(path.join(MIGRATIONS_DIR, name, 'migration.sql'), 'utf8'));
      }
      await db.exec(`
        INSERT INTO "Company" ("id", "name", "slug", "secret", "updatedAt")
          VALUES (1, 'Old Co', 'old-co', 's', now());
        INSERT INTO "User" ("companyId", "kind", "role", "email", "displayName", "updatedAt") VALUES
          (1, 'REGULAR', 'OWNER', 'owner@old.example', 'owner', now()),
          (1, 'REGULAR', 'ADMIN', 'admin@old.example', 'admin', now()),
          (1, 'REGULAR', 'MEMBER', 'member@old.example', 'member', now()),
          (1, 'SSO', 'MEMBER', 'sso@old.example', 'sso', now()),
          (1, 'SSO', 'MEMBER', NULL, 'sso without email', now());`);
      await db.exec(await readFile(path.join(MIGRATIONS_DIR, MIGRATION, 'migration.sql'), 'utf8'));
      const { rows } = await db.query<{ displayName: string; confirmed: boolean }>(
        `SELECT "displayName", "emailConfirmedAt" IS NOT NULL AS "confirmed" FROM "User" ORDER BY "id"`,
      );
      expect(rows).toEqual([
        { displayName: 'owner', confirmed: true },
        { displayName: 'admin', confirmed: true },
        { displayName: 'member', confirmed: false },
        { displayName: 'sso', confirmed: true },
        { displayName: 'sso without email', confirmed: false },
      ]);
    } finally {
      await db.close();
    }
  });
});
