import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Issue 33 F1: the release lists page beside their whole answer (`limit`, `cursor`).

let server: TTestServer;
let company: TRestCompany;

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server, { isPublic: true });
  // Seven more releases on the board, two of them on one day (the id breaks the tie).
  for (const [index, releaseDate] of [
    '2026-02-01',
    '2026-03-01',
    '2026-03-01',
    '2025-12-24',
    '2026-04-30',
    '2026-01-15',
    '2027-01-01',
  ].entries()) {
    await expectCall(server, 'POST', `/companies/${company.owner.companyId}/releases`, 201, {
      token: company.owner.token,
      body: {
        name: `Paged ${index}`,
        releaseDate,
        companyId: company.owner.companyId,
        boardIds: [company.boardId],
      },
    });
  }
});

afterAll(async () => {
  await server?.close();
});

async function list(path: string) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${company.owner.token}` },
  });
  return {
    status: response.status,
    next: response.headers.get('x-next-cursor'),
    link: response.headers.get('link'),
    body: (await response.json()) as { id: number; releaseDate: string }[],
  };
}

describe('release lists in pages (issue 33 F1)', () => {
  for (const scope of ['board', 'company'] as const) {
    it(`pages the ${scope}’s releases with limit and cursor, in the whole list’s order`, async () => {
      const base =
        scope === 'board'
          ? `/boards/${company.boardId}/releases`
          : `/companies/${company.owner.companyId}/releases`;
      const whole = await list(base);
      expect(whole.status).toBe(200);
      expect(whole.body).toHaveLength(8);
      expect(whole.next).toBeNull();
      const paged: unknown[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(
          `${base}?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        expect(page.body.length).toBeLessThanOrEqual(3);
        if (page.next) expect(page.link).toContain(`cursor=${page.next}`);
        paged.push(...page.body);
        cursor = page.next;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(paged).toEqual(whole.body);
    });
  }

  it('refuses a limit out of range and a cursor it did not give', async () => {
    const base = `/boards/${company.boardId}/releases`;
    for (const query of ['limit=0', 'limit=101', 'limit=two']) {
      const answer = await list(`${base}?${query}`);
      expect(answer.status).toBe(400);
    }
    expect((await list(`${base}?limit=2&cursor=nonsense`)).status).toBe(400);
  });

  it('answers the newest 50 without limit, the rest a cursor away (attack 4: 11 MB lists)', async () => {
    const many = await restCompany(server, { isPublic: true });
    await server.deps.prisma.release.createMany({
      data: Array.from({ length: 60 }, (_, n) => ({
        companyId: many.owner.companyId,
        name: `Bulk ${n}`,
        releaseDate: new Date(Date.UTC(2025, 0, 1 + n)),
      })),
    });
    const ids = await server.deps.prisma.release.findMany({
      where: { companyId: many.owner.companyId, name: { startsWith: 'Bulk' } },
      select: { id: true },
    });
    await server.deps.prisma.board.update({
      where: { id: many.boardId },
      data: { releases: { connect: ids } },
    });
    const first = await fetch(`${server.url}/api/v1/boards/${many.boardId}/releases`, {
      headers: { authorization: `Bearer ${many.owner.token}` },
    });
    const page = (await first.json()) as { id: number }[];
    expect(page).toHaveLength(50);
    const next = first.headers.get('x-next-cursor');
    expect(next).not.toBeNull();
    const rest = await fetch(
      `${server.url}/api/v1/boards/${many.boardId}/releases?cursor=${encodeURIComponent(next!)}`,
      { headers: { authorization: `Bearer ${many.owner.token}` } },
    );
    const tail = (await rest.json()) as { id: number }[];
    // 60 bulk releases and the fixture's own: 61, none twice.
    expect(new Set([...page, ...tail].map((r) => r.id)).size).toBe(61);
    expect(rest.headers.get('x-next-cursor')).toBeNull();
  });

  it('holds at most 500 lines a release, even when two adds race for the last places', async () => {
    const full = await server.deps.prisma.releasePart.createMany({
      data: Array.from({ length: 499 }, (_, n) => ({
        releaseId: company.releaseId,
        title: `Line number ${n}`,
      })),
    });
    expect(full.count).toBe(499);
    const before = await server.deps.prisma.releasePart.count({
      where: { releaseId: company.releaseId },
    });
    const add = (title: string) =>
      fetch(`${server.url}/api/v1/releases/${company.releaseId}/parts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${company.owner.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ title }),
      });
    const room = 500 - before;
    const answers = await Promise.all(
      Array.from({ length: room + 2 }, (_, n) => add(`Racing line ${n}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(room);
    const refused = answers.find((a) => a.status === 400)!;
    expect(await refused.json()).toMatchObject({
      error: { fields: [{ field: 'title', message: 'A release holds at most 500 lines.' }] },
    });
    expect(
      await server.deps.prisma.releasePart.count({ where: { releaseId: company.releaseId } }),
    ).toBe(500);
  });
});
