import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, gql } from '../testing/graphql-client.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { globalId } from '../schema/ids.ts';
import { trigramWords } from '../services/idea/find-similar-ideas.ts';

let server: TTestServer;
let company: TRestCompany;
let otherBoardId: number;
let stranger: TRestCompany;

const onBoard = (boardId: number) => ({ 'x-board-id': String(boardId) });

async function addIdea(boardId: number, token: string, title: string, description?: string) {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: onBoard(boardId),
    body: { title, description },
  });
  return idea.id as number;
}

async function similar(boardId: number, text: string, token?: string): Promise<string[]> {
  const body = await expectCall(
    server,
    'GET',
    `/boards/${boardId}/ideas/similar?text=${encodeURIComponent(text)}`,
    200,
    { token },
  );
  return body.ideas.map((idea: { title: string }) => idea.title);
}

async function grantEndUsers(boardId: number): Promise<void> {
  await expectCall(server, 'PUT', `/boards/${boardId}/access`, 200, {
    token: company.owner.token,
    body: { allowedEmailDomains: ['example.com'] },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server, { isPublic: false });
  stranger = await restCompany(server, { isPublic: true });
  const token = company.owner.token;
  // The private board shows to the company's end users of these tests (example.com addresses).
  await grantEndUsers(company.boardId);
  for (const title of [
    'Dark theme for the dashboard',
    'Export ideas to a spreadsheet',
    'Ciemny motyw aplikacji',
    'Eksport danych do Excela',
    'Powiadomienia e-mail o zmianach statusu',
    'Slack integration for new ideas',
  ]) {
    await addIdea(company.boardId, token, title);
  }
  const declined = await addIdea(company.boardId, token, 'Dark background option');
  await expectCall(server, 'POST', `/ideas/${declined}/decline`, 200, {
    token,
    body: { reason: 'OTHER' },
  });
  const other = await expectCall(
    server,
    'POST',
    `/companies/${company.owner.companyId}/boards`,
    201,
    { token, body: { name: 'Another board of ours' } },
  );
  otherBoardId = other.id;
  await addIdea(otherBoardId, token, 'Dark mode on the other board');
  await addIdea(stranger.boardId, stranger.owner.token, 'Dark mode of another company');
});

afterAll(async () => {
  await server?.close();
});

describe('GET /api/v1/boards/{id}/ideas/similar', () => {
  it('finds "dark theme" for "dark mode", and only on the same board of the same company', async () => {
    const titles = await similar(company.boardId, 'dark mode', company.owner.token);
    expect(titles[0]).toBe('Dark theme for the dashboard');
    expect(titles).not.toContain('Dark mode on the other board');
    expect(titles).not.toContain('Dark mode of another company');
  });

  it('leaves declined ideas out (they take no votes)', async () => {
    const titles = await similar(company.boardId, 'dark background', company.owner.token);
    expect(titles).not.toContain('Dark background option');
  });

  it('finds Polish ideas across inflections', async () => {
    expect(await similar(company.boardId, 'ciemnego motywu', company.owner.token)).toEqual([
      'Ciemny motyw aplikacji',
    ]);
    expect(await similar(company.boardId, 'eksportowanie danych', company.owner.token)).toContain(
      'Eksport danych do Excela',
    );
    expect(
      await similar(company.boardId, 'powiadomienie mailem o zmianie', company.owner.token),
    ).toEqual(['Powiadomienia e-mail o zmianach statusu']);
  });

  it('finds English inflections and typos (trigram fallback), ranked first', async () => {
    const exported = await similar(company.boardId, 'exporting spreadsheets', company.owner.token);
    expect(exported[0]).toBe('Export ideas to a spreadsheet');
    const typo = await similar(company.boardId, 'Slakc integraiton', company.owner.token);
    expect(typo[0]).toBe('Slack integration for new ideas');
  });

  it('answers nothing for words that say nothing or unrelated text', async () => {
    expect(await similar(company.boardId, 'the and to', company.owner.token)).toEqual([]);
    expect(await similar(company.boardId, 'zebra xylophone', company.owner.token)).toEqual([]);
    expect(await similar(company.boardId, '', company.owner.token)).toEqual([]);
  });

  it('answers five at most, most relevant first', async () => {
    const board = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      { token: company.owner.token, body: { name: 'Widget requests board' } },
    );
    for (let i = 1; i <= 7; i += 1) {
      await addIdea(board.id, company.owner.token, `Widget request number ${i}`);
    }
    const titles = await similar(board.id, 'widget', company.owner.token);
    expect(titles).toHaveLength(5);
  });

  it('shows an idea awaiting acceptance only to its author and the admins', async () => {
    const author = await addEndUser(server, company.owner.companyId);
    const other = await addEndUser(server, company.owner.companyId);
    await addIdea(company.boardId, author.token, 'Keyboard shortcuts everywhere');
    expect(await similar(company.boardId, 'keyboard shortcuts', author.token)).toEqual([
      'Keyboard shortcuts everywhere',
    ]);
    expect(await similar(company.boardId, 'keyboard shortcuts', company.owner.token)).toEqual([
      'Keyboard shortcuts everywhere',
    ]);
    expect(await similar(company.boardId, 'keyboard shortcuts', other.token)).toEqual([]);
  });

  it('finds the idea the caller may see behind many better matches they may not', async () => {
    const board = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      { token: company.owner.token, body: { name: 'Calendar requests board' } },
    );
    await grantEndUsers(board.id);
    const author = await addEndUser(server, company.owner.companyId);
    const reader = await addEndUser(server, company.owner.companyId);
    // 60 closer matches await acceptance: only their author and the admins see them.
    await server.deps.prisma.idea.createMany({
      data: Array.from({ length: 60 }, (_, n) => ({
        boardId: board.id,
        authorId: author.userId,
        title: `Calendar sync with Google ${n}`,
        status: 'NOT_PUBLIC' as const,
      })),
    });
    await addIdea(board.id, company.owner.token, 'Calendar sync for Outlook');
    expect(await similar(board.id, 'calendar sync google', reader.token)).toEqual([
      'Calendar sync for Outlook',
    ]);
    const forAuthor = await similar(board.id, 'calendar sync google', author.token);
    expect(forAuthor).toHaveLength(5);
    expect(forAuthor.every((title) => title.startsWith('Calendar sync with Google'))).toBe(true);
  });

  it('keeps other companies out: their private board is not found, their public one shows only its own ideas', async () => {
    await expectCall(server, 'GET', `/boards/${company.boardId}/ideas/similar?text=dark`, 404, {
      token: stranger.owner.token,
    });
    await expectCall(server, 'GET', `/boards/${company.boardId}/ideas/similar?text=dark`, 404);
    // Anyone may read a public board's hints, but only that board's ideas.
    expect(await similar(stranger.boardId, 'dark mode')).toEqual(['Dark mode of another company']);
    expect(await similar(stranger.boardId, 'dark mode', company.owner.token)).toEqual([
      'Dark mode of another company',
    ]);
  });

  it('refuses overlong text with a field error', async () => {
    const body = await expectCall(
      server,
      'GET',
      `/boards/${company.boardId}/ideas/similar?text=${'a'.repeat(501)}`,
      400,
      { token: company.owner.token },
    );
    expect(body.error.fields).toEqual([
      { field: 'text', message: 'It has to be max 500 characters.' },
    ]);
  });
});

describe('Board.similarIdeas (GraphQL)', () => {
  it('answers the same hints, as Idea nodes the caller can vote on', async () => {
    const { body } = await gql(
      server,
      `query ($id: ID!, $text: String!) { board(id: $id) { similarIdeas(text: $text) { id title voteCount isVotedByMe } } }`,
      { id: globalId('Board', company.boardId), text: 'ciemny motyw' },
      company.owner.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.board.similarIdeas).toEqual([
      expect.objectContaining({ title: 'Ciemny motyw aplikacji', isVotedByMe: false }),
    ]);
  });
  it('prices a search so that one operation cannot ask for many (outside attack 3, finding 11)', async () => {
    const aliases = (count: number) =>
      Array.from(
        { length: count },
        (_, n) => `s${n}: similarIdeas(text: "dark theme ${n}") { id }`,
      ).join(' ');
    const query = (count: number) => `query ($id: ID!) { board(id: $id) { ${aliases(count)} } }`;
    const id = globalId('Board', stranger.boardId);
    const few = await server.call('POST', '/graphql', {
      body: { query: query(3), variables: { id } },
    });
    expect(few.status).toBe(200);
    expect(few.body.errors).toBeUndefined();
    const many = await server.call('POST', '/graphql', {
      body: { query: query(20), variables: { id } },
    });
    expect(many.status).toBe(400);
    expect(many.body.errors[0]).toMatchObject({
      extensions: { code: 'BAD_REQUEST', limit: 'cost' },
    });
  });

  it('compares at most eight words of three letters or more with the titles (outside attack 3, finding 3)', () => {
    const noise = Array.from({ length: 160 }, (_, n) => ['ab', 'cd', 'ef', 'gh'][n % 4]).join(' ');
    expect(trigramWords(noise)).toBe('');
    const long =
      'integration notification dashboard analytics permissions roadmap onboarding spreadsheet calendar webhooks';
    const words = trigramWords(`${noise} ${long}`);
    expect(words.split(' ')).toHaveLength(8);
    expect(words.length).toBeLessThanOrEqual(80);
    expect(words.startsWith('integration notification')).toBe(true);
  });

  it('answers a text of many short words, and still finds by its longer ones', async () => {
    const noise = Array.from({ length: 160 }, (_, n) => ['ab', 'cd', 'ef', 'gh'][n % 4]).join(' ');
    expect(noise.length).toBeLessThanOrEqual(500);
    expect(await similar(company.boardId, noise, company.owner.token)).toEqual([]);
    const found = await similar(
      company.boardId,
      `${noise.slice(0, 400)} exporting spreadsheets`,
      company.owner.token,
    );
    expect(found).toContain('Export ideas to a spreadsheet');
  });
});
