import { describe, expect, it } from 'vitest';
import { createEvents } from './events.ts';
import type { TIdeaChange } from './events.ts';
import { createLogger } from './observability/log.ts';

const change = (boardId: number, voteCount: number): TIdeaChange => ({
  kind: 'VOTED',
  ideaId: 1,
  boardId,
  companyId: 1,
  authorId: null,
  status: 'OPEN',
  voteCount,
  commentCount: 0,
});

describe('in-process events', () => {
  it("delivers a board's changes to its subscribers only", async () => {
    const events = createEvents({
      redisUrl: undefined,
      redisPrefix: 't:',
      log: createLogger('silent'),
    });
    const stream = events.subscribeIdeaChanged(7)[Symbol.asyncIterator]();
    const next = stream.next();
    events.publishIdeaChanged(change(8, 1));
    events.publishIdeaChanged(change(7, 2));
    expect((await next).value).toMatchObject({ boardId: 7, voteCount: 2 });
    await stream.return?.();
  });
});

describe('Redis events when Redis is unreachable', () => {
  it('neither throws nor leaves unhandled rejections: a live event is not worth a crash', async () => {
    const warnings: string[] = [];
    const log = { ...createLogger('silent'), warn: (message: string) => warnings.push(message) };
    // Nothing listens on port 1: every command fails.
    const events = createEvents({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 't:', log });
    const stream = events.subscribeIdeaChanged(7)[Symbol.asyncIterator]();
    const pending = stream.next();
    expect(() => events.publishIdeaChanged(change(7, 1))).not.toThrow();
    await events.close();
    await stream.return?.();
    await pending.catch(() => undefined);
    // Give the rejected commands time to settle; vitest fails the run on unhandled rejections.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings.some((w) => /Redis/.test(w))).toBe(true);
  });
});
