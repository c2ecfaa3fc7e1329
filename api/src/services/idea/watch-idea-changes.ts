import { Repeater } from 'graphql-yoga';
import type { TDeps } from '../../deps.ts';
import type { TEvents, TIdeaChange } from '../../events.ts';
import type { TViewer } from '../../viewer.ts';
import {
  BOARD_ACCESS_SELECT,
  canSeeIdeaChange,
  findVisibleBoard,
  toBoardAccess,
} from '../access.ts';
import type { TBoardAccess } from '../access.ts';

/** Hears one board's idea changes until the function it was registered with is called. */
export type TIdeaChangeListener = (change: TIdeaChange) => void;

/**
 * One subscription to the events per board, shared by every live stream of that board in this
 * process. A vote reaches thousands of open widgets; with one subscription each, every event
 * woke thousands of async iterators. Here it is one loop, and each listener is a plain call
 * (listeners that format the change can share the result through the change object itself).
 */
export type TIdeaFeeds = {
  listen: (boardId: number, listener: TIdeaChangeListener) => () => void;
  /** Boards with a shared subscription now (for tests and diagnostics). */
  boardCount: () => number;
};

type TBoardFeed = { listeners: Set<TIdeaChangeListener>; stop: () => void };

/** Reads who may see a board now (null: no such board), for the board's feed. */
export type TBoardAccessLoader = (boardId: number) => Promise<TBoardAccess | null>;

/** The board's access settings as the rule reads them, from the database. */
export function boardAccessLoader(prisma: TDeps['prisma']): TBoardAccessLoader {
  return async (boardId) => {
    const board = await prisma.board.findUnique({
      where: { id: boardId },
      select: BOARD_ACCESS_SELECT,
    });
    return board && toBoardAccess(board);
  };
}

/**
 * Tells every process's live streams of the board that its access settings changed (after
 * the change committed): each feed reads them again before its next event, so a stream whose
 * caller may no longer see the board gets nothing more of it, and the portal's cached pages of
 * the board go at once.
 */
export function publishBoardAccessChange(
  deps: Pick<TDeps, 'events'>,
  board: { id: number; companyId: number },
): void {
  deps.events.publishIdeaChanged({
    kind: 'UPDATED',
    ideaId: 0,
    boardId: board.id,
    companyId: board.companyId,
    authorId: null,
    status: 'NOT_PUBLIC',
    voteCount: 0,
    commentCount: 0,
    isAccessChange: true,
  });
}

export function createIdeaFeeds(
  events: TEvents,
  onListenerError: (error: Error) => void,
  loadBoardAccess: TBoardAccessLoader,
  /**
   * Resolves when the streams an access change ended are ended (stream-slots.ts `settled`):
   * an event waits for it, so none reaches a stream after its caller lost the board.
   */
  accessSettled: () => Promise<void> = async () => {},
): TIdeaFeeds {
  const boards = new Map<number, TBoardFeed>();

  const start = (boardId: number): TBoardFeed => {
    const listeners = new Set<TIdeaChangeListener>();
    const source = events.subscribeIdeaChanged(boardId)[Symbol.asyncIterator]();
    let isStopped = false;
    // Who may see the board, read when the feed starts and again after each access change;
    // every change carries it to canSeeIdeaChange. A failed read shows the board to nobody.
    const readAccess = () => loadBoardAccess(boardId).catch(() => null);
    let access = readAccess();
    // Asking for the first event subscribes, before the caller's stream says it is ready.
    let next = source.next();
    void (async () => {
      for (;;) {
        const step = await next;
        if (step.done || isStopped) return;
        next = source.next();
        if (step.value.isAccessChange) {
          access = readAccess();
          continue;
        }
        // After the write's own answer: the streams are written to synchronously, and thousands
        // of them took 50 ms that the voter's answer waited behind when the change came from
        // this process.
        await new Promise((resolve) => setImmediate(resolve));
        const board = await access;
        await accessSettled();
        if (isStopped) return;
        if (!board) continue;
        step.value.board = board;
        for (const listener of listeners) {
          try {
            listener(step.value);
          } catch (error) {
            onListenerError(error as Error);
          }
        }
      }
    })();
    return {
      listeners,
      stop: () => {
        isStopped = true;
        void source.return?.();
      },
    };
  };

  return {
    listen: (boardId, listener) => {
      let feed = boards.get(boardId);
      if (!feed) {
        feed = start(boardId);
        boards.set(boardId, feed);
      }
      const own = feed;
      own.listeners.add(listener);
      return () => {
        own.listeners.delete(listener);
        if (own.listeners.size > 0 || boards.get(boardId) !== own) return;
        boards.delete(boardId);
        own.stop();
      };
    },
    boardCount: () => boards.size,
  };
}

/**
 * The live idea events of a board the caller may see (else not found), without the events of
 * ideas the caller may not see: the same rule as the GraphQL subscription `ideaChanged`.
 * Answers how to listen; listening answers the function that stops it.
 */
export async function watchIdeaChanges(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
): Promise<(listener: TIdeaChangeListener) => () => void> {
  const board = await findVisibleBoard(deps, viewer, boardId);
  const source = new IdeaChangeSource(deps.ideaFeeds, board.id, viewer);
  return (listener) => source.listen(listener);
}

/**
 * A caller's live changes of one board (GraphQL's `ideaChanged`): the board's shared feed seen
 * through `canSeeIdeaChange` (the widget's stream listens to it too). Iterated, it is one
 * subscriber's stream (a listener on the feed from the first `next()` to `return()`). The
 * console's subscriptions are not iterated: the shared fan-out (live-subscriptions.ts) calls
 * `listenAll` once per board and document, and formats each change once for every caller who
 * would be answered the same.
 */
export class IdeaChangeSource implements AsyncIterable<TIdeaChange> {
  constructor(
    private readonly feeds: TIdeaFeeds,
    readonly boardId: number,
    readonly viewer: TViewer | null,
  ) {}

  /** The changes of the board this caller may see; answers the function that stops it. */
  listen(listener: TIdeaChangeListener): () => void {
    return this.feeds.listen(this.boardId, (change) => {
      if (canSeeIdeaChange(this.viewer, change)) listener(change);
    });
  }

  /** Every change of the board, whoever may see it: the caller filters (canSeeIdeaChange). */
  listenAll(listener: TIdeaChangeListener): () => void {
    return this.feeds.listen(this.boardId, listener);
  }

  [Symbol.asyncIterator](): AsyncIterator<TIdeaChange> {
    return new Repeater<TIdeaChange>(async (push, stop) => {
      const unlisten = this.listen((change) => void push(change));
      await stop;
      unlisten();
    });
  }
}
