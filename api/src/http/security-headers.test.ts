import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWidgetBuilt } from '../../../widget/build-once.ts';
import { ensureExplorersBuilt } from '../../../web/explorers/build.ts';
import { CONSOLE_CSP, EXPLORER_CSP, withoutFraming } from './security-headers.ts';
import { restCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let https: TTestServer;
let publicPath: string;
beforeAll(async () => {
  await ensureWidgetBuilt();
  [server, https] = await Promise.all([
    startTestServer(),
    startTestServer({ appUrl: 'https://boards.example.com' }),
  ]);
  const company = await restCompany(server);
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: company.boardId },
    include: { company: true },
  });
  publicPath = `/public/${board.company.slug}/${board.slug}`;
});
afterAll(async () => {
  await server?.close();
  await https?.close();
});

const get = (path: string, init: RequestInit = {}, target = server) =>
  fetch(`${target.url}${path}`, init);

describe('security headers', () => {
  it('sends nosniff and a referrer policy on every kind of answer, and no HSTS over http', async () => {
    for (const path of ['/healthz', '/api/v1/openapi.json', '/widget.js', '/graphql', publicPath]) {
      const response = await get(path, { headers: { accept: 'application/json' } });
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('sends HSTS when the public address is https', async () => {
    const response = await get('/healthz', {}, https);
    expect(response.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('sends the same headers on a GraphQL POST (served by yoga directly) as through hono', async () => {
    const names = [
      'x-content-type-options',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'strict-transport-security',
    ];
    for (const target of [server, https]) {
      const viaHono = await get('/api/v1/openapi.json', {}, target);
      const viaYoga = await get(
        '/graphql',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ viewer { user { id } } }' }),
        },
        target,
      );
      expect(viaYoga.status).toBe(200);
      const pick = (response: Response) =>
        Object.fromEntries(names.map((name) => [name, response.headers.get(name)]));
      expect(pick(viaYoga)).toEqual(pick(viaHono));
      expect(viaYoga.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await get('/healthz', {}, https)).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('gives the console pages a strict CSP and forbids framing them', async () => {
    for (const path of ['/', '/login', '/admin/boards']) {
      const response = await get(path);
      const type = response.headers.get('content-type') ?? '';
      // Without a built console a text note answers; CI builds it before the tests.
      if (!type.startsWith('text/html')) continue;
      expect(response.headers.get('content-security-policy'), path).toBe(CONSOLE_CSP);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(CONSOLE_CSP).toContain("script-src 'self';");
      expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
      // The built page keeps to it: no inline script.
      expect(await response.text(), path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('forbids framing every HTML page, those with a policy of their own included', async () => {
    // The pages mail links open (any token: a bad one answers its HTML page too), the portal.
    const pages = [
      ['GET', '/confirm-email/not-a-token'],
      ['POST', '/confirm-email/not-a-token'],
      ['GET', '/privacy/not-a-token'],
      ['POST', '/privacy/not-a-token'],
      ['GET', '/unsubscribe/not-a-token'],
      ['POST', '/unsubscribe/not-a-token'],
      ['GET', publicPath],
    ] as const;
    for (const [method, path] of pages) {
      const response = await get(path, { method, redirect: 'follow' });
      const where = `${method} ${path}`;
      expect(response.headers.get('content-type'), where).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), where).toMatch(
        /(^|;)\s*frame-ancestors 'none'/,
      );
      expect(response.headers.get('x-frame-options'), where).toBe('DENY');
    }
    expect(withoutFraming("default-src 'none'; style-src 'unsafe-inline'")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(withoutFraming("default-src 'self'; frame-ancestors https://a.example")).toBe(
      "default-src 'self'; frame-ancestors https://a.example",
    );
  });

  it('gives the API explorers the console’s protections, with their files from this server only', async () => {
    ensureExplorersBuilt();
    const pages = [
      ['/graphql', { accept: 'text/html' }],
      ['/api/v1/docs', {}],
    ] as const;
    for (const [path, headers] of pages) {
      const response = await get(path, { headers });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(response.headers.get('content-security-policy'), path).toBe(EXPLORER_CSP);
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      const html = await response.text();
      // No inline script, and every file it loads is one of ours.
      expect(html, path).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      const loaded = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
      expect(loaded.length, path).toBeGreaterThan(1);
      for (const url of loaded) expect(url, path).toMatch(/^(\/explorers\/|data:)/);
      for (const url of loaded.filter((url) => url?.startsWith('/explorers/'))) {
        expect((await get(url ?? '')).status, url).toBe(200);
      }
    }
    expect(EXPLORER_CSP).toContain("script-src 'self';");
    expect(EXPLORER_CSP).toContain("frame-ancestors 'none'");
    expect(EXPLORER_CSP).not.toContain('unsafe-eval');
  });

  it('keeps the widget script and the REST API usable from customers’ sites', async () => {
    const script = await get('/widget.js');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(script.headers.get('x-frame-options')).toBeNull();
    const preflight = await get('/api/v1/widget/sso', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://customer.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const api = await get('/api/v1/openapi.json', {
      headers: { origin: 'https://customer.example' },
    });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
    expect(api.headers.get('cross-origin-resource-policy')).toBeNull();
  });

  it('answers any origin `*` on /graphql and /api/v1, never with credentials', async () => {
    const origin = 'https://attacker.example';
    const preflights = [
      ['/graphql', 'POST', 'authorization, content-type'],
      ['/api/v1/ideas/', 'POST', 'authorization, content-type, x-board-id'],
    ] as const;
    for (const [path, method, headers] of preflights) {
      const preflight = await get(path, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': headers,
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(preflight.headers.get('access-control-allow-credentials'), path).toBeNull();
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of headers.split(', ')) expect(allowed, path).toContain(header);
      expect(preflight.headers.get('access-control-allow-methods'), path).toContain(method);
    }
    // The answers themselves (GraphQL's fast path and hono's) say the same.
    const calls: RequestInit[] = [
      {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ viewer { user { id } } }' }),
      },
      { method: 'GET', headers: { origin } },
    ];
    for (const init of calls) {
      const response = await get(
        init.method === 'GET' ? '/graphql?query={__typename}' : '/graphql',
        init,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('keeps the public board page’s own CSP', async () => {
    const response = await get(publicPath);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toBe(CONSOLE_CSP);
  });
});

/**
 * Sends `size` bytes of JSON chunked, without a Content-Length, over a raw socket: the server
 * answers 413 and closes while the client is still sending, which fetch reports as a failure,
 * so the answer is read off the socket itself.
 */
function postChunked(url: string, size: number): Promise<{ status: number; body: string }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const rawBody = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      // The body may itself be chunked: keep the JSON object.
      resolve({ status, body: /\{.*\}/s.exec(rawBody)?.[0] ?? rawBody });
    });
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
    );
    const chunk = 'x'.repeat(64 * 1024);
    const writeChunk = (text: string) =>
      socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`);
    writeChunk('{"email":"');
    for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) writeChunk(chunk);
    if (!socket.destroyed) socket.write('0\r\n\r\n');
  });
}

describe('request body limits', () => {
  it('answers 413 in the one error shape to a streamed body over 1 MB, on REST and GraphQL', async () => {
    for (const path of ['/api/v1/login', '/graphql']) {
      const { status, body } = await postChunked(`${server.url}${path}`, 2 * 1024 * 1024);
      expect(status, path).toBe(413);
      expect(JSON.parse(body), path).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than 1 MB.' },
      });
    }
    // The server still serves.
    expect((await get('/healthz')).status).toBe(200);
  });
});
