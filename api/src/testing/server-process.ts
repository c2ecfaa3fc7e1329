import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_BUNDLE_ENV } from './global-setup.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Characters of a server's output kept from its start and from its end. */
const OUTPUT_KEEP = 1_000_000;

export type TServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Sends `signal` and resolves when the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/**
 * Starts the real server on a free port: the bundle the tests' global setup built (else
 * `api/src/main.ts` through tsx), or with `bundle` as
 * `npm start` runs it (dist/server/main.js through scripts/serve.sh; build it first with
 * scripts/build-server.mjs), or as `npm start` itself (`npmStart`: the child is npm, the server
 * its descendant; it builds what is missing first). `nodeArgs` go before the entry point (`--expose-gc`, `--import` a
 * preload); `ipc` opens a channel to it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; ipc?: boolean; bundle?: boolean; npmStart?: boolean } = {},
): Promise<TServerProcess> {
  const nodeArgs = options.nodeArgs ?? [];
  // The run's own bundle (global-setup.ts) when there is one and no TypeScript is preloaded:
  // the same code without tsx transforming every source at each start.
  const testBundle = process.env[SERVER_BUNDLE_ENV];
  const [command, args] = options.npmStart
    ? ['npm', ['start']]
    : options.bundle
      ? ['sh', ['scripts/serve.sh', ...nodeArgs]]
      : testBundle && !nodeArgs.some((arg) => arg.endsWith('.ts'))
        ? [process.execPath, [...nodeArgs, testBundle]]
        : [process.execPath, ['--import', 'tsx', ...nodeArgs, 'api/src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      // The child is the server, not a test: no response checks, no vitest behaviour.
      VITEST: '',
      ...env,
    },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  // At LOG_LEVEL=info the server writes a line per request: a long run keeps its start (the
  // port, the demo login) and its last megabyte, not everything.
  let output = '';
  let start = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 2 * OUTPUT_KEEP) {
      if (!start) start = `${output.slice(0, OUTPUT_KEEP)}\n[…]\n`;
      output = output.slice(-OUTPUT_KEEP);
    }
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const port = await new Promise<number>((resolve, reject) => {
    // `npm start` bundles the server first (and builds the console when it is missing).
    const timer = setTimeout(
      () => {
        child.kill('SIGTERM');
        reject(new Error(`Server did not start:\n${output}`));
      },
      options.npmStart ? 240_000 : 90_000,
    );
    const check = () => {
      const match = /\(port (\d+),/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => start + output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** The outcome of one request: its status, or 'lost' when no answer came (connection cut). */
export type TOutcome = { status: number | 'lost'; body: any; ms: number };

/** A JSON request that never throws: a cut connection or a timeout is an outcome too. */
export async function attempt(
  url: string,
  method: string,
  options: {
    token?: string;
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<TOutcome> {
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method,
      headers: {
        ...options.headers,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body, ms: Date.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : '';
    return { status: 'lost', body: `${String(error)}${why}`, ms: Date.now() - started };
  }
}

/** Runs `jobs` with at most `concurrency` at a time; stops taking new ones once `shouldStop()`. */
export async function runPool<T>(
  jobs: (() => Promise<T>)[],
  concurrency: number,
  shouldStop: () => boolean = () => false,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length && !shouldStop()) {
      const job = jobs[next];
      next += 1;
      results.push(await (job as () => Promise<T>)());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
