import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let acme: TRestCompany;
let path: string;
const COMMENTS = 300;

const page = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${url}`, { redirect: 'manual', headers });
  return { status: response.status, html: await response.text(), response };
};
/** The numbers of the "Comment N." texts a page shows, in order. */
const shown = (html: string) => [...html.matchAll(/Comment (\d+)\./g)].map((m) => Number(m[1]));

beforeAll(async () => {
  server = await startTestServer({ appUrl: 'https://feedback.example' });
  acme = await restCompany(server);
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title: 'Many comments' },
  });
  const start = Date.parse('2026-01-01T00:00:00Z');
  // Like a CSV import: many comments at once, written straight to the database.
  await server.deps.prisma.comment.createMany({
    data: Array.from({ length: COMMENTS }, (_, i) => ({
      ideaId: idea.id as number,
      authorId: acme.owner.userId,
      text: `Comment ${i + 1}.`,
      createdAt: new Date(start + i * 1000),
    })),
  });
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: acme.boardId },
    include: { company: true },
  });
  path = `/${board.company.slug}/${board.slug}/ideas/${idea.id}-many-comments`;
});
afterAll(async () => {
  await server?.close();
});

describe('the portal page of an idea with many comments (issue 33, finding 8)', () => {
  it('shows one bounded page of comments and links to the next, readable without JavaScript', async () => {
    const first = await page(path);
    expect(first.status).toBe(200);
    expect(shown(first.html)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(first.html).toContain(
      `<a href="${path}?comments=2" rel="next">More comments (page 2)</a>`,
    );
    // Following the links walks every comment once, in order, each page bounded.
    const seen: number[] = [...shown(first.html)];
    let next = /href="([^"]+)" rel="next"/.exec(first.html)?.[1];
    let pages = 1;
    while (next) {
      const { status, html } = await page(next.replaceAll('&amp;', '&'));
      expect(status).toBe(200);
      expect(shown(html).length).toBeLessThanOrEqual(50);
      expect(html).toContain('rel="prev"');
      seen.push(...shown(html));
      next = /href="([^"]+)" rel="next"/.exec(html)?.[1];
      pages += 1;
    }
    expect(pages).toBe(6);
    expect(seen).toEqual(Array.from({ length: COMMENTS }, (_, i) => i + 1));
  });

  it('keeps the bound with a cookie (no page cache) and for a nonsense page number', async () => {
    const withCookie = await page(path, { cookie: 'x=1' });
    expect(shown(withCookie.html)).toHaveLength(50);
    const nonsense = await page(`${path}?comments=abc`);
    expect(shown(nonsense.html)).toEqual(shown(withCookie.html));
    const past = await page(`${path}?comments=9999`);
    expect(past.status).toBe(200);
    expect(shown(past.html)).toEqual([]);
  });

  it('serves the first page from the page cache for a signed-out visitor', async () => {
    const first = await page(path);
    const etag = first.response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await page(path, { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
  });

  it('speaks Polish on a Polish board', async () => {
    await server.deps.prisma.board.update({
      where: { id: acme.boardId },
      data: { language: 'pl-PL' },
    });
    const { html } = await page(path, { cookie: 'x=1' });
    expect(html).toContain('Więcej komentarzy (strona 2)');
  });
});
