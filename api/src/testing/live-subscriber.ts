import { createClient } from 'graphql-sse';

export type TLiveSubscriber = {
  /** Every result received so far, in order. */
  results: any[];
  /** Resolves with the first result (from now or already received) that matches. */
  waitFor: (match: (result: any) => boolean, timeoutMs?: number) => Promise<any>;
  /** Pokes (a write that publishes an event) until an event arrives, then forgets it. */
  waitUntilLive: (poke: () => Promise<unknown>) => Promise<void>;
  close: () => void;
};

/**
 * Subscribes over server-sent events with the graphql-sse client (distinct connections mode,
 * as yoga serves it), and collects the results.
 */
export function subscribeLive(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown>,
  token?: string,
): TLiveSubscriber {
  const client = createClient({
    url: `${baseUrl}/graphql`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
  });
  const results: any[] = [];
  const listeners = new Set<() => void>();
  let failure: unknown;
  const iterator = client.iterate({ query, variables });
  void (async () => {
    try {
      for await (const result of iterator) {
        results.push(result);
        for (const listener of listeners) listener();
      }
    } catch (error) {
      failure = error;
      for (const listener of listeners) listener();
    }
  })();

  const waitFor = (match: (result: any) => boolean, timeoutMs = 10_000) =>
    new Promise<any>((resolve, reject) => {
      const check = () => {
        const found = results.find(match);
        if (found !== undefined) {
          done();
          resolve(found);
        } else if (failure) {
          done();
          reject(failure instanceof Error ? failure : new Error(JSON.stringify(failure)));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`No matching event within ${timeoutMs} ms; got ${JSON.stringify(results)}`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  return {
    results,
    waitFor,
    waitUntilLive: async (poke) => {
      // The server registers the subscription asynchronously (and, with Redis, subscribes to a
      // channel): poke until one event arrives, so later writes are known to be observed.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        await poke();
        try {
          await waitFor(() => true, 200);
          results.length = 0;
          return;
        } catch (error) {
          if (failure) throw error;
        }
      }
      throw new Error('The subscription never delivered an event.');
    },
    close: () => {
      void iterator.return?.();
      client.dispose();
    },
  };
}
