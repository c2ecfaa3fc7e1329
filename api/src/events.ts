import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { IdeaStatus } from './generated/prisma/client.ts';
import type { TLogger } from './log.ts';

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
};

export type TEvents = {
  /** Publishes after the write committed; never throws (a lost live event is not a lost write). */
  publishIdeaChanged: (change: TIdeaChange) => void;
  /** The board's idea events, from this process and (with Redis) every other one. */
  subscribeIdeaChanged: (boardId: number) => AsyncIterable<TIdeaChange>;
  /** 'redis' when events cross processes through Redis, else 'memory'. */
  kind: 'redis' | 'memory';
  close: () => Promise<void>;
};

type TTopics = Record<string, [boardId: number, change: TIdeaChange]>;

/**
 * Live events: yoga's pub/sub, in-process by default, over Redis when `redisUrl` is set so that
 * a vote taken by one API process reaches subscribers connected to another.
 */
export function createEvents(options: {
  redisUrl: string | undefined;
  redisPrefix: string;
  log: TLogger;
}): TEvents {
  const topic = `${options.redisPrefix}idea-changed`;
  if (!options.redisUrl) {
    const pubsub = createPubSub<TTopics>();
    return {
      kind: 'memory',
      publishIdeaChanged: (change) => pubsub.publish(topic, change.boardId, change),
      subscribeIdeaChanged: (boardId) => pubsub.subscribe(topic, boardId),
      close: async () => {},
    };
  }
  const connect = () => {
    const client = new Redis(options.redisUrl as string, { maxRetriesPerRequest: 2 });
    client.on('error', (error) => options.log.warn(`Redis: ${error.message}`));
    return client;
  };
  const publishClient = connect();
  const subscribeClient = connect();
  const pubsub = createPubSub<TTopics>({
    eventTarget: createRedisEventTarget({
      publishClient: guarded(publishClient, options.log),
      subscribeClient: guarded(subscribeClient, options.log),
    }),
  });
  return {
    kind: 'redis',
    publishIdeaChanged: (change) => {
      try {
        pubsub.publish(topic, change.boardId, change);
      } catch (error) {
        options.log.warn(`Live event not published: ${(error as Error).message}`);
      }
    },
    subscribeIdeaChanged: (boardId) => pubsub.subscribe(topic, boardId),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
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
