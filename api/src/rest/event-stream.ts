/**
 * Server-sent events without a stream per message: frames are bytes made once and shared by
 * every stream they go to (one vote reaches thousands of open widgets), queued straight into
 * the response body.
 */

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
 * A `text/event-stream` answer that starts with `first`, then carries whatever `subscribe`'s
 * callback is given, with keep-alive comments. The function `subscribe` answers is called once
 * when the stream ends: the client left, stopped reading, or the server called `close` (the
 * second argument of `subscribe`: ends the answer cleanly, and the client reconnects).
 */
export function eventStreamResponse(
  first: Uint8Array,
  subscribe: (send: TSendFrame, close: () => void) => () => void,
): Response {
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let isOpen = true;
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => send(KEEP_ALIVE), HEARTBEAT_MS);
      end = () => {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        unsubscribe();
      };
      const send: TSendFrame = (frame) => {
        if (!isOpen) return;
        if ((controller.desiredSize ?? 0) < -MAX_UNREAD_FRAMES) {
          end();
          controller.close();
          return;
        }
        controller.enqueue(frame);
      };
      const close = () => {
        if (!isOpen) return;
        end();
        controller.close();
      };
      controller.enqueue(first);
      unsubscribe = subscribe(send, close);
      if (!isOpen) unsubscribe();
    },
    cancel() {
      end();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      // Proxies that buffer answers (nginx) pass each frame on at once.
      'x-accel-buffering': 'no',
    },
  });
}
