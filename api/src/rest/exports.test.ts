import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let company: TRestCompany;
let stranger: TRestCompany;

const TRICKY = 'Commas, "quotes", and\na line break';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

async function download(path: string, token?: string) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server, { isPublic: true });
  stranger = await restCompany(server);
  const token = company.owner.token;
  const board = { 'x-board-id': String(company.boardId) };
  const tricky = await expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: board,
    body: { title: TRICKY },
  });
  await expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: board,
    body: { title: FORMULA },
  });
  const voter = await addEndUser(server, company.owner.companyId, { name: '@Smith, "Jr"' });
  await expectCall(server, 'POST', `/ideas/${tricky.id}/upvote`, 200, { token: voter.token });
  await expectCall(server, 'POST', `/ideas/${tricky.id}/upvote`, 200, { token });
  await expectCall(server, 'POST', `/ideas/${tricky.id}/comments`, 201, {
    token,
    body: { text: 'A comment to count.' },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/boards/{id}/export/ideas.csv', () => {
  it('downloads every idea, parsing back to the same rows (quotes, commas, line breaks kept)', async () => {
    const { status, headers, text } = await download(
      `/boards/${company.boardId}/export/ideas.csv`,
      company.owner.token,
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="fixture-board-\d+-ideas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.title)).toEqual([
      expect.stringMatching(/^Fixture idea \d+$/),
      TRICKY,
      `'${FORMULA}`,
    ]);
    const [, tricky] = rows;
    expect(tricky).toMatchObject({
      status: 'OPEN',
      votes: '2',
      comments: '1',
      author: expect.any(String),
    });
    expect(new Date(tricky?.created ?? '').getTime()).not.toBeNaN();
    expect(tricky?.url).toMatch(/\/admin\/boards\/.+\/list$/);
    expect(Object.keys(tricky ?? {})).toEqual([
      'id',
      'title',
      'status',
      'votes',
      'comments',
      'author',
      'created',
      'url',
    ]);
  });

  it('is for the company’s admins: another company’s board is not found, members are refused', async () => {
    const path = `/boards/${company.boardId}/export/ideas.csv`;
    expect((await download(path, stranger.owner.token)).status).toBe(404);
    const member = await addEndUser(server, company.owner.companyId);
    expect((await download(path, member.token)).status).toBe(403);
    expect((await download(path)).status).toBe(401);
    expect((await download('/boards/999999/export/ideas.csv', company.owner.token)).status).toBe(
      404,
    );
    // The other company's own export holds only its own ideas.
    const theirs = await download(
      `/boards/${stranger.boardId}/export/ideas.csv`,
      stranger.owner.token,
    );
    const rows = parse(theirs.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.title)).toEqual([expect.stringMatching(/^Fixture idea \d+$/)]);
  });
});

describe('GET /api/v1/boards/{id}/export/voters.csv', () => {
  it('lists one row per vote, with formula-looking names defused', async () => {
    const { status, text } = await download(
      `/boards/${company.boardId}/export/voters.csv`,
      company.owner.token,
    );
    expect(status).toBe(200);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row['idea title'], row['voter name']])).toEqual([
      [TRICKY, `'@Smith, "Jr"`],
      [TRICKY, expect.any(String)],
    ]);
    expect(rows[0]?.['voter email']).toMatch(/@example\.com$/);
    expect(
      (await download(`/boards/${company.boardId}/export/voters.csv`, stranger.owner.token)).status,
    ).toBe(404);
  });
});
