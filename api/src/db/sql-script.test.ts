import { describe, expect, it } from 'vitest';
import { readMigrations } from './schema-engine.ts';
import { splitSqlScript } from './sql-script.ts';

describe('splitSqlScript', () => {
  it('keeps a function body, quoted semicolons and comments inside their statement', () => {
    const script = `CREATE TABLE "a" ("x" TEXT DEFAULT 'a;b');
-- a comment; with a semicolon
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1; RETURN NULL;
END $$;
/* block; comment */ SELECT 'it''s;' AS "semi;colon";
DO $body$ BEGIN PERFORM 2; END $body$`;
    expect(splitSqlScript(script)).toEqual([
      `CREATE TABLE "a" ("x" TEXT DEFAULT 'a;b')`,
      `-- a comment; with a semicolon\nCREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  PERFORM 1; RETURN NULL;\nEND $$`,
      `/* block; comment */ SELECT 'it''s;' AS "semi;colon"`,
      'DO $body$ BEGIN PERFORM 2; END $body$',
    ]);
  });

  it('splits every migration without a function body exactly as a split on ";" would', async () => {
    const { migrationDirectories } = await readMigrations();
    let compared = 0;
    for (const directory of migrationDirectories) {
      const { content } = directory.migrationFile;
      if (content.tag !== 'ok' || content.value.includes('$$')) continue;
      const naive = content.value
        .split(';')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      expect(splitSqlScript(content.value), directory.path).toEqual(naive);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
  });
});
