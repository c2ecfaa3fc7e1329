import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followBoard } from './live.ts';

/** A stream answer that sends `frames` and ends, as a stopping server's does. */
const streamOf = (frames: string) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(frames));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

describe('followBoard reconnecting', () => {
  let connections = 0;
  let answers: string[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    connections = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        connections += 1;
        return streamOf(answers.shift() ?? 'event: ready\ndata: {}\nretry: 3000\n\n');
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits the pause a stopping server names in its reconnect event', async () => {
    answers = [
      'event: ready\ndata: {}\nretry: 3000\n\nevent: reconnect\ndata: {}\nretry: 4200\n\n',
    ];
    const live: boolean[] = [];
    const stop = followBoard('http://feedboard.test/api/v1/boards/1/events', null, {
      onEvent: () => {},
      onLive: (isLive) => live.push(isLive),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(connections).toBe(1);
    expect(live).toEqual([true, false]);
    // Not after the usual second: after the 4.2 s the server asked for.
    await vi.advanceTimersByTimeAsync(4_100);
    expect(connections).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(connections).toBe(2);
    stop();
  });

  it('comes back after a second when a stream just drops', async () => {
    answers = ['event: ready\ndata: {}\nretry: 3000\n\n'];
    const stop = followBoard('http://feedboard.test/api/v1/boards/1/events', null, {
      onEvent: () => {},
      onLive: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(connections).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(connections).toBe(2);
    stop();
  });
});
