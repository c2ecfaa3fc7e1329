import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
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
let author: TTestAccount;
let ideaId: number;
let keptId: number;
let secondBoardId: number;

const ACTIVITY = `query ($id: ID!, $first: Int, $after: String) { idea(id: $id) {
  activity(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node { kind actor { displayName } fromStatus toStatus fromBoardName toBoardName
      fromTitle toTitle otherIdeaId otherIdeaTitle votesMoved createdAt } } } } }`;

async function activityOf(id: number, token?: string, first = 50, after?: string) {
  const { body } = await gql(server, ACTIVITY, { id: globalId('Idea', id), first, after }, token);
  expect(body.errors).toBeUndefined();
  return body.data.idea?.activity ?? null;
}

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  const { companyId } = acme.owner;
  member = await addEndUser(server, companyId, { role: 'MEMBER', name: 'Mo Member' });
  author = await addEndUser(server, companyId, { name: 'Ann Author' });
  await server.deps.prisma.user.update({
    where: { id: acme.owner.userId },
    data: { displayName: 'Olga Owner' },
  });
  const board = await expectCall(server, 'POST', `/companies/${companyId}/boards`, 201, {
    token: acme.owner.token,
    body: { name: 'Mobile app' },
  });
  secondBoardId = board.id;
  // Public, so the idea's author (an end user) can still vote on it once it moves here.
  await expectCall(server, 'PUT', `/boards/${secondBoardId}/set-public`, 200, {
    token: acme.owner.token,
    body: { isPublic: true },
  });
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: author.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title: 'Dark mode please' },
  });
  ideaId = idea.id;
  // Accepted by the owner, renamed by its author, moved by a member, then merged.
  await expectCall(server, 'PUT', `/ideas/${ideaId}/status`, 200, {
    token: acme.owner.token,
    body: { status: 'OPEN' },
  });
  await expectCall(server, 'PUT', `/ideas/${ideaId}`, 200, {
    token: author.token,
    body: { title: 'Dark mode for the app' },
  });
  // Saving the same title again is no change: no entry.
  await expectCall(server, 'PUT', `/ideas/${ideaId}`, 200, {
    token: author.token,
    body: { title: 'Dark mode for the app', description: 'Easier on the eyes.' },
  });
  const moved = await gql(
    server,
    `mutation ($ideaId: ID!, $boardId: ID!) { moveIdea(ideaId: $ideaId, boardId: $boardId) { __typename } }`,
    { ideaId: globalId('Idea', ideaId), boardId: globalId('Board', secondBoardId) },
    member.token,
  );
  expect(moved.body.data.moveIdea.__typename).toBe('MutationMoveIdeaSuccess');
  const kept = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(secondBoardId) },
    body: { title: 'Night theme' },
  });
  keptId = kept.id;
  await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: author.token });
  // The member voted for both: the merge takes two votes away and gives the kept idea one.
  await expectCall(server, 'POST', `/ideas/${ideaId}/upvote`, 200, { token: member.token });
  await expectCall(server, 'POST', `/ideas/${keptId}/upvote`, 200, { token: member.token });
  await expectCall(server, 'POST', `/ideas/${ideaId}/decline`, 200, {
    token: acme.owner.token,
    body: { reason: 'DUPLICATE', duplicateOfIdeaId: keptId, mergeVotes: true },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('Idea.activity', () => {
  it('lists who changed status, title, board and merges, newest first, to the team', async () => {
    for (const token of [acme.owner.token, member.token]) {
      const activity = await activityOf(ideaId, token);
      const entries = activity.edges.map((e: { node: Record<string, unknown> }) => e.node);
      expect(entries).toMatchObject([
        {
          kind: 'MERGED',
          actor: { displayName: 'Olga Owner' },
          otherIdeaId: globalId('Idea', keptId),
          otherIdeaTitle: 'Night theme',
          votesMoved: 2,
        },
        { kind: 'STATUS_CHANGED', fromStatus: 'OPEN', toStatus: 'DECLINED' },
        {
          kind: 'MOVED',
          actor: { displayName: 'Mo Member' },
          fromBoardName: expect.stringMatching(/^Fixture board/),
          toBoardName: 'Mobile app',
        },
        {
          kind: 'TITLE_CHANGED',
          actor: { displayName: 'Ann Author' },
          fromTitle: 'Dark mode please',
          toTitle: 'Dark mode for the app',
        },
        {
          kind: 'STATUS_CHANGED',
          actor: { displayName: 'Olga Owner' },
          fromStatus: 'NOT_PUBLIC',
          toStatus: 'OPEN',
          fromTitle: null,
        },
      ]);
      expect(entries[0].createdAt >= entries[4].createdAt).toBe(true);
    }
    const kept = await activityOf(keptId, acme.owner.token);
    expect(kept.edges.map((e: { node: { kind: string } }) => e.node.kind)).toEqual(['MERGED']);
    expect(kept.edges[0].node).toMatchObject({
      otherIdeaId: globalId('Idea', ideaId),
      votesMoved: 1,
    });
  });

  it('pages with cursors', async () => {
    const first = await activityOf(ideaId, acme.owner.token, 2);
    expect(first.edges.map((e: { node: { kind: string } }) => e.node.kind)).toEqual([
      'MERGED',
      'STATUS_CHANGED',
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = await activityOf(ideaId, acme.owner.token, 2, first.pageInfo.endCursor);
    expect(next.edges.map((e: { node: { kind: string } }) => e.node.kind)).toEqual([
      'MOVED',
      'TITLE_CHANGED',
    ]);
    const { body } = await gql(
      server,
      ACTIVITY,
      { id: globalId('Idea', ideaId), first: 2, after: 'not-a-cursor' },
      acme.owner.token,
    );
    expect(body.errors[0].extensions.code).toBe('VALIDATION');
  });

  it('is null for the author, end users, anonymous readers and another company’s admin', async () => {
    await server.deps.prisma.board.update({
      where: { id: secondBoardId },
      data: { isPublic: true },
    });
    for (const token of [author.token, undefined, other.owner.token]) {
      expect(await activityOf(keptId, token)).toBeNull();
    }
  });
});
