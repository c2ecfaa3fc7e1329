import { describe, expect, it } from 'vitest';
import { MAX_UNREAD_FRAMES, eventStreamResponse, sseFrame } from './event-stream.ts';
import type { TSendFrame } from './event-stream.ts';

function openStream() {
  const state = { send: (() => {}) as TSendFrame, unsubscribed: 0 };
  const response = eventStreamResponse(sseFrame('ready', '{}', 3000), (send) => {
    state.send = send;
    return () => {
      state.unsubscribed += 1;
    };
  });
  return { response, state };
}

describe('eventStreamResponse', () => {
  it('writes the first frame, then every frame sent, as server-sent events', async () => {
    const { response, state } = openStream();
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    state.send(sseFrame('idea', '{"ideaId":1}'));
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('"ideaId":1')) text += (await reader.read()).value ?? '';
    expect(text).toBe('event: ready\ndata: {}\nretry: 3000\n\nevent: idea\ndata: {"ideaId":1}\n\n');
    await reader.cancel();
    expect(state.unsubscribed).toBe(1);
  });

  it('lets a client go that stops reading, instead of queueing for it without end', async () => {
    const { response, state } = openStream();
    for (let i = 0; i < MAX_UNREAD_FRAMES + 10; i += 1) state.send(sseFrame('idea', `{"n":${i}}`));
    expect(state.unsubscribed).toBe(1);
    // What was queued before it was let go still arrives, then the stream ends.
    const text = await response.text();
    const frames = text.split('\n\n').filter(Boolean);
    expect(frames[0]).toContain('event: ready');
    expect(frames.length).toBeLessThanOrEqual(MAX_UNREAD_FRAMES + 3);
    expect(frames.length).toBeGreaterThan(MAX_UNREAD_FRAMES);
  });
});
