import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Issue 33 F7: GET /ideas/{id}/comments answered every comment of an idea at once. It pages by
// threads beside the spec's array (`limit`, `cursor`; X-Next-Cursor and Link rel="next").

let server: TTestServer;
let company: TRestCompany;
/** Another company, its board private. */
let hidden: TRestCompany;
/** An idea with 130 threads: one of 300 replies, an internal note with a reply, a few more replies. */
let bigIdeaId: number;
/** Every comment of the big idea: [id, parentId, isInternal]. */
let seeded: { id: number; parentId: number | null; isInternal: boolean }[] = [];

const BASE = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(BASE + seconds * 1000);

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server, { isPublic: true });
  hidden = await restCompany(server, { isPublic: false });
  const prisma = server.deps.prisma;
  const authorId = company.owner.userId;
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title: 'A much discussed idea', description: 'Everybody has something to say.' },
  });
  bigIdeaId = idea.id;
  // Threads T0..T129, a second apart; T10 and T11 share a second (the id breaks the tie).
  await prisma.comment.createMany({
    data: Array.from({ length: 130 }, (_, i) => ({
      ideaId: bigIdeaId,
      authorId,
      text: `Thread number ${i}`,
      createdAt: at(i === 11 ? 10 : i),
      isInternal: i === 7,
    })),
  });
  const threads = await prisma.comment.findMany({
    where: { ideaId: bigIdeaId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const reply = (thread: number, n: number, seconds: number) => ({
    ideaId: bigIdeaId,
    authorId,
    parentId: threads[thread]!.id,
    text: `Reply ${n} to thread ${thread}`,
    createdAt: at(seconds),
    isInternal: thread === 7,
  });
  await prisma.comment.createMany({
    data: [
      // T1's 300 replies come after every thread started, and some share a second.
      ...Array.from({ length: 300 }, (_, n) => reply(1, n, 1000 + Math.floor(n / 2))),
      ...Array.from({ length: 3 }, (_, n) => reply(5, n, 200 + n)),
      reply(7, 0, 300),
      ...Array.from({ length: 2 }, (_, n) => reply(120, n, 400 + n)),
    ],
  });
  seeded = await prisma.comment.findMany({
    where: { ideaId: bigIdeaId },
    select: { id: true, parentId: true, isInternal: true },
  });
});

afterAll(async () => {
  await server?.close();
});

type TCommentJson = { commentDto: { id: number; createdAt: string }; parentId: number | null };

async function list(path: string, token?: string) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    next: response.headers.get('x-next-cursor'),
    link: response.headers.get('link'),
    body: (await response.json()) as any,
  };
}

/** Walks every page from `first` on; answers the pages' comments. */
async function walk(first: string, token?: string) {
  const pages: TCommentJson[][] = [];
  let path: string | null = first;
  while (path) {
    const page = await list(path, token);
    expect(page.status).toBe(200);
    pages.push(page.body);
    if (page.next) {
      const url: URL = new URL(`${server.url}/api/v1${path}`);
      url.searchParams.set('cursor', page.next);
      expect(page.link).toBe(`<${url.pathname}${url.search}>; rel="next"`);
      path = `${url.pathname.slice('/api/v1'.length)}${url.search}`;
    } else {
      expect(page.link).toBeNull();
      path = null;
    }
    expect(pages.length).toBeLessThan(200);
  }
  return pages;
}

/** Every comment once, every reply after (or beside) its thread's start, pages oldest first. */
function expectWholeList(pages: TCommentJson[][], expected: typeof seeded) {
  const ids = pages.flat().map((comment) => comment.commentDto.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort((x, y) => x - y)).toEqual(
    expected.map((comment) => comment.id).sort((x, y) => x - y),
  );
  const seen = new Set<number>();
  for (const page of pages) {
    for (const comment of page) seen.add(comment.commentDto.id);
    for (const comment of page) if (comment.parentId) expect(seen).toContain(comment.parentId);
    const times = page.map((comment) => Date.parse(comment.commentDto.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  }
}

const topLevel = (page: TCommentJson[]) => page.filter((comment) => comment.parentId === null);

describe('GET /ideas/{id}/comments in pages (issue 33 F7)', () => {
  it('answers a bounded first page without limit, and its cursor leads to the rest', async () => {
    const first = await list(`/ideas/${bigIdeaId}/comments`, company.owner.token);
    expect(first.status).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(topLevel(first.body).length).toBeLessThanOrEqual(100);
    expect(first.body.length - topLevel(first.body).length).toBeLessThanOrEqual(250);
    expect(first.next).toBeTruthy();
    expect(first.link).toContain(`cursor=${first.next}`);
    const pages = await walk(`/ideas/${bigIdeaId}/comments`, company.owner.token);
    expect(pages[0]).toEqual(first.body);
    expectWholeList(pages, seeded);
  });

  it('pages by `limit` threads, a long thread going on at the next page', async () => {
    const pages = await walk(`/ideas/${bigIdeaId}/comments?limit=7`, company.owner.token);
    for (const page of pages) {
      expect(topLevel(page).length).toBeLessThanOrEqual(7);
      expect(page.length - topLevel(page).length).toBeLessThanOrEqual(250);
    }
    // T1's 300 replies do not fit one page: the next page starts with the rest of them.
    const t1 = topLevel(pages[0]!)[1]!.commentDto.id;
    expect(pages[0]!.filter((comment) => comment.parentId === t1)).toHaveLength(250);
    expect(pages[1]!.filter((comment) => comment.parentId === t1)).toHaveLength(50);
    expect(pages[1]!.map((comment) => comment.commentDto.id)).not.toContain(t1);
    expectWholeList(pages, seeded);
    const one = await walk(`/ideas/${bigIdeaId}/comments?limit=1`, company.owner.token);
    expectWholeList(one, seeded);
  });

  it('leaves internal notes out of every page for anyone outside the team', async () => {
    const pages = await walk(`/ideas/${bigIdeaId}/comments?limit=50`);
    expectWholeList(
      pages,
      seeded.filter((comment) => !comment.isInternal),
    );
  });

  it('answers a small idea whole, as the spec does, with no next page', async () => {
    for (const text of ['The first comment here.', 'The second comment here.']) {
      await expectCall(server, 'POST', `/ideas/${company.ideaId}/comments`, 201, {
        token: company.owner.token,
        body: { text },
      });
    }
    const whole = await list(`/ideas/${company.ideaId}/comments`);
    expect(whole.status).toBe(200);
    expect(whole.next).toBeNull();
    expect(whole.link).toBeNull();
    expect(whole.body.map((comment: any) => comment.commentDto.shortMessage)).toEqual([
      'The first comment here.',
      'The second comment here.',
    ]);
  });

  it('lets a page on another origin (the widget) read the next page’s headers', async () => {
    const response = await fetch(`${server.url}/api/v1/ideas/${bigIdeaId}/comments?limit=5`, {
      headers: { origin: 'https://customer.example' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '')
      .toLowerCase()
      .split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['x-next-cursor', 'link']));
    expect(response.headers.get('x-next-cursor')).toBeTruthy();
  });

  it('refuses a bad limit or cursor with a VALIDATION error on the parameter', async () => {
    const base = `/ideas/${bigIdeaId}/comments`;
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'limit=1.5', 'limit=']) {
      const answer = await list(`${base}?${query}`, company.owner.token);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'limit', message: 'It has to be a whole number from 1 to 100.' }],
      });
    }
    for (const cursor of [
      'nonsense',
      Buffer.from('[1,2,3]').toString('base64url'),
      Buffer.from('["yesterday",5]').toString('base64url'),
      Buffer.from('["2026-03-01T10:00:00.000Z",-5]').toString('base64url'),
      'x'.repeat(201),
    ]) {
      const answer = await list(`${base}?limit=5&cursor=${cursor}`, company.owner.token);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'cursor', message: 'It has to be the cursor a previous page gave.' }],
      });
    }
  });

  it('answers another company’s idea as not found, paged or not', async () => {
    const first = await list(`/ideas/${bigIdeaId}/comments?limit=5`, company.owner.token);
    for (const query of ['', '?limit=5', `?limit=5&cursor=${first.next}`]) {
      const answer = await list(`/ideas/${hidden.ideaId}/comments${query}`, company.owner.token);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
  });
});
