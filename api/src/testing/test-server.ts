import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { RATE_LIMIT_ACTIONS, loadConfig } from '../config.ts';
import type { TConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import type { TDatabase } from '../db/client.ts';
import { createDeps } from '../deps.ts';
import type { TDeps } from '../deps.ts';
import { backgroundSettled } from '../background.ts';
import { createRequestListener, httpServerOptions } from '../server.ts';
import { startDnsStandIn } from './dns-stand-in.ts';
import { PGLITE_SNAPSHOT_ENV, TEMPLATE_DATABASE_ENV } from './global-setup.ts';

/** Rate limits far above anything a suite does (the limits stay on: they are just high). */
export const UNLIMITED_FOR_TESTS: TConfig['rateLimits'] = Object.fromEntries(
  RATE_LIMIT_ACTIONS.map((action) => [
    action,
    // GraphQL's cost budget counts points, not attempts: out of the way of any suite.
    action === 'graphqlCost'
      ? { perIp: 1e12, perAccount: 1e12, windowSeconds: 60 }
      : { perIp: 1_000_000, perAccount: 1_000_000, windowSeconds: 60 },
  ]),
) as TConfig['rateLimits'];

export type TTestServer = {
  url: string;
  deps: TDeps;
  db: TDatabase;
  /** The PostgreSQL database of this server (undefined on PGlite): other processes may share it. */
  databaseUrl: string | undefined;
  /** fetch against the server, JSON in and out. */
  call: (
    method: string,
    path: string,
    options?: {
      body?: unknown;
      rawBody?: string;
      token?: string;
      headers?: Record<string, string>;
    },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /**
   * Drops every open connection, as a network failure would: live streams break and their
   * clients reconnect. The server keeps listening.
   */
  dropConnections: () => void;
  close: () => Promise<void>;
};

let pgliteSnapshot: Promise<Blob | undefined> | null = null;

/** The migrated PGlite data folder global-setup.ts dumped (read once per worker), if any. */
function migratedPGlite(): Promise<Blob | undefined> {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  pgliteSnapshot ??= file
    ? readFile(file).then((bytes) => new Blob([bytes]))
    : Promise.resolve(undefined);
  return pgliteSnapshot;
}

/**
 * Whether this is the suite's PostgreSQL pass (TEST_DATABASE_URL set). Files that test the
 * embedded database alone (PGlite itself, its migrations, the `npm start` process on a folder)
 * run the same whichever pass it is: they run in the PGlite pass only (describe.skipIf).
 */
export const IS_POSTGRES_PASS = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A database for one test file: a fresh PostgreSQL database on the server TEST_DATABASE_URL
 * names (dropped afterwards), else an in-memory PGlite. Both start as copies of the database
 * global-setup.ts migrated (when it ran), so `migrate()` only confirms they are up to date.
 */
export async function openTestDatabase(
  options: { onQuery?: (sql: string) => void; statementTimeoutMs?: number } = {},
): Promise<{ db: TDatabase; drop: () => Promise<void>; databaseUrl?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({
      dataDir: 'memory://',
      onQuery: options.onQuery,
      statementTimeoutMs: options.statementTimeoutMs,
      pgliteSnapshot: await migratedPGlite(),
    });
    await db.migrate();
    return { db, drop: () => db.close() };
  }
  const name = `feedboard_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = process.env[TEMPLATE_DATABASE_ENV];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // PostgreSQL copies a template only while no one else uses it, and a copy in progress
    // counts: the files of a run take turns (a session lock, held for the copy alone).
    if (template) await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: 'unused',
    onQuery: options.onQuery,
    statementTimeoutMs: options.statementTimeoutMs,
  });
  await db.migrate();
  return {
    db,
    databaseUrl: url.toString(),
    drop: async () => {
      await db.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Starts the real HTTP app on a random loopback port over a fresh test database. */
export async function startTestServer(
  overrides: Partial<TConfig> = {},
  options: { onQuery?: (sql: string) => void } = {},
): Promise<TTestServer> {
  const { db, drop, databaseUrl } = await openTestDatabase({
    ...options,
    statementTimeoutMs: overrides.statementTimeoutMs,
  });
  // The machine's DNS may answer nothing or NXDOMAIN for every name: the test server asks a DNS
  // stand-in instead (suites pass their own in `dnsServers`), where every name but the `.invalid`
  // ones (RFC 2606) has a public address (example.com's documentation address).
  const dns = overrides.dnsServers
    ? null
    : await startDnsStandIn((name) => (/(^|\.)invalid$/.test(name) ? null : '93.184.215.14'));
  const config: TConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', LOG_FORMAT: 'json' }),
    // Suites sign up and sign in hundreds of times from 127.0.0.1; rate-limit tests pass their own.
    rateLimits: UNLIMITED_FOR_TESTS,
    // Every request of a suite comes from 127.0.0.1, hundreds at once in the race tests: no
    // line per client address (http/client-gate.ts); client-gate.test passes its own.
    clientGate: { concurrency: 0, queue: 0 },
    ...(dns ? { dnsServers: [dns.server] } : {}),
    ...overrides,
  };
  const deps = createDeps(config, db.prisma, db.sql);
  const { mailer } = deps;
  // A background poller would add statements to what query-counting tests measure.
  if (!options.onQuery) {
    deps.webhooks.start({ pollMs: 200 });
    deps.imports.start(200);
  }
  const server = createServer(httpServerOptions(config), await createRequestListener(deps, db));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    deps,
    db,
    databaseUrl,
    call: callAt(url),
    dropConnections: () => server.closeAllConnections(),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      deps.streamSlots.closeAll();
      await closed;
      await deps.webhooks.stop();
      await deps.imports.stop();
      await mailer.close();
      await deps.events.close();
      await deps.rateLimiter.close();
      await dns?.close();
      await drop();
    },
  };
}

/** A JSON fetch against a server at `url` (what TTestServer.call does). */
export function callAt(url: string): TTestServer['call'] {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    // A raw body is sent as JSON (broken JSON included) unless the test names another type.
    const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (body !== undefined && !hasType) headers['content-type'] = 'application/json';
    if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    // What the request left running after its answer (background.ts) is done, as tests expect.
    await backgroundSettled();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}
