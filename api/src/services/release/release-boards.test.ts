import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { authenticate } from '../account/authenticate.ts';
import { findReleases, getRelease } from './find-releases.ts';

/**
 * A release's boards, as every answer names them, are those the caller may see (access.ts):
 * an end user with no grant to a private board does not learn its id from a release that is
 * also published on a public board; the team sees them all.
 */

let server: TTestServer;
let a: TRestCompany;
let privateBoardId: number;
let releaseId: number;
let endUser: { token: string; userId: number };
let member: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  const token = a.owner.token;
  const board = await expectCall(server, 'POST', `/companies/${a.owner.companyId}/boards`, 201, {
    token,
    body: { name: 'Private plans board' },
  });
  privateBoardId = board.id;
  await expectCall(server, 'PUT', `/boards/${privateBoardId}/set-public`, 200, {
    token,
    body: { isPublic: false },
  });
  const release = await expectCall(
    server,
    'POST',
    `/companies/${a.owner.companyId}/releases`,
    201,
    {
      token,
      body: { name: 'Both', releaseDate: '2026-02-01', boardIds: [a.boardId, privateBoardId] },
    },
  );
  releaseId = release.id;
  await expectCall(server, 'PUT', `/releases/${releaseId}/publish`, 200, {
    token,
    body: { published: true },
  });
  // A visitor of the public board signs up there: an end user with no grant to the private one.
  const { widgetHash } = await server.deps.prisma.board.findUniqueOrThrow({
    where: { id: a.boardId },
  });
  const signUp = await expectCall(server, 'POST', `/widget/boards/${widgetHash}/signup`, 201, {
    body: { email: `reader-${Date.now()}@example.com`, password: 'reader-password' },
  });
  endUser = { token: signUp.token, userId: signUp.user.id };
  member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
});
afterAll(async () => {
  await server?.close();
});

const RELEASE_BOARDS = `query ($id: ID!, $board: ID!) {
  release(id: $id) { boards { id } }
  releases { edges { node { id boards { id } } } }
  node(id: $board) { ... on Board { releases { edges { node { id boards { id } } } } } }
}`;

/** The board ids each GraphQL path answers for the release, as `token` asks. */
async function boardsSeenBy(token: string): Promise<string[][]> {
  const { body } = await gql(
    server,
    RELEASE_BOARDS,
    { id: globalId('Release', releaseId), board: globalId('Board', a.boardId) },
    token,
  );
  expect(body.errors).toBeUndefined();
  const ofRelease = (node: { id: string; boards: { id: string }[] }[]) =>
    node.find((release) => release.id === globalId('Release', releaseId))?.boards ?? [];
  return [
    body.data.release.boards,
    ofRelease(body.data.releases.edges.map((edge: any) => edge.node)),
    ofRelease(body.data.node.releases.edges.map((edge: any) => edge.node)),
  ].map((boards: { id: string }[]) => boards.map((board) => board.id).sort());
}

describe('the boards of a release', () => {
  it('are only the boards an end user may see, on every GraphQL path to the release', async () => {
    const publicOnly = [globalId('Board', a.boardId)];
    expect(await boardsSeenBy(endUser.token)).toEqual([publicOnly, publicOnly, publicOnly]);
  });

  it('are all of them for the team', async () => {
    const both = [globalId('Board', a.boardId), globalId('Board', privateBoardId)].sort();
    expect(await boardsSeenBy(member.token)).toEqual([both, both, both]);
    expect(await boardsSeenBy(a.owner.token)).toEqual([both, both, both]);
  });

  it('are only the visible ones in what the release services load for every transport (MCP’s boardIds)', async () => {
    const reader = await authenticate(server.deps, endUser.token);
    const owner = await authenticate(server.deps, a.owner.token);
    expect((await getRelease(server.deps, reader, releaseId)).boards).toEqual([{ id: a.boardId }]);
    const listed = await findReleases(server.deps, reader, { boardId: a.boardId });
    expect(listed.map((release) => release.boards)).toEqual([[{ id: a.boardId }]]);
    const all = await getRelease(server.deps, owner, releaseId);
    expect(all.boards.map((board) => board.id).sort()).toEqual([a.boardId, privateBoardId].sort());
  });

  it('never name the private board in the REST answers an end user reads', async () => {
    const answers = [
      await expectCall(server, 'GET', `/releases/${releaseId}`, 200, { token: endUser.token }),
      await expectCall(server, 'GET', `/boards/${a.boardId}/releases`, 200, {
        token: endUser.token,
      }),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toMatch(/board/i);
    }
  });
});
