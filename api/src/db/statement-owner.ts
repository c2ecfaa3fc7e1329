import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose statements these are: each HTTP request runs inside its own owner (server.ts), so the
 * embedded database can take turns between clients and requests (db/pglite.ts, withDeadline)
 * instead of in arrival order. `client` is who sent the request (its address, an IPv6 /64 as
 * one, the key rate limits count by): turns are shared between clients first, so one client's
 * seventy requests at once weigh as one client, not as seventy. `since` orders one client's
 * requests: its oldest goes first. Work outside a request (jobs, start-up) has no owner and
 * shares the background's. On Node 24, AsyncLocalStorage rides on the async context frame and
 * costs no promise hooks.
 */
export type TStatementOwner = {
  readonly client: string;
  readonly since: number;
  /** Gives back the request's place among its client's requests (http/client-gate.ts). */
  leavePlace?: () => void;
};

const owners = new AsyncLocalStorage<TStatementOwner>();

let unnamed = 0;

/**
 * Runs `work` (one request) as an owner of its own, sent by `client`; without one (tests, tools)
 * the owner is a client of its own.
 */
export function runAsStatementOwner<T>(work: () => T, client?: string, leavePlace?: () => void): T {
  unnamed = (unnamed + 1) % Number.MAX_SAFE_INTEGER;
  const owner: TStatementOwner = {
    client: client ?? `owner ${unnamed}`,
    since: performance.now(),
    ...(leavePlace ? { leavePlace } : {}),
  };
  return owners.run(owner, work);
}

const BACKGROUND: TStatementOwner = { client: 'background', since: 0 };

/** The owner of the statement about to run: its request's, or the background's. */
export function currentStatementOwner(): TStatementOwner {
  return owners.getStore() ?? BACKGROUND;
}

/**
 * The running request has become a live stream (a widget event stream, a GraphQL subscription):
 * it gives back its place among its client's requests, since streams have caps of their own
 * (http/stream-slots.ts) and would otherwise hold a place for hours.
 */
export function leaveRequestPlace(): void {
  owners.getStore()?.leavePlace?.();
}
