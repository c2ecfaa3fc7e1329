import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBodyIntake } from './body-intake.ts';
import type { TBodyBudget, TBodyHandlers } from './body-intake.ts';

/**
 * The body budget on its own (outside attack 33): bodies are streams here, written by the test,
 * and what each body's handlers were told is recorded.
 */

const KB = 1024;

function body(
  intake: ReturnType<typeof createBodyIntake>,
  client: string,
  { limit = 1024 * KB, cuttable = true } = {},
) {
  const stream = new PassThrough();
  const told: string[] = [];
  const handlers: TBodyHandlers = {
    onBody: (bytes) => told.push(`body ${bytes.length}`),
    onTooLarge: () => told.push('too large'),
    onStalled: () => told.push('stalled'),
    ...(cuttable ? { onCut: () => told.push('cut') } : {}),
  };
  const release = intake.receive(stream as unknown as IncomingMessage, client, limit, handlers);
  return {
    told,
    release,
    send: (bytes: number) => stream.write(Buffer.alloc(bytes, 32)),
    end: () => stream.end(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('the body budget', () => {
  it('cuts off a body of the address holding most for a new address, never an import upload', async () => {
    const budget: TBodyBudget = { perClient: 512 * KB, total: 512 * KB, idleMs: 0 };
    const intake = createBodyIntake(budget);
    // An import upload (no onCut), oldest in the process, and a stalled body of another address:
    // the process's budget is full.
    const upload = body(intake, 'uploader', { limit: 48 * 1024 * KB, cuttable: false });
    upload.send(400 * KB);
    await turn();
    const stalled = body(intake, '203.0.113.1');
    stalled.send(200 * KB);
    await turn();
    expect(intake.stats().bytes).toBeGreaterThanOrEqual(budget.total);

    // A new address's body makes room: the stalled body goes (the upload holds more, but is
    // never cut), and the new one is read to its end.
    const newcomer = body(intake, '198.51.100.30');
    newcomer.send(100 * KB);
    newcomer.end();
    await turn();
    expect(stalled.told).toEqual(['cut']);
    expect(upload.told).toEqual([]);
    expect(newcomer.told).toEqual([`body ${100 * KB}`]);
    expect(intake.clientBytes('203.0.113.1')).toBe(0);
    expect(intake.stats().cut).toBe(1);

    // The upload reads on to its end.
    upload.send(600 * KB);
    upload.end();
    await turn();
    expect(upload.told).toEqual([`body ${1000 * KB}`]);
  });

  it('reads a slow but steady body past BODY_IDLE_TIMEOUT_MS, and cuts off one that stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const intake = createBodyIntake({
      perClient: 8 * 1024 * KB,
      total: 64 * 1024 * KB,
      idleMs: 5_000,
    });
    const steady = body(intake, '198.51.100.1');
    const stopping = body(intake, '198.51.100.2');
    // 30 s of a few bytes every 4 s: never 5 s without one.
    for (let second = 0; second < 30; second += 4) {
      steady.send(KB);
      if (second === 0) stopping.send(KB);
      await vi.advanceTimersByTimeAsync(4_000);
    }
    steady.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(steady.told).toEqual([`body ${8 * KB}`]);
    expect(stopping.told).toEqual(['stalled']);
    expect(intake.stats()).toMatchObject({ bytes: 8 * KB, stalled: 1 });
    steady.release();
    expect(intake.stats().bytes).toBe(0);
  });

  it('cuts off a body paused by the budget when its client sent nothing meanwhile, not when it did', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const intake = createBodyIntake({ perClient: 64 * KB, total: 64 * 1024 * KB, idleMs: 5_000 });
    // The address's budget is held by a body waiting for its request's place.
    const held = body(intake, '198.51.100.3');
    held.send(128 * KB);
    held.end();
    await vi.advanceTimersByTimeAsync(0);
    const waiting = body(intake, '198.51.100.3');
    waiting.send(128 * KB);
    const silent = body(intake, '198.51.100.3');
    await vi.advanceTimersByTimeAsync(0);
    expect(intake.stats().paused).toBe(2);
    // Paused 20 s by the server: the body whose client sent is not cut off, the silent one is.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(waiting.told).toEqual([]);
    expect(silent.told).toEqual(['stalled']);
    held.release();
    waiting.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.told).toEqual([`body ${128 * KB}`]);
  });
});
