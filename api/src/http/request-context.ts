import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the request log line of one request says about it, filled in as the request goes: the
 * route pattern (hono's, once it has answered) and the company of the signed-in caller.
 */
export type TRequestContext = {
  requestId: string;
  route?: string;
  companyId?: number;
};

/**
 * Each request's context, by its Node request. A map rather than AsyncLocalStorage: on Node 20
 * that turns on promise hooks for every promise of the process, and the hot paths make many.
 */
const contexts = new WeakMap<IncomingMessage, TRequestContext>();

export function setRequestContext(req: IncomingMessage, context: TRequestContext): void {
  contexts.set(req, context);
}

/** The context of the request hono serves (`c.env` of @hono/node-server), if any. */
export function requestContextOf(env: unknown): TRequestContext | undefined {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming ? contexts.get(incoming) : undefined;
}

/** The Node response of a request hono serves (`c.env` of @hono/node-server), if any. */
export function outgoingOf(env: unknown): ServerResponse | undefined {
  return (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/**
 * The request's id: a caller's (a load balancer's) `X-Request-Id` when it is a plain token of
 * at most 64 characters, else a new UUID. Answered in `X-Request-Id` and written on the log line.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : randomUUID();
}
