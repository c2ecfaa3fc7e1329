import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../api-key/api-keys.ts';
import { checkIdeaCounts } from './check-idea-counts.ts';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { globalId } from '../../schema/ids.ts';

let server: TTestServer;
let acme: TRestCompany;
let other: TRestCompany;
let member: TTestAccount;
let endUser: TTestAccount;
let apiKey: string;
let secondBoardId: number;

const MOVE = `mutation ($ideaId: ID!, $boardId: ID!) { moveIdea(ideaId: $ideaId, boardId: $boardId) {
  __typename ... on MutationMoveIdeaSuccess { data { idea { id voteCount commentCount board { id } } fromBoard { id } } }
  ${APP_ERROR} } }`;

const move = (ideaId: number, boardId: number, token?: string) =>
  mutate(
    server,
    'moveIdea',
    MOVE,
    { ideaId: globalId('Idea', ideaId), boardId: globalId('Board', boardId) },
    token,
  );

/** What a board's readers see: the listed ideas' ids and the list's total. */
async function boardList(boardId: number, token: string) {
  const page = await expectCall(server, 'GET', '/ideas/?filter=ALL', 200, {
    token,
    headers: { 'x-board-id': String(boardId) },
  });
  const { body } = await gql(
    server,
    `query ($id: ID!) { board(id: $id) { ideas(first: 50) { totalCount } } }`,
    { id: globalId('Board', boardId) },
    token,
  );
  return {
    ids: page.ideas.map((idea: { id: number }) => idea.id) as number[],
    total: body.data.board.ideas.totalCount as number,
  };
}

async function newIdea(boardId: number, title: string): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(boardId) },
    body: { title },
  });
  return idea.id;
}

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
  endUser = await addEndUser(server, acme.owner.companyId);
  const board = await expectCall(server, 'POST', `/companies/${acme.owner.companyId}/boards`, 201, {
    token: acme.owner.token,
    body: { name: 'Second board' },
  });
  secondBoardId = board.id;
  // New boards are private; like the fixture's first board, the second is public so the end
  // user who voted can still read the idea after it moves there.
  await expectCall(server, 'PUT', `/boards/${secondBoardId}/set-public`, 200, {
    token: acme.owner.token,
    body: { isPublic: true },
  });
  ({ key: apiKey } = await createApiKey(
    server.deps,
    {
      userId: acme.owner.userId,
      companyId: acme.owner.companyId,
      role: 'OWNER',
      kind: 'REGULAR',
      sessionId: 1,
    },
    { name: 'Triage bot' },
  ));
});
afterAll(async () => {
  await server?.close();
});

describe('moveIdea', () => {
  it('moves an idea with its votes, comments and notes; both boards’ lists and counters follow', async () => {
    const ideaId = await newIdea(acme.boardId, 'Move me with my votes');
    await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: endUser.token });
    await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: member.token });
    await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
      token: endUser.token,
      body: { text: 'Please keep my vote.' },
    });
    await expectCall(server, 'POST', `/ideas/${ideaId}/comments`, 201, {
      token: member.token,
      body: { text: 'Belongs on the other board.', isInternal: true },
    });
    const before = {
      from: await boardList(acme.boardId, acme.owner.token),
      to: await boardList(secondBoardId, acme.owner.token),
    };
    expect(before.from.ids).toContain(ideaId);

    const moved = await move(ideaId, secondBoardId, acme.owner.token);
    expect(moved.idea).toMatchObject({
      voteCount: 2,
      commentCount: 1,
      board: { id: globalId('Board', secondBoardId) },
    });
    expect(moved.fromBoard.id).toBe(globalId('Board', acme.boardId));

    const after = {
      from: await boardList(acme.boardId, acme.owner.token),
      to: await boardList(secondBoardId, acme.owner.token),
    };
    expect(after.from.ids).not.toContain(ideaId);
    expect(after.to.ids).toContain(ideaId);
    expect(after.from.total).toBe(before.from.total - 1);
    expect(after.to.total).toBe(before.to.total + 1);
    expect(await checkIdeaCounts(server.deps.prisma)).toEqual([]);

    // The voter still has their vote there; the comments and the note came along.
    const read = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: endUser.token });
    expect(read).toMatchObject({ voteCount: 2, isVotedByMe: true, commentCount: 1 });
    const comments = await expectCall(server, 'GET', `/ideas/${ideaId}/comments`, 200, {
      token: member.token,
    });
    expect(comments).toHaveLength(2);
  });

  it('lets members and an admin’s API key move ideas (triage); end users are forbidden', async () => {
    const ideaId = await newIdea(acme.boardId, 'Who may move this one');
    const refused = await move(ideaId, secondBoardId, endUser.token);
    expect(refused).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    expect((await move(ideaId, secondBoardId, member.token)).idea.board.id).toBe(
      globalId('Board', secondBoardId),
    );
    expect((await move(ideaId, acme.boardId, apiKey)).idea.board.id).toBe(
      globalId('Board', acme.boardId),
    );
    const anonymous = await gql(server, MOVE, {
      ideaId: globalId('Idea', ideaId),
      boardId: globalId('Board', secondBoardId),
    });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses another company’s board or idea as not found, and the same board as invalid', async () => {
    const ideaId = await newIdea(acme.boardId, 'Stay within the company');
    expect(await move(ideaId, other.boardId, acme.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Board not found.',
    });
    expect(await move(other.ideaId, secondBoardId, acme.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Idea not found.',
    });
    // Even the other company's own team cannot pull the idea to their board.
    expect(await move(ideaId, other.boardId, other.owner.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await move(ideaId, acme.boardId, acme.owner.token)).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'boardId', message: 'The idea is on this board already.' }],
    });
    const { boardId } = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
    expect(boardId).toBe(acme.boardId);
  });

  it('moves an imported idea onto a board holding one imported with the same key (attack 8, F6)', async () => {
    const ideaId = await newIdea(acme.boardId, 'Imported here as row 7');
    const thereId = await newIdea(secondBoardId, 'Imported there as row 7');
    const key = { importSource: 'CSV', importExternalId: '7' };
    await server.deps.prisma.idea.updateMany({
      where: { id: { in: [ideaId, thereId] } },
      data: key,
    });
    const moved = await move(ideaId, secondBoardId, acme.owner.token);
    expect(moved.idea.board.id).toBe(globalId('Board', secondBoardId));
    const rows = await server.deps.prisma.idea.findMany({
      where: { id: { in: [ideaId, thereId] } },
      select: { id: true, boardId: true, importExternalId: true },
      orderBy: { id: 'asc' },
    });
    expect(rows).toEqual([
      { id: ideaId, boardId: secondBoardId, importExternalId: null },
      { id: thereId, boardId: secondBoardId, importExternalId: '7' },
    ]);
    // Without a clash the key goes along.
    const lone = await newIdea(acme.boardId, 'Imported as row 8');
    await server.deps.prisma.idea.update({
      where: { id: lone },
      data: { importSource: 'CSV', importExternalId: '8' },
    });
    await move(lone, secondBoardId, acme.owner.token);
    const kept = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: lone } });
    expect(kept.importExternalId).toBe('8');
  });

  it('moves racing each other end on one board each; the counters equal a recount', async () => {
    const third = await expectCall(
      server,
      'POST',
      `/companies/${acme.owner.companyId}/boards`,
      201,
      {
        token: acme.owner.token,
        body: { name: 'Third board' },
      },
    );
    const ideaIds = await Promise.all(
      ['Race one here', 'Race two here', 'Race three here'].map((t) => newIdea(acme.boardId, t)),
    );
    const answers = await Promise.all(
      ideaIds.flatMap((ideaId) => [
        move(ideaId, secondBoardId, acme.owner.token),
        move(ideaId, third.id, member.token),
      ]),
    );
    // Each move either applied (one after the other) or found the idea gone from under it.
    for (const answer of answers) {
      if (answer.__typename === 'AppError') expect(answer.code).toBe('CONFLICT');
    }
    const rows = await server.deps.prisma.idea.findMany({ where: { id: { in: ideaIds } } });
    for (const row of rows) expect([secondBoardId, third.id]).toContain(row.boardId);
    expect(await checkIdeaCounts(server.deps.prisma)).toEqual([]);
  });
});
