import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../../scripts/build-server.mjs';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { createSession } from '../services/account/create-session.ts';
import { startServerProcess } from '../testing/server-process.ts';
import { IS_POSTGRES_PASS } from '../testing/test-server.ts';
import { openDatabase } from './client.ts';
import { copyOrder } from './move-to-postgres.ts';
import { createPGlite } from './pglite.ts';

/**
 * `npm run db:move-to-postgres -- URL`, run as the operator runs it (move-to-postgres-cli.ts in
 * a process of its own), from a real embedded DATA_DIR into a fresh database on the PostgreSQL
 * server of the suite's PostgreSQL pass; then the real server runs on the copy.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const PASSWORD = 'demo-moves-along';

/** Runs the command on `dataDir`; answers its exit code and output. */
async function move(dataDir: string, ...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'api/src/db/move-to-postgres-cli.ts', ...args],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        timeout: 240_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

type TQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** Every row of every table but Prisma's migrations, as JSON text sorted, by table. */
async function everyRow(query: TQuery): Promise<Map<string, string[]>> {
  await query("SET TimeZone = 'UTC'");
  const tables = await query(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
     AND tablename <> '_prisma_migrations' ORDER BY tablename`,
  );
  const all = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await query(`SELECT row_to_json(t)::text AS r FROM "${String(name)}" t`);
    all.set(String(name), rows.map((row) => String(row.r)).sort());
  }
  return all;
}

describe('the order tables are copied in', () => {
  it('puts referenced tables first, and defers self-references and one nullable key of a cycle', () => {
    const { order, deferred } = copyOrder(
      ['Comment', 'Idea', 'Board', 'Company', 'A', 'B'],
      [
        { table: 'Comment', references: 'Idea', columns: ['ideaId'], nullable: false },
        { table: 'Comment', references: 'Comment', columns: ['parentId'], nullable: true },
        { table: 'Idea', references: 'Board', columns: ['boardId'], nullable: false },
        { table: 'Board', references: 'Company', columns: ['companyId'], nullable: false },
        { table: 'A', references: 'B', columns: ['bId'], nullable: false },
        { table: 'B', references: 'A', columns: ['aId'], nullable: true },
      ],
    );
    const at = (name: string) => order.indexOf(name);
    expect(at('Company')).toBeLessThan(at('Board'));
    expect(at('Board')).toBeLessThan(at('Idea'));
    expect(at('Idea')).toBeLessThan(at('Comment'));
    expect(at('B')).toBeLessThan(at('A'));
    expect(order).toHaveLength(6);
    expect(deferred).toEqual(
      new Map([
        ['Comment', new Set(['parentId'])],
        ['B', new Set(['aId'])],
      ]),
    );
  });
});

describe.skipIf(IS_POSTGRES_PASS)("the operators' commands bundled into dist/cli", () => {
  it('find the schema and the migrations from their shared chunks (as in the image)', async () => {
    const outdir = `dist/cli-test-${process.pid}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-cli-'));
    try {
      await buildCli(outdir);
      const { stdout } = await run(process.execPath, [`${outdir}/db-migrate.js`], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        timeout: 240_000,
      });
      expect(stdout).toMatch(/^Applied \d+ migration\(s\): \d+_init,/);
      const usage = await run(process.execPath, [`${outdir}/db-move-to-postgres.js`], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(usage).toMatchObject({ code: 1 });
      expect((usage as { stderr: string }).stderr).toContain(
        'Usage: npm run db:move-to-postgres -- postgresql://',
      );
    } finally {
      await rm(path.join(ROOT, outdir), { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe.skipIf(!IS_POSTGRES_PASS)('npm run db:move-to-postgres', () => {
  let work = '';
  let dataDir = '';
  let targetUrl = '';
  let targetName = '';
  let sessionToken = '';
  let boardId = 0;
  /** The embedded database's AuditEntry sequence after the seed (past its largest id). */
  let auditSequence = 0;
  const serverUrl = process.env.TEST_DATABASE_URL as string;

  const onTarget = async <T>(task: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    try {
      return await task(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'feedboard-move-'));
    dataDir = path.join(work, 'data');
    const db = await openDatabase({ dataDir });
    try {
      await db.migrate();
      const demo = await seedDemoIfEmpty(db.prisma, { password: PASSWORD });
      boardId = demo!.boardId;
      const admin = await db.prisma.user.findFirstOrThrow({
        where: { loginEmail: demo!.email },
      });
      sessionToken = await createSession(db.prisma, admin.id, 30);
      // Arrays, JSON with non-ASCII text and fractions, many rows (several batches, sampled).
      await db.prisma.company.update({
        where: { id: demo!.companyId },
        data: { signupEmailDomains: ['acme.example', 'łódź.example'] },
      });
      await db.prisma.user.updateMany({
        where: { displayName: 'Zofia Wójcik' },
        data: { attributes: { plan: 'pro', seats: 12.5, tags: ['a', 'ż'], nested: { x: null } } },
      });
      await db.prisma.$executeRaw`
        INSERT INTO "AuditEntry" ("companyId", "actorLabel", "action", "details", "createdAt")
        SELECT ${demo!.companyId}, 'Demo Admin <demo@feedboard.dev>', 'session.created',
               jsonb_build_object('n', g, 'list', jsonb_build_array(g, 'ł', null)),
               timestamp '2026-11-01 12:00:00.123' + g * interval '1 second'
        FROM generate_series(1, 4500) g`;
      // The sequence runs past the largest id: a copied sequence, not max(id), continues.
      await db.prisma.$executeRaw`
        DELETE FROM "AuditEntry" WHERE id > (SELECT max(id) - 3 FROM "AuditEntry")`;
      // A reply whose parent comes later by id: copied in the second pass.
      const first = await db.prisma.comment.findFirstOrThrow({ orderBy: { id: 'asc' } });
      const later = await db.prisma.comment.create({
        data: { ideaId: first.ideaId, authorId: admin.id, text: 'A later parent' },
      });
      await db.prisma.comment.update({ where: { id: first.id }, data: { parentId: later.id } });
      const [sequence] = await db.prisma.$queryRaw<{ value: bigint }[]>`
        SELECT last_value AS value FROM "AuditEntry_id_seq"`;
      auditSequence = Number(sequence!.value);
    } finally {
      await db.close();
    }
    targetName = `feedboard_move_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${targetName}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${targetName}`;
    targetUrl = url.toString();
  }, 300_000);

  afterAll(async () => {
    if (targetName) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`);
      await admin.end();
    }
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('refuses while a server uses DATA_DIR, and leaves the target untouched', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const answer = await move(dataDir, targetUrl);
      expect(answer.code).toBe(1);
      expect(answer.output).toContain(
        `A Feedboard server (pid ${server.child.pid}) is using ${dataDir}`,
      );
    } finally {
      await server.stop();
    }
    const tables = await onTarget(
      async (c) => (await c.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).rowCount,
    );
    expect(tables).toBe(0);
  }, 300_000);

  it('copies every row of every table, and the sequences continue', async () => {
    const answer = await move(dataDir, targetUrl);
    expect(answer.code, answer.output).toBe(0);
    expect(answer.output).toMatch(/every count equal, every compared row equal/);
    expect(answer.output).toMatch(/^AuditEntry +4,497 +4,497 +200$/m);
    expect(answer.output).toContain(`Next: set DATABASE_URL=`);

    const pglite = await createPGlite(dataDir);
    const source = await everyRow(async (text) => (await pglite.query<any>(text)).rows);
    await pglite.close();
    const target = await onTarget((c) => everyRow(async (text) => (await c.query(text)).rows));
    expect([...target.keys()]).toEqual([...source.keys()]);
    for (const [table, rows] of source) {
      expect(target.get(table)?.length, table).toBe(rows.length);
      expect(target.get(table), table).toEqual(rows);
    }
    expect(source.get('AuditEntry')).toHaveLength(4_497);
    expect(source.get('Vote')!.length).toBeGreaterThan(10);

    const id = await onTarget(async (c) => {
      const { rows } = await c.query(
        `INSERT INTO "AuditEntry" ("actorLabel", "action") VALUES ('test', 'test') RETURNING id`,
      );
      await c.query(`DELETE FROM "AuditEntry" WHERE id = $1`, [rows[0].id]);
      return rows[0].id as number;
    });
    expect(id).toBe(auditSequence + 1);
  }, 300_000);

  it('refuses a second run: a target with rows is never written to', async () => {
    const before = await onTarget(
      async (c) => (await c.query(`SELECT count(*)::int AS n FROM "Vote"`)).rows[0].n,
    );
    const answer = await move(dataDir, targetUrl);
    expect(answer.code).toBe(1);
    expect(answer.output).toMatch(/The target database already holds data/);
    const after = await onTarget(
      async (c) => (await c.query(`SELECT count(*)::int AS n FROM "Vote"`)).rows[0].n,
    );
    expect(after).toBe(before);
  }, 300_000);

  it('serves from the target: the demo signs in, an old session works, the board reads', async () => {
    const server = await startServerProcess({ DATABASE_URL: targetUrl });
    try {
      const login = await fetch(`${server.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@feedboard.dev', password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const me = await fetch(`${server.url}/api/v1/me`, {
        headers: { authorization: `Bearer ${sessionToken}` },
      });
      expect(me.status).toBe(200);
      const ideas = await fetch(`${server.url}/api/v1/ideas/`, {
        headers: { authorization: `Bearer ${sessionToken}`, 'x-board-id': String(boardId) },
      });
      expect(ideas.status).toBe(200);
      const page = (await ideas.json()) as { ideas: { title: string }[] };
      expect(page.ideas.map((idea) => idea.title)).toContain('Dark mode for the dashboard');
    } finally {
      await server.stop();
    }
  }, 300_000);
});
