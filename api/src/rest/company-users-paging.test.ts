import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Issue 33 F7: GET /companies/{id}/users answered every user of a company at once (a company
// with thousands of widget users). It pages beside the spec's list (`limit`, `cursor`).

let server: TTestServer;
let owner: TTestAccount;
let other: TTestAccount;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  other = await signUpCompany(server);
  // 130 end users besides the owner; every fifth one shares a name (the id breaks the tie).
  await server.deps.prisma.user.createMany({
    data: Array.from({ length: 130 }, (_, i) => ({
      companyId: owner.companyId,
      kind: i % 2 ? ('SSO' as const) : ('REGULAR' as const),
      externalId: i % 2 ? `paged-${i}` : null,
      displayName: i % 5 ? `User ${String(i).padStart(3, '0')}` : 'Same name',
    })),
  });
});

afterAll(async () => {
  await server?.close();
});

async function list(path: string, token = owner.token) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    next: response.headers.get('x-next-cursor'),
    link: response.headers.get('link'),
    body: (await response.json()) as any,
  };
}

/** The company's users as the database orders them by name, then id. */
async function allUsers() {
  const rows = await server.deps.prisma.user.findMany({
    where: { companyId: owner.companyId },
    orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

describe('GET /companies/{id}/users in pages (issue 33 F7)', () => {
  it('answers at most 100 users without limit, and the cursor leads to the rest in order', async () => {
    const base = `/companies/${owner.companyId}/users`;
    const first = await list(base);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(first.next).toBeTruthy();
    expect(first.link).toBe(`<${`/api/v1${base}`}?cursor=${first.next}>; rel="next"`);
    const rest = await list(`${base}?cursor=${first.next}`);
    expect(rest.body).toHaveLength(31);
    expect(rest.next).toBeNull();
    expect([...first.body, ...rest.body].map((user: any) => user.id)).toEqual(await allUsers());
  });

  it('pages by limit: every user once, in the whole list’s order', async () => {
    const base = `/companies/${owner.companyId}/users`;
    const ids: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`${base}?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(7);
      ids.push(...page.body.map((user: any) => user.id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 50);
    expect(pages).toBe(19);
    expect(ids).toEqual(await allUsers());
  });

  it('refuses a bad limit or cursor with a VALIDATION error on the parameter', async () => {
    const base = `/companies/${owner.companyId}/users`;
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'limit=2.5']) {
      const answer = await list(`${base}?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'limit', message: 'It has to be a whole number from 1 to 100.' }],
      });
    }
    for (const cursor of ['nonsense', Buffer.from('[5,"x"]').toString('base64url')]) {
      const answer = await list(`${base}?limit=5&cursor=${cursor}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'cursor', message: 'It has to be the cursor a previous page gave.' }],
      });
    }
  });

  it('answers another company’s users as not found, paged or not', async () => {
    for (const query of ['', '?limit=5']) {
      const answer = await list(`/companies/${owner.companyId}/users${query}`, other.token);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
  });
});
