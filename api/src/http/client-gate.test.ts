import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientGate } from './client-gate.ts';
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

beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, clientGate: { concurrency: 2, queue: 3 } });
  a = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
});

/**
 * Sign-ins that stay in the works until `release`: their password check is held (the sign-in
 * limiter's look-up waits), so each keeps its place in its address's line.
 */
function holdSignIns(target: () => TTestServer) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const limiter = target().deps.rateLimiter;
  const peek = limiter.peek;
  limiter.peek = async (action, account) => {
    if (account.includes('held-')) await released;
    return peek(action, account);
  };
  let n = 0;
  return {
    signIn(address: string) {
      n += 1;
      return fetch(`${target().url}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: `held-${n}@example.com`, password: 'not the password' }),
      }).then((response) => response.status);
    },
    release: () => {
      limiter.peek = peek;
      release();
    },
  };
}

/** A raw request whose head and the first `sent` of its body come at once; the rest never does. */
function rawRequest(
  target: TTestServer,
  address: string,
  { path = '/api/v1/login', length = 100, sent = '{' } = {},
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(target.url).port), '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${sent}`,
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
    const holds = holdSignIns(() => server);
    const held = [holds.signIn('198.51.100.1'), holds.signIn('198.51.100.1')];
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
    // The held sign-ins end: the three waiting are answered, in turn.
    holds.release();
    expect(await Promise.all(held)).toEqual([401, 401]);
    expect((await Promise.all(waiting)).map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await get('198.51.100.1')).status).toBe(200);
  });

  it('gives a place back when a waiting client goes away before its turn', async () => {
    const holds = holdSignIns(() => server);
    const held = [holds.signIn('198.51.100.3'), holds.signIn('198.51.100.3')];
    await settle();
    // Three whose bodies are in wait, and give up.
    const whole = { length: 2, sent: '{}' };
    const gone = [
      await rawRequest(server, '198.51.100.3', whole),
      await rawRequest(server, '198.51.100.3', whole),
      await rawRequest(server, '198.51.100.3', whole),
    ];
    await settle();
    for (const socket of gone) socket.destroy();
    await settle();
    // Their places in the line are free again: three more may wait.
    const waiting = [get('198.51.100.3'), get('198.51.100.3'), get('198.51.100.3')];
    await settle();
    holds.release();
    await Promise.all(held);
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

/**
 * Bodies are read before their request takes a place (outside attack 11, F3: eight uploads
 * trickling a byte a second held all eight places of their address until REQUEST_TIMEOUT_MS,
 * and a GraphQL read of the same address waited 32-36 s). Eight places here, a short request
 * timeout, and a small body budget (256 KB an address).
 */
describe('bodies that are still arriving', () => {
  let lines: TTestServer;
  const BUDGET = 256 * 1024;

  beforeAll(async () => {
    lines = await startTestServer({
      trustProxy: 1,
      clientGate: { concurrency: 8, queue: 100 },
      requestTimeoutMs: 5_000,
      bodyBudget: { perClient: BUDGET, total: 16 * BUDGET, idleMs: 5_000 },
      // Eight sign-ins of one address are held at once (the sign-in's own caps out of the way).
      passwordChecks: { perAddress: 100, concurrent: 100, waiting: 100 },
    });
  });
  afterAll(async () => {
    await lines?.close();
  });

  /** An upload of 100,000 bytes that sends a byte now and then; answers what the server said. */
  async function trickle(address: string) {
    const socket = await rawRequest(lines, address, { path: '/graphql', length: 100_000 });
    const dripping = setInterval(() => socket.write('a'), 200);
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
    });
    const closed = new Promise<string>((resolve) => {
      socket.once('close', () => {
        clearInterval(dripping);
        resolve(answer);
      });
    });
    return { socket, closed };
  }

  it('answers a GraphQL read of an address at once while eight of its uploads trickle in, and still cuts them off (attack 11, F3)', async () => {
    const address = '198.51.100.20';
    const trickles = await Promise.all(Array.from({ length: 8 }, () => trickle(address)));
    await settle();
    const response = await fetch(`${lines.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
    // Answered while every upload is still arriving: before, it waited for their cut-off.
    expect(trickles.map(({ socket }) => socket.closed)).toEqual(Array(8).fill(false));
    // Bodies that never finish are still cut off at REQUEST_TIMEOUT_MS (408).
    for (const answer of await Promise.all(trickles.map(({ closed }) => closed))) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    }
    expect(lines.deps.requestBodies.clientBytes(address)).toBe(0);
  });

  it('refuses a body past the limit with 413, declared or counted as it arrives', async () => {
    const address = '198.51.100.21';
    // Declared: the route's limit answers from the header.
    const declared = await rawRequest(lines, address, {
      path: '/graphql',
      length: 2 * 1024 * 1024,
      sent: '',
    });
    const declaredAnswer = await new Promise<string>((resolve) => {
      let text = '';
      declared.on('data', (data) => {
        text += data.toString();
        if (text.includes('}}')) resolve(text);
      });
    });
    declared.destroy();
    expect(declaredAnswer).toMatch(/^HTTP\/1\.1 413/);
    expect(declaredAnswer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    // Chunked: counted while read, refused past 1 MB, the same answer.
    const chunk = new Uint8Array(64 * 1024).fill(32);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 4 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${lines.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
    });
    expect(lines.deps.requestBodies.clientBytes(address)).toBe(0);
  });

  it('holds at most its budget of one address’s bodies while they wait, and reads the rest as it frees', async () => {
    const address = '198.51.100.22';
    // Eight sign-ins hold every place of the address: bodies that are in wait, holding bytes.
    const holds = holdSignIns(() => lines);
    const held = Array.from({ length: 8 }, () => holds.signIn(address));
    await settle();
    const pad = 'x'.repeat(200 * 1024);
    const answers = Array.from({ length: 10 }, (_, n) =>
      fetch(`${lines.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ query: `{ __typename }`, extensions: { n, pad } }),
      }).then((response) => response.status),
    );
    // Ten bodies of 200 KB come at once: what is read stops near twice the budget (a body's
    // first 64 KB may go past it), the others wait unread.
    const intake = lines.deps.requestBodies;
    try {
      let before = -1;
      for (let i = 0; i < 200; i += 1) {
        await settle();
        const now = intake.clientBytes(address);
        if (intake.stats().paused > 0 && now === before) break;
        before = now;
      }
      const holding = intake.clientBytes(address);
      expect(intake.stats().paused).toBeGreaterThan(0);
      expect(holding).toBeGreaterThan(BUDGET);
      expect(holding).toBeLessThanOrEqual(2 * BUDGET + 64 * 1024);
    } finally {
      // Places free: every body is read and answered, and nothing stays held.
      holds.release();
    }
    expect(await Promise.all(held)).toEqual(Array(8).fill(401));
    expect(await Promise.all(answers)).toEqual(Array(10).fill(200));
    expect(lines.deps.requestBodies.clientBytes(address)).toBe(0);
  });
});

/**
 * Outside attack 33: eight addresses with ten bodies each of 1 MB stalled just before their
 * end (80 MB, past BODY_BYTES' 64 MB) held a 300 KB POST of another address 28 s, until
 * REQUEST_TIMEOUT_MS cut them off. Here the same at a smaller scale: five addresses with three
 * bodies each of 256 KB against a process budget of 2 MB, and a request timeout long enough
 * that the innocent POST is answered first only if the budget is shared by addresses.
 */
describe('bodies stalled from several addresses (attack 33)', () => {
  let stalls: TTestServer;
  const TOTAL = 2 * 1024 * 1024;
  const LENGTH = 256 * 1024;

  beforeAll(async () => {
    stalls = await startTestServer({
      trustProxy: 1,
      clientGate: { concurrency: 8, queue: 100 },
      requestTimeoutMs: 20_000,
      bodyBudget: { perClient: 512 * 1024, total: TOTAL, idleMs: 3_000 },
    });
  });
  afterAll(async () => {
    await stalls?.close();
  });

  /** A GraphQL POST whose body stops one byte before its end; resolves to what the server said. */
  async function stalled(address: string) {
    const socket = await rawRequest(stalls, address, {
      path: '/graphql',
      length: LENGTH,
      sent: ' '.repeat(LENGTH - 1),
    });
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString();
    });
    return new Promise<string>((resolve) => {
      socket.once('close', () => resolve(answer));
    });
  }

  it("answers another address's POST while their bodies stall, and cuts the stalled off with 408 after BODY_IDLE_TIMEOUT_MS", async () => {
    const intake = stalls.deps.requestBodies;
    const attackers = Array.from({ length: 5 }, (_, n) => `203.0.113.${n + 1}`);
    const answers: string[] = [];
    const closed = attackers.flatMap((address) =>
      Array.from({ length: 3 }, () => stalled(address).then((answer) => answers.push(answer))),
    );
    // The stalled bodies hold the process's budget.
    for (let i = 0; i < 100 && intake.stats().bytes < TOTAL; i += 1) await settle();
    expect(intake.stats().bytes).toBeGreaterThanOrEqual(TOTAL);

    const response = await fetch(`${stalls.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.30' },
      body: JSON.stringify({ query: '{ __typename }', extensions: { pad: 'x'.repeat(300_000) } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
    // Answered before any stalled body was cut off for its time: before, it waited until
    // REQUEST_TIMEOUT_MS cut them all off. Those cut off to make room for it were told to retry.
    const beforeAnswer = [...answers];
    for (const answer of beforeAnswer) {
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      expect(answer).toContain('"code":"UNAVAILABLE"');
      expect(answer.toLowerCase()).toContain('retry-after: 1');
    }

    await Promise.all(closed);
    const cutForTime = answers.slice(beforeAnswer.length);
    expect(cutForTime.length).toBeGreaterThan(0);
    for (const answer of cutForTime) {
      // BODY_IDLE_TIMEOUT_MS, not REQUEST_TIMEOUT_MS (whose 408 has no body).
      expect(answer).toMatch(/^HTTP\/1\.1 (408|503)/);
      if (answer.startsWith('HTTP/1.1 408')) expect(answer).toContain('stopped arriving');
    }
    expect(cutForTime.some((answer) => answer.startsWith('HTTP/1.1 408'))).toBe(true);
    for (const address of attackers) expect(intake.clientBytes(address)).toBe(0);
    expect(intake.stats().bytes).toBe(0);
  });
});

describe('the line of one address, alone', () => {
  it('counts requests whose bodies arrive toward its size, and lets one step out of its place and back', () => {
    const gate = createClientGate({ concurrency: 1, queue: 1 });
    const started: string[] = [];
    const first = gate.arrive('x')!;
    const second = gate.arrive('x')!;
    // Two arriving fill a line of one place and one waiting: a third is refused.
    expect(gate.arrive('x')).toBeNull();
    expect(gate.arrive('y')).not.toBeNull();
    first.enter(() => started.push('first'));
    second.enter(() => started.push('second'));
    expect(started).toEqual(['first']);
    // The first steps out (an upload's token checked): the second takes the place.
    first.stepOut();
    expect(started).toEqual(['first', 'second']);
    expect(gate.arrive('x')).toBeNull();
    first.enter(() => started.push('first again'));
    second.leave();
    expect(started).toEqual(['first', 'second', 'first again']);
    first.leave();
    first.leave();
    expect(gate.arrive('x')).not.toBeNull();
  });
});
