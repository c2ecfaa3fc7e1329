import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import { exportUserDocument } from '../privacy/export-end-user.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/** Votes a team member adds for customers, their removal, and the importance of votes. */

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
let endUser: TTestAccount;

const IDEA_FIELDS = `id voteCount
  importanceSplit { niceToHave important mustHave unrated }
  teamVotes { userId name email importance isAddedOnBehalf addedByName note }`;

const ADD = `mutation ($ideaId: ID!, $userId: ID, $email: String, $name: String, $note: String,
    $importance: VoteImportance) {
  result: addVoteOnBehalf(ideaId: $ideaId, userId: $userId, email: $email, name: $name,
      note: $note, importance: $importance) {
    __typename ${APP_ERROR} ... on MutationAddVoteOnBehalfSuccess { data { ${IDEA_FIELDS} } } } }`;
const REMOVE = `mutation ($ideaId: ID!, $userId: ID!) {
  result: removeVoteOnBehalf(ideaId: $ideaId, userId: $userId) {
    __typename ${APP_ERROR} ... on MutationRemoveVoteOnBehalfSuccess { data { ${IDEA_FIELDS} } } } }`;
const IMPORTANCE = `mutation ($ideaId: ID!, $importance: VoteImportance) {
  result: setVoteImportance(ideaId: $ideaId, importance: $importance) {
    __typename ${APP_ERROR} ... on MutationSetVoteImportanceSuccess { data { ${IDEA_FIELDS} } } } }`;
const READ = `query ($id: ID!) { idea(id: $id) { ${IDEA_FIELDS} } }`;

async function run(text: string, vars: Record<string, unknown>, token: string) {
  const { body } = await gql(server, text, vars, token);
  expect(body.errors).toBeUndefined();
  return body.data.result;
}

const ideaGid = (id: number) => globalId('Idea', id);
const userGid = (id: number) => globalId('CompanyUser', id);

async function newIdea(company: TRestCompany, title: string): Promise<number> {
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token: company.owner.token,
    headers: { 'x-board-id': String(company.boardId) },
    body: { title },
  });
  return idea.id;
}

async function voteRows(ideaId: number) {
  return server.deps.prisma.vote.count({ where: { ideaId } });
}

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER', name: 'Mia Member' });
  endUser = await addEndUser(server, a.owner.companyId, { name: 'Eve Enduser' });
});
afterAll(async () => {
  await server?.close();
});

describe('addVoteOnBehalf', () => {
  it('a MEMBER adds a vote for an end user with a note; the team sees who added it and why', async () => {
    const ideaId = await newIdea(a, 'Dark mode for reports');
    const result = await run(
      ADD,
      {
        ideaId: ideaGid(ideaId),
        userId: userGid(endUser.userId),
        note: 'from the sales call with ACME',
        importance: 'MUST_HAVE',
      },
      member.token,
    );
    expect(result.__typename).toBe('MutationAddVoteOnBehalfSuccess');
    expect(result.data.voteCount).toBe(1);
    expect(result.data.teamVotes).toEqual([
      {
        userId: userGid(endUser.userId),
        name: 'Eve Enduser',
        email: endUser.email,
        importance: 'MUST_HAVE',
        isAddedOnBehalf: true,
        addedByName: 'Mia Member',
        note: 'from the sales call with ACME',
      },
    ]);
    expect(result.data.importanceSplit).toEqual({
      niceToHave: 0,
      important: 0,
      mustHave: 1,
      unrated: 0,
    });
    // The REST answer keeps its shape: the vote counts like any other.
    const rest = await expectCall(server, 'GET', `/ideas/${ideaId}`, 200, { token: a.owner.token });
    expect(rest.voteCount).toBe(1);
    expect(Object.keys(rest)).not.toContain('teamVotes');
  });

  it('by email: creates an end user without a password once, then finds the same person', async () => {
    const ideaId = await newIdea(a, 'Bulk edit of tags');
    const other = await newIdea(a, 'Bulk delete of tags');
    const email = `Contact-${Date.now()}@Customer.example`;
    const first = await run(
      ADD,
      { ideaId: ideaGid(ideaId), email, name: 'Carl Contact' },
      a.owner.token,
    );
    expect(first.data.teamVotes[0]).toMatchObject({ name: 'Carl Contact', email });
    const created = await server.deps.prisma.user.findMany({
      where: { companyId: a.owner.companyId, email },
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ role: 'END_USER', passwordHash: null, loginEmail: null });
    await run(ADD, { ideaId: ideaGid(other), email: email.toLowerCase() }, a.owner.token);
    expect(
      await server.deps.prisma.user.count({
        where: { companyId: a.owner.companyId, email: { equals: email, mode: 'insensitive' } },
      }),
    ).toBe(1);
  });

  it('adding the same person twice is a clear error, not a second vote', async () => {
    const ideaId = await newIdea(a, 'Export to PDF');
    await run(ADD, { ideaId: ideaGid(ideaId), userId: userGid(endUser.userId) }, member.token);
    const again = await run(ADD, { ideaId: ideaGid(ideaId), email: endUser.email }, a.owner.token);
    expect(again).toMatchObject({
      __typename: 'AppError',
      code: 'CONFLICT',
      message: 'Eve Enduser has already voted for this idea.',
    });
    // The person's own vote is the same vote too.
    const own = await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, {
      token: endUser.token,
    });
    expect(own.body).toEqual({ voteCount: 1, isVotedByMe: true });
    expect(await voteRows(ideaId)).toBe(1);
  });

  it('never votes for a team member, and checks the note and the email field by field', async () => {
    const ideaId = await newIdea(a, 'Slack notifications');
    const team = await run(ADD, { ideaId: ideaGid(ideaId), email: member.email }, a.owner.token);
    expect(team).toMatchObject({ code: 'VALIDATION' });
    expect(team.fields).toEqual([
      {
        field: 'email',
        message: 'This is a team member’s email: team members vote for themselves.',
      },
    ]);
    const byId = await run(
      ADD,
      { ideaId: ideaGid(ideaId), userId: userGid(member.userId) },
      a.owner.token,
    );
    expect(byId).toMatchObject({ code: 'NOT_FOUND' });
    const long = await run(
      ADD,
      { ideaId: ideaGid(ideaId), email: 'someone@customer.example', note: 'x'.repeat(501) },
      a.owner.token,
    );
    expect(long).toMatchObject({ code: 'VALIDATION' });
    expect(long.fields.map((f: { field: string }) => f.field)).toEqual(['note']);
    const bad = await run(ADD, { ideaId: ideaGid(ideaId), email: 'not-an-email' }, a.owner.token);
    expect(bad.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
    const none = await run(ADD, { ideaId: ideaGid(ideaId) }, a.owner.token);
    expect(none.fields.map((f: { field: string }) => f.field)).toEqual(['email']);
    expect(await voteRows(ideaId)).toBe(0);
  });

  it('an end user is refused; another company’s team gets "not found" and nothing changes', async () => {
    const ideaId = await newIdea(a, 'Custom fields');
    const vars = { ideaId: ideaGid(ideaId), email: 'x-customer@customer.example' };
    expect(await run(ADD, vars, endUser.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await run(ADD, vars, b.owner.token)).toMatchObject({ code: 'NOT_FOUND' });
    // A's end user named by B's team is not found either.
    const bIdea = await newIdea(b, 'B idea');
    expect(
      await run(ADD, { ideaId: ideaGid(bIdea), userId: userGid(endUser.userId) }, b.owner.token),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await voteRows(ideaId)).toBe(0);
    expect(await voteRows(bIdea)).toBe(0);
    expect(
      await server.deps.prisma.user.count({ where: { email: 'x-customer@customer.example' } }),
    ).toBe(0);
  });

  it('keeps voteCount exact when team members add votes in parallel, the same people twice', async () => {
    const ideaId = await newIdea(a, 'Concurrent customers');
    const emails = Array.from({ length: 12 }, (_, n) => `parallel-${n}-${Date.now()}@c.example`);
    const results = await Promise.all(
      [...emails, ...emails].map((email, n) =>
        run(ADD, { ideaId: ideaGid(ideaId), email }, n % 2 ? member.token : a.owner.token),
      ),
    );
    const added = results.filter((r) => r.__typename === 'MutationAddVoteOnBehalfSuccess');
    const refused = results.filter((r) => r.code === 'CONFLICT');
    expect(added).toHaveLength(12);
    expect(refused).toHaveLength(12);
    const idea = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: ideaId } });
    expect(idea.voteCount).toBe(12);
    expect(await voteRows(ideaId)).toBe(12);
    // One new end user per email, however the calls interleaved.
    for (const email of emails) {
      expect(await server.deps.prisma.user.count({ where: { email } })).toBe(1);
    }
  });
});

describe('removeVoteOnBehalf', () => {
  it('a team member removes the vote; the count falls; removing again is "not found"', async () => {
    const ideaId = await newIdea(a, 'Remove me later');
    await run(ADD, { ideaId: ideaGid(ideaId), userId: userGid(endUser.userId) }, a.owner.token);
    const vars = { ideaId: ideaGid(ideaId), userId: userGid(endUser.userId) };
    expect(await run(REMOVE, vars, endUser.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await run(REMOVE, vars, b.owner.token)).toMatchObject({ code: 'NOT_FOUND' });
    const removed = await run(REMOVE, vars, member.token);
    expect(removed.data).toMatchObject({ voteCount: 0, teamVotes: [] });
    expect(await run(REMOVE, vars, member.token)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('setVoteImportance and the split', () => {
  it('a voter marks their own vote; the split is the team’s only; no vote is a conflict', async () => {
    const ideaId = await newIdea(a, 'Importance split');
    const vars = { ideaId: ideaGid(ideaId), importance: 'IMPORTANT' };
    expect(await run(IMPORTANCE, vars, endUser.token)).toMatchObject({ code: 'CONFLICT' });
    await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token: endUser.token });
    const marked = await run(IMPORTANCE, vars, endUser.token);
    expect(marked.__typename).toBe('MutationSetVoteImportanceSuccess');
    // The voter does not see the team's split or notes.
    expect(marked.data).toMatchObject({ importanceSplit: null, teamVotes: null });
    await run(
      ADD,
      {
        ideaId: ideaGid(ideaId),
        email: `nice-${Date.now()}@c.example`,
        importance: 'NICE_TO_HAVE',
      },
      member.token,
    );
    await run(
      ADD,
      { ideaId: ideaGid(ideaId), email: `none-${Date.now()}@c.example` },
      member.token,
    );
    const { body } = await gql(server, READ, { id: ideaGid(ideaId) }, member.token);
    expect(body.data.idea.importanceSplit).toEqual({
      niceToHave: 1,
      important: 1,
      mustHave: 0,
      unrated: 1,
    });
    // Clearing is allowed: importance is never required.
    await run(IMPORTANCE, { ideaId: ideaGid(ideaId), importance: null }, endUser.token);
    const after = await gql(server, READ, { id: ideaGid(ideaId) }, member.token);
    expect(after.body.data.idea.importanceSplit).toMatchObject({ important: 0, unrated: 2 });
  });
});

describe('the widget’s vote importance routes', () => {
  it('a voter reads and sets their importance over REST; the other answers keep their shape', async () => {
    const ideaId = await newIdea(a, 'Importance over REST');
    const path = `/api/v1/ideas/${ideaId}/vote-importance`;
    const token = endUser.token;
    expect(
      (await server.call('PUT', path, { token, body: { importance: 'MUST_HAVE' } })).status,
    ).toBe(409);
    const vote = await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token });
    expect(vote.body).toEqual({ voteCount: 1, isVotedByMe: true });
    expect((await server.call('GET', path, { token })).body).toEqual({ importance: null });
    const set = await server.call('PUT', path, { token, body: { importance: 'MUST_HAVE' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ importance: 'MUST_HAVE' });
    expect((await server.call('GET', path, { token })).body).toEqual({ importance: 'MUST_HAVE' });
    const wrong = await server.call('PUT', path, { token, body: { importance: 'URGENT' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['importance']);
    // Another company's idea is not found.
    expect((await server.call('GET', path, { token: b.owner.token })).status).toBe(404);
    const cleared = await server.call('PUT', path, { token, body: { importance: null } });
    expect(cleared.body).toEqual({ importance: null });
  });
});

describe('merging a duplicate', () => {
  it('moves a vote added on behalf with its note, who added it and its importance, and the undo gives it back', async () => {
    const duplicate = await newIdea(a, 'Merged away');
    const kept = await newIdea(a, 'Kept open');
    await run(
      ADD,
      {
        ideaId: ideaGid(duplicate),
        userId: userGid(endUser.userId),
        note: 'from the demo',
        importance: 'IMPORTANT',
      },
      member.token,
    );
    const { body } = await gql(
      server,
      `mutation ($ideaId: ID!, $keptId: ID!) {
        declineIdea(ideaId: $ideaId, reason: DUPLICATE, duplicateOfIdeaId: $keptId, mergeVotes: true) {
          __typename } }`,
      { ideaId: ideaGid(duplicate), keptId: ideaGid(kept) },
      a.owner.token,
    );
    expect(body.data.declineIdea.__typename).toBe('MutationDeclineIdeaSuccess');
    const read = await gql(server, READ, { id: ideaGid(kept) }, member.token);
    expect(read.body.data.idea.teamVotes).toEqual([
      expect.objectContaining({
        name: 'Eve Enduser',
        importance: 'IMPORTANT',
        addedByName: 'Mia Member',
        note: 'from the demo',
      }),
    ]);
    // Undoing the merge gives the vote back to the duplicate, note and all.
    const undone = await gql(
      server,
      `mutation ($ideaId: ID!) { undoMerge(ideaId: $ideaId) { __typename } }`,
      { ideaId: ideaGid(duplicate) },
      a.owner.token,
    );
    expect(undone.body.data.undoMerge.__typename).toBe('MutationUndoMergeSuccess');
    const back = await gql(server, READ, { id: ideaGid(duplicate) }, member.token);
    expect(back.body.data.idea.teamVotes).toEqual([
      expect.objectContaining({
        importance: 'IMPORTANT',
        addedByName: 'Mia Member',
        note: 'from the demo',
      }),
    ]);
  });
});

describe('the person’s own data export (GDPR)', () => {
  it('holds a vote added on their behalf with its importance and the team’s note', async () => {
    const ideaId = await newIdea(a, 'Exported on request');
    const email = `gdpr-${Date.now()}@c.example`;
    await run(
      ADD,
      { ideaId: ideaGid(ideaId), email, note: 'from the trade fair', importance: 'NICE_TO_HAVE' },
      member.token,
    );
    const user = await server.deps.prisma.user.findFirstOrThrow({ where: { email } });
    const doc = await exportUserDocument(server.deps, user, { label: 'test' });
    expect(doc.votes).toEqual([
      expect.objectContaining({
        ideaId,
        importance: 'NICE_TO_HAVE',
        isAddedOnBehalf: true,
        note: 'from the trade fair',
      }),
    ]);
  });
});
