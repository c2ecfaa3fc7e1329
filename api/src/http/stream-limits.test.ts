import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_STREAM_LIMITS } from '../config.ts';
import type { TStreamLimits } from '../config.ts';
import { addEndUser } from '../testing/graphql-client.ts';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const SUBSCRIBE = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { kind voteCount } }`;

type TStream = {
  status: number;
  headers: Headers;
  /** The whole body of a refused stream (JSON or one SSE result); '' for an open one. */
  text: string;
  /** Resolves when the server ends the stream (or drops its connection). */
  ended: Promise<void>;
  close: () => void;
};

type TStreamOptions = {
  token?: string;
  forwardedFor?: string;
  signal?: AbortSignal;
  /** Read the whole answer into `text` (a subscription the server ends at once). */
  readAll?: boolean;
  /** The subscription's document (SUBSCRIBE unless given). */
  query?: string;
};

/**
 * Opens a stream as a browser would: the widget's REST stream, or a GraphQL subscription in
 * graphql-sse's distinct-connections mode (a POST accepting text/event-stream).
 */
async function openStream(
  server: TTestServer,
  kind: 'rest' | 'graphql',
  boardId: number,
  options: TStreamOptions = {},
): Promise<TStream> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  const response =
    kind === 'rest'
      ? await fetch(`${server.url}/api/v1/boards/${boardId}/events`, {
          headers,
          signal: controller.signal,
        })
      : await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            query: options.query ?? SUBSCRIBE,
            variables: { boardId: encodeGlobalID('Board', boardId) },
          }),
          signal: controller.signal,
        });
  if (response.status !== 200 || options.readAll) {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const reader = response.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // aborted by us, or the server dropped the connection
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    text: '',
    ended,
    close: () => controller.abort(),
  };
}

/** The GraphQL answer inside a refused subscription's body (JSON, or one SSE `next` event). */
function graphQLAnswer(text: string): any {
  const data = text.match(/^data: (.+)$/m)?.[1] ?? text;
  return JSON.parse(data);
}

const expectOpenStreams = (server: TTestServer, total: number) =>
  vi.waitFor(() => expect(server.deps.streamSlots.count().total).toBe(total), {
    timeout: 5_000,
    interval: 20,
  });

async function serverWith(limits: TStreamLimits, trustProxy = 0) {
  const server = await startTestServer({ streamLimits: limits, trustProxy });
  const company = await restCompany(server);
  return { server, company };
}

describe('caps on open live streams (REST event streams and GraphQL subscriptions alike)', () => {
  let server: TTestServer;
  let company: TRestCompany;
  const open: TStream[] = [];
  const closeAll = async () => {
    for (const stream of open.splice(0)) stream.close();
    await expectOpenStreams(server, 0);
  };

  beforeAll(async () => {
    ({ server, company } = await serverWith({
      perIp: 4,
      perToken: 2,
      total: 0,
      documentsPerIp: 0,
    }));
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await server?.close();
  });

  it('refuses a client address past its cap with 429, Retry-After and RATE_LIMITED, on both transports', async () => {
    for (const kind of ['rest', 'graphql', 'rest', 'graphql'] as const) {
      const stream = await openStream(server, kind, company.boardId);
      expect(stream.status).toBe(200);
      open.push(stream);
    }
    expect(server.deps.streamSlots.count().total).toBe(4);

    const rest = await openStream(server, 'rest', company.boardId);
    expect(rest.status).toBe(429);
    expect(rest.headers.get('retry-after')).toBe('30');
    expect(JSON.parse(rest.text)).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many live streams are open. Close some, or wait 30 seconds and try again.',
      },
    });

    const graphql = await openStream(server, 'graphql', company.boardId);
    expect(graphql.status).toBe(429);
    expect(graphql.headers.get('retry-after')).toBe('30');
    const answer = graphQLAnswer(graphql.text);
    expect(answer.errors[0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 30 });
    expect(answer.errors[0].message).toMatch(/Too many live streams/);
    // Refusals hold nothing.
    expect(server.deps.streamSlots.count().total).toBe(4);

    // A client leaving frees its place for the next one.
    open.shift()!.close();
    await expectOpenStreams(server, 3);
    const again = await openStream(server, 'graphql', company.boardId);
    expect(again.status).toBe(200);
    open.push(again);
    await closeAll();
  });

  it('refuses a token past its cap while the same address may open more with another token', async () => {
    const member = await addEndUser(server, company.owner.companyId);
    open.push(await openStream(server, 'rest', company.boardId, { token: member.token }));
    open.push(await openStream(server, 'graphql', company.boardId, { token: member.token }));
    expect(open.map((stream) => stream.status)).toEqual([200, 200]);
    for (const kind of ['rest', 'graphql'] as const) {
      const third = await openStream(server, kind, company.boardId, { token: member.token });
      expect(third.status).toBe(429);
    }
    const owner = await openStream(server, 'rest', company.boardId, {
      token: company.owner.token,
    });
    expect(owner.status).toBe(200);
    open.push(owner);
    await closeAll();
  });

  it('frees the place of a stream the service refuses (not found, bad token), so refusals cannot use up a cap', async () => {
    const other = await restCompany(server, { isPublic: false });
    for (let i = 0; i < 10; i += 1) {
      const rest = await openStream(server, 'rest', other.boardId);
      expect(rest.status).toBe(404);
      const graphql = await openStream(server, 'graphql', other.boardId, { readAll: true });
      expect(graphQLAnswer(graphql.text).errors[0].extensions.code).toBe('NOT_FOUND');
      const unknown = await openStream(server, i % 2 ? 'rest' : 'graphql', 99_999_999, {
        readAll: true,
      });
      expect([200, 404]).toContain(unknown.status);
      expect(unknown.text).toMatch(/NOT_FOUND/);
      const badToken = await openStream(server, 'rest', company.boardId, { token: 'nope' });
      expect(badToken.status).toBe(401);
    }
    await expectOpenStreams(server, 0);
  });

  it('cannot leak a place: clients leaving at every moment (before, during and after the answer) free them all', async () => {
    const before = server.deps.streamSlots.count().total;
    expect(before).toBe(0);
    const wide = await serverWith({ perIp: 0, perToken: 0, total: 0, documentsPerIp: 0 });
    try {
      const member = await addEndUser(wide.server, wide.company.owner.companyId);
      const attempts = Array.from({ length: 120 }, async (_, i) => {
        const leave = new AbortController();
        // 0 ms: gone before the server answers; later: gone while or after the stream opens.
        setTimeout(() => leave.abort(), (i * 7) % 40);
        try {
          const stream = await openStream(
            wide.server,
            i % 2 ? 'rest' : 'graphql',
            wide.company.boardId,
            { token: i % 3 ? member.token : undefined, signal: leave.signal },
          );
          await stream.ended;
        } catch {
          // aborted before the answer arrived
        }
      });
      await Promise.all(attempts);
      await expectOpenStreams(wide.server, 0);
      // Nothing keeps per-owner counts of streams that are gone.
      expect(
        wide.server.deps.streamSlots.count({ ip: '127.0.0.1', token: 'session:1' }),
      ).toMatchObject({ ip: 0, token: 0 });
    } finally {
      await wide.server.close();
    }
  });

  it('counts an IPv6 /64 as one client address (behind a trusted proxy)', async () => {
    const proxied = await serverWith({ perIp: 2, perToken: 0, total: 0, documentsPerIp: 0 }, 1);
    try {
      const from = (ip: string) =>
        openStream(proxied.server, 'rest', proxied.company.boardId, { forwardedFor: ip });
      const first = await from('2001:db8:1:2::1');
      const second = await from('2001:db8:1:2:ffff::9');
      const third = await from('2001:db8:1:2:abcd::');
      const elsewhere = await from('2001:db8:1:3::1');
      expect([first, second, third, elsewhere].map((s) => s.status)).toEqual([200, 200, 429, 200]);
      for (const stream of [first, second, elsewhere]) stream.close();
      await expectOpenStreams(proxied.server, 0);
    } finally {
      await proxied.server.close();
    }
  });
});

describe('the per-process cap', () => {
  it('refuses everyone once the process holds its total, whatever their address or token', async () => {
    const { server, company } = await serverWith({
      perIp: 0,
      perToken: 0,
      total: 3,
      documentsPerIp: 0,
    });
    try {
      const streams = [
        await openStream(server, 'rest', company.boardId),
        await openStream(server, 'graphql', company.boardId, { token: company.owner.token }),
        await openStream(server, 'rest', company.boardId, { forwardedFor: '10.1.1.1' }),
      ];
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      const member = await addEndUser(server, company.owner.companyId);
      expect(
        (await openStream(server, 'graphql', company.boardId, { token: member.token })).status,
      ).toBe(429);
      streams[1]!.close();
      await expectOpenStreams(server, 2);
      const next = await openStream(server, 'graphql', company.boardId, { token: member.token });
      expect(next.status).toBe(200);
      for (const stream of [streams[0]!, streams[2]!, next]) stream.close();
      await expectOpenStreams(server, 0);
    } finally {
      await server.close();
    }
  });
});

describe('the team’s share of the per-process cap', () => {
  it('keeps a tenth of the total for the team: visitors from many addresses fill the rest, the console still goes live (attack 13, F6)', async () => {
    const { server, company } = await serverWith(
      { perIp: 0, perToken: 0, total: 10, documentsPerIp: 0 },
      1,
    );
    const open: TStream[] = [];
    try {
      for (let n = 1; n <= 9; n += 1) {
        const stream = await openStream(server, 'rest', company.boardId, {
          forwardedFor: `10.13.0.${n}`,
        });
        open.push(stream);
        expect(stream.status).toBe(200);
      }
      // The tenth visitor, and an end user signed in, find the visitors' share full.
      const visitor = await openStream(server, 'rest', company.boardId, {
        forwardedFor: '10.13.0.10',
      });
      expect(visitor.status).toBe(429);
      expect(visitor.headers.get('retry-after')).toBe('30');
      const endUser = await addEndUser(server, company.owner.companyId);
      expect(
        (await openStream(server, 'graphql', company.boardId, { token: endUser.token })).status,
      ).toBe(429);
      // The owner's console subscribes.
      const teamStream = await openStream(server, 'graphql', company.boardId, {
        token: company.owner.token,
      });
      open.push(teamStream);
      expect(teamStream.status).toBe(200);
      await expectOpenStreams(server, 10);
      // A visitor leaving makes room for the next visitor.
      open.shift()!.close();
      await expectOpenStreams(server, 9);
      const next = await openStream(server, 'rest', company.boardId, {
        forwardedFor: '10.13.0.11',
      });
      open.push(next);
      expect(next.status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
      await server.close();
    }
  });
});

describe("one company's team in the team's tenth", () => {
  it("holds a tenth of it: one company's many keys and tabs cannot take the console's live updates from another company (attack 14, F6)", async () => {
    // 20 in all: visitors 18, the team's tenth 2, one company's share of it 1.
    const { server, company } = await serverWith(
      { perIp: 0, perToken: 0, total: 20, documentsPerIp: 0 },
      1,
    );
    const other = await restCompany(server);
    const open: TStream[] = [];
    try {
      // One company's owner opens three console streams (many tabs, or many API keys).
      for (let n = 0; n < 3; n += 1) {
        const stream = await openStream(server, 'graphql', company.boardId, {
          token: company.owner.token,
        });
        expect(stream.status).toBe(200);
        open.push(stream);
      }
      // Visitors take what is left to them.
      let visitors = 0;
      for (let n = 1; n <= 20; n += 1) {
        const stream = await openStream(server, 'rest', company.boardId, {
          forwardedFor: `10.14.0.${n}`,
        });
        if (stream.status !== 200) {
          expect(stream.status).toBe(429);
          break;
        }
        visitors += 1;
        open.push(stream);
      }
      // The first company's two streams past its share counted as visitors' streams.
      expect(visitors).toBe(16);
      // The other company's console still goes live.
      const otherTeam = await openStream(server, 'graphql', other.boardId, {
        token: other.owner.token,
      });
      open.push(otherTeam);
      expect(otherTeam.status).toBe(200);
      await expectOpenStreams(server, 20);
    } finally {
      for (const stream of open) stream.close();
      await server.close();
    }
  });
});

describe('different subscription documents from one address', () => {
  it('are capped (each is executed again for every change), while the same document is shared and only counts as a stream', async () => {
    const { server, company } = await serverWith(
      {
        perIp: 50,
        perToken: 0,
        total: 0,
        documentsPerIp: 3,
      },
      1,
    );
    const open: TStream[] = [];
    try {
      // An alias makes a document of its own: three different ones are fine.
      const variant = (n: number) =>
        `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { kind v${n}: voteCount } }`;
      for (const n of [1, 2, 3]) {
        const stream = await openStream(server, 'graphql', company.boardId, { query: variant(n) });
        expect(stream.status).toBe(200);
        open.push(stream);
      }
      // A fourth different one is refused with a word on what to do.
      const fourth = await openStream(server, 'graphql', company.boardId, { query: variant(4) });
      expect(fourth.status).toBe(429);
      const answer = graphQLAnswer(fourth.text);
      expect(answer.errors[0].extensions).toEqual({ code: 'RATE_LIMITED', retryAfter: 30 });
      expect(answer.errors[0].message).toMatch(/Too many different live subscriptions/);
      // The same documents again (another console tab), and the widget's streams, still open.
      for (const n of [1, 1, 2]) {
        const stream = await openStream(server, 'graphql', company.boardId, { query: variant(n) });
        expect(stream.status).toBe(200);
        open.push(stream);
      }
      const rest = await openStream(server, 'rest', company.boardId);
      expect(rest.status).toBe(200);
      open.push(rest);
      // Another address has its own allowance.
      const elsewhere = await openStream(server, 'graphql', company.boardId, {
        query: variant(4),
        forwardedFor: '203.0.113.9',
      });
      expect(elsewhere.status).toBe(200);
      open.push(elsewhere);
      // Closing every stream of a document (the three of variant 1) frees its place.
      const ofVariant1 = [open[0]!, open[3]!, open[4]!];
      for (const stream of ofVariant1) {
        stream.close();
        open.splice(open.indexOf(stream), 1);
      }
      await expectOpenStreams(server, 5);
      const now = await openStream(server, 'graphql', company.boardId, { query: variant(5) });
      expect(now.status).toBe(200);
      open.push(now);
    } finally {
      for (const stream of open) stream.close();
      await server.close();
    }
  });
});

describe('server shutdown', () => {
  it('ends every open stream (REST cleanly, GraphQL by dropping the connection so graphql-sse retries) and frees every place', async () => {
    const { server, company } = await serverWith(DEFAULT_STREAM_LIMITS);
    const streams = await Promise.all(
      ['rest', 'graphql', 'rest', 'graphql'].map((kind) =>
        openStream(server, kind as 'rest' | 'graphql', company.boardId, {
          token: company.owner.token,
        }),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const started = Date.now();
    // Without ending the streams, close() would wait for them for ever.
    await server.close();
    await Promise.all(streams.map((stream) => stream.ended));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(server.deps.streamSlots.count().total).toBe(0);
  });
});

describe('normal use stays under the default caps', () => {
  it('an office of 60 widget visitors behind one address, and an admin with 3 console tabs moving between boards, are never refused', async () => {
    const { server, company } = await serverWith(DEFAULT_STREAM_LIMITS);
    const second = await restCompany(server);
    try {
      const visitors = await Promise.all(
        Array.from({ length: 60 }, () => openStream(server, 'rest', company.boardId)),
      );
      expect(visitors.every((stream) => stream.status === 200)).toBe(true);
      // Each tab keeps one ideaChanged subscription; moving to another board ends it first.
      let tabs = await Promise.all(
        [0, 1, 2].map(() =>
          openStream(server, 'graphql', company.boardId, { token: company.owner.token }),
        ),
      );
      for (let move = 0; move < 15; move += 1) {
        for (const tab of tabs) tab.close();
        tabs = await Promise.all(
          [0, 1, 2].map(() =>
            openStream(server, 'graphql', move % 2 ? company.boardId : second.boardId, {
              token: company.owner.token,
            }),
          ),
        );
        // Hunting down one refusal: a place freed only later would show up here as a 429.
        expect(tabs.map((tab) => tab.status)).toEqual([200, 200, 200]);
      }
      for (const stream of [...visitors, ...tabs]) stream.close();
      await expectOpenStreams(server, 0);
    } finally {
      await server.close();
    }
  });
});
