import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TClient } from './rate-limit.ts';

/**
 * The caller's address. With `trustProxy` = 0 (the default) it is the socket's peer and
 * X-Forwarded-For is ignored, since any client can write that header. Behind N proxies
 * (TRUST_PROXY=N) it is the N-th address from the right of X-Forwarded-For: the one the
 * outermost trusted proxy saw. Entries further left were written by the client and are not
 * believed.
 */
export function clientOf(c: Context, trustProxy: number): TClient {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // Not served by @hono/node-server (app.request in a test): no socket to read.
  }
  return clientFrom(peer, c.req.header('x-forwarded-for'), trustProxy);
}

/** clientOf's rule on a Node request's socket address and X-Forwarded-For header. */
export function clientFrom(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustProxy: number,
): TClient {
  if (trustProxy > 0) {
    const forwarded = (forwardedFor ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const chosen = forwarded[Math.max(0, forwarded.length - trustProxy)];
    if (chosen) return { ip: normalize(chosen) };
  }
  return { ip: normalize(peer ?? 'unknown') };
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function normalize(ip: string): string {
  return ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1').slice(0, 100);
}
