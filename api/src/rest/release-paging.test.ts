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
});
