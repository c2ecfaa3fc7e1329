import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, freePort, memoryOf, now, spawnNode, stop } from './processes.ts';
import type { TMemory } from './processes.ts';

export type TProduct = {
  url: string;
  child: ChildProcess;
  /** From spawning the process to the first 200 of /healthz. */
  coldStartMs: number;
  memory: (gc?: boolean) => Promise<TMemory>;
  stop: () => Promise<void>;
};

const SERVER = path.join(ROOT, 'dist/server/main.js');
const PROBE = path.join(ROOT, 'dist/bench/memory-probe.js');

/**
 * The production server (`npm run build` makes dist/server) and the memory probe compiled to
 * JavaScript, so that the product runs on plain node as `npm start` runs it, without tsx.
 */
export async function ensureServerBuild(): Promise<void> {
  // About a second: always, so that the bundle is never older than the sources.
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0 || !existsSync(SERVER)) throw new Error('building dist/server failed');
  await build({
    entryPoints: [path.join(ROOT, 'api/src/testing/memory-probe.ts')],
    outfile: PROBE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.15',
    packages: 'external',
    logLevel: 'warning',
  });
}

/**
 * Starts the product as `npm start` runs it (scripts/serve.sh: plain node on dist/server/main.js:
 * config, migrations, HTTP server) on a free loopback port against `databaseUrl`, with the
 * memory probe (api/src/testing/memory-probe.ts) preloaded to read its memory. Call
 * ensureServerBuild() first. BENCH_CPU_PROF=1 writes a CPU profile of the run into
 * bench/results/profiles/.
 */
export async function startProduct(databaseUrl: string): Promise<TProduct> {
  const port = await freePort();
  const profile =
    process.env.BENCH_CPU_PROF === '1'
      ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles']
      : [];
  const started = now();
  const child = spawnNode(
    ['--expose-gc', ...profile, '--import', PROBE],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every fan-out subscriber comes from 127.0.0.1 (5,000 of them): off the address and
      // process caps. The per-token cap stays (at most 3 streams per user's session).
      STREAM_LIMIT_PER_IP: '0',
      STREAM_LIMIT_TOTAL: '0',
      // A few hundred users read pages as fast as they can: no GraphQL cost budget (0 = off).
      RATE_LIMIT_GRAPHQL_COST_PER_IP: '0',
      RATE_LIMIT_GRAPHQL_COST_PER_ACCOUNT: '0',
      // Every simulated user comes from 127.0.0.1, many at once: no line per client address.
      CLIENT_CONCURRENCY: '0',
    },
    { stdout: 'inherit', command: ['sh', 'scripts/serve.sh'] },
  );
  const url = `http://127.0.0.1:${port}`;
  let coldStartMs: number;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited (${child.exitCode})`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) {
        coldStartMs = now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    child,
    coldStartMs,
    memory: (gc = true) => memoryOf(child, gc),
    stop: () => stop(child),
  };
}
