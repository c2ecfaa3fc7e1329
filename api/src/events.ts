import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Repeater, createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { IdeaStatus } from './generated/prisma/client.ts';
import type { TLogger } from './observability/log.ts';

import type { TBoardAccess } from './services/access.ts';

/** What happened to an idea; subscribers re-read what their viewer may see. */
export type TIdeaChangeKind = 'CREATED' | 'UPDATED' | 'DELETED' | 'VOTED' | 'COMMENTED';

/**
 * An idea event. It carries ids, counts and the fields that decide who may see the idea
 * (status, author, company), never text: resolvers re-read the idea for each viewer.
 */
export type TIdeaChange = {
  kind: TIdeaChangeKind;
  ideaId: number;
  boardId: number;
  companyId: number;
  authorId: number | null;
  status: IdeaStatus;
  voteCount: number;
  commentCount: number;
  /**
   * Set on a note that the board's access settings changed (publishBoardAccessChange): no idea
   * changed; each process's feed of the board reads the board's access again and tells nobody.
   */
  isAccessChange?: true;
  /**
   * Who may see the board (services/access.ts TBoardAccess), attached by the receiving
   * process's feed of the board (never published): canSeeIdeaChange reads it.
   */
  board?: TBoardAccess;
};

/**
 * A change that makes cached portal pages wrong at once, which no idea event reports: a board
 * made private or deleted, a company's portal settings changed (portal-cache.ts).
 */
export type TPortalStale = { companyId: number; boardId: number | null };

/**
 * Credentials that ended (signed out, password changed, member removed or demoted, key
 * revoked, user erased): every process closes the live streams they opened. `userIds` closes
 * every stream of those users, whatever opened it.
 */
export type TCredentialRevocation = {
  sessionIds?: number[];
  apiKeyIds?: number[];
  userIds?: number[];
};

/**
 * A write that may narrow what users see (detached from a customer company, an SSO sign-in that
 * changed their customer companies or address, a team made to enrol a second factor): every
 * process checks the open live streams of those users, or of every user of those companies,
 * against what their credential gives now, and ends the streams that lost a grant
 * (stream-slots.ts `recheck`).
 */
export type TAccessChange = { userIds?: number[]; companyIds?: number[] };

export type TEvents = {
  /**
   * Drops the cached portal pages the change touches in every process: this one at once
   * (before the write is answered), the others through Redis. Never throws.
   */
  publishPortalStale: (stale: TPortalStale) => void;
  /** Calls `listener` with every TPortalStale of any process; answers the function that stops it. */
  watchPortalStale: (listener: (stale: TPortalStale) => void) => () => void;
  /** Publishes after the write committed; never throws (a lost live event is not a lost write). */
  publishIdeaChanged: (change: TIdeaChange) => void;
  /** The board's idea events, from this process and (with Redis) every other one. */
  subscribeIdeaChanged: (boardId: number) => AsyncIterable<TIdeaChange>;
  /**
   * Calls `listener` with every change this process publishes, at once (before any Redis round
   * trip): for what must know of a write before the write is answered (the portal's cache).
   * Answers the function that stops it.
   */
  watchPublished: (listener: (change: TIdeaChange) => void) => () => void;
  /**
   * Tells every process (this one at once, the others through Redis) that credentials ended;
   * call after the revocation committed. Never throws.
   */
  publishCredentialRevoked: (revocation: TCredentialRevocation) => void;
  /** Calls `listener` with every revocation of any process; answers the function that stops it. */
  watchCredentialRevoked: (listener: (revocation: TCredentialRevocation) => void) => () => void;
  /**
   * Tells every process (this one at once, the others through Redis) that what these users
   * may see may have narrowed; call after the write committed. Never throws.
   */
  publishAccessChanged: (change: TAccessChange) => void;
  /** Calls `listener` with every access change of any process; answers the function that stops it. */
  watchAccessChanged: (listener: (change: TAccessChange) => void) => () => void;
  /** 'redis' when events cross processes through Redis, else 'memory'. */
  kind: 'redis' | 'memory';
  /** Whether Redis answers a PING within `timeoutMs` and the subscriber is connected (always true in memory). */
  isConnected: (timeoutMs: number) => Promise<boolean>;
  close: () => Promise<void>;
};

type TTopics = Record<string, [boardId: number, change: TIdeaChange]>;

/** An idea change as it travels through Redis: with the id of the process that published it. */
type TRemoteChange = TIdeaChange & { origin?: string };

/**
 * Live events: yoga's pub/sub, in-process by default, over Redis when `redisUrl` is set so that
 * a vote taken by one API process reaches subscribers connected to another.
 *
 * A process's own subscribers get its changes at once, in the process (Redis or not); Redis
 * carries them to the other processes, and each process drops its own changes when Redis echoes
 * them back (`origin`). While Redis is down, writes go on, this process's subscribers still see
 * them, and the other processes' do not (not queued: a stale count delivered after a fresher one
 * would go backwards). When the subscriber connection comes back, the process resubscribes its
 * boards and sends its own subscribers `catchUp(boardIds)`: the current counts of those boards'
 * ideas (kind UPDATED), so nobody keeps a count from before the outage.
 */
export function createEvents(options: {
  redisUrl: string | undefined;
  redisPrefix: string;
  log: TLogger;
  /** The current state of the boards' ideas, sent to this process's subscribers after an outage. */
  catchUp?: (boardIds: number[]) => Promise<TIdeaChange[]>;
}): TEvents {
  const topic = `${options.redisPrefix}idea-changed`;
  const listeners = new Set<(change: TIdeaChange) => void>();
  const watchPublished = (listener: (change: TIdeaChange) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const tellListeners = (change: TIdeaChange) => {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (error) {
        options.log.warn(`Idea change listener failed: ${(error as Error).message}`);
      }
    }
  };
  const revoked = broadcastChannel<TCredentialRevocation>(
    `${options.redisPrefix}credential-revoked`,
    'Credential revocation',
    options.log,
  );
  const accessChanged = broadcastChannel<TAccessChange>(
    `${options.redisPrefix}access-changed`,
    'Access change',
    options.log,
  );
  const portalStale = broadcastChannel<TPortalStale>(
    `${options.redisPrefix}portal-stale`,
    'Portal change',
    options.log,
  );
  if (!options.redisUrl) {
    // One listener per console subscription of a board: thousands are expected, not a leak
    // (Node warns past 10 on an EventTarget's type).
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    const pubsub = createPubSub<TTopics>({ eventTarget });
    return {
      publishPortalStale: portalStale.publish,
      watchPortalStale: portalStale.watch,
      kind: 'memory',
      publishIdeaChanged: (change) => {
        tellListeners(change);
        pubsub.publish(topic, change.boardId, change);
      },
      watchPublished,
      subscribeIdeaChanged: (boardId) => pubsub.subscribe(topic, boardId),
      publishCredentialRevoked: revoked.publish,
      watchCredentialRevoked: revoked.watch,
      publishAccessChanged: accessChanged.publish,
      watchAccessChanged: accessChanged.watch,
      isConnected: async () => true,
      close: async () => {},
    };
  }
  const connect = (extra: RedisOptions = {}) => {
    const client = new Redis(options.redisUrl as string, { maxRetriesPerRequest: 2, ...extra });
    client.on('error', (error) => options.log.warn(`Redis: ${error.message}`));
    return client;
  };
  const publishClient = connect({ enableOfflineQueue: false });
  const subscribeClient = connect();
  const redisTarget = createRedisEventTarget({
    publishClient: guarded(publishClient, options.log),
    subscribeClient: guarded(subscribeClient, options.log),
  });
  const pubsub = createPubSub<TTopics>({ eventTarget: redisTarget });
  portalStale.connect(redisTarget);
  revoked.connect(redisTarget);
  accessChanged.connect(redisTarget);
  // This process's own changes and catch-up events reach its subscribers through `local`
  // (every process sends its own); Redis brings the other processes' changes.
  const local = createPubSub<TTopics>();
  const origin = randomUUID();
  const watchedBoards = new Map<number, number>();

  let hasLostConnection = false;
  subscribeClient.on('close', () => {
    hasLostConnection = true;
  });
  subscribeClient.on('ready', () => {
    if (!hasLostConnection) return;
    hasLostConnection = false;
    void catchUp();
  });
  const catchUp = async () => {
    const boardIds = [...watchedBoards.keys()];
    if (!boardIds.length) return;
    try {
      // Subscribing again is harmless for channels ioredis resubscribed by itself, covers those
      // whose SUBSCRIBE failed during the outage, and (answered in order) follows the resubscribe.
      await subscribeClient.subscribe(...boardIds.map((boardId) => `${topic}:${boardId}`));
      const changes = (await options.catchUp?.(boardIds)) ?? [];
      for (const change of changes) local.publish(topic, change.boardId, change);
      options.log.info(`Redis is back: sent ${changes.length} idea states to live subscribers.`);
    } catch (error) {
      options.log.warn(`Catch-up after a Redis outage failed: ${(error as Error).message}`);
    }
  };

  return {
    publishPortalStale: portalStale.publish,
    watchPortalStale: portalStale.watch,
    kind: 'redis',
    watchPublished,
    publishIdeaChanged: (change) => {
      tellListeners(change);
      local.publish(topic, change.boardId, change);
      const remote: TRemoteChange = { ...change, origin };
      try {
        pubsub.publish(topic, change.boardId, remote);
      } catch (error) {
        options.log.warn(`Live event not published: ${(error as Error).message}`);
      }
    },
    publishCredentialRevoked: revoked.publish,
    watchCredentialRevoked: revoked.watch,
    publishAccessChanged: accessChanged.publish,
    watchAccessChanged: accessChanged.watch,
    subscribeIdeaChanged: (boardId) =>
      watching(watchedBoards, boardId, () =>
        Repeater.merge([
          othersOnly(pubsub.subscribe(topic, boardId), origin),
          local.subscribe(topic, boardId),
        ]),
      ),
    isConnected: async (timeoutMs) => {
      if (subscribeClient.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([publishClient.ping().then(() => true), late]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

/**
 * A broadcast channel (credential revocations, stale portal pages): a message reaches this
 * process's listeners at once (even while Redis is down) and, once `connect`ed to the Redis
 * event target, every other process's. A process also hears its own message back from Redis;
 * the listeners are idempotent (closing a closed stream or dropping a dropped page does nothing).
 * `what` names the channel in log lines.
 */
function broadcastChannel<T>(channel: string, what: string, log: TLogger) {
  const listeners = new Set<(message: T) => void>();
  let remote: EventTarget | null = null;
  const tell = (message: T) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch (error) {
        log.warn(`${what} listener failed: ${(error as Error).message}`);
      }
    }
  };
  return {
    connect: (target: EventTarget) => {
      remote = target;
      target.addEventListener(channel, (event) => {
        const detail = (event as CustomEvent<T | null>).detail;
        if (detail) tell(detail);
      });
    },
    publish: (message: T) => {
      tell(message);
      try {
        remote?.dispatchEvent(new CustomEvent(channel, { detail: message }));
      } catch (error) {
        log.warn(`${what} not published: ${(error as Error).message}`);
      }
    },
    watch: (listener: (message: T) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The changes of `source` that another process published, without their `origin` (this
 * process's own reached its subscribers already, through `local`).
 */
function othersOnly(
  source: AsyncIterable<TRemoteChange>,
  origin: string,
): AsyncIterable<TIdeaChange> {
  return new Repeater<TIdeaChange>(async (push, stop) => {
    const iterator = source[Symbol.asyncIterator]();
    const stopped = stop.then(() => ({ done: true as const, value: undefined }));
    try {
      for (;;) {
        const step = await Promise.race([iterator.next(), stopped]);
        if (step.done) break;
        const { origin: from, ...change } = step.value;
        if (from !== origin) await push(change);
      }
    } finally {
      await iterator.return?.();
      stop();
    }
  });
}

/**
 * The stream `open()` makes, counted in `boards` while someone reads it. A Repeater (not an
 * async generator) so that `return()` ends it at once, even while it waits for an event.
 */
function watching<T>(
  boards: Map<number, number>,
  boardId: number,
  open: () => AsyncIterable<T>,
): AsyncIterable<T> {
  return new Repeater<T>(async (push, stop) => {
    boards.set(boardId, (boards.get(boardId) ?? 0) + 1);
    const source = open()[Symbol.asyncIterator]();
    const stopped = stop.then(() => ({ done: true as const, value: undefined }));
    try {
      for (;;) {
        const step = await Promise.race([source.next(), stopped]);
        if (step.done) break;
        await push(step.value);
      }
    } finally {
      const left = (boards.get(boardId) ?? 1) - 1;
      if (left > 0) boards.set(boardId, left);
      else boards.delete(boardId);
      await source.return?.();
      stop();
    }
  });
}

const GUARDED_COMMANDS = new Set<string | symbol>(['publish', 'subscribe', 'unsubscribe']);

/**
 * The Redis event target fires publish / subscribe / unsubscribe without awaiting them; while
 * Redis is down (or after close) their rejections would be unhandled and stop the process.
 * This client logs them instead: a lost live event is not a lost write, and ioredis
 * resubscribes by itself when Redis comes back.
 */
function guarded(client: Redis, log: TLogger): Redis {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!GUARDED_COMMANDS.has(property)) return value.bind(target);
      return (...args: unknown[]) =>
        (value.apply(target, args) as Promise<unknown>).catch((error: Error) => {
          log.warn(`Redis ${String(property)} failed: ${error.message}`);
          return 0;
        });
    },
  });
}
