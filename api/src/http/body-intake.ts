import type { IncomingMessage } from 'node:http';

/**
 * Request bodies are read in full before their request takes a place in its address's line
 * (server.ts, client-gate.ts): a body trickling in a byte a second no longer holds a place
 * (outside attack 11, F3). Reading first means holding: this module bounds the bytes of bodies
 * read and not yet handed to their request's handler (arriving, or in, waiting for a place).
 *
 * - `perClient` bytes per address (an IPv6 /64 as one), and `total` in the process.
 * - Bytes are counted as they arrive, not as declared: a trickle holds the few bytes it sent,
 *   so slow uploads never hold back another body of their address.
 * - Past a budget, reading stops (the body's socket is paused, so TCP holds the client back)
 *   rather than buffering more; it resumes in the order bodies were paused as bytes are handed
 *   on (a request starts) or dropped (a client goes, REQUEST_TIMEOUT_MS cuts a body off).
 * - A body's first SMALL_BODY_BYTES may use up to twice `perClient`: an ordinary request (a
 *   GraphQL read, a vote) is almost never held back by large bodies of its address, even ones
 *   made to stall just before their end.
 * - The oldest body holding bytes of its address, and of the process, reads on whatever the
 *   budget, while it is still arriving: an upload larger than the budget (an import of up to
 *   48 MB) still arrives, and there is always one body that can finish, so reading never
 *   stalls for good.
 *
 * So an address holds at most perClient + max(perClient, the largest body) and the process
 * total + the largest body, plus a socket read (64 KB) past each. Handlers hold a body while
 * they run, as before: at most CLIENT_CONCURRENCY per address.
 */
export type TBodyBudget = { perClient: number; total: number };

/** The first bytes of a body that may go past its address's budget (up to twice it). */
export const SMALL_BODY_BYTES = 64 * 1024;

export type TBodyIntakeStats = {
  /** Bytes read and not yet handed on, in the process. */
  bytes: number;
  /** The most `bytes` has been since the process started. */
  peakBytes: number;
  /** Bodies arriving (paused included). */
  receiving: number;
  /** Bodies whose reading waits for the budget. */
  paused: number;
};

export type TBodyIntake = {
  /**
   * Reads `req`'s body, up to `limit` bytes: `onBody` once it is all in (its bytes stay counted
   * until the answered function is called: when its request starts, or is gone), or
   * `onTooLarge` past `limit` (nothing stays counted, and no more is read).
   */
  receive: (
    req: IncomingMessage,
    client: string,
    limit: number,
    handlers: { onBody: (body: Buffer) => void; onTooLarge: () => void },
  ) => () => void;
  /** Bytes held for `client`'s bodies. */
  clientBytes: (client: string) => number;
  stats: () => TBodyIntakeStats;
};

type TClientBodies = { bytes: number; holders: Set<THolder> };

type THolder = {
  req: IncomingMessage;
  client: TClientBodies;
  bytes: number;
  receiving: boolean;
};

function first<T>(set: Set<T>): T | undefined {
  return set.values().next().value;
}

export function createBodyIntake(budget: TBodyBudget): TBodyIntake {
  const clients = new Map<string, TClientBodies>();
  /** Every body holding bytes, oldest first. */
  const holders = new Set<THolder>();
  const flowing = new Set<THolder>();
  /** Bodies waiting for the budget, in the order they were paused. */
  const paused = new Set<THolder>();
  let total = 0;
  let peak = 0;

  const mayRead = (holder: THolder) => {
    const { client } = holder;
    const clientRoom =
      client.bytes < budget.perClient ||
      (holder.bytes < SMALL_BODY_BYTES && client.bytes < 2 * budget.perClient) ||
      first(client.holders) === holder;
    return clientRoom && (total < budget.total || first(holders) === holder);
  };
  const pause = (holder: THolder) => {
    flowing.delete(holder);
    paused.add(holder);
    holder.req.pause();
  };
  const resumeWaiting = () => {
    for (const holder of paused) {
      if (!mayRead(holder)) continue;
      paused.delete(holder);
      flowing.add(holder);
      holder.req.resume();
    }
  };

  return {
    receive(req, key, limit, { onBody, onTooLarge }) {
      let client = clients.get(key);
      if (!client) {
        client = { bytes: 0, holders: new Set() };
        clients.set(key, client);
      }
      const own = client;
      const holder: THolder = { req, client: own, bytes: 0, receiving: true };
      own.holders.add(holder);
      holders.add(holder);
      let chunks: Buffer[] = [];
      let released = false;
      const stopReading = () => {
        if (!holder.receiving) return;
        holder.receiving = false;
        flowing.delete(holder);
        paused.delete(holder);
        req.off('data', onData);
        req.off('end', onEnd);
      };
      const release = () => {
        if (released) return;
        released = true;
        stopReading();
        chunks = [];
        own.bytes -= holder.bytes;
        total -= holder.bytes;
        own.holders.delete(holder);
        holders.delete(holder);
        if (own.holders.size === 0) clients.delete(key);
        resumeWaiting();
      };
      const onData = (chunk: Buffer) => {
        chunks.push(chunk);
        holder.bytes += chunk.length;
        own.bytes += chunk.length;
        total += chunk.length;
        if (total > peak) peak = total;
        if (holder.bytes > limit) {
          release();
          onTooLarge();
          return;
        }
        // Past a budget, every body that may not read on stops now, not after its next chunk.
        if (own.bytes >= budget.perClient) {
          for (const other of own.holders) {
            if (flowing.has(other) && !mayRead(other)) pause(other);
          }
        }
        if (total >= budget.total) {
          for (const other of flowing) if (!mayRead(other)) pause(other);
        }
        if (flowing.has(holder) && !mayRead(holder)) pause(holder);
      };
      const onEnd = () => {
        stopReading();
        const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, holder.bytes);
        chunks = [];
        onBody(body);
      };
      req.on('data', onData);
      req.on('end', onEnd);
      flowing.add(holder);
      if (!mayRead(holder)) pause(holder);
      return release;
    },
    clientBytes: (key) => clients.get(key)?.bytes ?? 0,
    stats: () => ({
      bytes: total,
      peakBytes: peak,
      receiving: flowing.size + paused.size,
      paused: paused.size,
    }),
  };
}
