import pg from 'pg';

/**
 * DATABASE_URL naming several servers, in libpq's form
 * (`postgresql://user@db1:5432,db2:5432/feedboard`): the pool connects to the one that takes
 * writes (the primary) and moves on when it is gone or has become a standby. node-postgres
 * reads one host only, so the list is ours: each new connection goes to the server that last
 * answered as primary, checks it still is, and otherwise fails with a "not now" error (503)
 * and sends the next connection to the next server.
 */

export type THost = { host: string; port: string };

export type TMultiHostUrl = {
  hosts: THost[];
  /** The URL naming one of the servers, with everything else (user, database, options). */
  urlFor: (host: THost) => string;
};

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/i;

/** The servers a multi-host URL names, or null for a URL of one server (used as it is). */
export function parseMultiHostUrl(url: string): TMultiHostUrl | null {
  const match = URL_PARTS.exec(url);
  if (!match) return null;
  const [, scheme, user = '', authority = '', rest = ''] = match;
  if (!authority.includes(',')) return null;
  const hosts = authority.split(',').map((entry): THost => {
    // [::1]:5432, host:5432, or a host alone (port 5432).
    const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(entry);
    if (bracketed) return { host: bracketed[1] as string, port: bracketed[2] ?? '5432' };
    const [host = '', port = '5432'] = entry.split(':');
    return { host, port };
  });
  if (hosts.some((host) => !host.host || !/^\d+$/.test(host.port))) return null;
  return { hosts, urlFor: ({ host, port }) => `${scheme}${user}${host}:${port}${rest}` };
}

/** True when a URL is a PostgreSQL connection string of one or several servers (config check). */
export function isDatabaseUrl(url: string): boolean {
  if (parseMultiHostUrl(url)) return true;
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** A server answered but does not take writes (a standby, or a primary not yet writable). */
export class NotPrimaryError extends Error {
  // 57P03 "cannot connect now": the error maps to 503 UNAVAILABLE like a server starting up.
  readonly code = '57P03';
  constructor(host: THost) {
    super(
      `the database system is not yet accepting connections: ${host.host}:${host.port} is a standby or read-only`,
    );
    this.name = 'NotPrimaryError';
  }
}

// Not this server, try the next one: refused or cut connections, a server shutting down (57P01)
// or starting (57P03), a read-only one (25006, a just-promoted primary can refuse writes for a
// moment), or a standby (NotPrimaryError).
const ANOTHER_HOST_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '25006',
]);

/** True when a failed connection should be tried on the next server of the list. */
export function isAnotherHostWorthTrying(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (ANOTHER_HOST_CODES.has(String(code ?? ''))) return true;
  return /Connection terminated|ECONNREFUSED|ECONNRESET/i.test(String(message ?? ''));
}

/**
 * node-postgres's Client with a listener for its 'error' event from birth to end. A client
 * checked out of the pool (a transaction between statements) has no other: a server that dies
 * meanwhile emitted 'error' with no listener, which ended the whole process (the failover
 * test's connection resets). The broken client is still refused: its next query fails, and the
 * pool drops it when released.
 */
export class SteadyClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

const PRIMARY_CHECK =
  "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only')::bool AS standby";

/**
 * node-postgres classes that find the primary among `servers`, sharing what they learn: a
 * Client connects to the server that last answered as primary and checks it; a failure for a
 * server's reason (refused, standby, shutting down) sends the next Client to the next server.
 * The Pool (with that Client) tries each server once per checkout before failing.
 */
export function multiHostDriver(servers: TMultiHostUrl): {
  Client: typeof pg.Client;
  Pool: typeof pg.Pool;
} {
  const { hosts, urlFor } = servers;
  let current = 0;
  /** The server at `index` failed: the next connection tries the one after it. */
  const moveOn = (index: number) => {
    if (current === index) current = (index + 1) % hosts.length;
  };

  class PrimaryClient extends SteadyClient {
    private readonly hostIndex: number;
    constructor(clientConfig?: string | pg.ClientConfig) {
      const hostIndex = current;
      const base = typeof clientConfig === 'string' ? {} : (clientConfig ?? {});
      super({ ...base, connectionString: urlFor(hosts[hostIndex] as THost) });
      this.hostIndex = hostIndex;
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null, client?: pg.Client) => void): void;
    override connect(
      callback?: (error: Error | null, client?: pg.Client) => void,
    ): Promise<pg.Client> | void {
      // The pool listens for errors only once connected: a server dying during the check
      // (57P01, "unexpected postmaster exit") would otherwise be an unhandled 'error' event.
      const ignore = () => undefined;
      this.on('error', ignore);
      const connected = (async () => {
        try {
          await super.connect();
          const { rows } = await this.query<{ standby: boolean }>(PRIMARY_CHECK);
          if (rows[0]?.standby) {
            await this.end().catch(() => undefined);
            throw new NotPrimaryError(hosts[this.hostIndex] as THost);
          }
          return this as pg.Client;
        } catch (error) {
          if (isAnotherHostWorthTrying(error)) moveOn(this.hostIndex);
          throw error;
        } finally {
          this.off('error', ignore);
        }
      })();
      if (!callback) return connected;
      connected.then(
        (client) => callback(null, client),
        (error: Error) => callback(error),
      );
    }
  }

  class MultiHostPool extends pg.Pool {
    override connect(): Promise<pg.PoolClient>;
    override connect(
      callback: (
        error: Error | undefined,
        client: pg.PoolClient | undefined,
        done: (release?: unknown) => void,
      ) => void,
    ): void;
    override connect(
      callback?: (
        error: Error | undefined,
        client: pg.PoolClient | undefined,
        done: (release?: unknown) => void,
      ) => void,
    ): Promise<pg.PoolClient> | void {
      const checkout = (async () => {
        for (let tries = 1; ; tries += 1) {
          try {
            return await super.connect();
          } catch (error) {
            if (tries >= hosts.length || !isAnotherHostWorthTrying(error)) throw error;
          }
        }
      })();
      if (!callback) return checkout;
      checkout.then(
        (client) => callback(undefined, client, (release) => client.release(release as Error)),
        (error: Error) => callback(error, undefined, () => undefined),
      );
    }
  }

  return { Client: PrimaryClient, Pool: MultiHostPool };
}
