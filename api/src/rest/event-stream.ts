/**
 * Server-sent events without a stream per message: frames are bytes made once and shared by
 * every stream they go to (one vote reaches thousands of open widgets), written straight to
 * the connection when the Node response is known (directEventStream), else queued into the
 * response body.
 */

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const encoder = new TextEncoder();

/** One frame: `event`, single-line `data` (JSON has no raw newlines), and an optional `retry`. */
export function sseFrame(event: string, data: string, retryMs?: number): Uint8Array {
  const retry = retryMs === undefined ? '' : `retry: ${retryMs}\n`;
  return encoder.encode(`event: ${event}\ndata: ${data}\n${retry}\n`);
}

/** A comment line: keeps proxies from closing an idle stream. */
const KEEP_ALIVE = encoder.encode(': keep-alive\n\n');

/** Milliseconds between keep-alive comments, under the idle timeouts of common proxies. */
const HEARTBEAT_MS = 20_000;

/**
 * Frames a client has not read yet beyond which it is let go: a reader that stalls cannot grow
 * the server's memory without bound. Its stream ends and the client reconnects (`retry`).
 */
export const MAX_UNREAD_FRAMES = 1_000;

/** Sends a frame to one stream. */
export type TSendFrame = (frame: Uint8Array) => void;

/**
 * Bytes a client may leave unread in a Node response written directly before it is let go:
 * about a thousand console frames, ten thousand widget ones (the kernel's socket buffer holds
 * more before Node's starts to fill).
 */
export const MAX_UNREAD_BYTES = 1024 * 1024;

const HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  // Proxies that buffer answers (nginx) pass each frame on at once.
  'x-accel-buffering': 'no',
};

/**
 * A `text/event-stream` answer that starts with `first`, then carries whatever `subscribe`'s
 * callback is given, with keep-alive comments. The function `subscribe` answers is called once
 * when the stream ends: the client left, stopped reading, or the server called `close` (the
 * second argument of `subscribe`: ends the answer cleanly, and the client reconnects).
 *
 * `outgoing` is the Node response the answer will be written to, when the caller knows it
 * (see directEventStream).
 */
export function eventStreamResponse(
  first: Uint8Array,
  subscribe: (send: TSendFrame, close: () => void) => () => void,
  outgoing?: ServerResponse,
): Response {
  const body = outgoing
    ? directEventStream(first, subscribe, outgoing)
    : webEventStream(first, subscribe);
  return new Response(body, { headers: HEADERS });
}

/** The stream's life: its keep-alive, and its end, which unsubscribes once. */
function streamLife(send: TSendFrame) {
  let isOpen = true;
  let unsubscribe = () => {};
  const heartbeat = setInterval(() => send(KEEP_ALIVE), HEARTBEAT_MS);
  return {
    isOpen: () => isOpen,
    subscribed: (stop: () => void) => {
      unsubscribe = stop;
      if (!isOpen) stop();
    },
    end: () => {
      if (!isOpen) return;
      isOpen = false;
      clearInterval(heartbeat);
      unsubscribe();
    },
  };
}

/** Frames queued into the web stream the server adapter copies into the response. */
function webEventStream(
  first: Uint8Array,
  subscribe: (send: TSendFrame, close: () => void) => () => void,
): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const close = () => {
    if (!life.isOpen()) return;
    life.end();
    controller.close();
  };
  const send: TSendFrame = (frame) => {
    if (!life.isOpen()) return;
    if ((controller.desiredSize ?? 0) < -MAX_UNREAD_FRAMES) return close();
    controller.enqueue(frame);
  };
  const life = streamLife(send);
  return new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      controller.enqueue(first);
      life.subscribed(subscribe(send, close));
    },
    cancel() {
      life.end();
    },
  });
}

/**
 * Frames written straight to the connection of the Node response. The body is a web stream
 * that is only read when the adapter (yoga's or hono's) waits for a chunk (its high-water mark
 * is 0). The first read that finds the answer's head written switches to direct writes: every
 * frame after that is one write on `outgoing.socket`, and that read settles only when the
 * stream ends, so the adapter then ends the answer. Reads before it (hono reads ahead before it
 * writes the head) get the frames queued so far, in order. The body is not chunked (it ends
 * with its connection, as a stream's does anyway), so a frame needs no response write, which
 * corked four buffers until the next tick. A vote reaching 5,000 open consoles spent a fifth of
 * its CPU passing each frame through the web stream and the adapter's pump.
 */
function directEventStream(
  first: Uint8Array,
  subscribe: (send: TSendFrame, close: () => void) => () => void,
  outgoing: ServerResponse,
): ReadableStream<Uint8Array> {
  // Frames not read yet, in order; null once they go to `outgoing` directly.
  let queued: Uint8Array[] | null = [first];
  let wake = () => {};
  let isCancelled = false;
  let ended = () => {};
  const hasEnded = new Promise<void>((resolve) => (ended = resolve));
  const close = () => {
    life.end();
    ended();
    wake();
  };
  const send: TSendFrame = (frame) => {
    if (!life.isOpen()) return;
    if (queued) {
      if (queued.length >= MAX_UNREAD_FRAMES) return close();
      queued.push(frame);
      wake();
      return;
    }
    if (target.writableLength > MAX_UNREAD_BYTES) return close();
    target.write(frame);
  };
  // Where frames go once the head is out: the connection (the response if it has none).
  let target: Pick<Socket, 'write' | 'writableLength'> = outgoing;
  const life = streamLife(send);
  outgoing.removeHeader('transfer-encoding');
  return new ReadableStream<Uint8Array>(
    {
      start() {
        life.subscribed(subscribe(send, close));
      },
      async pull(controller) {
        if (queued && queued.length === 0 && life.isOpen()) {
          // Nothing to give yet: the next frame or the end wakes this read.
          await new Promise<void>((resolve) => (wake = resolve));
          wake = () => {};
        }
        if (queued && outgoing.headersSent && !outgoing.destroyed) {
          for (const frame of queued) outgoing.write(frame);
          // The head goes out with the first write, or now when no frame waited.
          if (queued.length === 0) outgoing.flushHeaders();
          queued = null;
          target = outgoing.socket ?? outgoing;
          outgoing.once('close', close);
        }
        if (!queued) {
          await hasEnded;
          if (!isCancelled) controller.close();
          return;
        }
        for (const frame of queued) controller.enqueue(frame);
        queued = [];
        if (!life.isOpen()) controller.close();
      },
      cancel() {
        isCancelled = true;
        close();
      },
    },
    { highWaterMark: 0 },
  );
}
