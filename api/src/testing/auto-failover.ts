import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, postgresBinDir, privatePostgresMissing } from './private-services.ts';

/**
 * A pg_auto_failover cluster of the test's own on loopback (Debian's
 * postgresql-15-auto-failover): a monitor, a primary and a synchronous standby, each a
 * `pg_autoctl` process run as postgres with its data in one temporary folder. Timers are tuned
 * down so a lost primary is replaced in about 5 s rather than 30.
 */

const run = promisify(execFile);
const PG_AUTOCTL = '/usr/bin/pg_autoctl';

/** Why a cluster cannot start here, or null when it can (CI=true: fails instead). */
export function autoFailoverMissing(): string | null {
  const reason =
    privatePostgresMissing() ??
    (existsSync(PG_AUTOCTL)
      ? null
      : 'pg_autoctl is missing (apt-get install postgresql-15-auto-failover)');
  if (reason && process.env.CI === 'true') throw new Error(`Failover test: ${reason}.`);
  return reason;
}

export type TAutoFailoverNode = { name: string; port: number; child: ChildProcess };

export type TAutoFailoverCluster = {
  /** libpq's multi-host form: postgresql://postgres@127.0.0.1:P1,127.0.0.1:P2/feedboard */
  url: string;
  nodes: TAutoFailoverNode[];
  /** Node names by the state the monitor last heard from each (primary, secondary, …). */
  states: () => Promise<Record<string, string>>;
  /** The node now primary. */
  primary: () => Promise<TAutoFailoverNode>;
  /**
   * SIGKILL to the whole node: its pg_autoctl processes, the postmaster and its children at
   * once, by PID (the postmaster alone would be restarted in place by its pg_autoctl).
   */
  killNode: (node: TAutoFailoverNode) => Promise<number[]>;
  /** The monitor's events since `since` (ms since the epoch): `+seconds node state→goal: text`. */
  events: (since: number) => Promise<string[]>;
  /** True when `node` answers and takes writes (not in recovery, not read-only). */
  takesWrites: (node: TAutoFailoverNode) => Promise<boolean>;
  /** Kills whatever is left and removes the folder. */
  destroy: () => Promise<void>;
};

/** Every process under `pid` (and itself), from `ps`. */
async function processTree(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,ppid=']);
  const children = new Map<number, number[]>();
  for (const line of stdout.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree: number[] = [];
  const visit = (at: number) => {
    tree.push(at);
    for (const child of children.get(at) ?? []) visit(child);
  };
  visit(pid);
  return tree.filter((found) => found > 1);
}

async function waitFor<T>(
  what: string,
  check: () => Promise<T | null>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => null);
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The monitor's settings: health checks every second, a node unhealthy after 2 s. */
const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '2000',
  'pgautofailover.primary_demote_timeout': '2500',
};

/** Starts a monitor, then a primary, then a synchronous standby; resolves once both are ready. */
export async function startAutoFailoverCluster(): Promise<TAutoFailoverCluster> {
  const bin = postgresBinDir() as string;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-failover-'));
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  await chown(dir, uid, gid);
  const children: ChildProcess[] = [];
  // pg_autoctl keeps its state under XDG folders: inside the temporary one, not postgres's home.
  const env = ['config', 'share', 'run'].map((name) => path.join(dir, name));
  for (const folder of env) {
    await mkdir(folder, { mode: 0o700 });
    await chown(folder, uid, gid);
  }
  const autoctl = (args: string[], log: string) => {
    const child = spawn(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        'env',
        `HOME=${dir}`,
        `XDG_CONFIG_HOME=${env[0]}`,
        `XDG_DATA_HOME=${env[1]}`,
        `XDG_RUNTIME_DIR=${env[2]}`,
        PG_AUTOCTL,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', () => {
      if (process.env.FAILOVER_DEBUG) console.log(`${log} exited:\n${output}`);
    });
    children.push(child);
    return child;
  };
  const common = ['--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl'];
  const pgctl = path.join(bin, 'pg_ctl');
  const monitorPort = await freePort();
  const monitorUrl = `postgresql://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`;
  const destroy = async () => {
    const pids = (
      await Promise.all(children.map((child) => (child.pid ? processTree(child.pid) : [])))
    ).flat();
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    autoctl(
      [
        'create',
        'monitor',
        '--pgdata',
        path.join(dir, 'monitor'),
        '--pgport',
        String(monitorPort),
        '--pgctl',
        pgctl,
        '--run',
        ...common,
      ],
      'monitor',
    );
    await waitFor('the monitor', () => query(monitorUrl, 'SELECT 1'), 60_000);
    for (const [name, value] of Object.entries(MONITOR_SETTINGS)) {
      await query(monitorUrl, `ALTER SYSTEM SET ${name} = ${value}`);
    }
    await query(monitorUrl, 'SELECT pg_reload_conf()');
    const states = async () =>
      Object.fromEntries(
        (await query(monitorUrl, 'SELECT nodename, reportedstate FROM pgautofailover.node')).map(
          (row) => [row.nodename as string, row.reportedstate as string],
        ),
      );
    const nodes: TAutoFailoverNode[] = [];
    const startNode = async (name: string) => {
      const port = await freePort();
      const child = autoctl(
        [
          'create',
          'postgres',
          '--pgdata',
          path.join(dir, name),
          '--pgport',
          String(port),
          '--listen',
          '127.0.0.1',
          '--name',
          name,
          '--dbname',
          'feedboard',
          '--monitor',
          `postgresql://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`,
          '--pgctl',
          pgctl,
          '--run',
          ...common,
        ],
        name,
      );
      const node = { name, port, child };
      nodes.push(node);
      return node;
    };
    const first = await startNode('node1');
    const firstUrl = `postgresql://postgres@127.0.0.1:${first.port}/feedboard`;
    await waitFor(
      'the first node',
      async () => (['single', 'primary'].includes((await states()).node1 ?? '') ? true : null),
      60_000,
    );
    // A small cluster on a shared machine; a standby replays WAL without waiting long.
    await query(firstUrl, "ALTER SYSTEM SET shared_buffers = '16MB'");
    await query(firstUrl, "ALTER SYSTEM SET wal_retrieve_retry_interval = '200ms'");
    // The test kills processes, not the machine: what a killed node wrote stays in the
    // operating system's cache, and no acknowledged vote depends on fsync (synchronous
    // replication waits for the standby's flush report either way). Without fsync the
    // CHECKPOINT pg_autoctl runs right after promoting does not wait on a slow CI disk, where
    // it made the promotion take 7 s instead of 1.5 s.
    await query(firstUrl, 'ALTER SYSTEM SET fsync = off');
    await query(firstUrl, 'SELECT pg_reload_conf()');
    await startNode('node2');
    // pg_basebackup waits for a spread checkpoint (about 30 s here): ask for an immediate one.
    await waitFor(
      'a primary and a secondary',
      async () => {
        await query(firstUrl, 'CHECKPOINT').catch(() => undefined);
        const now = await states();
        return now.node1 === 'primary' && now.node2 === 'secondary' ? true : null;
      },
      90_000,
    );
    return {
      url: `postgresql://postgres@${nodes.map((node) => `127.0.0.1:${node.port}`).join(',')}/feedboard`,
      nodes,
      states,
      primary: async () => {
        const now = await states();
        const found = nodes.find((node) => now[node.name] === 'primary');
        if (!found) throw new Error(`No primary: ${JSON.stringify(now)}`);
        return found;
      },
      killNode: async (node) => {
        const pids = await processTree(node.child.pid as number);
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch (error) {
            // A short-lived child (a backend, a health check) may have ended since the listing.
            if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
          }
        }
        return pids;
      },
      events: async (since) =>
        (
          await query(
            monitorUrl,
            `SELECT extract(epoch FROM eventtime) * 1000 AS at, nodename, reportedstate, goalstate, description
               FROM pgautofailover.event WHERE eventtime >= to_timestamp(${Math.floor(since / 1000)}) ORDER BY eventid`,
          )
        ).map(
          (row) =>
            `+${((Number(row.at) - since) / 1000).toFixed(2)} s ${String(row.nodename)} ${String(row.reportedstate)}→${String(row.goalstate)}: ${String(row.description).slice(0, 120)}`,
        ),
      takesWrites: async (node) => {
        try {
          const [row] = await query(
            `postgresql://postgres@127.0.0.1:${node.port}/feedboard`,
            "SELECT NOT (pg_is_in_recovery() OR current_setting('transaction_read_only')::bool) AS writable",
          );
          return row?.writable === true;
        } catch {
          return false;
        }
      },
      destroy,
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}
