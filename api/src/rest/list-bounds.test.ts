import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAGED_RELEASES } from '../services/release/find-releases.ts';
import { restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Issue 33.2: a list answered without `limit` was every row, however many (150 releases with
// long notes: 11.4 MB). Without `limit` it is now the first page, and the headers lead on.

let server: TTestServer;
let company: TRestCompany;

/** The company's fixture release and 102 more (103 in all). */
const RELEASES = 103;
/** Voters of the fixture idea: 1,005 end users. */
const VOTERS = 1_005;

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server, { isPublic: true });
  const prisma = server.deps.prisma;
  const companyId = company.owner.companyId;
  await prisma.release.createMany({
    data: Array.from({ length: RELEASES - 1 }, (_, i) => ({
      companyId,
      name: `Bulk ${i}`,
      releaseDate: new Date(Date.UTC(2020, 0, 1 + i)),
      body: 'Notes.',
    })),
  });
  await prisma.user.createMany({
    data: Array.from({ length: VOTERS }, (_, i) => ({
      companyId,
      displayName: `Voter ${String(i).padStart(4, '0')}`,
      email: `voter${i}@bounds.example`,
    })),
  });
  const users = await prisma.user.findMany({
    where: { companyId, email: { endsWith: '@bounds.example' } },
    orderBy: { id: 'asc' },
  });
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  await prisma.vote.createMany({
    data: users.map((user, i) => ({
      ideaId: company.ideaId,
      userId: user.id,
      // Pairs share a second: the id breaks the tie.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  });
});

afterAll(async () => {
  await server?.close();
});

async function list<T>(path: string) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${company.owner.token}` },
  });
  return {
    status: response.status,
    next: response.headers.get('x-next-cursor'),
    link: response.headers.get('link'),
    body: (await response.json()) as T,
  };
}

/** Every page from `base` (no `limit`), following X-Next-Cursor. */
async function allPages<T>(base: string): Promise<{ pages: T[][]; rows: T[] }> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const sep = base.includes('?') ? '&' : '?';
    const page: Awaited<ReturnType<typeof list<T[]>>> = await list<T[]>(
      cursor ? `${base}${sep}cursor=${encodeURIComponent(cursor)}` : base,
    );
    expect(page.status).toBe(200);
    if (page.next) expect(page.link).toContain(`cursor=${page.next}`);
    pages.push(page.body);
    cursor = page.next;
  } while (cursor && pages.length < 20);
  return { pages, rows: pages.flat() };
}

describe('lists answered without limit are bounded (issue 33.2)', () => {
  it('answers the newest 50 releases of a company without limit, and the rest on the next pages', async () => {
    const first = await list<{ id: number }[]>(`/companies/${company.owner.companyId}/releases`);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(UNPAGED_RELEASES);
    expect(first.next).toBeTruthy();
    const { pages, rows } = await allPages<{ id: number }>(
      `/companies/${company.owner.companyId}/releases`,
    );
    expect(pages.map((page) => page.length)).toEqual([50, 50, RELEASES - 100]);
    expect(new Set(rows.map((row) => row.id)).size).toBe(RELEASES);
  });

  it('answers at most 1,000 voters of an idea without limit, and pages them with limit and cursor', async () => {
    const path = `/ideas/${company.ideaId}/voters`;
    const first = await list<{ id: number; name: string }[]>(path);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(1_000);
    expect(first.next).toBeTruthy();
    const whole = await allPages<{ id: number; name: string }>(path);
    expect(whole.pages.map((page) => page.length)).toEqual([1_000, VOTERS - 1_000]);
    const paged = await allPages<{ id: number; name: string }>(`${path}?limit=300`);
    expect(paged.pages.map((page) => page.length)).toEqual([300, 300, 300, 105]);
    expect(paged.rows).toEqual(whole.rows);
    // Earliest first, each voter once.
    expect(new Set(paged.rows.map((voter) => voter.id)).size).toBe(VOTERS);
    expect(paged.rows[0]!.name).toBe('Voter 0000');
    expect(paged.rows[VOTERS - 1]!.name).toBe(`Voter ${VOTERS - 1}`);
  });

  it('refuses a voter limit out of range and a cursor it did not give', async () => {
    const path = `/ideas/${company.ideaId}/voters`;
    for (const query of ['limit=0', 'limit=1001', 'limit=two', 'cursor=nonsense']) {
      expect((await list(`${path}?${query}`)).status).toBe(400);
    }
  });
});
