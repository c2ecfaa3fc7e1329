import { describe, expect, it } from 'vitest';
import { DEFAULT_STREAM_LIMITS, loadConfig } from '../config.ts';
import { RateLimitError } from './rate-limit.ts';
import { createStreamSlots, holdingSlot, streamOwner } from './stream-slots.ts';

const refused = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    return error;
  }
  throw new Error('Expected a refusal');
};

describe('stream limits configuration', () => {
  it('defaults to 500 per address, 10 per token, 10,000 per process, 20 documents per address, and reads STREAM_LIMIT_*', () => {
    expect(DEFAULT_STREAM_LIMITS).toEqual({
      perIp: 500,
      perToken: 10,
      total: 10_000,
      documentsPerIp: 20,
    });
    expect(loadConfig({}).streamLimits).toEqual(DEFAULT_STREAM_LIMITS);
    expect(
      loadConfig({
        STREAM_LIMIT_PER_IP: '20',
        STREAM_LIMIT_PER_TOKEN: '0',
        STREAM_LIMIT_TOTAL: '300',
        STREAM_DOCUMENTS_PER_IP: '0',
      }).streamLimits,
    ).toEqual({ perIp: 20, perToken: 0, total: 300, documentsPerIp: 0 });
    expect(() => loadConfig({ STREAM_LIMIT_PER_IP: '-1' })).toThrow(/STREAM_LIMIT_PER_IP/);
  });
});

describe('createStreamSlots', () => {
  it('caps streams per address, per token and in total, with a 429 and Retry-After', () => {
    const slots = createStreamSlots({ perIp: 3, perToken: 2, total: 5, documentsPerIp: 0 });
    slots.take({ ip: 'a', token: 't' });
    slots.take({ ip: 'a', token: 't' });
    const perToken = refused(() => slots.take({ ip: 'b', token: 't' })) as RateLimitError;
    expect(perToken).toBeInstanceOf(RateLimitError);
    expect(perToken.code).toBe('RATE_LIMITED');
    expect(perToken.retryAfterSeconds).toBe(30);
    expect(perToken.message).toMatch(/Too many live streams/);
    slots.take({ ip: 'a' });
    expect(refused(() => slots.take({ ip: 'a', token: 'u' }))).toBeInstanceOf(RateLimitError);
    slots.take({ ip: 'b' });
    slots.take({ ip: 'c' });
    // Five open: the process is full for everyone.
    expect(refused(() => slots.take({ ip: 'd' }))).toBeInstanceOf(RateLimitError);
    expect(slots.count({ ip: 'a', token: 't' })).toEqual({ total: 5, ip: 3, token: 2 });
  });

  it('0 turns a cap off', () => {
    const slots = createStreamSlots({ perIp: 0, perToken: 0, total: 0, documentsPerIp: 0 });
    for (let i = 0; i < 1_000; i += 1) slots.take({ ip: 'a', token: 't' });
    expect(slots.count().total).toBe(1_000);
  });

  it('frees a place once per stream however many ways it ends, and forgets owners with none', () => {
    const slots = createStreamSlots({ perIp: 1, perToken: 1, total: 1, documentsPerIp: 0 });
    const slot = slots.take({ ip: 'a', token: 't' });
    slot.release();
    slot.release();
    expect(slots.count({ ip: 'a', token: 't' })).toEqual({ total: 0, ip: 0, token: 0 });
    // The double release did not hand out a second place.
    slots.take({ ip: 'a', token: 't' });
    expect(refused(() => slots.take({ ip: 'a', token: 't' }))).toBeInstanceOf(RateLimitError);
  });

  it('frees the place when the client connection closes first (the request signal)', () => {
    const slots = createStreamSlots({ perIp: 1, perToken: 0, total: 0, documentsPerIp: 0 });
    const connection = new AbortController();
    slots.take({ ip: 'a' }, connection.signal);
    connection.abort();
    expect(slots.count().total).toBe(0);
    // A connection already gone when the place is taken frees it at once.
    slots.take({ ip: 'a' }, AbortSignal.abort());
    expect(slots.count().total).toBe(0);
  });

  it('closeAll ends every stream, frees every place and refuses new streams (503)', () => {
    const slots = createStreamSlots(DEFAULT_STREAM_LIMITS);
    let ended = 0;
    for (let i = 0; i < 3; i += 1) slots.take({ ip: 'a' }).onClose(() => (ended += 1));
    slots.take({ ip: 'b' }).onClose(() => {
      throw new Error('a stream that fails to end');
    });
    slots.take({ ip: 'c' });
    slots.closeAll();
    expect(ended).toBe(3);
    expect(slots.count().total).toBe(0);
    expect(() => slots.take({ ip: 'a' })).toThrow(/restarting/);
  });

  it('keys a token by its session or API key, never by the token itself', () => {
    const viewer = { userId: 1, companyId: 1, role: 'END_USER', kind: 'REGULAR' } as const;
    expect(streamOwner({ ip: '10.0.0.1' }, null)).toEqual({ ip: '10.0.0.1' });
    expect(streamOwner({ ip: '10.0.0.1' }, { ...viewer, sessionId: 7 })).toMatchObject({
      ip: '10.0.0.1',
      token: 'session:7',
    });
    expect(streamOwner({ ip: '10.0.0.1' }, { ...viewer, sessionId: 0, apiKeyId: 3 })).toMatchObject(
      {
        ip: '10.0.0.1',
        token: 'key:3',
      },
    );
  });

  it('ends the streams a revocation names (session, key or user), and only those', () => {
    const slots = createStreamSlots({ perIp: 0, perToken: 0, total: 0, documentsPerIp: 0 });
    const base = { companyId: 1, role: 'ADMIN', kind: 'REGULAR' } as const;
    const open = (userId: number, sessionId: number, apiKeyId?: number) => {
      const viewer = { ...base, userId, sessionId, ...(apiKeyId ? { apiKeyId } : {}) };
      const slot = slots.take(streamOwner({ ip: 'a' }, viewer));
      const reasons: string[] = [];
      slot.onClose((reason) => reasons.push(reason));
      return reasons;
    };
    const session7 = open(1, 7);
    const session8 = open(1, 8);
    const key3 = open(1, 0, 3);
    const otherUser = open(2, 9);
    // Session id 3 is not API key 3.
    expect(slots.endRevoked({ sessionIds: [7, 3] })).toBe(1);
    expect(session7).toEqual(['revoked']);
    expect(slots.endRevoked({ apiKeyIds: [3] })).toBe(1);
    expect(key3).toEqual(['revoked']);
    expect(slots.endRevoked({ userIds: [1] })).toBe(1);
    expect(session8).toEqual(['revoked']);
    expect(otherUser).toEqual([]);
    expect(slots.count().total).toBe(1);
    // An anonymous stream has no credential to end with.
    slots.take({ ip: 'b' });
    expect(slots.endRevoked({ userIds: [1, 2] })).toBe(1);
    expect(slots.count().total).toBe(1);
  });

  it('rechecks open credentials on a timer: a lost revocation or a changed role ends the stream', async () => {
    const asked: { sessionIds: number[]; apiKeyIds: number[] }[] = [];
    const live = { companyId: 1, role: 'ADMIN', kind: 'REGULAR' } as const;
    const slots = createStreamSlots(
      { perIp: 0, perToken: 0, total: 0, documentsPerIp: 0 },
      {
        recheckMs: 50,
        findLive: async (credentials) => {
          asked.push(credentials);
          return {
            // Session 1 lives on; session 2 ended; key 5 lives but its user is a member now.
            sessions: new Map([[1, { ...live, userId: 1 }]]),
            apiKeys: new Map([[5, { ...live, userId: 1, role: 'MEMBER' as const }]]),
          };
        },
      },
    );
    const viewer = { ...live, userId: 1 };
    const ends: Record<string, string[]> = { s1: [], s2: [], k5: [] };
    slots
      .take(streamOwner({ ip: 'a' }, { ...viewer, sessionId: 1 }))
      .onClose((r) => ends.s1!.push(r));
    slots
      .take(streamOwner({ ip: 'a' }, { ...viewer, sessionId: 2 }))
      .onClose((r) => ends.s2!.push(r));
    slots
      .take(streamOwner({ ip: 'a' }, { ...viewer, sessionId: 0, apiKeyId: 5 }))
      .onClose((r) => ends.k5!.push(r));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked[0]).toEqual({ sessionIds: [1, 2], apiKeyIds: [5] });
    expect(ends).toEqual({ s1: [], s2: ['revoked'], k5: ['revoked'] });
    expect(slots.count().total).toBe(1);
    // With no signed-in stream open, the timer stops asking.
    slots.closeAll();
    const calls = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked.length).toBe(calls);
  });
});

/** An endless event source that records whether it was returned. */
function endlessSource() {
  const state = { returned: false };
  const iterable: AsyncIterable<number> = {
    [Symbol.asyncIterator]: () => ({
      next: () => new Promise<IteratorResult<number>>(() => {}),
      return: async () => {
        state.returned = true;
        return { done: true, value: undefined };
      },
    }),
  };
  return { iterable, state };
}

describe('holdingSlot', () => {
  it('frees the place when returned before its first next (a client that left at once)', async () => {
    const slots = createStreamSlots({ perIp: 1, perToken: 0, total: 0, documentsPerIp: 0 });
    const { iterable, state } = endlessSource();
    const held = holdingSlot(iterable, slots.take({ ip: 'a' }));
    await held.return!();
    expect(slots.count().total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.returned).toBe(true);
  });

  it('frees the place when the source ends or fails', async () => {
    const slots = createStreamSlots({ perIp: 0, perToken: 0, total: 0, documentsPerIp: 0 });
    async function* twoEvents() {
      yield 1;
      yield 2;
    }
    const done = holdingSlot(twoEvents(), slots.take({ ip: 'a' }));
    const seen: number[] = [];
    for await (const value of done) seen.push(value);
    expect(seen).toEqual([1, 2]);
    expect(slots.count().total).toBe(0);

    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('the event source failed');
    }
    const failed = holdingSlot(failing(), slots.take({ ip: 'a' }));
    await failed.next();
    expect(slots.count().total).toBe(1);
    await expect(failed.next()).rejects.toThrow('the event source failed');
    expect(slots.count().total).toBe(0);
  });

  it('on closeAll drops the connection and finishes a waiting next at once', async () => {
    const slots = createStreamSlots({ perIp: 0, perToken: 0, total: 0, documentsPerIp: 0 });
    const { iterable, state } = endlessSource();
    let dropped = 0;
    const held = holdingSlot(iterable, slots.take({ ip: 'a' }), () => (dropped += 1));
    const waiting = held.next();
    slots.closeAll();
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    expect(dropped).toBe(1);
    expect(slots.count().total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.returned).toBe(true);
  });
});
