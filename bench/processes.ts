import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** A port free right now on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  return port;
}

/**
 * Starts `node <args>` with the TypeScript loader (or, with `command`, that command instead:
 * the product runs as `npm start` runs it, plain node on dist/server), its soft file-descriptor
 * limit raised to the hard one first (thousands of SSE connections need as many descriptors),
 * and an IPC channel.
 */
export function spawnNode(
  args: string[],
  env: Record<string, string> = {},
  options: { stdout?: 'pipe' | 'inherit'; command?: string[] } = {},
): ChildProcess {
  const command = options.command ?? [process.execPath, '--import', 'tsx'];
  const child = spawn(
    'bash',
    ['-c', 'ulimit -n "$(ulimit -Hn)" && exec "$@"', 'bench', ...command, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', options.stdout ?? 'pipe', 'inherit', 'ipc'],
    },
  );
  return child;
}

/** Resolves with the first JSON line the child prints on stdout. */
export function firstJsonLine<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      for (const line of buffer.split('\n')) {
        if (line.startsWith('{')) {
          try {
            resolve(JSON.parse(line) as T);
            return;
          } catch {
            // not JSON after all: keep reading
          }
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`process exited (${code}) before answering`)));
  });
}

/** Runs a child process to its end and answers its JSON line. */
export async function runNodeJson<T>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const child = spawnNode(args, env);
  const answer = await firstJsonLine<T>(child);
  if (child.exitCode === null) await once(child, 'exit');
  return answer;
}

/** Stops a child with SIGTERM (SIGKILL after 10 s). */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export type TMemory = { rss: number; heapUsed: number; heapTotal: number; external: number };

/** The memory of a process started with api/src/testing/memory-probe.ts preloaded. */
export async function memoryOf(child: ChildProcess, gc = true): Promise<TMemory> {
  const answer = new Promise<TMemory>((resolve) => {
    const onMessage = (message: { type?: string } & TMemory) => {
      if (message?.type !== 'memory') return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
  });
  child.send({ type: 'memory', gc });
  return answer;
}

export const now = (): number => Number(process.hrtime.bigint()) / 1e6;

/** A process's CPU time so far (user + system, from /proc), in milliseconds. */
export function cpuMsOf(pid: number): number {
  return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * The CPU time so far of each PostgreSQL backend of this machine connected to `database`
 * (`postgres: <user> <database> …` in /proc/<pid>/cmdline), in milliseconds by process id;
 * null where /proc shows none (a server on another machine). The bench's servers keep their
 * connections open through a scenario; postgresCpuMsBetween counts a backend that started
 * in between from zero.
 */
export function postgresCpuMs(database: string): Map<number, number> | null {
  const times = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!command.startsWith('postgres: ') || !command.split(' ').includes(database)) continue;
      times.set(Number(name), cpuMsOfStat(readFileSync(`/proc/${name}/stat`, 'utf8')));
    } catch {
      continue; // exited since the listing
    }
  }
  return times.size > 0 ? times : null;
}

/** The backends' CPU time between two readings of postgresCpuMs (null if either is null). */
export function postgresCpuMsBetween(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** /proc counts CPU time in clock ticks, 100 per second on Linux. */
const MS_PER_TICK = 10;

/** The machine's busy CPU time so far, all cores (user, nice, system, irq, softirq, steal), in ms. */
export function machineBusyMs(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) * MS_PER_TICK;
}

function cpuMsOfStat(stat: string): number {
  // Fields after the command name (which may hold spaces) start at ") "; utime and stime are
  // the 14th and 15th fields, in clock ticks.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Starts the server as `npm start` does once its builds exist (embedded PGlite in `dataDir`); answers when /healthz is 200. */
export async function startEmbeddedServer(
  dataDir: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('sh', ['scripts/serve.sh'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
