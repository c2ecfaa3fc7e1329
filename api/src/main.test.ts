import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './root.ts';
import { startServerProcess } from './testing/server-process.ts';
import { IS_POSTGRES_PASS } from './testing/test-server.ts';

/** The real server (`api/src/main.ts`) as `npm start` runs it, seeding the demo, on `dataDir`. */
function startServer(dataDir: string) {
  return startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
}

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

// Each test starts real server processes on a new embedded database, which applies every
// migration first: on a loaded two-core machine one start alone took up to 40 s.
const PROCESS_TEST_MS = 150_000;

describe.skipIf(IS_POSTGRES_PASS)('the server process on embedded PGlite', () => {
  it(
    'seeds the demo once, signs in with the printed login, keeps data across a restart, stops on SIGTERM',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-main-'));
      dataDirs.push(dataDir);

      const first = await startServer(dataDir);
      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

      const printed = /Sign in as (\S+) with password ([^\s"]+)/.exec(first.output());
      expect(printed, first.output()).not.toBeNull();
      const [, demoEmail, demoPassword] = printed!;
      const demoLogin = await post(`${first.url}/api/v1/login`, {
        email: demoEmail,
        password: demoPassword,
      });
      expect(demoLogin.status).toBe(200);

      const signup = await post(`${first.url}/api/v1/registrations`, {
        email: 'persistent@example.com',
        password: 'survives-restarts',
        company: 'Persistent Co',
      });
      expect(signup.status).toBe(201);
      await first.stop();
      expect(first.child.exitCode).toBe(0);
      expect(first.output()).toMatch(/SIGTERM/);

      const second = await startServer(dataDir);
      try {
        expect(second.output()).not.toMatch(/Demo company created/);
        const again = await post(`${second.url}/api/v1/login`, {
          email: 'persistent@example.com',
          password: 'survives-restarts',
        });
        expect(again.status).toBe(200);
        const me = await fetch(`${second.url}/api/v1/me`, {
          headers: { authorization: `Bearer ${signup.body.token}` },
        });
        expect(me.status).toBe(200);
        const demoAgain = await post(`${second.url}/api/v1/login`, {
          email: demoEmail,
          password: demoPassword,
        });
        expect(demoAgain.status).toBe(200);
      } finally {
        await second.stop();
      }
    },
    PROCESS_TEST_MS,
  );
});

describe.skipIf(IS_POSTGRES_PASS)('the server as `npm start` runs it', () => {
  it(
    'bundles, starts on an empty folder with the allocator settings, migrates and serves',
    async () => {
      execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT });
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-start-'));
      dataDirs.push(dataDir);
      const server = await startServerProcess(
        { DATA_DIR: dataDir, SEED_DEMO: 'true' },
        { bundle: true },
      );
      try {
        const pid = server.child.pid as number;
        // serve.sh execs: the process is node running the bundle, no tsx loader in it.
        const commandLine = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
        expect(commandLine).toContain('dist/server/main.js');
        expect(commandLine.join(' ')).not.toMatch(/tsx/);
        const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
        expect(environment).toContain('MALLOC_ARENA_MAX=2');
        expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=32768');

        const health = await fetch(`${server.url}/healthz`);
        expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
        const printed = /Sign in as (\S+) with password ([^\s"]+)/.exec(server.output());
        expect(printed, server.output()).not.toBeNull();
        const login = await post(`${server.url}/api/v1/login`, {
          email: printed![1],
          password: printed![2],
        });
        expect(login.status).toBe(200);
      } finally {
        await server.stop();
      }
      expect(server.child.exitCode).toBe(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    'stops with `npm start` on SIGTERM and SIGINT: no server is left behind, and a new start takes the same data folder',
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-npm-start-'));
      dataDirs.push(dataDir);
      // SIGTERM to the first start (a supervisor, `kill <pid>`), SIGINT to the second (Ctrl-C).
      // The second start is the proof that the first left the data folder free: before, it
      // failed with "Another Feedboard server (pid …) is using …".
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        // npm → sh -c "<the start script>" → node: the signal goes to npm alone.
        const started = await startServerProcess({ DATA_DIR: dataDir }, { npmStart: true });
        const serverPid = Number(
          /"pid":(\d+)[^\n]*Feedboard is serving/.exec(started.output())?.[1],
        );
        expect(serverPid, started.output()).toBeGreaterThan(0);
        expect(serverPid).not.toBe(started.child.pid);
        const health = await fetch(`${started.url}/healthz`);
        expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

        await started.stop(signal);
        // The server itself heard the signal and stopped as it does: no orphan keeps running.
        await expect.poll(() => isRunning(serverPid), { timeout: 15_000 }).toBe(false);
        await expect
          .poll(() => started.output(), { timeout: 5_000 })
          .toMatch(new RegExp(`${signal}: finishing open requests`));
        expect(await isRefused(started.url)).toBe(true);
      }
    },
    PROCESS_TEST_MS * 2,
  );
});

/** Whether a process with this id is still running (an exited one not yet reaped is not). */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // `pid (name) state …`: Z is a zombie, X dead.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return stat !== '' && state !== 'Z' && state !== 'X';
}

/** Whether a new TCP connection to the server's port is refused. */
function isRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
