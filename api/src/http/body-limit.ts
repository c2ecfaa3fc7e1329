import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Refuses request bodies over `maxSize` bytes with `onError`'s answer. hono's bodyLimit reads
 * `c.req.raw.body`, which makes the Node adapter build a web Request and a stream for every
 * request, bodiless votes included: about a sixth of a vote's CPU. Here the Node request's own
 * headers decide first: no body (no Content-Length, no Transfer-Encoding) or a declared length
 * is settled without touching the body; only chunked bodies, whose size is known once read, go
 * through hono's bodyLimit. Without a Node request (`app.request()` in tests) it is hono's.
 */
export function cheapBodyLimit(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const counted = bodyLimit(options);
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.headers['transfer-encoding'] !== undefined) return counted(c, next);
    const length = incoming.headers['content-length'];
    if (length !== undefined && Number.parseInt(length, 10) > options.maxSize) {
      return options.onError(c);
    }
    await next();
  };
}
