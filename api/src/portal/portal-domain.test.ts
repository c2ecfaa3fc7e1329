import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, mutate } from '../testing/graphql-client.ts';
import { startDnsStandIn } from '../testing/dns-stand-in.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

const APP_URL = 'https://app.feedboard.example';
const DOMAIN = 'feedback.acme-corp.example';
let server: TTestServer;
let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
let acme: TRestCompany;
let other: TRestCompany;
let acmeSlug: string;
let boardSlug: string;

const UPDATE = `mutation ($logoUrl: String, $websiteUrl: String, $customDomain: String) {
  updateCompanyPortal(logoUrl: $logoUrl, websiteUrl: $websiteUrl, customDomain: $customDomain) {
    __typename ... on MutationUpdateCompanyPortalSuccess { data { logoUrl websiteUrl customDomain } }
    ${APP_ERROR} } }`;

const update = (token: string, variables: Record<string, unknown>) =>
  mutate(server, 'updateCompanyPortal', UPDATE, variables, token);

/** Publishes the DNS TXT record that proves the company's domain, and has it checked. */
async function proveDomain(company: TRestCompany) {
  const { customDomain, customDomainToken } = await server.deps.prisma.company.findUniqueOrThrow({
    where: { id: company.owner.companyId },
  });
  dns.records.set(`_feedboard-challenge.${customDomain}`, [
    `feedboard-verification=${customDomainToken}`,
  ]);
  const VERIFY = `mutation { verifyCustomDomain { __typename ${APP_ERROR}
    ... on MutationVerifyCustomDomainSuccess { data { outcome } } } }`;
  const checked = await mutate(server, 'verifyCustomDomain', VERIFY, {}, company.owner.token);
  expect(checked.outcome).toBe('FOUND');
}

/** A GET with its own Host header (fetch may not set one). */
function getOnHost(
  host: string,
  path: string,
): Promise<{
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dns = await startDnsStandIn();
  server = await startTestServer({ appUrl: APP_URL, dnsServers: [dns.server] });
  acme = await restCompany(server);
  other = await restCompany(server);
  const board = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: acme.boardId },
    include: { company: true },
  });
  acmeSlug = board.company.slug;
  boardSlug = board.slug;
});
afterAll(async () => {
  await server?.close();
  await dns?.close();
});

describe("the company's portal settings", () => {
  it('keeps a logo, a website and a domain, and shows the logo and the link in the header', async () => {
    const saved = await update(acme.owner.token, {
      logoUrl: 'https://cdn.acme.example/logo.svg',
      websiteUrl: 'https://acme.example/',
      customDomain: '  Feedback.ACME-corp.example. ',
    });
    expect(saved).toEqual({
      logoUrl: 'https://cdn.acme.example/logo.svg',
      websiteUrl: 'https://acme.example/',
      customDomain: DOMAIN,
    });
    const company = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: acme.owner.companyId },
    });
    const html = await (await fetch(`${server.url}/${acmeSlug}`)).text();
    expect(html).toContain(
      `<img class="portal-logo" src="https://cdn.acme.example/logo.svg" alt="${company.name}"`,
    );
    expect(html).toMatch(/<a class="portal-site" href="https:\/\/acme.example\/"[^>]*>/);
  });

  it('refuses addresses that are not http(s) and names the field', async () => {
    const refused = await update(acme.owner.token, {
      logoUrl: 'javascript:alert(1)',
      websiteUrl: 'ftp://acme.example',
      customDomain: 'not a domain',
    });
    expect(refused.code).toBe('VALIDATION');
    expect(refused.fields.map((field: { field: string }) => field.field).sort()).toEqual([
      'customDomain',
      'logoUrl',
      'websiteUrl',
    ]);
    for (const customDomain of [
      'localhost',
      '10.0.0.1',
      '-bad.example',
      'app.feedboard.example',
      'www.app.feedboard.example',
      'feedboard.example',
    ]) {
      const answer = await update(acme.owner.token, { customDomain });
      expect(answer.fields?.[0]?.field, customDomain).toBe('customDomain');
    }
  });

  it("refuses another company's domain, once proved, with a clear message", async () => {
    // The domain is served, and no longer another's to claim, once its DNS record proves it.
    await proveDomain(acme);
    const taken = await update(other.owner.token, { customDomain: DOMAIN.toUpperCase() });
    expect(taken.code).toBe('VALIDATION');
    expect(taken.fields).toEqual([
      { field: 'customDomain', message: 'Another company uses this domain already.' },
    ]);
  });

  it('is for owners and admins only', async () => {
    const member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
    const refused = await update(member.token, { websiteUrl: 'https://evil.example' });
    expect(refused.code).toBe('FORBIDDEN');
    const admin = await addEndUser(server, acme.owner.companyId, { role: 'ADMIN' });
    const saved = await update(admin.token, { websiteUrl: 'https://acme.example/' });
    expect(saved.customDomain).toBe(DOMAIN);
  });
});

describe("a company's own domain", () => {
  it('serves the portal at / with every link and address on that domain', async () => {
    const home = await getOnHost(DOMAIN, '/');
    expect(home.status).toBe(200);
    expect(home.body).toContain(`<link rel="canonical" href="https://${DOMAIN}/" />`);
    expect(home.body).toContain(`<meta property="og:url" content="https://${DOMAIN}/" />`);
    expect(home.body).toContain(`<a href="/${boardSlug}">`);
    expect(home.body).toContain('<a href="/roadmap"');
    expect(home.body).not.toContain(`/${acmeSlug}`);

    const board = await getOnHost(DOMAIN, `/${boardSlug}`);
    expect(board.status).toBe(200);
    const ideaHref = /<a href="(\/[^"]+\/ideas\/[^"]+)">/.exec(board.body)?.[1] ?? '';
    expect(ideaHref).toMatch(new RegExp(`^/${boardSlug}/ideas/${acme.ideaId}-`));
    const idea = await getOnHost(DOMAIN, ideaHref);
    expect(idea.status).toBe(200);
    expect(idea.body).toContain(`<link rel="canonical" href="https://${DOMAIN}${ideaHref}" />`);
    expect(idea.body).not.toContain(acmeSlug);
    // A wrong slug goes to the right one on the same domain.
    const moved = await getOnHost(DOMAIN, `/${boardSlug}/ideas/${acme.ideaId}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(ideaHref);

    for (const path of ['/roadmap', '/changelog']) {
      const page = await getOnHost(DOMAIN, path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain(`<link rel="canonical" href="https://${DOMAIN}${path}" />`);
      expect(page.body, path).not.toContain(`/${acmeSlug}/`);
    }
    const feed = await getOnHost(DOMAIN, '/changelog.atom');
    expect(feed.status).toBe(200);
    expect(feed.body).toContain(`<id>https://${DOMAIN}/changelog</id>`);
    expect(feed.body).not.toContain(APP_URL);
  });

  it('lists its pages in sitemap.xml and robots.txt under that domain', async () => {
    const sitemap = await getOnHost(DOMAIN, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(2);
    for (const url of urls) expect(url).toMatch(new RegExp(`^https://${DOMAIN}/`));
    expect(urls).toContain(`https://${DOMAIN}/${boardSlug}`);
    expect(urls.join(' ')).not.toContain(acmeSlug);
    const robots = await getOnHost(DOMAIN, '/robots.txt');
    expect(robots.body).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`);
  });

  it("is a 404 for another company's board, and leaves the API and unknown hosts alone", async () => {
    const otherBoard = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: other.boardId },
    });
    const foreign = await getOnHost(DOMAIN, `/${otherBoard.slug}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toContain('class="portal-header"');
    // The widget's API and the health check answer on the company's domain too.
    expect((await getOnHost(DOMAIN, '/healthz')).status).toBe(200);
    const api = await getOnHost(DOMAIN, `/api/v1/boards/${acme.boardId}/ideas/`);
    expect(api.headers['content-type']).toMatch(/json/);
    // The app's own host and unknown hosts keep today's addresses.
    const appHome = await getOnHost(new URL(APP_URL).host, `/${acmeSlug}`);
    expect(appHome.body).toContain(`<link rel="canonical" href="${APP_URL}/${acmeSlug}" />`);
    const unknown = await getOnHost('nobody.example', '/');
    expect(unknown.body).not.toContain('class="portal-header"');
  });

  it('stops serving the domain once it is cleared', async () => {
    await expectCall(server, 'GET', `/boards/${acme.boardId}`, 200, { token: acme.owner.token });
    const cleared = await update(acme.owner.token, { customDomain: '' });
    expect(cleared.customDomain).toBeNull();
    const company = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: acme.owner.companyId },
    });
    expect(company.customDomain).toBeNull();
    // Free again for another company.
    const claimed = await update(other.owner.token, { customDomain: DOMAIN });
    expect(claimed.customDomain).toBe(DOMAIN);
  });
});
