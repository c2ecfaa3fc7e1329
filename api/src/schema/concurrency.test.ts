import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
  createBoardId,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { decodeId } from './ids.ts';

let server: TTestServer;
let admin: TTestAccount;
let boardId: string;
let voters: TTestAccount[];

const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) {
  __typename ... on MutationUpvoteIdeaSuccess { data { voteCount } } ${APP_ERROR} } }`;
const DOWNVOTE = `mutation ($ideaId: ID!) { downvoteIdea(ideaId: $ideaId) {
  __typename ... on MutationDownvoteIdeaSuccess { data { voteCount } } ${APP_ERROR} } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  ... on MutationCreateIdeaSuccess { data { id } } } }`;
const DECLINE = `mutation ($ideaId: ID!, $dup: ID) { declineIdea(ideaId: $ideaId, reason: DUPLICATE, duplicateOfIdeaId: $dup) {
  __typename ... on MutationDeclineIdeaSuccess { data { duplicateOf { voteCount } } } ${APP_ERROR} } }`;

async function newIdea(title: string): Promise<{ id: string; rowId: number }> {
  const { body } = await gql(server, CREATE_IDEA, { boardId, title }, admin.token);
  const id = body.data.createIdea.data.id;
  return { id, rowId: decodeId(id, 'Idea') };
}

/** The stored count and the rows it counts, read straight from the database. */
async function counts(rowId: number) {
  const idea = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: rowId } });
  const rows = await server.deps.prisma.vote.count({ where: { ideaId: rowId } });
  return { voteCount: idea.voteCount, rows };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpCompany(server);
  await setPlan(server, admin.companyId, 'ULTRA');
  boardId = await createBoardId(server, admin.token, 'Concurrency board');
  voters = [];
  for (let n = 0; n < 200; n += 1) voters.push(await addEndUser(server, admin.companyId));
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe('votes under concurrency', () => {
  it('counts 200 concurrent upvotes by 200 users exactly 200 times', async () => {
    const idea = await newIdea('Two hundred voters');
    const answers = await Promise.all(
      voters.map((voter) => mutate(server, 'upvoteIdea', UPVOTE, { ideaId: idea.id }, voter.token)),
    );
    expect(answers.every((a) => typeof a.voteCount === 'number')).toBe(true);
    expect(Math.max(...answers.map((a) => a.voteCount))).toBe(200);
    expect(await counts(idea.rowId)).toEqual({ voteCount: 200, rows: 200 });
  });

  it('counts 50 concurrent upvotes by one user once', async () => {
    const idea = await newIdea('One eager voter');
    const voter = voters[0]!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        mutate(server, 'upvoteIdea', UPVOTE, { ideaId: idea.id }, voter.token),
      ),
    );
    expect(answers.every((a) => a.voteCount === 1)).toBe(true);
    expect(await counts(idea.rowId)).toEqual({ voteCount: 1, rows: 1 });
  });

  it('keeps the count equal to the rows when upvotes and downvotes interleave', async () => {
    const idea = await newIdea('Toggling voters');
    const crowd = voters.slice(0, 60);
    await Promise.all(
      crowd.flatMap((voter, n) => [
        mutate(server, 'upvoteIdea', UPVOTE, { ideaId: idea.id }, voter.token),
        n % 2 === 0
          ? mutate(server, 'downvoteIdea', DOWNVOTE, { ideaId: idea.id }, voter.token)
          : null,
        mutate(server, 'upvoteIdea', UPVOTE, { ideaId: idea.id }, voter.token),
      ]),
    );
    const after = await counts(idea.rowId);
    expect(after.voteCount).toBe(after.rows);
    // Whatever the interleaving, the last call of each odd voter is an upvote.
    expect(after.rows).toBeGreaterThanOrEqual(30);
  });

  it('merges a duplicate while its voters keep voting, counting no voter twice', async () => {
    const kept = await newIdea('Kept while merging');
    const duplicate = await newIdea('Merged while voting');
    const shared = voters.slice(0, 40);
    const onlyDuplicate = voters.slice(40, 80);
    await Promise.all(
      shared.map((v) => mutate(server, 'upvoteIdea', UPVOTE, { ideaId: kept.id }, v.token)),
    );
    await Promise.all(
      [...shared, ...onlyDuplicate].map((v) =>
        mutate(server, 'upvoteIdea', UPVOTE, { ideaId: duplicate.id }, v.token),
      ),
    );
    const lateVoters = voters.slice(80, 120);
    const [declined] = await Promise.all([
      mutate(server, 'declineIdea', DECLINE, { ideaId: duplicate.id, dup: kept.id }, admin.token),
      ...lateVoters.map((v) => mutate(server, 'upvoteIdea', UPVOTE, { ideaId: kept.id }, v.token)),
      ...shared.map((v) => mutate(server, 'upvoteIdea', UPVOTE, { ideaId: kept.id }, v.token)),
    ]);
    expect(declined.__typename).not.toBe('AppError');
    const keptCounts = await counts(kept.rowId);
    expect(keptCounts).toEqual({ voteCount: 120, rows: 120 });
    expect(await counts(duplicate.rowId)).toEqual({ voteCount: 0, rows: 0 });
  });
});
