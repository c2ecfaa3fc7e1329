import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

type TRunning = { child: ChildProcess; url: string; output: () => string };

/** Starts the real server (`api/src/main.ts`) as `npm start` does, on a free port. */
async function startServer(dataDir: string): Promise<TRunning> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000);
    const check = () => {
      const match = /\(port (\d+),/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => reject(new Error(`Server exited with ${code}:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

function stop(running: TRunning, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code));
    running.child.kill(signal);
  });
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

describe('the server process on embedded PGlite', () => {
  it('seeds the demo once, signs in with the printed login, keeps data across a restart, stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-main-'));
    dataDirs.push(dataDir);

    const first = await startServer(dataDir);
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', databaseKind: 'pglite' });

    const printed = /Sign in as (\S+) with password (\S+)/.exec(first.output());
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
    expect(await stop(first)).toBe(0);
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
      await stop(second);
    }
  });
});
