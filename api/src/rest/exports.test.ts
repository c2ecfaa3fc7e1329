import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../schema/ids.ts';
import { exportIdeasCsv, exportVotersCsv } from '../services/export/export-csv.ts';
import type { TViewer } from '../viewer.ts';
import { addEndUser, gql } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let company: TRestCompany;
let stranger: TRestCompany;
let trickyId = 0;

const TRICKY = 'Commas, "quotes", and\na line break';
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const DESCRIPTION = 'Works offline, "mostly", on trains;\nsyncs later.';

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
    body: { title: TRICKY, description: DESCRIPTION },
  });
  // Two tags, one of them the team's private one: the admins' export names both.
  for (const [name, isPrivate] of [
    ['mobile', false],
    ['Churn risk', true],
  ] as const) {
    const tag = await gql(
      server,
      `mutation ($name: String!, $isPrivate: Boolean!) { createTag(name: $name, color: "1f6feb", isPrivate: $isPrivate) {
        ... on MutationCreateTagSuccess { data { id } } } }`,
      { name, isPrivate },
      token,
    );
    const added = await gql(
      server,
      `mutation ($ideaId: ID!, $tagId: ID!) { addIdeaTag(ideaId: $ideaId, tagId: $tagId) { __typename } }`,
      { ideaId: globalId('Idea', tricky.id), tagId: tag.body.data.createTag.data.id },
      token,
    );
    expect(added.body.data.addIdeaTag.__typename).toBe('MutationAddIdeaTagSuccess');
  }
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
  trickyId = tricky.id;
  // The voter works for two customers; one more vote comes from the sales team, on behalf.
  const prisma = server.deps.prisma;
  const companyId = company.owner.companyId;
  for (const [externalId, name, monthlySpend] of [
    ['acme', 'ACME', 100.5],
    ['evil', '=Evil Corp', 20],
  ] as const) {
    await prisma.customerCompany.create({
      data: {
        companyId,
        externalId,
        name,
        monthlySpend,
        members: { create: { userId: voter.userId } },
      },
    });
  }
  await prisma.vote.updateMany({
    where: { ideaId: tricky.id, userId: voter.userId },
    data: { importance: 'MUST_HAVE' },
  });
  const { body } = await gql(
    server,
    `mutation ($ideaId: ID!, $email: String, $note: String, $importance: VoteImportance) {
      addVoteOnBehalf(ideaId: $ideaId, email: $email, note: $note, importance: $importance) {
        __typename } }`,
    {
      ideaId: globalId('Idea', tricky.id),
      email: 'contact@customer.example',
      note: '+from the sales call',
      importance: 'IMPORTANT',
    },
    token,
  );
  expect(body.data.addVoteOnBehalf.__typename).toBe('MutationAddVoteOnBehalfSuccess');
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
      votes: '3',
      comments: '1',
      author: expect.any(String),
    });
    expect(new Date(tricky?.created ?? '').getTime()).not.toBeNaN();
    // The idea's own console address by its number, which opens it over the board's list.
    expect(tricky?.url).toBe(
      `${server.deps.config.appUrl}/admin/boards/${encodeURIComponent(globalId('Board', company.boardId))}/ideas/${tricky!.id}`,
    );
    expect(Object.keys(tricky ?? {})).toEqual([
      'id',
      'title',
      'status',
      'votes',
      'comments',
      'author',
      'created',
      'url',
      'value',
      'customer companies',
      'nice to have',
      'important',
      'must have',
      'status name',
      'description',
      'tags',
    ]);
    // Description and tags come last, so older readers keep working.
    expect(tricky).toMatchObject({ description: DESCRIPTION, tags: 'Churn risk; mobile' });
    expect(rows[2]).toMatchObject({ description: '', tags: '' });
    // The status as people read it, beside the code (issue 34.12), in the admin's language.
    expect(tricky?.['status name']).toBe('Open');
    // Value, customers (formula-looking names defused) and importance come after the old columns.
    expect(tricky).toMatchObject({
      value: '120.50',
      'customer companies': "'=Evil Corp; ACME",
      'nice to have': '0',
      important: '1',
      'must have': '1',
    });
    expect(rows[2]).toMatchObject({ value: '0.00', 'customer companies': '', important: '0' });
  });

  it('names a custom status in the status name column, in the exporting admin’s language', async () => {
    const [first] = await server.deps.prisma.idea.findMany({
      where: { boardId: company.boardId },
      orderBy: { id: 'asc' },
      take: 1,
    });
    const shipped = await server.deps.prisma.boardStatus.create({
      data: {
        boardId: company.boardId,
        kind: 'IN_PROGRESS',
        nameEn: 'Being built',
        namePl: 'Budujemy',
        color: '1f6feb',
        position: 0,
      },
    });
    await server.deps.prisma.idea.update({
      where: { id: first!.id },
      data: { status: 'IN_PROGRESS', customStatusId: shipped.id },
    });
    const read = async () =>
      (
        parse(
          (await download(`/boards/${company.boardId}/export/ideas.csv`, company.owner.token)).text,
          {
            columns: true,
          },
        ) as Record<string, string>[]
      ).map((row) => [row.status, row['status name']]);
    expect((await read())[0]).toEqual(['IN_PROGRESS', 'Being built']);
    await server.deps.prisma.user.update({
      where: { id: company.owner.userId },
      data: { language: 'pl-PL' },
    });
    const polish = await read();
    expect(polish[0]).toEqual(['IN_PROGRESS', 'Budujemy']);
    expect(polish[1]).toEqual(['OPEN', 'Otwarty']);
    await server.deps.prisma.user.update({
      where: { id: company.owner.userId },
      data: { language: 'en-US' },
    });
    await server.deps.prisma.idea.update({
      where: { id: first!.id },
      data: { status: 'OPEN', customStatusId: null },
    });
    await server.deps.prisma.boardStatus.delete({ where: { id: shipped.id } });
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
      [TRICKY, 'contact'],
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'idea id',
      'idea title',
      'voter id',
      'voter name',
      'voter email',
      'voted',
      'voter companies',
      'importance',
      'added by',
      'note',
    ]);
    expect(rows[0]).toMatchObject({
      'idea id': String(trickyId),
      'voter companies': "'=Evil Corp; ACME",
      importance: 'must have',
      'added by': '',
      note: '',
    });
    expect(rows[2]).toMatchObject({
      'voter email': 'contact@customer.example',
      importance: 'important',
      'added by': expect.stringMatching(/.+/),
      note: "'+from the sales call",
    });
    expect(rows[0]?.['voter email']).toMatch(/@example\.com$/);
    expect(
      (await download(`/boards/${company.boardId}/export/voters.csv`, stranger.owner.token)).status,
    ).toBe(404);
  });
});

describe('exports read a page at a time', () => {
  it('sends the same file whatever the page size, rows across page boundaries kept in order', async () => {
    const owner: TViewer = {
      userId: company.owner.userId,
      companyId: company.owner.companyId,
      role: 'OWNER',
      kind: 'REGULAR',
      sessionId: 0,
    };
    // Two more votes on the second idea, so the voters file spans pages of one and two rows.
    const ideas = await server.deps.prisma.idea.findMany({
      where: { boardId: company.boardId },
      orderBy: { id: 'asc' },
    });
    for (const name of ['Page One', 'Page Two']) {
      const voter = await addEndUser(server, company.owner.companyId, { name });
      await expectCall(server, 'POST', `/ideas/${ideas[1]!.id}/upvote`, 200, {
        token: voter.token,
      });
    }
    for (const exportCsv of [exportIdeasCsv, exportVotersCsv]) {
      const whole = await new Response(
        (await exportCsv(server.deps, owner, company.boardId)).stream,
      ).text();
      const rows = parse(whole, { columns: true }) as unknown[];
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const pageSize of [1, 2]) {
        const paged = await new Response(
          (await exportCsv(server.deps, owner, company.boardId, pageSize)).stream,
        ).text();
        expect(paged).toBe(whole);
      }
    }
  });
});
