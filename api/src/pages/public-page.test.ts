import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt } from '../../../widget/build-once.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { CONSOLE_CSP } from '../http/security-headers.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let slugs: { company: string; board: string; hash: string };
beforeAll(async () => {
  await ensureWidgetBuilt();
  server = await startTestServer({ appUrl: 'https://feedback.example' });
  a = await restCompany(server);
  b = await restCompany(server, { isPublic: false });
  await expectCall(server, 'PUT', `/boards/${a.boardId}/name`, 200, {
    token: a.owner.token,
    body: { name: 'Ideas <script>alert(1)</script> & "more"' },
  });
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: a.boardId },
    include: { company: true },
  });
  slugs = { company: board.company.slug, board: board.slug, hash: board.widgetHash };
});
afterAll(async () => {
  await server?.close();
});

describe('GET /widget.js', () => {
  it('serves the built widget to any site', async () => {
    const response = await fetch(`${server.url}/widget.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await response.text()).toMatch(/^var FeedboardWidget=/);
  });
});

describe('GET /widget-preview/{hash}', () => {
  it('is the no-SSO snippet on a bare page that only this server’s own pages may frame', async () => {
    const response = await fetch(`${server.url}/widget-preview/${slugs.hash}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<div id="feedboard" data-board-hash="${slugs.hash}"></div>`);
    expect(html).toContain('<script src="/widget.js" defer></script>');
    expect(html).not.toMatch(/sso/i);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('speaks the console’s language (the widget follows the page’s lang), English otherwise', async () => {
    const polish = await (
      await fetch(`${server.url}/widget-preview/${slugs.hash}?language=pl-PL`)
    ).text();
    expect(polish).toContain('<html lang="pl-PL">');
    for (const asked of ['', '?language=de-DE', '?language=%22%3E%3Cscript%3E']) {
      const html = await (await fetch(`${server.url}/widget-preview/${slugs.hash}${asked}`)).text();
      expect(html).toContain('<html lang="en">');
    }
  });

  it('answers 404 to a hash that could not be one, so nothing is written into the page', async () => {
    const response = await fetch(
      `${server.url}/widget-preview/${encodeURIComponent('"><script>')}`,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<script>');
  });
});

describe('public board pages', () => {
  it.each(['/public/{company}/{board}', '/{company}/{board}'])(
    '%s mounts the widget with a title, sharing tags and a strict CSP',
    async (pattern) => {
      const path = pattern.replace('{company}', slugs.company).replace('{board}', slugs.board);
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`data-board-hash="${slugs.hash}"`);
      expect(html).toContain('<script src="/widget.js" defer></script>');
      // The board name is escaped everywhere it appears.
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain(
        '<title>Ideas &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot; · ',
      );
      expect(html).toMatch(/<meta property="og:title" content="Ideas &lt;script&gt;/);
      // One canonical address for both (the portal's).
      expect(html).toContain(
        `<meta property="og:url" content="https://feedback.example/${slugs.company}/${slugs.board}" />`,
      );
      expect(html).toContain('<meta name="description"');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
    },
  );

  it('loads the widget from WIDGET_URL when it is set', async () => {
    const other = await startTestServer({ widgetUrl: 'https://cdn.example/feedboard' });
    try {
      const company = await restCompany(other);
      const board = await other.deps.prisma.board.findUniqueOrThrow({
        where: { id: company.boardId },
        include: { company: true },
      });
      const response = await fetch(`${other.url}/public/${board.company.slug}/${board.slug}`);
      expect(await response.text()).toContain(
        '<script src="https://cdn.example/feedboard/widget.js" defer></script>',
      );
      expect(response.headers.get('content-security-policy')).toContain(
        'script-src https://cdn.example',
      );
    } finally {
      await other.close();
    }
  });

  it("answers a known company's private board with the portal's plain 404", async () => {
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: b.boardId },
      include: { company: true },
    });
    for (const path of [
      `/public/${board.company.slug}/${board.slug}`,
      `/${board.company.slug}/${board.slug}`,
      `/${board.company.slug}/no-such-board`,
    ]) {
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      expect(response.status, path).toBe(404);
      expect(html, path).toContain('Page not found');
      expect(html, path).not.toContain('data-board-hash');
      expect(html, path).not.toContain(board.name);
    }
  });

  it('leaves unknown companies and console paths to the console', async () => {
    for (const path of [
      '/public/nobody/nothing',
      // Text PostgreSQL cannot compare: still just an unknown board, never a 500.
      '/public/a%00b/c%00d',
      '/public/a%ED%A0%80b/c',
      '/admin/boards',
      '/password-reset/sent',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      const html = await response.text();
      expect(response.status, path).toBeLessThan(500);
      expect(html, path).not.toContain('data-board-hash');
      // The console's own policy (none when the console is not built and a text note answers).
      expect(response.headers.get('content-security-policy') ?? CONSOLE_CSP, path).toBe(
        CONSOLE_CSP,
      );
    }
  });
});
