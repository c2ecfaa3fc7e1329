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
 *   rather than buffering more; it resumes as bytes are handed on (a request starts) or
 *   dropped (a client goes, a body is cut off), bodies of the addresses holding least first.
 * - A body's first SMALL_BODY_BYTES may use up to twice `perClient`: an ordinary request (a
 *   GraphQL read, a vote) is almost never held back by large bodies of its address, even ones
 *   made to stall just before their end.
 * - The oldest body holding bytes of its address, and of the process, reads on whatever the
 *   budget, while it is still arriving: an upload larger than the budget (an import of up to
 *   48 MB) still arrives, and there is always one body that can finish, so reading never
 *   stalls for good.
 * - A body whose client sends nothing for `idleMs` is cut off (`onStalled`: 408), its bytes
 *   given back at once. A body paused by the budget is cut off too when nothing came meanwhile
 *   (a client that sends while paused has bytes waiting in the request's buffer, and TCP holds
 *   it back): paused, the stalled bodies of outside attack 33 were never cut off otherwise.
 * - The process's budget is shared by addresses, not taken by whoever came first: when it is
 *   full, a body of an address holding less than another (by more than SMALL_BODY_BYTES) makes
 *   room by cutting off (`onCut`: 503) a body of the address holding the most, its body that
 *   has gone longest without a byte. Eight addresses with ten bodies each stalled just before
 *   their end (80 MB, past the 64 MB) held a 300 KB POST of another address 28 s, until
 *   REQUEST_TIMEOUT_MS cut them off (outside attack 33). A body given without `onCut` (an
 *   import upload, whose company owner's or admin's token was checked first) is never cut.
 *
 * So an address holds at most perClient + max(perClient, the largest body) and the process
 * total + the largest body, plus a socket read (64 KB) past each. Handlers hold a body while
 * they run, as before: at most CLIENT_CONCURRENCY per address.
 */
export type TBodyBudget = {
  perClient: number;
  total: number;
  /** How long a body may send nothing before it is cut off (0: never; REQUEST_TIMEOUT_MS still does). */
  idleMs: number;
};

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
  /** Bodies cut off since the process started for sending nothing for `idleMs`. */
  stalled: number;
  /** Bodies cut off since the process started to make room for another address's. */
  cut: number;
};

export type TBodyHandlers = {
  /** All of it is in: its bytes stay counted until the function `receive` answered is called. */
  onBody: (body: Buffer) => void;
  /** Past the limit: nothing stays counted, and no more is read. */
  onTooLarge: () => void;
  /** Nothing came for `idleMs`: nothing stays counted, and no more is read. */
  onStalled: () => void;
  /**
   * Cut off to make room for another address's body: nothing stays counted, and no more is
   * read. Without it, the body is never cut off for room.
   */
  onCut?: () => void;
};

export type TBodyIntake = {
  /**
   * Reads `req`'s body, up to `limit` bytes, and tells `handlers` how it ended. The function
   * answered gives its bytes back (when its request starts, or is gone).
   */
  receive: (
    req: IncomingMessage,
    client: string,
    limit: number,
    handlers: TBodyHandlers,
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
  /** When its last byte came (or it began, or it was last resumed). */
  lastByteAt: number;
  idle: NodeJS.Timeout | undefined;
  /** Gives its bytes back, stops reading, and tells its handler that nothing came for idleMs. */
  stall: () => void;
  /** Gives its bytes back, stops reading, and tells its handler; absent: never cut for room. */
  cut: (() => void) | undefined;
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
  let stalled = 0;
  let cut = 0;
  /** Set while room is made for a body: what is freed is for it, not for the bodies paused. */
  let makingRoom = false;

  const clientRoom = (holder: THolder) => {
    const { client } = holder;
    return (
      client.bytes < budget.perClient ||
      (holder.bytes < SMALL_BODY_BYTES && client.bytes < 2 * budget.perClient) ||
      first(client.holders) === holder
    );
  };
  const processRoom = (holder: THolder) => total < budget.total || first(holders) === holder;
  const mayRead = (holder: THolder) => clientRoom(holder) && processRoom(holder);

  /** A byte came (or the body began): idleMs and the body's wait for a byte count from now. */
  const arm = (holder: THolder) => {
    holder.lastByteAt = performance.now();
    if (budget.idleMs <= 0) return;
    if (holder.idle) {
      holder.idle.refresh();
      return;
    }
    holder.idle = setTimeout(() => {
      // Bytes that came while it was paused (or are yet to be handed on) are no stall.
      if (holder.req.readableLength > 0) holder.idle?.refresh();
      else holder.stall();
    }, budget.idleMs);
    holder.idle.unref();
  };
  const disarm = (holder: THolder) => {
    if (holder.idle) clearTimeout(holder.idle);
    holder.idle = undefined;
  };

  const pause = (holder: THolder) => {
    flowing.delete(holder);
    paused.add(holder);
    holder.req.pause();
  };

  /**
   * The body to cut off so that `waiter`'s may read: of the address holding the most (more
   * than `waiter`'s by over SMALL_BODY_BYTES), the one still arriving, holding bytes and
   * allowed to be cut, that has gone longest without a byte.
   */
  const victimFor = (waiter: THolder): THolder | undefined => {
    // One pass over the bodies (this runs on a body's chunk while the budget is full): the
    // richest address with a body to cut, and its body that has gone longest without a byte.
    const least = waiter.client.bytes + SMALL_BODY_BYTES;
    let chosen: THolder | undefined;
    for (const holder of holders) {
      const { client } = holder;
      if (client === waiter.client || client.bytes <= least) continue;
      if (!holder.receiving || !holder.cut || holder.bytes === 0) continue;
      if (
        !chosen ||
        client.bytes > chosen.client.bytes ||
        (client === chosen.client && holder.lastByteAt < chosen.lastByteAt)
      ) {
        chosen = holder;
      }
    }
    return chosen;
  };
  /** Cuts off bodies of richer addresses until `waiter` may read, or none is left to cut. */
  const makeRoom = (waiter: THolder) => {
    if (!clientRoom(waiter)) return;
    makingRoom = true;
    try {
      while (!processRoom(waiter)) {
        const victim = victimFor(waiter);
        if (!victim) return;
        cut += 1;
        victim.cut!();
      }
    } finally {
      makingRoom = false;
    }
  };

  const resumeWaiting = () => {
    if (makingRoom || paused.size === 0) return;
    // The bodies of the addresses holding least first: the first to read take the room.
    const waiting = [...paused].sort((a, b) => a.client.bytes - b.client.bytes);
    for (const holder of waiting) {
      if (!mayRead(holder)) continue;
      paused.delete(holder);
      flowing.add(holder);
      holder.req.resume();
    }
  };

  return {
    receive(req, key, limit, { onBody, onTooLarge, onStalled, onCut }) {
      let client = clients.get(key);
      if (!client) {
        client = { bytes: 0, holders: new Set() };
        clients.set(key, client);
      }
      const own = client;
      const holder: THolder = {
        req,
        client: own,
        bytes: 0,
        receiving: true,
        lastByteAt: performance.now(),
        idle: undefined,
        stall: () => {},
        cut: undefined,
      };
      own.holders.add(holder);
      holders.add(holder);
      let chunks: Buffer[] = [];
      let released = false;
      const stopReading = () => {
        if (!holder.receiving) return;
        holder.receiving = false;
        disarm(holder);
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
      holder.stall = () => {
        if (!holder.receiving) return;
        stalled += 1;
        release();
        onStalled();
      };
      if (onCut) {
        holder.cut = () => {
          release();
          onCut();
        };
      }
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
        arm(holder);
        // Past a budget, every body that may not read on stops now, not after its next chunk.
        if (own.bytes >= budget.perClient) {
          for (const other of own.holders) {
            if (flowing.has(other) && !mayRead(other)) pause(other);
          }
        }
        if (total >= budget.total) {
          if (!processRoom(holder)) makeRoom(holder);
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
      arm(holder);
      if (!processRoom(holder)) makeRoom(holder);
      if (!mayRead(holder)) pause(holder);
      return release;
    },
    clientBytes: (key) => clients.get(key)?.bytes ?? 0,
    stats: () => ({
      bytes: total,
      peakBytes: peak,
      receiving: flowing.size + paused.size,
      paused: paused.size,
      stalled,
      cut,
    }),
  };
}
