import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { findPortalChangelog } from '../services/portal/find-portal-changelog.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const APP_URL = 'https://feedback.example';
let server: TTestServer;
let acme: TRestCompany;
let other: TRestCompany;
let acmeSlug: string;
let companyName: string;
let boardSlug: string;
/** Releases of acme: published newest and older, an unpublished one, one on a private board. */
let newest: { id: number; path: string };
let older: { id: number };
let unpublished: { id: number };
let onPrivateBoard: { id: number };
let publicIdea: number;
let awaitingIdea: number;
let privateIdea: number;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers });

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  return { status: response.status, html: await response.text(), response };
}

async function createIdea(boardId: number, title: string) {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(boardId) },
    body: { title },
  });
  return idea.id as number;
}

async function setStatus(
  ideaId: number,
  status: 'PLANNED' | 'IN_PROGRESS' | 'COMPLETE' | 'NOT_PUBLIC',
) {
  await server.deps.prisma.idea.update({ where: { id: ideaId }, data: { status } });
}

async function createRelease(
  company: TRestCompany,
  body: Record<string, unknown>,
  options: { publish?: boolean; boardId?: number; ideaIds?: number[] } = {},
) {
  const release = await expectCall(
    server,
    'POST',
    `/companies/${company.owner.companyId}/releases`,
    201,
    {
      token: company.owner.token,
      body: { boardIds: [options.boardId ?? company.boardId], ...body },
    },
  );
  if (options.ideaIds) {
    await expectCall(server, 'POST', `/releases/${release.id}/add-from-ideas`, 200, {
      token: company.owner.token,
      body: { ideaIds: options.ideaIds },
    });
  }
  if (options.publish ?? true) {
    await expectCall(server, 'PUT', `/releases/${release.id}/publish`, 200, {
      token: company.owner.token,
      body: { published: true },
    });
  }
  return release as { id: number };
}

beforeAll(async () => {
  server = await startTestServer({ appUrl: APP_URL });
  acme = await restCompany(server);
  other = await restCompany(server);
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: acme.boardId },
    include: { company: true },
  });
  acmeSlug = board.company.slug;
  companyName = board.company.name;
  boardSlug = board.slug;
  const privateBoard = await expectCall(
    server,
    'POST',
    `/companies/${acme.owner.companyId}/boards`,
    201,
    { token: acme.owner.token, body: { name: 'Internal only board' } },
  );
  publicIdea = await createIdea(acme.boardId, 'Dark mode for the editor');
  awaitingIdea = await createIdea(acme.boardId, 'Secret awaiting idea');
  await setStatus(awaitingIdea, 'NOT_PUBLIC');
  privateIdea = await createIdea(privateBoard.id, 'Private board idea');
  older = await createRelease(acme, {
    name: 'v1.0',
    releaseDate: '2026-02-01',
    body: 'The first one.',
  });
  newest = {
    ...(await createRelease(
      acme,
      {
        name: 'v2.0 <b>big</b>',
        releaseDate: '2026-03-01',
        body: '## Dark mode\n\nAt last! <script>alert(1)</script> [Docs](https://docs.example) [bad](javascript:alert(1))',
        coverImageUrl: 'https://img.example/cover.png',
        labels: ['NEW', 'FIXED'],
        // Shown on the private board too, so it may carry that board's idea.
        boardIds: [acme.boardId, privateBoard.id],
      },
      { ideaIds: [publicIdea, awaitingIdea, privateIdea] },
    )),
    path: '',
  };
  newest.path = `/${acmeSlug}/changelog/${newest.id}-v2-0-b-big-b`;
  unpublished = await createRelease(
    acme,
    { name: 'v3.0 draft', releaseDate: '2026-04-01' },
    { publish: false },
  );
  onPrivateBoard = await createRelease(acme, {
    name: 'Internal rel',
    releaseDate: '2026-05-01',
  });
  await server.deps.prisma.release.update({
    where: { id: onPrivateBoard.id },
    data: { boards: { set: [{ id: privateBoard.id }] } },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('the changelog page', () => {
  it('lists published releases newest first with their notes, labels, cover and parts', async () => {
    const { status, html, response } = await page(`/${acmeSlug}/changelog`);
    expect(status).toBe(200);
    const order = ['v2.0 &lt;b&gt;big&lt;/b&gt;', 'v1.0'].map((name) => html.indexOf(name));
    expect(order[0]).toBeGreaterThan(0);
    expect(order[0]).toBeLessThan(order[1] ?? 0);
    expect(html).toContain(`<a href="${newest.path}">v2.0 &lt;b&gt;big&lt;/b&gt;</a>`);
    expect(html).not.toContain('v3.0 draft');
    expect(html).not.toContain('Internal rel');
    // The body, rendered and sanitised.
    expect(html).toContain('<h3>Dark mode</h3>');
    expect(html).toContain('At last! &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="https://docs.example" rel="noopener nofollow ugc">Docs</a>');
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toMatch(/<script(?! src="\/widget\.js")/);
    expect(html).toContain('<li class="badge label-new">New</li>');
    expect(html).toContain('<li class="badge label-fixed">Fixed</li>');
    expect(html).toContain('src="https://img.example/cover.png"');
    // A part links to its idea's page only when readers may open it.
    expect(html).toContain(
      `<li><a href="/${acmeSlug}/${boardSlug}/ideas/${publicIdea}-dark-mode-for-the-editor">Dark mode for the editor</a></li>`,
    );
    expect(html).toContain('<li>Secret awaiting idea</li>');
    // A part of the private board's idea is not listed at all: its title is not for readers.
    expect(html).not.toContain('Private board idea');
    expect(html).not.toContain(`/ideas/${awaitingIdea}-`);
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/${acmeSlug}/changelog" />`);
    expect(html).toContain(
      `type="application/atom+xml" title="${companyName} changelog" href="/${acmeSlug}/changelog.atom"`,
    );
    expect(html).toContain(`href="/${acmeSlug}/changelog" aria-current="page"`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('speaks Polish to a Polish visitor', async () => {
    const { html } = await page(`/${acmeSlug}/changelog`, { 'accept-language': 'pl-PL' });
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('<h1>Dziennik zmian</h1>');
    expect(html).toContain('<li class="badge label-new">Nowe</li>');
    expect(html).toContain('W tym wydaniu');
  });

  it('shows an empty state for a company without releases', async () => {
    const empty = await restCompany(server);
    const slug = (
      await server.deps.prisma.company.findUniqueOrThrow({ where: { id: empty.owner.companyId } })
    ).slug;
    const { status, html } = await page(`/${slug}/changelog`);
    expect(status).toBe(200);
    expect(html).toContain('No releases yet. Come back soon!');
  });

  it('pages through older releases and answers 404 past the end', async () => {
    expect((await page(`/${acmeSlug}/changelog?page=2`)).status).toBe(404);
    expect((await page(`/${acmeSlug}/changelog?page=abc`)).status).toBe(404);
    const first = await page(`/${acmeSlug}/changelog?page=1`);
    expect(first.status).toBe(200);
    expect(first.html).not.toContain('rel="next"');
    // Pages of one release: the newest, then the older one, then nothing.
    const pageOf = (n: number) => findPortalChangelog(server.deps, acmeSlug, n, 1);
    const [one, two, three] = await Promise.all([pageOf(1), pageOf(2), pageOf(3)]);
    expect(one?.releases.map((r) => r.id)).toEqual([newest.id]);
    expect(one?.hasOlder).toBe(true);
    expect(two?.releases.map((r) => r.id)).toEqual([older.id]);
    expect(two?.hasOlder).toBe(false);
    expect(three?.releases).toEqual([]);
  });
});

describe('a release page', () => {
  it('shows the release with its own title, canonical link and sharing tags', async () => {
    const { status, html } = await page(newest.path);
    expect(status).toBe(200);
    expect(html).toContain(`<h1 id="release-${newest.id}">v2.0 &lt;b&gt;big&lt;/b&gt;</h1>`);
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}${newest.path}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:image" content="https://img.example/cover.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="description" content="Dark mode At last! &lt;script&gt;');
    expect(html).toMatch(/<title>v2\.0 &lt;b&gt;big&lt;\/b&gt; · Changelog · /);
  });

  it('redirects a wrong or missing slug to the right one with 301', async () => {
    for (const wrong of [`${newest.id}`, `${newest.id}-old-name`]) {
      const response = await get(`/${acmeSlug}/changelog/${wrong}`);
      expect(response.status, wrong).toBe(301);
      expect(response.headers.get('location')).toBe(newest.path);
    }
    const viaPublic = await get(`/public/${acmeSlug}/changelog/${newest.id}`);
    expect(viaPublic.status).toBe(301);
    expect(viaPublic.headers.get('location')).toBe(`/public${newest.path}`);
  });

  it('is a plain 404 for unpublished, private-board, unknown and other companies’ releases', async () => {
    const otherSlug = (
      await server.deps.prisma.company.findUniqueOrThrow({ where: { id: other.owner.companyId } })
    ).slug;
    const otherPublished = await createRelease(other, {
      name: 'Other rel',
      releaseDate: '2026-01-20',
    });
    for (const path of [
      `/${acmeSlug}/changelog/${unpublished.id}-v3-0-draft`,
      `/${acmeSlug}/changelog/${onPrivateBoard.id}-internal-rel`,
      `/${acmeSlug}/changelog/${otherPublished.id}-other-rel`,
      `/${otherSlug}/changelog/${newest.id}-v2-0-b-big-b`,
      `/${acmeSlug}/changelog/999999999`,
      `/${acmeSlug}/changelog/not-a-number`,
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).not.toContain('v3.0 draft');
      expect(html, path).toContain('Page not found');
    }
    // Its own company shows it.
    expect((await page(`/${otherSlug}/changelog/${otherPublished.id}-other-rel`)).status).toBe(200);
  });
});

describe('the roadmap page', () => {
  it('groups readable ideas as planned, in progress and complete, with links', async () => {
    const planned = await createIdea(acme.boardId, 'Planned thing here');
    const building = await createIdea(acme.boardId, 'Being built now');
    const done = await createIdea(acme.boardId, 'Finished thing');
    const hidden = await createIdea(acme.boardId, 'Hidden planned thing');
    await setStatus(planned, 'PLANNED');
    await setStatus(building, 'IN_PROGRESS');
    await setStatus(done, 'COMPLETE');
    await setStatus(hidden, 'NOT_PUBLIC');
    await setStatus(privateIdea, 'PLANNED');
    const { status, html } = await page(`/${acmeSlug}/roadmap`);
    expect(status).toBe(200);
    const column = (id: string) =>
      html.slice(
        html.indexOf(`<h2 id="column-${id}">`),
        html.indexOf('</section>', html.indexOf(`id="column-${id}"`)),
      );
    expect(column('planned')).toContain(
      `<a href="/${acmeSlug}/${boardSlug}/ideas/${planned}-planned-thing-here">Planned thing here</a>`,
    );
    expect(column('in_progress')).toContain('Being built now');
    expect(column('complete')).toContain('Finished thing');
    expect(column('planned')).not.toContain('Being built now');
    expect(html).not.toContain('Hidden planned thing');
    expect(html).not.toContain('Private board idea');
    expect(html).toContain(
      '<h2 id="column-in_progress"><span class="dot status-in_progress" aria-hidden="true"></span>In progress</h2>',
    );
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/${acmeSlug}/roadmap" />`);
    const polish = await page(`/${acmeSlug}/roadmap`, { 'accept-language': 'pl' });
    expect(polish.html).toContain('<h1>Roadmapa</h1>');
  });

  it('shows an empty state when nothing is planned', async () => {
    const quiet = await restCompany(server);
    const slug = (
      await server.deps.prisma.company.findUniqueOrThrow({ where: { id: quiet.owner.companyId } })
    ).slug;
    const { status, html } = await page(`/${slug}/roadmap`);
    expect(status).toBe(200);
    expect(html).toContain('Nothing on the roadmap yet.');
  });

  it('gives a board named like a portal page another slug', async () => {
    const board = await expectCall(
      server,
      'POST',
      `/companies/${acme.owner.companyId}/boards`,
      201,
      { token: acme.owner.token, body: { name: 'Changelog' } },
    );
    const { slug } = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: board.id } });
    expect(slug).toBe('changelog-2');
  });
});

describe('the Atom feed', () => {
  it('is a valid Atom document with the published releases as entries', async () => {
    const response = await get(`/${acmeSlug}/changelog.atom`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/atom\+xml/);
    const xml = await response.text();
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml);
    const feed = parsed.feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    // Required feed elements (RFC 4287 4.1.1): id, title, updated; and an author for entries.
    expect(feed.id).toBe(`${APP_URL}/${acmeSlug}/changelog`);
    expect(String(feed.title['#text'] ?? feed.title)).toMatch(/changelog$/);
    expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
    expect(feed.author.name).toBeTruthy();
    const entries = [].concat(feed.entry) as Record<string, any>[];
    // Titles are type="html": a name's "<b>" arrives escaped, as text.
    expect(entries.map((entry) => String(entry.title['#text'] ?? entry.title))).toEqual([
      'v2.0 &lt;b&gt;big&lt;/b&gt;',
      'v1.0',
    ]);
    expect(entries[0]?.title['@type']).toBe('html');
    for (const entry of entries) {
      // Required entry elements (RFC 4287 4.1.2): id, title, updated; a link; content.
      expect(entry.id).toMatch(new RegExp(`^${APP_URL}/${acmeSlug}/changelog/\\d+-`));
      expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
      expect(entry.link['@href']).toBe(entry.id);
      expect(entry.content['@type']).toBe('html');
      expect(String(entry.content['#text'] ?? entry.content).length).toBeGreaterThan(0);
    }
    const content = String(entries[0]?.content['#text']);
    expect(content).toContain('<img src="https://img.example/cover.png" alt="" />');
    expect(content).toContain('<h3>Dark mode</h3>');
    // Readers render both as HTML: the body's text "<script>" stays text in each.
    expect(content).not.toContain('<script');
    expect(String(entries[0]?.summary['#text'])).toContain('&lt;script&gt;');
    expect(String(entries[0]?.summary['#text'])).not.toContain('<script');
    expect(content).toContain(`${APP_URL}/${acmeSlug}/${boardSlug}/ideas/${publicIdea}-`);
    expect(xml).not.toContain('v3.0 draft');
  });

  it('is written once and served from the cache, whatever query it is asked with (attack 4, F3)', async () => {
    const first = await get(`/${acmeSlug}/changelog.atom`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    // A change no live event reports (a write straight to the database) is not seen until the
    // cached feed expires: the second reader gets the first one's bytes, query or not.
    const release = await server.deps.prisma.release.findFirstOrThrow({
      where: { name: 'v1.0', companyId: acme.owner.companyId },
    });
    await server.deps.prisma.release.update({
      where: { id: release.id },
      data: { name: 'v1.0 renamed quietly' },
    });
    try {
      const again = await get(`/${acmeSlug}/changelog.atom?nocache=${Date.now()}`);
      expect(again.headers.get('etag')).toBe(etag);
      expect(await again.text()).toBe(await first.text());
      // A reader that has it gets 304 and no body.
      const revalidated = await get(`/${acmeSlug}/changelog.atom`, { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
    } finally {
      await server.deps.prisma.release.update({
        where: { id: release.id },
        data: { name: 'v1.0' },
      });
    }
  });

  it('is not there for an unknown company', async () => {
    const response = await get('/no-such-company-feed/changelog.atom');
    expect(response.headers.get('content-type') ?? '').not.toMatch(/atom/);
  });
});

describe('the sitemap', () => {
  it('is written once for many readers and then served from the cache (attack 7, F2)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => get(`/${acmeSlug}/sitemap.xml?reader=${n}`)),
    );
    const etags = new Set(answers.map((answer) => answer.headers.get('etag')));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(etags.size).toBe(1);
    const [etag] = [...etags] as [string];
    expect(etag).toMatch(/^"[\w-]+"$/);
    const first = await answers[0]!.text();
    // A change no live event reports (a write straight to the database) is not seen until the
    // cached sitemap expires: the next reader gets the same bytes.
    const release = await server.deps.prisma.release.findFirstOrThrow({
      where: { name: 'v1.0', companyId: acme.owner.companyId },
    });
    const updatedAt = release.updatedAt;
    await server.deps.prisma.release.update({
      where: { id: release.id },
      data: { updatedAt: new Date('2030-01-01T00:00:00Z') },
    });
    try {
      const again = await get(`/${acmeSlug}/sitemap.xml`);
      expect(await again.text()).toBe(first);
      const revalidated = await get(`/${acmeSlug}/sitemap.xml`, { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      // A vote changes nothing the sitemap lists: it is not written again (attack 8, F2).
      const idea = await expectCall(server, 'POST', '/ideas/', 201, {
        token: acme.owner.token,
        headers: { 'x-board-id': String(acme.boardId) },
        body: { title: 'Voted while the sitemap is kept' },
      });
      await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, {
        token: acme.owner.token,
      });
      expect(await (await get(`/${acmeSlug}/sitemap.xml`)).text()).toBe(first);
    } finally {
      await server.deps.prisma.release.update({ where: { id: release.id }, data: { updatedAt } });
    }
  });

  it('lists the roadmap, the changelog and each shown release, nothing unpublished', async () => {
    const xml = await (await get(`/${acmeSlug}/sitemap.xml`)).text();
    const parsed = new XMLParser().parse(xml);
    const locs = ([] as { loc: string }[]).concat(parsed.urlset.url).map((url) => url.loc);
    expect(locs).toContain(`${APP_URL}/${acmeSlug}/roadmap`);
    expect(locs).toContain(`${APP_URL}/${acmeSlug}/changelog`);
    expect(locs).toContain(`${APP_URL}${newest.path}`);
    expect(locs.some((loc) => loc.includes(`/changelog/${older.id}-`))).toBe(true);
    expect(locs.some((loc) => loc.includes(`/changelog/${unpublished.id}-`))).toBe(false);
    expect(locs.some((loc) => loc.includes(`/changelog/${onPrivateBoard.id}-`))).toBe(false);
  });
});
