import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { authenticate } from '../account/authenticate.ts';
import { addVote } from '../vote/add-vote.ts';
import { APP_ERROR, addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/** blockEndUser / unblockEndUser: who may, what a blocked user can no longer do, their votes. */

let server: TTestServer;

const BLOCKED_MESSAGE =
  'Your account is blocked on this board: you can read it, but not vote, comment or add ideas.';

const BLOCK = `mutation ($userId: ID!, $removeVotes: Boolean) {
  result: blockEndUser(userId: $userId, removeVotes: $removeVotes) {
    __typename ${APP_ERROR}
    ... on MutationBlockEndUserSuccess { data { votesRemoved user { id blockedAt } } } } }`;
const UNBLOCK = `mutation ($userId: ID!) {
  result: unblockEndUser(userId: $userId) {
    __typename ${APP_ERROR} ... on MutationUnblockEndUserSuccess { data { id blockedAt } } } }`;

async function run(text: string, vars: Record<string, unknown>, token: string) {
  const { body } = await gql(server, text, vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

const userId = (account: TTestAccount) => globalId('CompanyUser', account.userId);

async function block(admin: TTestAccount, user: TTestAccount, removeVotes = false) {
  return run(BLOCK, { userId: userId(user), removeVotes }, admin.token);
}

/** Ideas on the company's board, made by the owner over REST; answers their ids. */
async function addIdeas(company: TRestCompany, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: `Idea number ${i + 1} to vote on` },
    });
    ids.push(idea.id);
  }
  return ids;
}

const upvote = (ideaId: number, token: string) =>
  server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token });

/** Every idea of the board whose voteCount differs from a count of its vote rows. */
async function miscounted(boardId: number): Promise<unknown[]> {
  return server.deps.prisma.$queryRaw<unknown[]>`
    SELECT i."id", i."voteCount", (SELECT count(*)::int FROM "Vote" v WHERE v."ideaId" = i."id") AS "recount"
    FROM "Idea" i WHERE i."boardId" = ${boardId}::int
      AND i."voteCount" <> (SELECT count(*)::int FROM "Vote" v WHERE v."ideaId" = i."id")`;
}

async function votesOf(user: TTestAccount): Promise<number> {
  return server.deps.prisma.vote.count({ where: { userId: user.userId } });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('a blocked end user', () => {
  it('cannot vote, unvote, comment or submit (REST 403 and GraphQL USER_BLOCKED); reads still work; unblocking lets them again', async () => {
    const company = await restCompany(server);
    const user = await addEndUser(server, company.owner.companyId, { name: 'Blocky' });
    const [votedIdea, otherIdea] = await addIdeas(company, 2);
    await expectCall(server, 'POST', `/ideas/${votedIdea}/upvote`, 200, { token: user.token });

    const blocked = await block(company.owner, user);
    expect(blocked.__typename).toBe('MutationBlockEndUserSuccess');
    expect(blocked.data.votesRemoved).toBe(0);
    expect(blocked.data.user.blockedAt).toEqual(expect.any(String));

    const refused = { error: { code: 'USER_BLOCKED', message: BLOCKED_MESSAGE } };
    const token = user.token;
    expect(await expectCall(server, 'POST', `/ideas/${otherIdea}/upvote`, 403, { token })).toEqual(
      refused,
    );
    expect(
      await expectCall(server, 'POST', `/ideas/${votedIdea}/downvote`, 403, { token }),
    ).toEqual(refused);
    expect(
      await expectCall(server, 'POST', `/ideas/${votedIdea}/comments`, 403, {
        token,
        body: { text: 'A comment from a blocked user' },
      }),
    ).toEqual(refused);
    expect(
      await expectCall(server, 'POST', '/ideas/', 403, {
        token,
        headers: { 'x-board-id': String(company.boardId) },
        body: { title: 'An idea from a blocked user' },
      }),
    ).toEqual(refused);

    const ideaGid = globalId('Idea', otherIdea!);
    const graphql = await gql(
      server,
      `mutation ($ideaId: ID!, $boardId: ID!) {
        vote: upvoteIdea(ideaId: $ideaId) { __typename ${APP_ERROR} }
        comment: addComment(ideaId: $ideaId, text: "Blocked, yet commenting") { __typename ${APP_ERROR} }
        idea: createIdea(boardId: $boardId, title: "Blocked, yet submitting") { __typename ${APP_ERROR} }
      }`,
      { ideaId: ideaGid, boardId: globalId('Board', company.boardId) },
      token,
    );
    for (const field of ['vote', 'comment', 'idea']) {
      expect(graphql.body.data[field]).toMatchObject({
        code: 'USER_BLOCKED',
        message: BLOCKED_MESSAGE,
      });
    }
    const self = await gql(server, `{ viewer { user { isBlocked } } }`, {}, token);
    expect(self.body.data.viewer.user.isBlocked).toBe(true);

    // Their earlier vote stays counted, and they still read the board.
    const idea = await expectCall(server, 'GET', `/ideas/${votedIdea}`, 200, { token });
    expect(idea.voteCount).toBe(1);
    expect(await votesOf(user)).toBe(1);
    const comments = await server.deps.prisma.comment.count({ where: { authorId: user.userId } });
    expect(comments).toBe(0);

    const lifted = await run(UNBLOCK, { userId: userId(user) }, company.owner.token);
    expect(lifted).toMatchObject({ data: { blockedAt: null } });
    expect(
      (await expectCall(server, 'POST', `/ideas/${otherIdea}/upvote`, 200, { token })).voteCount,
    ).toBe(1);

    const entries = await server.deps.prisma.auditEntry.findMany({
      where: { companyId: company.owner.companyId, action: { startsWith: 'END_USER_' } },
      orderBy: { id: 'asc' },
    });
    expect(
      entries.map((e) => ({
        action: e.action,
        actor: e.actorUserId,
        target: e.targetId,
        details: e.details,
      })),
    ).toEqual([
      {
        action: 'END_USER_BLOCKED',
        actor: company.owner.userId,
        target: String(user.userId),
        details: { name: 'Blocky', removeVotes: false, votesRemoved: 0 },
      },
      {
        action: 'END_USER_UNBLOCKED',
        actor: company.owner.userId,
        target: String(user.userId),
        details: { name: 'Blocky' },
      },
    ]);
  });

  it('the widget is told: read-only with a reason', async () => {
    const company = await restCompany(server);
    const user = await addEndUser(server, company.owner.companyId, { kind: 'SSO' });
    const board = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: company.boardId },
    });
    const path = `/widget/boards/${board.widgetHash}`;
    const before = await expectCall(server, 'GET', path, 200, { token: user.token });
    expect([before.canParticipate, before.isBlocked]).toEqual([true, false]);
    await block(company.owner, user);
    const after = await expectCall(server, 'GET', path, 200, { token: user.token });
    expect([after.canParticipate, after.isBlocked]).toEqual([false, true]);
  });
});

describe('removing their votes', () => {
  it('deletes every vote of theirs and each idea counts exactly the votes left', async () => {
    const company = await restCompany(server);
    const user = await addEndUser(server, company.owner.companyId);
    const other = await addEndUser(server, company.owner.companyId);
    const ideas = await addIdeas(company, 4);
    for (const id of ideas.slice(0, 3)) await upvote(id, user.token);
    for (const id of ideas.slice(1)) await upvote(id, other.token);

    const blocked = await block(company.owner, user, true);
    expect(blocked.data.votesRemoved).toBe(3);
    expect(await votesOf(user)).toBe(0);
    const counts = await server.deps.prisma.idea.findMany({
      where: { id: { in: ideas } },
      orderBy: { id: 'asc' },
      select: { voteCount: true },
    });
    expect(counts.map((idea) => idea.voteCount)).toEqual([0, 1, 1, 1]);
    expect(await miscounted(company.boardId)).toEqual([]);
    const entry = await server.deps.prisma.auditEntry.findFirstOrThrow({
      where: { companyId: company.owner.companyId, action: 'END_USER_BLOCKED' },
    });
    expect(entry.details).toMatchObject({ removeVotes: true, votesRemoved: 3 });
  });

  it('votes arriving while the block removes them: none of theirs is left, every count equals a recount', async () => {
    const company = await restCompany(server);
    const user = await addEndUser(server, company.owner.companyId);
    const others = await Promise.all(
      Array.from({ length: 3 }, () => addEndUser(server, company.owner.companyId)),
    );
    const ideas = await addIdeas(company, 8);
    for (const id of ideas.slice(0, 4)) await upvote(id, user.token);

    const theirVotes = ideas.map((id) => upvote(id, user.token));
    const othersVotes = others.flatMap((other) => ideas.map((id) => upvote(id, other.token)));
    const [blocked, ...answers] = await Promise.all([
      block(company.owner, user, true),
      ...theirVotes,
      ...othersVotes,
    ]);
    expect(blocked.__typename).toBe('MutationBlockEndUserSuccess');
    const theirs = answers.slice(0, ideas.length);
    // Each of their votes either went in before the block (and was removed with it) or was
    // refused after it; none is left behind.
    for (const answer of theirs) {
      expect([200, 403]).toContain(answer.status);
      if (answer.status === 403) expect(answer.body.error.code).toBe('USER_BLOCKED');
    }
    expect(answers.slice(ideas.length).every((answer) => answer.status === 200)).toBe(true);
    expect(await votesOf(user)).toBe(0);
    expect(await miscounted(company.boardId)).toEqual([]);
    const counts = await server.deps.prisma.idea.findMany({
      where: { id: { in: ideas } },
      select: { voteCount: true },
    });
    expect(counts.every((idea) => idea.voteCount === others.length)).toBe(true);
    // A second block with removal finds nothing more to remove.
    expect((await block(company.owner, user, true)).data.votesRemoved).toBe(0);
  });

  it('a vote whose session was read before the block committed is refused by the vote statement itself', async () => {
    const company = await restCompany(server);
    const user = await addEndUser(server, company.owner.companyId);
    const [ideaId] = await addIdeas(company, 1);
    // The request authenticated (not blocked yet), then the block with removal committed.
    const staleViewer = await authenticate(server.deps, user.token);
    expect(staleViewer?.isBlocked).toBe(false);
    await block(company.owner, user, true);
    await expect(addVote(server.deps, staleViewer, ideaId!)).rejects.toMatchObject({
      code: 'USER_BLOCKED',
    });
    expect(await votesOf(user)).toBe(0);
    expect(await miscounted(company.boardId)).toEqual([]);
  });

  it('two users blocked at once with their votes on the same ideas: both removed, counts right', async () => {
    const company = await restCompany(server);
    const users = await Promise.all(
      Array.from({ length: 4 }, () => addEndUser(server, company.owner.companyId)),
    );
    const ideas = await addIdeas(company, 5);
    await Promise.all(users.flatMap((user) => ideas.map((id) => upvote(id, user.token))));
    const results = await Promise.all(
      users.slice(0, 3).map((user) => block(company.owner, user, true)),
    );
    expect(results.map((result) => result.data.votesRemoved)).toEqual([5, 5, 5]);
    expect(await miscounted(company.boardId)).toEqual([]);
    const counts = await server.deps.prisma.idea.findMany({
      where: { id: { in: ideas } },
      select: { voteCount: true },
    });
    expect(counts.every((idea) => idea.voteCount === 1)).toBe(true);
  });
});

describe('who may block', () => {
  it('owners and admins; a MEMBER or an end user is forbidden; another company is not found; team members cannot be blocked', async () => {
    const company = await restCompany(server);
    const companyId = company.owner.companyId;
    const admin = await addEndUser(server, companyId, { role: 'ADMIN' });
    const member = await addEndUser(server, companyId, { role: 'MEMBER' });
    const endUser = await addEndUser(server, companyId);
    const target = await addEndUser(server, companyId);
    const stranger = await restCompany(server);
    const strangerAdmin = await addEndUser(server, stranger.owner.companyId, { role: 'ADMIN' });

    for (const caller of [member, endUser]) {
      expect(await block(caller, target)).toMatchObject({ code: 'FORBIDDEN' });
      expect(await run(UNBLOCK, { userId: userId(target) }, caller.token)).toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    for (const caller of [stranger.owner, strangerAdmin]) {
      expect(await block(caller, target, true)).toMatchObject({
        code: 'NOT_FOUND',
        message: 'User not found.',
      });
      expect(await run(UNBLOCK, { userId: userId(target) }, caller.token)).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    const anonymous = await gql(server, BLOCK, { userId: userId(target) });
    expect(anonymous.body.errors?.[0]?.message).toBe('Sign in to continue.');
    expect(
      await server.deps.prisma.user.findUniqueOrThrow({ where: { id: target.userId } }),
    ).toMatchObject({ blockedAt: null });

    expect(await block(admin, member)).toMatchObject({ code: 'CONFLICT' });
    expect(await block(admin, company.owner)).toMatchObject({ code: 'CONFLICT' });
    expect((await block(admin, target)).__typename).toBe('MutationBlockEndUserSuccess');
  });
});
