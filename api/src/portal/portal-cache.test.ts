import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestListener } from '../server.ts';
import { createEvents } from '../events.ts';
import type { TLogger } from '../observability/log.ts';
import { addEndUser } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { DEFAULT_PORTAL_CACHE, PortalCache } from './portal-cache.ts';

let server: TTestServer;
let acme: TRestCompany;
let base: string;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers });

/** The vote count an idea page shows ("3 votes"). */
function shownVotes(html: string): number {
  const match = /<li>(\d+) votes?<\/li>/.exec(html);
  if (!match) throw new Error('No vote count on the page');
  return Number(match[1]);
}

async function newIdea(title: string): Promise<{ id: number; path: string }> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title },
  });
  const response = await get(`${base}/ideas/${idea.id}`);
  expect(response.status).toBe(301);
  return { id: idea.id, path: response.headers.get('location') ?? '' };
}

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: acme.boardId },
    include: { company: true },
  });
  base = `/${board.company.slug}/${board.slug}`;
});
afterAll(async () => {
  await server?.close();
});

describe("the signed-out portal's cache", () => {
  it('answers a strong ETag, and 304 when the visitor has the page already', async () => {
    const { path } = await newIdea('Offline mode');
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    const html = await first.text();
    const again = await get(path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // A changed page has another validator: the old one gets the new page.
    await expectCall(server, 'POST', `/ideas/${idOf(path)}/upvote`, 200, {
      token: acme.owner.token,
    });
    const changed = await get(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(shownVotes(await changed.text())).toBe(shownVotes(html) + 1);
    // The board page and the portal home have validators too.
    for (const page of [base, base.slice(0, base.lastIndexOf('/'))]) {
      const response = await get(page);
      const tag = response.headers.get('etag') ?? '';
      expect(tag, page).toMatch(/^"/);
      expect((await get(page, { 'if-none-match': tag })).status, page).toBe(304);
    }
  });

  it('shows a comment as soon as it is answered', async () => {
    const { id, path } = await newIdea('Keyboard shortcuts');
    expect(await (await get(path)).text()).not.toContain('Ctrl+K please');
    await expectCall(server, 'POST', `/ideas/${id}/comments`, 201, {
      token: acme.owner.token,
      body: { text: 'Ctrl+K please' },
    });
    expect(await (await get(path)).text()).toContain('Ctrl+K please');
  });

  it('renders a request with a cookie or a session for itself (no ETag kept)', async () => {
    const { path } = await newIdea('Export to PDF');
    await get(path);
    const signedIn: Record<string, string>[] = [
      { cookie: 'a=b' },
      { authorization: `Bearer ${acme.owner.token}` },
    ];
    for (const headers of signedIn) {
      const response = await get(path, headers);
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBeNull();
    }
  });

  it("serves no trace of a signed-in visitor's own state to anyone else", async () => {
    const voted = await newIdea('Bulk edit of tags');
    const priya = await addEndUser(server, acme.owner.companyId, { name: 'Priya Pendleton' });
    await expectCall(server, 'POST', `/ideas/${idOf(voted.path)}/upvote`, 200, {
      token: priya.token,
    });
    const pending = await expectCall(server, 'POST', '/ideas/', 201, {
      token: priya.token,
      headers: { 'x-board-id': String(acme.boardId) },
      body: { title: 'Invoices in Norwegian kroner' },
    });
    expect(pending.status).toBe('NOT_PUBLIC');
    const hash = (
      await expectCall(server, 'GET', `/boards/${acme.boardId}/widget-setup`, 200, {
        token: acme.owner.token,
      })
    ).boardHash as string;
    const signedIn = { authorization: `Bearer ${priya.token}`, cookie: 'visited=1' };
    // Priya's visit: the pages, then the widget's calls that bring her own state.
    const herPages = new Map<string, string>();
    for (const path of [base, voted.path]) {
      herPages.set(path, await (await get(path, signedIn)).text());
    }
    const hers = await expectCall(server, 'GET', `/widget/boards/${hash}`, 200, {
      token: priya.token,
    });
    expect(hers.me.displayName).toBe('Priya Pendleton');
    expect(hers.myPendingIdeas).toEqual([
      { id: pending.id, title: 'Invoices in Norwegian kroner', rejectionReason: null },
    ]);
    const votedByHer = await expectCall(server, 'GET', `/ideas/${idOf(voted.path)}`, 200, {
      token: priya.token,
    });
    expect(votedByHer.isVotedByMe).toBe(true);

    // Then a signed-out visitor (twice: the second answer comes from the cache).
    for (const round of [1, 2]) {
      for (const path of [base, voted.path]) {
        const html = await (await get(path)).text();
        // The page she was served is the anonymous one: her state only ever came from the API.
        expect(html, `${path} #${round}`).toBe(herPages.get(path));
        expect(html).not.toContain('Priya');
        expect(html).not.toContain('Norwegian kroner');
        expect(html).not.toContain('aria-pressed');
      }
    }
    const anonymous = await expectCall(server, 'GET', `/widget/boards/${hash}`, 200);
    expect(anonymous.me).toBeNull();
    expect(anonymous.myPendingIdeas).toEqual([]);
    expect(JSON.stringify(anonymous)).not.toContain('Norwegian kroner');
    const votedAnonymously = anonymous.ideas.ideas.find(
      (idea: { id: number }) => idea.id === idOf(voted.path),
    );
    expect(votedAnonymously).toMatchObject({ voteCount: 1, isVotedByMe: false });
    // Nor to another signed-in user of the company.
    const neighbour = await addEndUser(server, acme.owner.companyId);
    const theirs = await expectCall(server, 'GET', `/widget/boards/${hash}`, 200, {
      token: neighbour.token,
    });
    expect(theirs.myPendingIdeas).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('Norwegian kroner');
  });

  it('renders a cold page once for a crowd of visitors, who all get the same page (attack 7)', async () => {
    // A process of its own, so its cache starts cold; board reads counted by render.
    let boardReads = 0;
    const prisma = new Proxy(server.deps.prisma, {
      get(target, name) {
        const value = (target as unknown as Record<string | symbol, unknown>)[name];
        if (name !== 'board') return typeof value === 'function' ? value.bind(target) : value;
        const boards = value as Record<string, (...args: unknown[]) => unknown>;
        return new Proxy(boards, {
          get(model, method: string) {
            const call = model[method]!;
            return (...args: unknown[]) => {
              if (method === 'findFirst') boardReads += 1;
              return call.apply(model, args);
            };
          },
        });
      },
    });
    const http = createServer(await createRequestListener({ ...server.deps, prisma }, server.db));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      // One signed-in visitor's render (never cached): what one render reads.
      const own = await fetch(`${at}${base}`, { headers: { cookie: 'fb_theme=dark' } });
      expect(own.status).toBe(200);
      const perRender = boardReads;
      expect(perRender).toBeGreaterThan(0);
      boardReads = 0;
      const crowd = await Promise.all(Array.from({ length: 12 }, () => fetch(`${at}${base}`)));
      expect(crowd.map((answer) => answer.status)).toEqual(crowd.map(() => 200));
      const bodies = new Set(await Promise.all(crowd.map((answer) => answer.text())));
      expect(bodies.size).toBe(1);
      // The first render of a board is not kept (its events are watched from then on), so the
      // crowd costs two renders at most: not twelve.
      expect(boardReads).toBeLessThanOrEqual(2 * perRender);
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });

  it('never shows fewer votes than were answered, read back at once by 20 voters at a time', async () => {
    const voters: TTestAccount[] = await Promise.all(
      Array.from({ length: 20 }, () => addEndUser(server, acme.owner.companyId)),
    );
    const ideas: { id: number; path: string }[] = [];
    for (let index = 0; index < voters.length; index += 1) {
      ideas.push(await newIdea(`Idea number ${index + 1}`));
    }
    // The count each idea had before the voters, and the votes answered since.
    const before = await Promise.all(ideas.map(async (idea) => shownVotes(await readHtml(idea))));
    const answered = ideas.map(() => 0);
    const problems: string[] = [];
    // Readers that keep filling the cache while the votes go in.
    let isVoting = true;
    const readers = Array.from({ length: 2 }, async () => {
      while (isVoting) await Promise.all(ideas.map((idea) => readHtml(idea)));
    });
    await Promise.all(
      voters.map(async (voter, index) => {
        for (let step = 0; step < 10; step += 1) {
          const which = (index + step) % ideas.length;
          const idea = ideas[which]!;
          // The page as it is (kept by the cache), then a vote, then the page again at once.
          await readHtml(idea);
          await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, {
            token: voter.token,
          });
          answered[which]! += 1;
          const atLeast = before[which]! + answered[which]!;
          const shown = shownVotes(await readHtml(idea));
          if (shown < atLeast)
            problems.push(`idea ${idea.id}: shown ${shown}, answered ${atLeast}`);
        }
      }),
    );
    isVoting = false;
    await Promise.all(readers);
    expect(problems).toEqual([]);
    for (const [which, idea] of ideas.entries()) {
      expect(shownVotes(await readHtml(idea))).toBe(before[which]! + answered[which]!);
    }
  });
});

function idOf(path: string): number {
  return Number(/\/ideas\/(\d+)/.exec(path)?.[1]);
}

async function readHtml(idea: { path: string }): Promise<string> {
  const response = await get(idea.path);
  expect(response.status).toBe(200);
  return response.text();
}

describe('PortalCache', () => {
  const quiet = { info: () => {}, warn: () => {}, error: () => {} } as unknown as TLogger;
  const page = (html: string, boardId = 1) => ({
    html,
    headers: {},
    etag: `"${html.length}"`,
    boardIds: [boardId],
    tags: [`board:${boardId}`],
  });
  /** A cache whose board is watched already (the first page of a board only starts watching). */
  function cacheOf(options: Partial<typeof DEFAULT_PORTAL_CACHE>) {
    const events = createEvents({ redisUrl: undefined, redisPrefix: 'test:', log: quiet });
    const cache = new PortalCache(events, quiet, { ...DEFAULT_PORTAL_CACHE, ...options });
    cache.set('warm-up', cache.ticket(), page('x'));
    return { cache, events };
  }

  it('keeps its bytes under the cap, dropping the least recently used pages first', () => {
    const { cache } = cacheOf({ maxBytes: 10_000 });
    for (let index = 0; index < 50; index += 1) {
      cache.set(`/page/${index}`, cache.ticket(), page('a'.repeat(1_000)));
      // Read on every round: the most recently used, never the one to go.
      expect(cache.get('/page/0')).not.toBeNull();
    }
    expect(cache.byteSize).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get('/page/49')).not.toBeNull();
    expect(cache.get('/page/0')).not.toBeNull();
    expect(cache.get('/page/1')).toBeNull();
    cache.close();
  });

  it('keeps no page rendered while its board had an event (the count it read may be old)', () => {
    const { cache, events } = cacheOf({});
    const ticket = cache.ticket();
    events.publishIdeaChanged({
      kind: 'VOTED',
      ideaId: 7,
      boardId: 1,
      companyId: 1,
      authorId: null,
      status: 'OPEN',
      voteCount: 1,
      commentCount: 0,
    });
    cache.set('/idea/7', ticket, page('old count'));
    expect(cache.get('/idea/7')).toBeNull();
    cache.set('/idea/7', cache.ticket(), page('new count'));
    expect(cache.get('/idea/7')?.html).toBe('new count');
    cache.close();
  });

  it('renders a key once for concurrent misses, and a reader waits for two renders at most', async () => {
    const { cache } = cacheOf({});
    let renders = 0;
    const render = (keep: boolean) => async () => {
      renders += 1;
      const ticket = cache.ticket();
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (keep) cache.set('/board', ticket, page(`render ${renders}`));
      return 'rendered';
    };
    const crowd = await Promise.all(
      Array.from({ length: 12 }, () => cache.cachedOr('/board', () => 'kept', render(true))),
    );
    expect(renders).toBe(1);
    expect(crowd.filter((answer) => answer === 'kept')).toHaveLength(11);
    // While every render goes stale (none kept), each reader renders for itself after waiting
    // for two: a crowd of 12 costs at most 12 renders, and nobody waits forever.
    renders = 0;
    const stale = await Promise.all(
      Array.from({ length: 12 }, () => cache.cachedOr('/idea', () => 'kept', render(false))),
    );
    expect(stale.every((answer) => answer === 'rendered')).toBe(true);
    expect(renders).toBeLessThanOrEqual(12);
    cache.close();
  });

  it('remembers the events of the last 30 s, not every idea ever voted on', () => {
    let now = 0;
    const events = createEvents({ redisUrl: undefined, redisPrefix: 'test:', log: quiet });
    const cache = new PortalCache(events, quiet, DEFAULT_PORTAL_CACHE, () => now);
    cache.set('warm-up', cache.ticket(), page('x'));
    const vote = (ideaId: number) => cache.invalidate({ boardId: 1, ideaId });
    const longRender = cache.ticket();
    for (let ideaId = 1; ideaId <= 10_000; ideaId += 1) {
      now += 10;
      vote(ideaId);
    }
    // 100 s of votes on 10,000 ideas: the board and the ideas of the last 30 s remain.
    expect(cache.rememberedEvents).toBeLessThanOrEqual(3_002);
    // A render that began before the forgotten events is not kept (its counts may be old)...
    cache.set('/board', longRender, page('board read 100 s ago'));
    expect(cache.get('/board')).toBeNull();
    // ...and one that began after them is.
    cache.set('/idea/1', cache.ticket(), { ...page('fresh'), tags: ['idea:1'] });
    expect(cache.get('/idea/1')?.html).toBe('fresh');
    cache.close();
  });
});

/** Board pages and the portal home while the board is public, fetched through `at`. */
async function publicPages(at: string): Promise<string[]> {
  const home = base.slice(0, base.lastIndexOf('/'));
  const pages = [base, home];
  for (const page of pages) {
    const first = await fetch(`${at}${page}`, { redirect: 'manual' });
    expect(first.status, page).toBe(200);
    const tag = first.headers.get('etag') ?? '';
    // Kept: the same validator answers 304 from the cache.
    const again = await fetch(`${at}${page}`, { headers: { 'if-none-match': tag } });
    expect(again.status, page).toBe(304);
  }
  return pages;
}

describe('a board made private', () => {
  it('is gone from the cached portal at once in this process', async () => {
    const board = await restCompany(server);
    const row = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: board.boardId },
      include: { company: true },
    });
    const page = `/${row.company.slug}/${row.slug}`;
    const first = await get(page);
    expect(first.status).toBe(200);
    expect((await get(page, { 'if-none-match': first.headers.get('etag') ?? '' })).status).toBe(
      304,
    );
    await expectCall(server, 'PUT', `/boards/${board.boardId}/set-public`, 200, {
      token: board.owner.token,
      body: { isPublic: false },
    });
    expect((await get(page)).status).toBe(404);
    expect(await (await get(`/${row.company.slug}`)).text()).not.toContain(row.name);
  });

  it.skipIf(!process.env.REDIS_URL)(
    'is gone from the cached portal of every process at once (two servers on Redis)',
    async () => {
      const prefix = `portal-stale-${process.pid}-${Date.now()}:`;
      const servers: { url: string; close: () => Promise<void> }[] = [];
      for (let n = 0; n < 2; n += 1) {
        const events = createEvents({
          redisUrl: process.env.REDIS_URL,
          redisPrefix: prefix,
          log: server.deps.log,
        });
        const deps = { ...server.deps, events };
        const http = createServer(await createRequestListener(deps, server.db));
        await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
        servers.push({
          url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
          close: async () => {
            await new Promise<void>((resolve) => http.close(() => resolve()));
            await events.close();
          },
        });
      }
      try {
        const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
        const [boardPage] = await publicPages(a.url);
        await publicPages(b.url);
        // Made private through process A: process B drops its pages too.
        const answer = await fetch(`${a.url}/api/v1/boards/${acme.boardId}/set-public`, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${acme.owner.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ isPublic: false }),
        });
        expect(answer.status).toBe(200);
        expect((await fetch(`${a.url}${boardPage}`)).status).toBe(404);
        // Redis carries the change in well under a second; the cache kept pages 60 s.
        const started = Date.now();
        await expect
          .poll(async () => (await fetch(`${b.url}${boardPage}`)).status, { timeout: 3_000 })
          .toBe(404);
        expect(Date.now() - started).toBeLessThan(3_000);
      } finally {
        await server.deps.prisma.board.update({
          where: { id: acme.boardId },
          data: { isPublic: true },
        });
        for (const each of servers) await each.close();
      }
    },
    60_000,
  );
});
