import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * PostgreSQL and Redis servers of a test's own, on random ports, so a fault test may stop and
 * start them. The machine's shared servers (5432, 6379) are never touched.
 */

const run = promisify(execFile);

/** A free loopback port (the OS picks it; it is released before the caller binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((x, y) => Number(y) - Number(x));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/**
 * Why a private PostgreSQL cannot start here, or null when it can. With CI=true a missing
 * dependency fails the run instead (CI installs it).
 */
export function privatePostgresMissing(): string | null {
  let reason: string | null = null;
  if (!postgresBinDir())
    reason = 'PostgreSQL server binaries (/usr/lib/postgresql/*/bin) are missing';
  else if (!existsSync('/usr/sbin/runuser') && !existsSync('/usr/bin/runuser')) {
    reason = 'runuser is missing (initdb must run as the postgres user)';
  } else if (process.getuid?.() !== 0) reason = 'starting PostgreSQL as postgres needs root';
  if (reason && process.env.CI === 'true') throw new Error(`Fault tests: ${reason}.`);
  return reason;
}

/** Why a private Redis cannot start here, or null when it can (CI=true: fails instead). */
export function privateRedisMissing(): string | null {
  const found = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((file) =>
    existsSync(file),
  );
  const reason = found ? null : 'redis-server is missing';
  if (reason && process.env.CI === 'true') throw new Error(`Fault tests: ${reason}.`);
  return reason;
}

export type TPrivatePostgres = {
  /** postgresql://postgres@127.0.0.1:PORT/feedboard */
  url: string;
  port: number;
  /** Stops the server at once (`-m immediate`: no checkpoint, connections cut, like a crash). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
};

/** initdb into a temporary folder owned by postgres, then pg_ctl start on a free port. */
export async function startPrivatePostgres(): Promise<TPrivatePostgres> {
  const bin = postgresBinDir() as string;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-pg-'));
  const { stdout } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  const asPostgres = (command: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], {
      timeout: 60_000,
    });
  const dataDir = path.join(dir, 'data');
  await asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => {
    await asPostgres('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
  };
  const stop = async () => {
    await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  };
  await start();
  await asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), 'feedboard']);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/feedboard`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export type TPrivateRedis = {
  url: string;
  /** Kills the server (SIGKILL: no goodbye to its clients). */
  stop: () => Promise<void>;
  /** Starts it again on the same port. */
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

/** redis-server on a free port, without persistence. */
export async function startPrivateRedis(): Promise<TPrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`redis-server did not start: ${output}`)),
        20_000,
      );
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Ready to accept connections/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop, destroy: stop };
}
