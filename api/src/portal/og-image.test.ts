import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * Issue 36: a portal page shared in a chat or a social network previews as a card in the
 * company's look (Open Graph image), drawn on the server from the page's own words.
 */

const APP_URL = 'https://feedback.example';
let server: TTestServer;
let acme: TRestCompany;
let base: string;
let ideaPath: string;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

/** The width and height a PNG declares (its IHDR chunk), and that it is a PNG at all. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function image(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  server = await startTestServer({ appUrl: APP_URL });
  acme = await restCompany(server);
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: acme.boardId },
    include: { company: true },
  });
  await server.deps.prisma.company.update({
    where: { id: board.companyId },
    data: { brandColor: '5b3cc4' },
  });
  base = `/${board.company.slug}`;
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title: 'Zażółć gęślą jaźń: export to CSV 🚀' },
  });
  await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, { token: acme.owner.token });
  const page = await (await get(`${base}/${board.slug}/ideas/${idea.id}`)).text();
  const link = /<meta property="og:image" content="([^"]+)" \/>/.exec(page)?.[1] ?? '';
  expect(link.startsWith(`${APP_URL}${base}/${board.slug}/ideas/${idea.id}-`)).toBe(true);
  ideaPath = link.slice(APP_URL.length);
});
afterAll(async () => {
  await server?.close();
});

describe('link-preview images of the portal (Open Graph)', () => {
  it("draws the idea's card the page links to: a 1200 × 630 PNG anyone may cache", async () => {
    const { response, bytes } = await image(ideaPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // A crawler asking again with its ETag is told nothing changed.
    const again = await get(ideaPath, { 'if-none-match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('draws the card again once the idea changes, and in the visitor’s language', async () => {
    const before = (await get(ideaPath)).headers.get('etag');
    const polish = (await get(ideaPath, { 'accept-language': 'pl' })).headers.get('etag');
    expect(polish).not.toBe(before);
    const id = Number(/\/ideas\/(\d+)-/.exec(ideaPath)![1]);
    await expectCall(server, 'POST', `/ideas/${id}/comments`, 201, {
      token: acme.owner.token,
      body: { text: 'Yes, and XLSX too.' },
    });
    const after = await get(ideaPath);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it("has a card for the portal's home and for each public board, linked from their pages", async () => {
    const home = await (await get(base)).text();
    expect(home).toContain(`<meta property="og:image" content="${APP_URL}${base}/og.png" />`);
    const board = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: acme.boardId } });
    const boardPage = await (await get(`${base}/${board.slug}`)).text();
    expect(boardPage).toContain(
      `<meta property="og:image" content="${APP_URL}${base}/${board.slug}/og.png" />`,
    );
    for (const path of [`${base}/og.png`, `${base}/${board.slug}/og.png`]) {
      const { response, bytes } = await image(path);
      expect(response.status, path).toBe(200);
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    }
  });

  it("draws nothing of a private board, a hidden idea or another company's slug", async () => {
    const board = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: acme.boardId } });
    await expectCall(server, 'PUT', `/boards/${acme.boardId}/set-public`, 200, {
      token: acme.owner.token,
      body: { isPublic: false },
    });
    try {
      for (const path of [ideaPath, `${base}/${board.slug}/og.png`, `${base}/nope/og.png`]) {
        expect((await get(path)).status, path).toBe(404);
      }
      expect((await get('/no-such-company/og.png')).status).toBe(404);
    } finally {
      await expectCall(server, 'PUT', `/boards/${acme.boardId}/set-public`, 200, {
        token: acme.owner.token,
        body: { isPublic: true },
      });
    }
  });
});

describe('the drawing line', () => {
  it('draws one card at a time for a short line and refuses a crowd of different cards with Retry-After', async () => {
    const { OgImages } = await import('./og-image.ts');
    const images = new OgImages();
    const card = (n: number) => ({
      companyName: 'Crowd',
      accent: '2d3748',
      onAccent: 'ffffff',
      kicker: 'Board',
      title: `Idea number ${n}`,
      facts: [],
      site: 'feedback.example',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => images.image(card(n))),
    );
    const drawn = results.filter((result) => result.status === 'fulfilled');
    expect(drawn).toHaveLength(8);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toMatchObject({ code: 'UNAVAILABLE', retryAfterSeconds: 5 });
      }
    }
    // One already drawn is answered from those kept, and the same card asked for at once is
    // drawn once.
    const [first, again] = await Promise.all([images.image(card(0)), images.image(card(0))]);
    expect(again).toBe(first);
    const [a, b] = await Promise.all([images.image(card(100)), images.image(card(100))]);
    expect(a).toBe(b);
  });
});

describe("a card's text", () => {
  it('keeps what the fonts draw: marks composed, other scripts, emoji and stray marks left out (attack 15, N3)', async () => {
    const { drawable } = await import('./og-image.ts');
    expect(drawable('Cafe\u0301 – Zażółć 中文 🚀 x\u0301\u0302\u0303 ok')).toBe(
      'Café – Zażółć x ok',
    );
    expect(drawable('中文 🚀')).toBe('');
  });
});
