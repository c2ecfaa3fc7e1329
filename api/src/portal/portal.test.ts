import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { contrast } from '../../../widget/src/contrast.ts';
import { readableTextOn } from './html.ts';

const APP_URL = 'https://feedback.example';
let server: TTestServer;
let acme: TRestCompany;
let acmeSlug: string;
let boardSlug: string;
let other: TRestCompany;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers });

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  return { status: response.status, html: await response.text(), response };
}

async function createIdea(company: TRestCompany, title: string, description?: string) {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title, ...(description ? { description } : {}) },
  });
  return idea.id as number;
}

async function slugsOf(boardId: number) {
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: boardId },
    include: { company: true },
  });
  return { company: board.company.slug, board: board.slug };
}

beforeAll(async () => {
  // restCompany's companies are on ULTRA; the one test that checks FREE's cap signs up a
  // company on the default plan, FREE here (without Stripe the default would be ULTRA).
  server = await startTestServer({ appUrl: APP_URL, defaultPlan: 'FREE' });
  acme = await restCompany(server);
  other = await restCompany(server);
  ({ company: acmeSlug, board: boardSlug } = await slugsOf(acme.boardId));
});
afterAll(async () => {
  await server?.close();
});

describe('the portal home', () => {
  it('has a neutral header, not Feedboard’s green, for boards that kept the default colour', async () => {
    const { html } = await page(`/${acmeSlug}`);
    expect(html).toContain(':root{--accent:#2d3748;--on-accent:#ffffff}');
    expect(html).not.toContain('53d23d');
  });

  it('lists the public boards with their readable ideas, not the private ones', async () => {
    const hidden = await expectCall(
      server,
      'POST',
      `/companies/${acme.owner.companyId}/boards`,
      201,
      {
        token: acme.owner.token,
        body: { name: 'Internal roadmap' },
      },
    );
    const { status, html } = await page(`/${acmeSlug}`);
    expect(status).toBe(200);
    expect(html).toContain(`<a href="/${acmeSlug}/${boardSlug}">`);
    expect(html).not.toContain('Internal roadmap');
    expect(html).not.toContain(`/${acmeSlug}/${hidden.slug}`);
    // The board's one idea (the fixture's), in the board's entry.
    expect(html).toMatch(new RegExp(`<a href="/${acmeSlug}/${boardSlug}">[^]*?<li>1 idea</li>`));
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/${acmeSlug}" />`);
    // The spec's /public/ prefix serves the same page.
    expect((await page(`/public/${acmeSlug}`)).html).toContain(`/${acmeSlug}/${boardSlug}`);
  });

  it("speaks the visitor's language when it is one of ours", async () => {
    const polish = await page(`/${acmeSlug}`, { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' });
    expect(polish.html).toContain('<html lang="pl">');
    expect(polish.html).toContain('<h2 id="boards-title">Tablice</h2>');
    const german = await page(`/${acmeSlug}`, { 'accept-language': 'de-DE' });
    expect(german.html).toContain('<html lang="en">');
  });

  it('leaves unknown companies and console paths to the console', async () => {
    for (const path of ['/no-such-company-here', '/login', '/admin']) {
      const { html } = await page(path);
      expect(html, path).not.toContain('class="portal-header"');
    }
  });
});

describe('an idea page', () => {
  let ideaId: number;
  let path: string;
  beforeAll(async () => {
    ideaId = await createIdea(
      acme,
      'Dark mode <script>alert(1)</script>',
      'Please add a dark theme & "high contrast".',
    );
    await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
      token: acme.owner.token,
      body: { text: 'Yes please <b>bold</b>' },
    });
    await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: acme.owner.token });
    path = `/${acmeSlug}/${boardSlug}/ideas/${ideaId}-dark-mode-script-alert-1-script`;
  });

  it('is server-rendered: title, description, status, votes, comments, all escaped', async () => {
    const { status, html, response } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain(
      '<h1 id="idea-title">Dark mode &lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    expect(html).toContain('Please add a dark theme &amp; &quot;high contrast&quot;.');
    // The widget's own status tag (its dot included), rendered on the server.
    expect(html).toContain(
      '<span class="badge status-open"><span class="dot status-open" aria-hidden="true"></span>Open</span>',
    );
    expect(html).toContain('<li>1 vote</li>');
    expect(html).toContain('<li>1 comment</li>');
    expect(html).toContain('Yes please &lt;b&gt;bold&lt;/b&gt;');
    expect(html).not.toContain('<script>alert(1)');
    // Hydrated by the widget, which opens this very idea.
    expect(html).toContain(`data-idea-id="${ideaId}"`);
    expect(html).toContain('<script src="/widget.js" defer></script>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('carries its own title, description, canonical link and sharing tags', async () => {
    const { html } = await page(path);
    const canonical = `${APP_URL}${path}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toMatch(
      /<title>Dark mode &lt;script&gt;alert\(1\)&lt;\/script&gt; · Fixture board/,
    );
    expect(html).toContain(
      '<meta property="og:description" content="Please add a dark theme &amp; &quot;high contrast&quot;." />',
    );
    // Shared, it shows the idea's own drawn card (og-image.test.ts).
    expect(html).toContain(`<meta property="og:image" content="${canonical}/og.png" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('redirects a wrong or missing title slug to the right one with 301', async () => {
    for (const wrong of [`${ideaId}`, `${ideaId}-old-title`]) {
      const response = await get(`/${acmeSlug}/${boardSlug}/ideas/${wrong}`);
      expect(response.status, wrong).toBe(301);
      expect(response.headers.get('location')).toBe(path);
    }
    const viaPublic = await get(`/public/${acmeSlug}/${boardSlug}/ideas/${ideaId}`);
    expect(viaPublic.status).toBe(301);
    expect(viaPublic.headers.get('location')).toBe(`/public${path}`);
  });

  it('is a plain 404 for ideas readers may not see', async () => {
    const awaiting = await createIdea(acme, 'Awaiting acceptance here');
    await server.deps.prisma.idea.update({
      where: { id: awaiting },
      data: { status: 'NOT_PUBLIC' },
    });
    const otherSlugs = await slugsOf(other.boardId);
    const privateCompany = await restCompany(server, { isPublic: false });
    const privateSlugs = await slugsOf(privateCompany.boardId);
    const cases = [
      `/${acmeSlug}/${boardSlug}/ideas/${awaiting}`,
      // Another company's idea under this board's address, and this idea under theirs.
      `/${acmeSlug}/${boardSlug}/ideas/${other.ideaId}`,
      `/${otherSlugs.company}/${otherSlugs.board}/ideas/${ideaId}`,
      `/${privateSlugs.company}/${privateSlugs.board}/ideas/${privateCompany.ideaId}`,
      `/${acmeSlug}/${boardSlug}/ideas/999999999`,
      `/${acmeSlug}/${boardSlug}/ideas/not-a-number`,
    ];
    for (const wrong of cases) {
      const { status, html } = await page(wrong);
      expect(status, wrong).toBe(404);
      expect(html, wrong).not.toContain('Awaiting acceptance here');
    }
  });

  it('is a 404 for ideas past the plan’s cap', async () => {
    const owner = await signUpCompany(server);
    const { id: boardId } = await expectCall(
      server,
      'POST',
      `/companies/${owner.companyId}/boards`,
      201,
      {
        token: owner.token,
        body: { name: 'Capped board' },
      },
    );
    await expectCall(server, 'PUT', `/boards/${boardId}/set-public`, 200, {
      token: owner.token,
      body: { isPublic: true },
    });
    const free = { owner, boardId } as TRestCompany;
    const ids: number[] = [];
    for (let n = 1; n <= 6; n += 1) ids.push(await createIdea(free, `Free plan idea ${n}`));
    const slugs = await slugsOf(boardId);
    const within = await get(`/${slugs.company}/${slugs.board}/ideas/${ids[4]}-free-plan-idea-5`);
    expect(within.status).toBe(200);
    const beyond = await get(`/${slugs.company}/${slugs.board}/ideas/${ids[5]}-free-plan-idea-6`);
    expect(beyond.status).toBe(404);
    const sitemap = await (await get(`/${slugs.company}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/ideas/${ids[4]}-free-plan-idea-5`);
    expect(sitemap).not.toContain(`/ideas/${ids[5]}-`);
    // The portal counts what readers can open: 5 of the 6.
    expect((await page(`/${slugs.company}`)).html).toContain('<li>5 ideas</li>');
  });

  it('shows why an idea was declined, with a link to the idea it duplicates', async () => {
    const duplicate = await createIdea(acme, 'Night theme please');
    await expectCall(server, 'POST', `/ideas/${duplicate}/decline`, 200, {
      token: acme.owner.token,
      body: { reason: 'DUPLICATE', duplicateOfIdeaId: ideaId, comment: 'Same as dark mode.' },
    });
    const { status, html } = await page(
      `/${acmeSlug}/${boardSlug}/ideas/${duplicate}-night-theme-please`,
    );
    expect(status).toBe(200);
    // The widget's own status tag (its dot included), rendered on the server.
    expect(html).toContain(
      '<span class="badge status-declined"><span class="dot status-declined" aria-hidden="true"></span>Declined</span>',
    );
    // What became of it, in words (never the reason's enum name), the kept idea linked.
    expect(html).toContain('<h2 id="declined-title">Merged into another idea</h2>');
    expect(html).toMatch(
      new RegExp(
        `Merged into <a href="${path}">Dark mode &lt;script&gt;[^<]*</a> on [A-Z][a-z]{2} \\d{1,2}, \\d{4}: its votes go there\\.`,
      ),
    );
    expect(html).toContain('Same as dark mode.');
    expect(html).not.toContain('DUPLICATE');
    // In the board's language.
    const language = (value: string) =>
      expectCall(server, 'PUT', `/boards/${acme.boardId}/language`, 200, {
        token: acme.owner.token,
        body: { language: value },
      });
    await language('pl-PL');
    try {
      const polish = await page(`/${acmeSlug}/${boardSlug}/ideas/${duplicate}-night-theme-please`);
      expect(polish.html).toContain('<h2 id="declined-title">Połączono z innym pomysłem</h2>');
      expect(polish.html).toContain(`Połączono z pomysłem <a href="${path}">`);
    } finally {
      await language('en-US');
    }
  });
});

describe('the board page', () => {
  it('lists the most voted ideas as links to their pages inside the widget container', async () => {
    const { status, html } = await page(`/${acmeSlug}/${boardSlug}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<div id="feedboard" data-board-hash="[^"]+" data-portal>/);
    expect(html).toContain(`href="/${acmeSlug}/${boardSlug}/ideas/${acme.ideaId}-fixture-idea-`);
    expect(html).toContain(`<a href="/${acmeSlug}">`);
    expect(html).not.toContain('Night theme please'); // declined: not in the default list
  });

  it("speaks the visitor's language, as the home, roadmap and changelog do, and so does an idea page", async () => {
    const polish = { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' };
    for (const path of [
      `/${acmeSlug}`,
      `/${acmeSlug}/roadmap`,
      `/${acmeSlug}/changelog`,
      `/${acmeSlug}/${boardSlug}`,
      `/public/${acmeSlug}/${boardSlug}`,
    ]) {
      const { html } = await page(path, polish);
      expect(html, path).toContain('<html lang="pl">');
      expect(html, path).toContain('Dziennik zmian');
      expect(html, path).not.toContain('>Changelog<');
    }
    const idea = await page(`/${acmeSlug}/${boardSlug}/ideas/${acme.ideaId}`, polish);
    const ideaPage = await page(idea.response.headers.get('location') ?? '', polish);
    expect(ideaPage.html).toContain('<html lang="pl">');
    // The cache keeps one copy per language: an English visitor next still reads English.
    const english = await page(`/${acmeSlug}/${boardSlug}`, { 'accept-language': 'en-GB' });
    expect(english.html).toContain('<html lang="en">');
    // Without a language of ours, the board's own (English here).
    const german = await page(`/${acmeSlug}/${boardSlug}`, { 'accept-language': 'de-DE' });
    expect(german.html).toContain('<html lang="en">');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the portal, its public boards and readable ideas, nothing else', async () => {
    const response = await get(`/${acmeSlug}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const parsed = new XMLParser().parse(await response.text());
    const urls = ([] as { loc: string; lastmod: string }[]).concat(parsed.urlset.url);
    const locs = urls.map((url) => url.loc);
    expect(locs).toContain(`${APP_URL}/${acmeSlug}`);
    expect(locs).toContain(`${APP_URL}/${acmeSlug}/${boardSlug}`);
    expect(
      locs.some((loc) =>
        loc.startsWith(`${APP_URL}/${acmeSlug}/${boardSlug}/ideas/${acme.ideaId}-`),
      ),
    ).toBe(true);
    expect(locs.every((loc) => loc.startsWith(`${APP_URL}/${acmeSlug}`))).toBe(true);
    expect(locs.some((loc) => loc.includes('awaiting-acceptance'))).toBe(false);
    for (const url of urls) expect(Number.isNaN(Date.parse(url.lastmod))).toBe(false);
  });

  it('names each portal’s sitemap in robots.txt and keeps crawlers out of the console', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain(`Sitemap: ${APP_URL}/${acmeSlug}/sitemap.xml`);
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
  });
});

describe('theme contrast', () => {
  it('keeps a readable header text colour on any theme colour', () => {
    // The default green with white text reads poorly (2.0:1): the header takes black instead.
    expect(readableTextOn('53d23d', 'ffffff')).toBe('000000');
    expect(readableTextOn('1f2937', 'ffffff')).toBe('ffffff');
    for (const colour of ['ffff00', '0000ff', '777777', 'ff0000', 'not-a-colour']) {
      const text = readableTextOn(colour, 'ffffff');
      const background = /^[0-9a-f]{6}$/.test(colour) ? colour : '53d23d';
      expect(contrast(`#${text}`, `#${background}`), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
