import { Agent, request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempt, startServerProcess } from './testing/server-process.ts';
import type { TServerProcess } from './testing/server-process.ts';
import { readSse } from './testing/sse-reader.ts';
import { openTestDatabase } from './testing/test-server.ts';

/**
 * Issue 22.3, graceful shutdown, on a real server process: SIGTERM while a request is half sent
 * and a live stream is open. The request is answered, the stream is told when to come back, new
 * connections are refused at once, and the process exits cleanly within the 10 s a supervisor
 * (systemd, Docker, Kubernetes) waits before SIGKILL.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
let dataDir = '';
let server: TServerProcess;

beforeAll(async () => {
  // PostgreSQL in the PostgreSQL pass; otherwise the process's own embedded database.
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-shutdown-'));
  server = await startServerProcess({
    DATABASE_URL: database?.databaseUrl ?? '',
    DATA_DIR: dataDir,
  });
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, route: string, body?: unknown, token?: string) {
  const outcome = await attempt(`${server.url}/api/v1${route}`, method, { body, token });
  if (outcome.status === 'lost' || outcome.status >= 300) {
    throw new Error(`${method} ${route}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
  }
  return outcome.body;
}

/** Whether a new TCP connection to the server's port is refused. */
function isRefused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('SIGTERM', () => {
  it('answers the request in flight, ends live streams with a retry hint, refuses new connections and exits within 10 s', async () => {
    const email = `stopping-${Date.now()}@example.com`;
    const password = 'stopping-password';
    const { token } = await call('POST', '/registrations', {
      email,
      password,
      company: 'Stopping Co',
    });
    const { companyId } = await call('GET', '/company', undefined, token);
    const board = await call(
      'POST',
      `/companies/${companyId}/boards`,
      { name: 'Live board' },
      token,
    );
    await call('PUT', `/boards/${board.id}/set-public`, { isPublic: true }, token);

    // A live stream, open and ready.
    const stream = await readSse(`${server.url}/api/v1/boards/${board.id}/events`);
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'ready');

    // A sign-in whose body is only half sent: with `Expect: 100-continue` the server says
    // "100 Continue" once it has taken the request, so it is in flight before the signal.
    const body = JSON.stringify({ email, password });
    const slow = request(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.once('response', (response: IncomingMessage) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      slow.once('error', reject);
    });
    await new Promise<void>((resolve) => slow.once('continue', () => resolve()));
    slow.write(body.slice(0, 10));

    const signalled = Date.now();
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
      server.child.once('exit', (code) => resolve({ code, ms: Date.now() - signalled })),
    );
    server.child.kill('SIGTERM');

    // New connections are refused at once; the stream is told when to come back (spread over
    // 1-5 s, so that a fleet's clients do not all return to the same moment).
    await expect.poll(() => isRefused(server.url), { timeout: 5_000 }).toBe(true);
    const reconnect = await stream.waitFor((event) => event.event === 'reconnect');
    expect(reconnect.retry).toBeGreaterThanOrEqual(1_000);
    expect(reconnect.retry).toBeLessThan(5_000);

    // The rest of the body arrives after the signal: the request is still answered, in full.
    expect(server.child.exitCode).toBeNull();
    slow.end(body.slice(10));
    const { status, text } = await answer;
    expect(status, text).toBe(200);
    expect(JSON.parse(text).token).toEqual(expect.any(String));

    // The stream's client never hung up by itself; the process still exits, cleanly, in time.
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(server.output()).toMatch(/SIGTERM: finishing open requests/);
    stream.close();
  }, 60_000);
});

/** One answer of the keep-alive loop below, or how its request failed. */
type TLoopOutcome =
  | { status: number; connection: string | undefined; body: any; afterSignal: boolean }
  | { error: string };

/** GET `url` over `agent`; never rejects. */
function getOver(agent: Agent, url: string, afterSignal: () => boolean): Promise<TLoopOutcome> {
  return new Promise((resolve) => {
    const sent = request(url, { agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message }),
      );
      response.once('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = `incomplete: ${text}`;
        }
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
          afterSignal: afterSignal(),
        });
      });
    });
    sent.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    sent.end();
  });
}

describe('SIGTERM under keep-alive traffic', () => {
  it('answers every request on an open keep-alive connection (the last with Connection: close and /readyz 503), resets none, then refuses new connections', async () => {
    const ownDataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-keepalive-'));
    const busy = await startServerProcess({
      DATABASE_URL: database?.databaseUrl ?? '',
      DATA_DIR: ownDataDir,
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    try {
      let signalled = false;
      let answered = 0;
      const outcomes: TLoopOutcome[] = [];
      // Four clients, each in a loop of requests over its keep-alive connection, until a new
      // connection is refused (bounded: 4,000 requests or 60 s each).
      const until = Date.now() + 60_000;
      const client = async () => {
        for (let n = 0; n < 4_000 && Date.now() < until; n += 1) {
          const outcome = await getOver(agent, `${busy.url}/readyz`, () => signalled);
          outcomes.push(outcome);
          if ('error' in outcome) return;
          answered += 1;
        }
      };
      const clients = Promise.all([client(), client(), client(), client()]);
      await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(100);
      const exited = new Promise<number | null>((resolve) =>
        busy.child.once('exit', (code) => resolve(code)),
      );
      busy.child.kill('SIGTERM');
      signalled = true;
      await clients;
      expect(await exited).toBe(0);

      // No request was cut: the only failure is a new connection refused once the port closed.
      const failures = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
      expect(failures.filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
      expect(failures.length).toBeGreaterThan(0);
      // Every answer is whole: ready before the signal, "stopping" after it, nothing else.
      const answers = outcomes.flatMap((outcome) => ('error' in outcome ? [] : [outcome]));
      for (const answer of answers) {
        if (answer.status === 200) {
          expect(answer.body).toMatchObject({ status: 'ok' });
        } else {
          expect(answer.status, JSON.stringify(answer.body)).toBe(503);
          expect(answer.body).toMatchObject({
            status: 'unavailable',
            checks: { database: { status: 'ok' }, shutdown: { status: 'stopping' } },
          });
        }
      }
      // The answers after the signal told their clients to close the connection.
      const closing = answers.filter((answer) => answer.connection === 'close');
      expect(closing.length).toBeGreaterThan(0);
      expect(closing.some((answer) => answer.status === 503)).toBe(true);
      expect(answers.filter((answer) => answer.status === 503).every((a) => a.afterSignal)).toBe(
        true,
      );
    } finally {
      agent.destroy();
      await busy.stop('SIGKILL');
      await rm(ownDataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
