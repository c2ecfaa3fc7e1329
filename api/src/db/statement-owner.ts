import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose statements these are: each HTTP request runs inside its own owner (server.ts), so the
 * embedded database can take turns between requests (db/pglite.ts, withDeadline) instead of
 * in arrival order. Work outside a request (jobs, start-up) has no owner and shares one turn.
 * On Node 24, AsyncLocalStorage rides on the async context frame and costs no promise hooks.
 */
const owners = new AsyncLocalStorage<object>();

/** Runs `work` (one request) as an owner of its own. */
export function runAsStatementOwner<T>(work: () => T): T {
  return owners.run({}, work);
}

const BACKGROUND = {};

/** The owner of the statement about to run: its request's, or the background's. */
export function currentStatementOwner(): object {
  return owners.getStore() ?? BACKGROUND;
}
