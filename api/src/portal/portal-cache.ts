import { createHash } from 'node:crypto';
import type { TEvents } from '../events.ts';
import type { TLogger } from '../observability/log.ts';

/** One cached page: its HTML, the headers it is sent with and its strong validator. */
export type TCachedPage = {
  html: string;
  headers: Record<string, string>;
  etag: string;
  /** The boards whose idea events it follows. */
  boardIds: number[];
  /**
   * What makes it stale: `board:{id}` (any idea event of the board: a list, counts of ideas) or
   * `idea:{id}` (an event of that idea: its own page).
   */
  tags: string[];
  expiresAt: number;
};

export type TPortalCacheOptions = {
  /** The most bytes of HTML kept (least recently used pages go first). */
  maxBytes: number;
  /** The most pages kept. */
  maxEntries: number;
  /**
   * How long a page is kept at most: what no live event reports (a board renamed or made
   * private, a release published) shows within this time. Votes, ideas and comments do at once.
   */
  ttlMs: number;
};

export const DEFAULT_PORTAL_CACHE: TPortalCacheOptions = {
  maxBytes: 32 * 1024 * 1024,
  maxEntries: 5_000,
  ttlMs: 60_000,
};

/** How long an event is remembered for the renders in progress when it happened. */
const FORGET_MS = 30_000;

/** A strong validator of a page: the same bytes, the same ETag, in every process. */
export function etagOf(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`;
}

/**
 * The signed-out portal's pages, in this process's memory, bounded by bytes and count (least
 * recently used out first). A page is dropped when one of its boards has an idea event:
 * published by this process (at once, before the write is answered) or received from another
 * one (through Redis). A page rendered while its board had an event is not kept, so a render
 * that read the count before a vote cannot be stored after that vote's invalidation.
 */
export class PortalCache {
  private readonly pages = new Map<string, TCachedPage>();
  private readonly keysByTag = new Map<string, Set<string>>();
  /** The sequence number of each tag's latest event (see ticket), for the last FORGET_MS. */
  private readonly invalidatedAt = new Map<string, number>();
  /** The events in `invalidatedAt`, oldest first (from `head`), to forget them in order. */
  private readonly recent: { tag: string; sequence: number; at: number }[] = [];
  private head = 0;
  /** Events up to this sequence number are forgotten: a render that began before is not kept. */
  private forgottenThrough = 0;
  private readonly watched = new Set<number>();
  private readonly streams = new Set<AsyncIterator<unknown>>();
  private sequence = 0;
  private bytes = 0;
  private isClosed = false;
  private readonly stopLocal: () => void;
  /** Renders in flight, by key: a miss waits for the one running rather than render again. */
  private readonly renders = new Map<string, Promise<unknown>>();

  constructor(
    private readonly events: TEvents,
    private readonly log: TLogger,
    private readonly options: TPortalCacheOptions = DEFAULT_PORTAL_CACHE,
    private readonly now: () => number = Date.now,
  ) {
    const stopIdeas = events.watchPublished((change) => this.invalidate(change));
    const stopPortal = events.watchPortalStale(() => this.invalidateAll());
    this.stopLocal = () => {
      stopIdeas();
      stopPortal();
    };
  }

  get size(): number {
    return this.pages.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /**
   * Notes `work` as the render of `key` in flight, unless one is noted already, until it
   * settles: what `settled` waits for. Answers `work`.
   */
  track<T>(key: string, work: Promise<T>): Promise<T> {
    if (!this.renders.has(key)) {
      this.renders.set(key, work);
      const forget = () => {
        if (this.renders.get(key) === work) this.renders.delete(key);
      };
      work.then(forget, forget);
    }
    return work;
  }

  /**
   * Renders `key` once for concurrent callers: while a render of it runs, callers share its
   * result (the sitemap's and feed's text, not a response of one request).
   */
  once<T>(key: string, render: () => Promise<T>): Promise<T> {
    const running = this.renders.get(key);
    return running ? (running as Promise<T>) : this.track(key, render());
  }

  /**
   * The kept page of `key` (`fromCache`), or a render of it (`render`, noted as in flight): a
   * miss while a render of the key runs waits for it and looks again, so that a crowd arriving
   * at a cold page costs one render (two when the first is not kept: a board's first), not one
   * each. It waits for two renders at most: while votes keep making renders stale (none kept),
   * a reader renders for itself rather than queue behind others. Looking and claiming happen in
   * one step, with no wait between them.
   */
  async cachedOr<T>(
    key: string,
    fromCache: (page: TCachedPage) => T,
    render: () => Promise<T>,
  ): Promise<T> {
    for (let waits = 0; ; waits += 1) {
      const page = this.get(key);
      if (page) return fromCache(page);
      const running = this.renders.get(key);
      if (!running || waits === 2) return this.track(key, render());
      await running.catch(() => undefined);
    }
  }

  /** Taken before a page is read from the database; `set` refuses it if a board changed since. */
  ticket(): number {
    return this.sequence;
  }

  get(key: string): TCachedPage | null {
    const page = this.pages.get(key);
    if (!page) return null;
    if (page.expiresAt <= this.now()) {
      this.delete(key);
      return null;
    }
    // Most recently used last: Map keeps insertion order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, ticket: number, page: Omit<TCachedPage, 'expiresAt'>): void {
    if (this.isClosed) return;
    const size = page.html.length;
    if (size > this.options.maxBytes / 8) return;
    const unwatched = page.boardIds.filter((boardId) => !this.watched.has(boardId));
    // A board's events are only known from when it is watched: start now, keep the next render.
    for (const boardId of unwatched) this.watch(boardId);
    if (unwatched.length > 0) return;
    if (ticket < this.forgottenThrough) return;
    if (page.tags.some((tag) => (this.invalidatedAt.get(tag) ?? -1) > ticket)) return;
    this.delete(key);
    this.pages.set(key, { ...page, expiresAt: this.now() + this.options.ttlMs });
    this.bytes += size;
    for (const tag of page.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.pages.size > this.options.maxEntries || this.bytes > this.options.maxBytes) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  /** Drops the pages an idea event makes stale: the idea's own, and its board's lists. */
  invalidate(change: { boardId: number; ideaId: number }): void {
    this.invalidateTags([`board:${change.boardId}`, `idea:${change.ideaId}`]);
  }

  /**
   * Drops every page at once, and keeps no render begun before: a board made private or
   * deleted, or a company's portal changed (events.ts TPortalStale, from any process). Such
   * changes are rare admin acts, and a page names boards and companies in many ways (lists,
   * links, the sitemap), so all pages go rather than a guess at which.
   */
  invalidateAll(): void {
    this.sequence += 1;
    this.forgottenThrough = this.sequence;
    this.clear();
  }

  private invalidateTags(tags: string[]): void {
    this.sequence += 1;
    const at = this.now();
    for (const tag of tags) {
      this.invalidatedAt.set(tag, this.sequence);
      this.recent.push({ tag, sequence: this.sequence, at });
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.delete(key);
    }
    this.forget(at - FORGET_MS);
  }

  /**
   * Forgets events older than `before`, so that memory follows the recent events rather than
   * every idea ever voted on; a render that began before the last forgotten one is not kept.
   */
  private forget(before: number): void {
    while (this.head < this.recent.length && this.recent[this.head]!.at < before) {
      const { tag, sequence } = this.recent[this.head]!;
      if (this.invalidatedAt.get(tag) === sequence) this.invalidatedAt.delete(tag);
      this.forgottenThrough = sequence;
      this.head += 1;
    }
    if (this.head > 1_024 && this.head * 2 > this.recent.length) {
      this.recent.splice(0, this.head);
      this.head = 0;
    }
  }

  /** How many events are remembered (tests). */
  get rememberedEvents(): number {
    return this.invalidatedAt.size;
  }

  clear(): void {
    for (const key of [...this.pages.keys()]) this.delete(key);
  }

  close(): void {
    this.isClosed = true;
    this.stopLocal();
    for (const stream of this.streams) void stream.return?.();
    this.clear();
  }

  private delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.html.length;
    for (const tag of page.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** Follows the board's idea events from every process (with Redis) for as long as we run. */
  private watch(boardId: number): void {
    this.watched.add(boardId);
    const changes = this.events.subscribeIdeaChanged(boardId)[Symbol.asyncIterator]();
    this.streams.add(changes);
    void (async () => {
      try {
        for (;;) {
          const step = await changes.next();
          if (step.done || this.isClosed) break;
          this.invalidate(step.value);
        }
      } catch (error) {
        this.log.warn(`Portal cache: board ${boardId} events ended: ${(error as Error).message}`);
      } finally {
        // Without events the board's pages could go stale: stop keeping them.
        this.streams.delete(changes);
        this.watched.delete(boardId);
        this.invalidateTags([`board:${boardId}`]);
      }
    })();
  }
}
