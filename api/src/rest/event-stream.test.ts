import { createServer } from 'node:http';
import type { RequestListener, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createSchema, createYoga } from 'graphql-yoga';
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

/**
 * A Node server answering with `eventStreamResponse` through a server adapter, as the product
 * serves its streams: hono's (the widget's) or yoga's (the console's subscription), with the
 * Node response passed in (`outgoing`) or not. Records which writes of "idea" frames reached
 * the connection straight from `send` (this file's caller in the stack) rather than from the
 * adapter's pump.
 */
async function startStreamServer(options: { adapter: 'hono' | 'yoga'; isDirect: boolean }) {
  const state = {
    send: (() => {}) as TSendFrame,
    close: () => {},
    unsubscribed: 0,
    subscribed: 0,
    directWrites: 0,
    pumpedWrites: 0,
  };
  const answer = (outgoing: ServerResponse) => {
    // Every byte of the answer reaches the connection through its `write`, whoever called it.
    const socket = outgoing.socket!;
    const write = socket.write.bind(socket) as (chunk: unknown) => boolean;
    socket.write = ((chunk: unknown) => {
      if (chunk instanceof Uint8Array && Buffer.from(chunk).toString().startsWith('event: idea')) {
        if (new Error().stack?.includes('event-stream.ts')) state.directWrites += 1;
        else state.pumpedWrites += 1;
      }
      return write(chunk);
    }) as typeof socket.write;
    return eventStreamResponse(
      sseFrame('ready', '{}', 3000),
      (send, close) => {
        state.send = send;
        state.close = close;
        state.subscribed += 1;
        return () => {
          state.unsubscribed += 1;
        };
      },
      options.isDirect ? outgoing : undefined,
    );
  };
  const yoga = createYoga<{ res: ServerResponse }>({
    schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }),
    logging: false,
    plugins: [
      {
        onRequest: ({ serverContext, endResponse }) =>
          endResponse(answer((serverContext as unknown as { res: ServerResponse }).res)),
      },
    ],
  });
  const listener: RequestListener =
    options.adapter === 'hono'
      ? getRequestListener((_request, env) => answer(env.outgoing as ServerResponse))
      : (req, res) => void yoga.handle(req, res);
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reads a stream's text until `until` holds (or it ends). */
async function readUntil(
  reader: ReadableStreamDefaultReader<string>,
  until: (text: string) => boolean,
): Promise<{ text: string; isDone: boolean }> {
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    text += value ?? '';
    if (done || until(text)) return { text, isDone: done };
  }
}

describe.each([
  { adapter: 'hono' as const, isDirect: true },
  { adapter: 'yoga' as const, isDirect: true },
  { adapter: 'hono' as const, isDirect: false },
])(
  'eventStreamResponse through $adapter (frames written directly: $isDirect)',
  ({ adapter, isDirect }) => {
    it('delivers the first frame and every frame in order, and ends when the server closes', async () => {
      const server = await startStreamServer({ adapter, isDirect });
      try {
        const response = await fetch(server.url);
        expect(response.headers.get('content-type')).toBe('text/event-stream');
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        expect((await readUntil(reader, (text) => text.includes('ready'))).text).toBe(
          'event: ready\ndata: {}\nretry: 3000\n\n',
        );
        let text = '';
        for (let i = 0; i < 50; i += 1) {
          server.state.send(sseFrame('idea', `{"n":${i}}`));
          if (i % 10 === 0) text += (await readUntil(reader, (t) => t.includes(`"n":${i}}`))).text;
        }
        server.state.send(sseFrame('idea', '{"n":"last"}'));
        server.state.close();
        const rest = await readUntil(reader, () => false);
        expect(rest.isDone).toBe(true);
        const numbers = (text + rest.text)
          .split('\n\n')
          .filter(Boolean)
          .map((frame) => /"n":("?\w+"?)/.exec(frame)?.[1]);
        expect(numbers).toEqual([...Array.from({ length: 50 }, (_, i) => String(i)), '"last"']);
        expect(server.state.unsubscribed).toBe(1);
        // The path taken: straight from `send` once the head was written, or the adapter's pump.
        if (isDirect) {
          expect(server.state.directWrites).toBeGreaterThanOrEqual(50);
          expect(server.state.pumpedWrites).toBeLessThanOrEqual(1);
        } else {
          expect(server.state.directWrites).toBe(0);
        }
      } finally {
        await server.close();
      }
    });

    it('stops sending to a client that left', async () => {
      const server = await startStreamServer({ adapter, isDirect });
      try {
        const controller = new AbortController();
        const response = await fetch(server.url, { signal: controller.signal });
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        await readUntil(reader, (text) => text.includes('ready'));
        server.state.send(sseFrame('idea', '{"n":1}'));
        await readUntil(reader, (text) => text.includes('"n":1'));
        controller.abort();
        await expect.poll(() => server.state.unsubscribed).toBe(1);
        server.state.send(sseFrame('idea', '{"n":2}'));
        expect(server.state.unsubscribed).toBe(1);
      } finally {
        await server.close();
      }
    });

    it('lets a client go that stops reading', async () => {
      const server = await startStreamServer({ adapter, isDirect });
      // A raw socket that sends the request and never reads the answer.
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      socket.write('GET / HTTP/1.1\r\nhost: localhost\r\n\r\n');
      socket.pause();
      try {
        await expect.poll(() => server.state.subscribed).toBe(1);
        const frame = sseFrame('idea', `{"pad":"${'x'.repeat(4000)}"}`);
        for (let i = 0; i < 20_000 && server.state.unsubscribed === 0; i += 1) {
          server.state.send(frame);
          if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
        expect(server.state.unsubscribed).toBe(1);
      } finally {
        socket.destroy();
        await server.close();
      }
    });
  },
);
