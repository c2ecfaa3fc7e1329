import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseFaults } from './db/faults.ts';
import { isDiskFull } from './db/errors.ts';
import { createLogThrottle } from './observability/log.ts';
import type { TLogger } from './observability/log.ts';
import { attempt, startServerProcess } from './testing/server-process.ts';
import type { TServerProcess } from './testing/server-process.ts';

/**
 * Issue 35 (faults answered well): a full disk under the embedded database: writes answer 503 with Retry-After and a
 * clear message (not 500), /readyz fails, and the log says so once, not once per request. The
 * process test puts DATA_DIR on a tmpfs of its own (mount needs root: CI's case) and fills it.
 */

const run = promisify(execFile);

/** A logger that keeps its lines. */
function capturingLogger(): {
  log: TLogger;
  lines: { level: string; message: string; extra: any }[];
} {
  const lines: { level: string; message: string; extra: any }[] = [];
  const at = (level: string) => (message: string, extra?: unknown) =>
    void lines.push({ level, message, extra });
  const log: TLogger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => log,
  };
  return { log, lines };
}

// What PGlite throws when PostgreSQL cannot extend a table's file (seen on a full tmpfs).
const pgliteDiskFull = Object.assign(
  new Error('could not extend file "base/5/16385": No space left on device'),
  { code: '53100', hint: 'Check free disk space.' },
);

describe('a full disk, at the error mapping', () => {
  it('maps PostgreSQL disk_full (53100) to a 503 with Retry-After, and other errors not', () => {
    expect(isDiskFull(pgliteDiskFull)).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: pgliteDiskFull }))).toBe(true);
    expect(isDiskFull(new Error('duplicate key value violates unique constraint'))).toBe(false);
    const { log } = capturingLogger();
    const faults = createDatabaseFaults(log, null);
    const answer = faults.answer(pgliteDiskFull);
    expect(answer?.status).toBe(503);
    expect(answer?.retryAfterSeconds).toBe(60);
    expect(answer?.message).toMatch(/storage is full/);
    expect(faults.answer(new Error('something else'))).toBeNull();
  });

  it('logs one line per kind per window, then how many more there were', async () => {
    const { log, lines } = capturingLogger();
    const throttle = createLogThrottle(log, 200);
    for (let n = 0; n < 50; n += 1) throttle('error', 'database-disk-full', 'Disk full.');
    throttle('warn', 'database-busy', 'Busy.');
    expect(lines.map((line) => line.message)).toEqual(['Disk full.', 'Busy.']);
    await expect.poll(() => lines.length, { timeout: 5_000 }).toBe(3);
    expect(lines[2]).toMatchObject({
      level: 'error',
      extra: { kind: 'database-disk-full', suppressed: 49 },
    });
  });
});

/** Why the tmpfs cannot be had here, or null when it is mounted at `dir`. */
async function mountTmpfs(dir: string): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  try {
    await run('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dir]);
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${(error as Error).message}`;
  }
}

// PGlite's own data folder: the PostgreSQL pass's server has a disk of its own.
const onPGlite = !process.env.TEST_DATABASE_URL;
let mountPoint = '';
let skipped: string | null = onPGlite
  ? null
  : 'the full disk is the embedded database (PGlite pass)';
let server: TServerProcess | undefined;

beforeAll(async () => {
  if (skipped) return;
  mountPoint = await mkdtemp(path.join(os.tmpdir(), 'feedboard-full-disk-'));
  skipped = await mountTmpfs(mountPoint);
  if (skipped) console.log(`Full-disk process test skipped: ${skipped}.`);
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (!mountPoint) return;
  if (!skipped) await run('umount', [mountPoint]).catch(() => undefined);
  await rm(mountPoint, { recursive: true, force: true });
});

describe('a full disk under the embedded database (a real server on a small tmpfs)', () => {
  it('answers writes 503 with Retry-After, fails readiness, logs one line, and recovers when there is room', async (context) => {
    if (skipped) return context.skip();
    server = await startServerProcess({ DATA_DIR: path.join(mountPoint, 'data') });
    const url = server.url;
    const call = async (method: string, route: string, body?: unknown, token?: string) =>
      attempt(`${url}/api/v1${route}`, method, { body, token });
    const registered = await call('POST', '/registrations', {
      email: 'full-disk@example.com',
      password: 'full-disk-password',
      company: 'Full Disk Co',
    });
    const token = (registered.body as { token: string }).token;
    const { companyId } = (await call('GET', '/company', undefined, token)).body;
    // A new board, or (where the plan allows no second one) the company's first.
    const created = await call(
      'POST',
      `/companies/${companyId}/boards`,
      { name: 'Full disk board' },
      token,
    );
    const listed = await call('GET', `/companies/${companyId}/boards`, undefined, token);
    const board = created.status === 201 ? created.body : listed.body?.[0];
    expect(board?.id, JSON.stringify([created, listed])).toEqual(expect.any(Number));
    const idea = await attempt(`${url}/api/v1/ideas/`, 'POST', {
      token,
      headers: { 'x-board-id': String(board.id) },
      body: { title: 'Room to grow', description: 'Comments fill the disk.' },
    });
    expect(idea.status, JSON.stringify(idea.body)).toBe(201);
    const comment = () =>
      call('POST', `/ideas/${idea.body.id}/comments`, { text: 'x'.repeat(490) }, token);

    // Fill the rest of the disk.
    await run('sh', ['-c', `dd if=/dev/zero of=${mountPoint}/filler bs=1M 2>/dev/null || true`]);

    // Comments fill the table's last page, then one needs a new page: 503, never 500.
    const statuses: (number | 'lost')[] = [];
    let refused: Awaited<ReturnType<typeof comment>> | undefined;
    let headers: Headers | undefined;
    for (let n = 0; n < 400 && !refused; n += 1) {
      const response = await fetch(`${url}/api/v1/ideas/${idea.body.id}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: 'x'.repeat(490) }),
      });
      statuses.push(response.status);
      if (response.status !== 201) {
        headers = response.headers;
        refused = { status: response.status, body: await response.json(), ms: 0 };
      } else {
        await response.arrayBuffer();
      }
    }
    expect(refused?.status, JSON.stringify(refused?.body)).toBe(503);
    expect(headers?.get('retry-after')).toBe('60');
    expect(refused?.body).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: expect.stringMatching(/storage is full, so changes cannot be saved/),
      },
    });
    // More writes: all 503, still no 500; reads go on.
    for (let n = 0; n < 20; n += 1) statuses.push((await comment()).status);
    expect(
      statuses.filter((status) => status === 'lost' || (status >= 500 && status !== 503)),
    ).toEqual([]);
    expect(statuses.slice(-20).every((status) => status === 503)).toBe(true);
    expect((await call('GET', `/ideas/${idea.body.id}/comments`, undefined, token)).status).toBe(
      200,
    );

    // Not ready (the disk check says why), still alive.
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    const readiness = await ready.json();
    expect(readiness).toMatchObject({ status: 'unavailable' });
    // Statuses only, to an anonymous caller: not the free room nor the database's kind.
    expect(readiness.checks.database).toEqual({ status: 'ok' });
    expect(readiness.checks.disk).toEqual({ status: 'full' });
    expect((await fetch(`${url}/livez`)).status).toBe(200);

    // One error line for 21 refused writes, without a stack.
    const output = server.output();
    expect(output.match(/disk is full/g)).toHaveLength(1);
    expect(output).not.toMatch(/"stack"/);

    // Room again: writes work, and readiness returns (its hold on a recent failure is 30 s).
    await rm(path.join(mountPoint, 'filler'));
    expect((await comment()).status).toBe(201);
    await expect
      .poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 60_000, interval: 1_000 })
      .toBe(200);
  }, 240_000);
});
