import type { TStreamLimits } from './config.ts';
import { AppError } from './errors.ts';
import { RateLimitError } from './rate-limit.ts';
import type { TClient } from './rate-limit.ts';
import type { TViewer } from './viewer.ts';

/**
 * Seconds a refused client is asked to wait: streams free up when someone closes a tab, not on
 * a clock, so this is a polite pause rather than a promise.
 */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/** Whose stream it is: the client address (an IPv6 /64 as one) and the token, when signed in. */
export type TStreamOwner = { ip: string; token?: string };

/** One open stream's place in the counts. */
export type TStreamSlot = {
  /** Frees the place; later calls do nothing, so every way a stream ends may call it. */
  release: () => void;
  /** How the stream is ended when the process stops (`closeAll`); it must release then. */
  onClose: (end: () => void) => void;
};

export type TStreamSlots = {
  /**
   * Takes a place for a new stream of `owner`, or throws RateLimitError (429, Retry-After)
   * when the owner's address, its token or the process is at its cap. The place is released
   * by the caller when the stream ends, and by `signal` when the client's connection closes
   * first (whichever comes first; a release is counted once).
   */
  take: (owner: TStreamOwner, signal?: AbortSignal) => TStreamSlot;
  /** Open streams now, in total and of one owner (tests, diagnostics). */
  count: (owner?: TStreamOwner) => { total: number; ip: number; token: number };
  /** Ends every open stream and refuses new ones (the process is stopping). */
  closeAll: () => void;
};

/**
 * The token key of a viewer: one per session, one per API key. The key is the row's id, so no
 * token is kept in memory longer than its request.
 */
export function streamOwner(client: TClient, viewer: TViewer | null): TStreamOwner {
  if (!viewer) return { ip: client.ip };
  const token = viewer.apiKeyId ? `key:${viewer.apiKeyId}` : `session:${viewer.sessionId}`;
  return { ip: client.ip, token };
}

/**
 * Counts of open live streams (REST event streams and GraphQL subscriptions alike), per client
 * address, per token and in total. Counted per process: each process behind a load balancer
 * applies the caps to the streams it holds. A count that drops to zero is deleted, so the maps
 * hold only owners with a stream open now.
 */
export function createStreamSlots(limits: TStreamLimits): TStreamSlots {
  const byIp = new Map<string, number>();
  const byToken = new Map<string, number>();
  const open = new Set<{ end: (() => void) | undefined; release: () => void }>();
  let isClosing = false;

  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const isFull = (limit: number, current: number) => limit > 0 && current >= limit;

  return {
    take: (owner, signal) => {
      if (isClosing) {
        throw new AppError('UNAVAILABLE', 'The server is restarting. Please try again shortly.');
      }
      if (
        isFull(limits.total, open.size) ||
        isFull(limits.perIp, byIp.get(owner.ip) ?? 0) ||
        (owner.token !== undefined && isFull(limits.perToken, byToken.get(owner.token) ?? 0))
      ) {
        throw new RateLimitError(
          STREAM_RETRY_AFTER_SECONDS,
          `Too many live streams are open. Close some, or wait ${STREAM_RETRY_AFTER_SECONDS} seconds and try again.`,
        );
      }
      add(byIp, owner.ip, 1);
      if (owner.token !== undefined) add(byToken, owner.token, 1);
      let isReleased = false;
      const entry = {
        end: undefined as (() => void) | undefined,
        release: () => {
          if (isReleased) return;
          isReleased = true;
          open.delete(entry);
          add(byIp, owner.ip, -1);
          if (owner.token !== undefined) add(byToken, owner.token, -1);
          signal?.removeEventListener('abort', entry.release);
        },
      };
      open.add(entry);
      if (signal?.aborted) entry.release();
      else signal?.addEventListener('abort', entry.release, { once: true });
      return {
        release: entry.release,
        onClose: (end) => {
          entry.end = end;
        },
      };
    },
    count: (owner) => ({
      total: open.size,
      ip: owner ? (byIp.get(owner.ip) ?? 0) : 0,
      token: owner?.token ? (byToken.get(owner.token) ?? 0) : 0,
    }),
    closeAll: () => {
      isClosing = true;
      for (const entry of [...open]) {
        try {
          entry.end?.();
        } catch {
          // Its connection is gone already; the others must still end.
        }
        // A stream that failed to end (or had no way to) still gives its place back.
        entry.release();
      }
    },
  };
}

/**
 * `source` holding `slot` while it runs: the slot is released when the iteration ends in any
 * way (done, return, throw, a failed next), and `end` (closeAll) finishes a pending `next` at
 * once. An async generator's `finally` would not do: it never runs for a generator that was
 * returned before its first `next`, which is what a client that leaves at once causes.
 */
export function holdingSlot<T>(
  source: AsyncIterable<T>,
  slot: TStreamSlot,
  end?: () => void,
): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  let isEnded = false;
  // Ends the pending `next`, if any. (A Promise.race with one promise of the stream's end added
  // a reaction to that promise on every event, kept until the stream ended.)
  let wake = () => {};
  const finish = () => {
    if (isEnded) return;
    isEnded = true;
    slot.release();
    wake();
    void Promise.resolve()
      .then(() => inner.return?.())
      .catch(() => {});
  };
  slot.onClose(() => {
    end?.();
    finish();
  });
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (isEnded) return { done: true, value: undefined };
      try {
        const step = await new Promise<IteratorResult<T>>((resolve, reject) => {
          wake = () => resolve({ done: true, value: undefined });
          inner.next().then(resolve, reject);
        });
        wake = () => {};
        if (step.done) finish();
        return step;
      } catch (error) {
        finish();
        throw error;
      }
    },
    async return(value?: unknown) {
      finish();
      return { done: true, value: value as T };
    },
    async throw(error?: unknown) {
      finish();
      throw error;
    },
  };
}
