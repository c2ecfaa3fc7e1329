import { getConnInfo } from '@hono/node-server/conninfo';
import { isIP } from 'node:net';
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
  const userAgent = c.req.header('user-agent')?.slice(0, 300);
  return { ...clientFrom(peer, c.req.header('x-forwarded-for'), trustProxy), userAgent };
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
    if (chosen) return { ip: normalize(chosen), address: exact(chosen) };
  }
  return { ip: normalize(peer ?? 'unknown'), address: exact(peer ?? 'unknown') };
}

/** The address itself (IPv4-mapped IPv6 as IPv4), for the audit log: not widened to a /64. */
function exact(ip: string): string {
  return ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').slice(0, 100);
}

/**
 * `::ffff:127.0.0.1` and `127.0.0.1` are one client, and so is a whole IPv6 /64: one subscriber
 * gets a /64 and can use any address in it, so counting addresses one by one would give each
 * caller 2^64 allowances.
 */
function normalize(ip: string): string {
  const v4 = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  if (isIP(v4) !== 6) return v4.slice(0, 100);
  return `${ipv6Groups(v4).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded, without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const left = split(head);
  const right = tail === undefined ? [] : split(tail);
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return groups.map((group) =>
    group.includes('.') ? group : (parseInt(group, 16) || 0).toString(16),
  );
}
