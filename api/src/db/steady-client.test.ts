import net from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SteadyClient, multiHostDriver, parseMultiHostUrl } from './hosts.ts';

/**
 * A connection that dies while its client is checked out of the pool and between statements (a
 * transaction waiting on its caller) must not end the process: node-postgres emits 'error' on
 * such a client, which had no listener, and the server exited mid-failover (CI's connection
 * resets). Runs in the PostgreSQL pass, through a TCP relay the test cuts.
 */
const url = process.env.TEST_DATABASE_URL;

const sockets: net.Socket[] = [];
const relay = net.createServer((incoming) => {
  const target = new URL(url as string);
  const outgoing = net.connect(Number(target.port || 5432), target.hostname);
  for (const socket of [incoming, outgoing]) {
    socket.on('error', () => undefined);
    sockets.push(socket);
  }
  incoming.pipe(outgoing).pipe(incoming);
});

afterAll(() => relay.close());

describe.skipIf(!url)('a connection cut under a checked-out client', () => {
  it('fails that client, keeps the process, and the pool serves the next query', async () => {
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.address() as net.AddressInfo;
    const target = new URL(url as string);
    target.host = `127.0.0.1:${port}`;
    const second = `127.0.0.1:${port}`;
    const multi = parseMultiHostUrl(url!.replace(/@[^/]+/, `@127.0.0.1:${port},${second}`))!;
    for (const Pool of [
      (config: pg.PoolConfig) =>
        new pg.Pool({ ...config, connectionString: target.toString(), Client: SteadyClient }),
      (config: pg.PoolConfig) =>
        new (multiHostDriver(multi).Pool)({ ...config, Client: multiHostDriver(multi).Client }),
    ]) {
      const pool = Pool({ max: 1 });
      const client = await pool.connect();
      await client.query('BEGIN');
      for (const socket of sockets.splice(0)) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminated/);
      client.release();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await pool.end();
    }
  });
});
