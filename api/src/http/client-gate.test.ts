import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * One client's requests at once (outside attack 10: seventy similar-idea hints from one account
 * held /healthz 3.4 s and were refused at the database's deadline; attack 9 F8: 1,500 slow
 * uploads held at once). Two in the works per address here, three more waiting, the rest
 * refused; other addresses are not held back. Addresses come from X-Forwarded-For
 * (TRUST_PROXY=1).
 */
let server: TTestServer;
let a: TRestCompany;
const port = () => Number(new URL(server.url).port);

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, clientGate: { concurrency: 2, queue: 3 } });
  a = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
});

/** A sign-in whose body never comes: the request holds its place until the socket goes. */
function slowUpload(address: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port(), '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
      );
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

async function get(address: string, path = `/api/v1/boards/${a.boardId}`) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { 'x-forwarded-for': address, authorization: `Bearer ${a.owner.token}` },
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('requests of one client address at once', () => {
  it('serves two, lines up three, refuses the rest at once, and holds no other address back', async () => {
    const held = [await slowUpload('198.51.100.1'), await slowUpload('198.51.100.1')];
    await settle();
    // Three wait their turn behind the two.
    const waiting = [get('198.51.100.1'), get('198.51.100.1'), get('198.51.100.1')];
    await settle();
    const refused = await get('198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBe('1');
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.body.error.message).toMatch(/Too many requests at once from your address/);
    // Another address is served at once, and the health probe skips the line.
    expect((await get('198.51.100.2')).status).toBe(200);
    expect(
      (await fetch(`${server.url}/healthz`, { headers: { 'x-forwarded-for': '198.51.100.1' } }))
        .status,
    ).toBe(200);
    // The slow uploads go away: the three waiting are answered, in turn.
    for (const socket of held) socket.destroy();
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await get('198.51.100.1')).status).toBe(200);
  });

  it('gives a place back when a waiting client goes away before its turn', async () => {
    const held = [await slowUpload('198.51.100.3'), await slowUpload('198.51.100.3')];
    await settle();
    // Three wait and give up.
    const gone = [
      await slowUpload('198.51.100.3'),
      await slowUpload('198.51.100.3'),
      await slowUpload('198.51.100.3'),
    ];
    await settle();
    for (const socket of gone) socket.destroy();
    await settle();
    // Their places in the line are free again: three more may wait.
    const waiting = [get('198.51.100.3'), get('198.51.100.3'), get('198.51.100.3')];
    await settle();
    for (const socket of held) socket.destroy();
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('does not count a live stream among the requests in the works', async () => {
    const controller = new AbortController();
    // Four event streams from one address (two places): each gives its place back once open.
    const streams = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${server.url}/api/v1/boards/${a.boardId}/events`, {
          headers: { accept: 'text/event-stream', 'x-forwarded-for': '198.51.100.4' },
          signal: controller.signal,
        }),
      ),
    );
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    try {
      expect((await get('198.51.100.4')).status).toBe(200);
    } finally {
      controller.abort();
    }
  });
});
