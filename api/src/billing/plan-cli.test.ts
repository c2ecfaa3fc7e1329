import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_PID_FILE } from '../db/backup.ts';
import { openDatabase } from '../db/client.ts';
import { APP_ERROR, mutate, signUpCompany } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * `npm run plan -- set|list`, run as the operator runs it (api/src/billing/plan-cli.ts in a
 * process of its own): on the embedded database of a DATA_DIR in the PGlite pass, on a running
 * server's PostgreSQL database in the PostgreSQL pass.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const isPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Runs the command against `env`'s database; answers its exit code and output. */
async function plan(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'api/src/billing/plan-cli.ts', ...args],
      {
        cwd: ROOT,
        // No payment provider and no DEFAULT_PLAN unless the test says so.
        env: {
          ...process.env,
          DATABASE_URL: '',
          STRIPE_SECRET_KEY: '',
          STRIPE_WEBHOOK_SECRET: '',
          DEFAULT_PLAN: '',
          ...env,
        },
        timeout: 120_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The row of `slug` in `list`'s table, as its cells. */
const rowOf = (output: string, slug: string) =>
  output
    .split('\n')
    .find((line) => line.startsWith(`${slug} `))
    ?.split(/ {2,}/);

describe.skipIf(isPostgres)('npm run plan on the embedded database (DATA_DIR)', () => {
  let work = '';
  let env: Record<string, string> = {};
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'feedboard-plan-'));
    const dataDir = path.join(work, 'data');
    const db = await openDatabase({ dataDir });
    await db.migrate();
    for (const [slug, name] of [
      ['acme', 'Acme Analytics'],
      ['globex', 'Globex'],
    ] as const) {
      await db.prisma.company.create({
        data: { slug, name, secret: `secret-${slug}`, subscription: { create: {} } },
      });
    }
    await db.close();
    env = { DATA_DIR: dataDir };
  }, 300_000);
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('lists each company on the default plan, sets plans, and lists them again', async () => {
    const before = await plan(env, 'list');
    expect(before.code).toBe(0);
    expect(before.output).toContain('Default plan: ULTRA (no payment provider configured).');
    expect(rowOf(before.output, 'acme')).toEqual([
      'acme',
      'Acme Analytics',
      'ULTRA',
      '-',
      'DEFAULT_PLAN',
    ]);

    const set = await plan(env, 'set', 'acme', 'startup', '--until', '2099-12-31');
    expect(set).toEqual({
      code: 0,
      output:
        'acme (Acme Analytics): ULTRA → STARTUP until 2099-12-31 (UTC), set by the operator.\n',
    });
    expect((await plan(env, 'set', 'globex', 'FREE')).code).toBe(0);

    const after = await plan({ ...env, DEFAULT_PLAN: 'COMPANY' }, 'list');
    expect(after.output).toContain('Default plan: COMPANY (DEFAULT_PLAN).');
    expect(rowOf(after.output, 'acme')).toEqual([
      'acme',
      'Acme Analytics',
      'STARTUP',
      '2099-12-31',
      'operator',
    ]);
    expect(rowOf(after.output, 'globex')).toEqual(['globex', 'Globex', 'FREE', '-', 'operator']);
  }, 300_000);

  it('says what is wrong, exits 1 and changes nothing', async () => {
    const cases: [string[], string][] = [
      [['set', 'nobody', 'ULTRA'], 'No company has the slug "nobody".'],
      [['set', 'acme', 'GOLD'], 'Unknown plan "GOLD"'],
      [['set', 'acme', 'ULTRA', '--until', '31.12.2099'], '"31.12.2099" is not a date'],
      [['set', 'acme', 'ULTRA', '--until', '2020-01-01'], '2020-01-01 has passed'],
      [['set', 'acme'], 'Usage:'],
    ];
    for (const [args, message] of cases) {
      const answer = await plan(env, ...args);
      expect(answer.code, args.join(' ')).toBe(1);
      expect(answer.output, args.join(' ')).toContain(message);
    }
    expect(rowOf((await plan(env, 'list')).output, 'acme')?.[2]).toBe('STARTUP');
  }, 300_000);

  it('refuses while a server uses the folder (PGlite serves one process at a time)', async () => {
    // The test runner's parent process stands in for a live server.
    await writeFile(path.join(env.DATA_DIR!, SERVER_PID_FILE), String(process.ppid));
    try {
      const answer = await plan(env, 'list');
      expect(answer.code).toBe(1);
      expect(answer.output).toContain(`A Feedboard server (pid ${process.ppid}) is using`);
    } finally {
      await rm(path.join(env.DATA_DIR!, SERVER_PID_FILE), { force: true });
    }
  }, 300_000);
});

describe.skipIf(!isPostgres)(
  'npm run plan on PostgreSQL (DATABASE_URL), beside a running server',
  () => {
    let server: TTestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(async () => {
      await server?.close();
    });

    it("sets a company's plan, and the running server answers with it on the next request", async () => {
      const owner = await signUpCompany(server);
      const { slug, name } = await server.deps.prisma.company.findUniqueOrThrow({
        where: { id: owner.companyId },
      });
      const create = `mutation ($name: String!) { createBoard(name: $name) {
      __typename ... on MutationCreateBoardSuccess { data { id } } ${APP_ERROR} } }`;
      for (const board of ['Product ideas', 'Mobile app']) {
        const created = await mutate(server, 'createBoard', create, { name: board }, owner.token);
        expect(created.__typename).toBeUndefined();
      }
      const actives = async () =>
        (
          await server.call('POST', '/graphql', {
            token: owner.token,
            body: {
              query: '{ boards { active } viewer { company { subscription { product } } } }',
            },
          })
        ).body.data;
      expect(await actives()).toEqual({
        boards: [{ active: true }, { active: true }],
        viewer: { company: { subscription: { product: 'ULTRA' } } },
      });

      const env = { DATABASE_URL: server.databaseUrl! };
      const set = await plan(env, 'set', slug, 'FREE');
      expect(set).toEqual({
        code: 0,
        output: `${slug} (${name}): ULTRA → FREE, set by the operator.\n`,
      });
      expect(await actives()).toEqual({
        boards: [{ active: true }, { active: false }],
        viewer: { company: { subscription: { product: 'FREE' } } },
      });
      expect(rowOf((await plan(env, 'list')).output, slug)).toEqual([
        slug,
        name,
        'FREE',
        '-',
        'operator',
      ]);

      const back = await plan(env, 'set', slug, 'DEFAULT');
      expect(back.output).toContain("FREE → ULTRA, the server's default plan");
      expect((await actives()).boards).toEqual([{ active: true }, { active: true }]);
      expect((await plan(env, 'set', 'no-such-company', 'ULTRA')).output).toContain(
        'No company has the slug "no-such-company".',
      );
    }, 300_000);
  },
);
