import type { ChildProcess } from 'node:child_process';
import { freePort, memoryOf, now, spawnNode, stop } from './processes.ts';
import type { TMemory } from './processes.ts';

export type TProduct = {
  url: string;
  child: ChildProcess;
  /** From spawning the process to the first 200 of /healthz. */
  coldStartMs: number;
  memory: (gc?: boolean) => Promise<TMemory>;
  stop: () => Promise<void>;
};

/**
 * Starts the product as `npm start` runs it (api/src/main.ts: config, migrations, HTTP server)
 * on a free loopback port against `databaseUrl`, with api/src/testing/memory-probe.ts preloaded to read its
 * memory. BENCH_CPU_PROF=1 writes a CPU profile of the run into bench/results/profiles/.
 */
export async function startProduct(databaseUrl: string): Promise<TProduct> {
  const port = await freePort();
  const profile =
    process.env.BENCH_CPU_PROF === '1'
      ? ['--cpu-prof', '--cpu-prof-dir=bench/results/profiles']
      : [];
  const started = now();
  const child = spawnNode(
    ['--expose-gc', ...profile, '--import', './api/src/testing/memory-probe.ts', 'api/src/main.ts'],
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
    },
    { stdout: 'inherit' },
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
