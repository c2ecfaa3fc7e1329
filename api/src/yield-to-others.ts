/**
 * Lets the requests that arrived meanwhile run before the caller goes on: a macrotask turn
 * (setImmediate), after the I/O callbacks waiting. On the embedded database (PGlite runs in the
 * server's own thread) a statement's promise resolves without ever reaching the event loop:
 * every statement outside a transaction takes this turn first (db/pglite.ts, withDeadline), so
 * only loops inside a transaction (which holds the database through its statements) or
 * without statements call it themselves (issue 33.2).
 */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A loop's yield point that yields only once the loop has held the thread for `budgetMs` since
 * its last turn: the others wait at most about that long, and a loop of quick steps does not
 * pay a turn (and the requests run in it) per step.
 */
export function yieldEvery(budgetMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToOthers();
    since = performance.now();
  };
}
