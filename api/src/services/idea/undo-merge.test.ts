import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let voters: TTestAccount[];

const UNDO = `mutation ($ideaId: ID!) { undoMerge(ideaId: $ideaId) { __typename
  ... on MutationUndoMergeSuccess { data { votesRestored
    idea { status voteCount declineDetails { reason } } keptIdea { voteCount } } }
  ${APP_ERROR} } }`;
const UNTIL = `query ($id: ID!) { idea(id: $id) { mergeUndoableUntil } }`;

const undo = (ideaId: number, token?: string) =>
  mutate(server, 'undoMerge', UNDO, { ideaId: globalId('Idea', ideaId) }, token);

async function idea(title: string): Promise<number> {
  const created = await expectCall(server, 'POST', '/ideas/', 201, {
    token: acme.owner.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title },
  });
  return created.id;
}

/** Two ideas: the first with votes by voters 0–2, the kept one by voter 0; then the merge. */
async function mergedPair(): Promise<{ mergedId: number; keptId: number }> {
  const mergedId = await idea('Export as CSV files');
  const keptId = await idea('Export to spreadsheets');
  for (const voter of voters.slice(0, 3)) {
    await expectCall(server, 'POST', `/ideas/${mergedId}/upvote`, 200, { token: voter.token });
  }
  await expectCall(server, 'POST', `/ideas/${keptId}/upvote`, 200, { token: voters[0]!.token });
  await expectCall(server, 'PUT', `/ideas/${mergedId}/status`, 200, {
    token: acme.owner.token,
    body: { status: 'PLANNED' },
  });
  await expectCall(server, 'POST', `/ideas/${mergedId}/decline`, 200, {
    token: acme.owner.token,
    body: { reason: 'DUPLICATE', duplicateOfIdeaId: keptId, mergeVotes: true },
  });
  return { mergedId, keptId };
}

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
  voters = [];
  for (let i = 0; i < 4; i += 1) voters.push(await addEndUser(server, acme.owner.companyId));
});
afterAll(async () => {
  await server?.close();
});

describe('undoMerge', () => {
  it('gives both ideas their votes, counts and status back, keeping later votes', async () => {
    const { mergedId, keptId } = await mergedPair();
    expect((await expectCall(server, 'GET', `/ideas/${keptId}`, 200)).voteCount).toBe(3);
    // After the merge: a new voter on the kept idea, and voter 2 takes their moved vote back.
    await expectCall(server, 'POST', `/ideas/${keptId}/upvote`, 200, { token: voters[3]!.token });
    await expectCall(server, 'POST', `/ideas/${keptId}/downvote`, 200, { token: voters[2]!.token });
    const { body } = await gql(server, UNTIL, { id: globalId('Idea', mergedId) }, member.token);
    const until = new Date(body.data.idea.mergeUndoableUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(29.9 * 86_400_000);

    const undone = await undo(mergedId, member.token);
    // Voters 0 (had voted for both) and 1 come back; voter 2 withdrew, so stays without.
    expect(undone).toMatchObject({
      votesRestored: 2,
      idea: { status: 'PLANNED', voteCount: 2, declineDetails: null },
      keptIdea: { voteCount: 2 },
    });
    const kept = await expectCall(server, 'GET', `/ideas/${keptId}/voters`, 200, {
      token: acme.owner.token,
    });
    expect(kept.map((v: { id: number }) => v.id).sort()).toEqual(
      [voters[0]!.userId, voters[3]!.userId].sort(),
    );
    const merged = await expectCall(server, 'GET', `/ideas/${mergedId}/voters`, 200, {
      token: acme.owner.token,
    });
    expect(merged.map((v: { id: number }) => v.id).sort()).toEqual(
      [voters[0]!.userId, voters[1]!.userId].sort(),
    );
    // Once only.
    expect(await undo(mergedId, acme.owner.token)).toMatchObject({ code: 'CONFLICT' });
  });

  it('is for the team of the idea’s company, within 30 days', async () => {
    const { mergedId } = await mergedPair();
    expect(await undo(mergedId, voters[0]!.token)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await undo(mergedId, other.owner.token)).toMatchObject({ code: 'NOT_FOUND' });
    const anonymous = await gql(server, UNDO, { ideaId: globalId('Idea', mergedId) });
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    for (const token of [voters[0]!.token, other.owner.token, undefined]) {
      const { body } = await gql(server, UNTIL, { id: globalId('Idea', mergedId) }, token);
      expect(body.data.idea.mergeUndoableUntil).toBeNull();
    }
    await server.deps.prisma.ideaMerge.updateMany({
      where: { ideaId: mergedId },
      data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    expect(await undo(mergedId, acme.owner.token)).toMatchObject({ code: 'CONFLICT' });
    const { body } = await gql(server, UNTIL, { id: globalId('Idea', mergedId) }, acme.owner.token);
    expect(body.data.idea.mergeUndoableUntil).toBeNull();
  });

  it('stays possible after the duplicate was reopened, and the console is offered it', async () => {
    const { mergedId, keptId } = await mergedPair();
    await mutate(
      server,
      'setIdeaStatus',
      `mutation ($ideaId: ID!) { setIdeaStatus(ideaId: $ideaId, status: OPEN) { __typename
        ... on MutationSetIdeaStatusSuccess { data { status } } ${APP_ERROR} } }`,
      { ideaId: globalId('Idea', mergedId) },
      acme.owner.token,
    );
    const { body } = await gql(server, UNTIL, { id: globalId('Idea', mergedId) }, acme.owner.token);
    expect(body.data.idea.mergeUndoableUntil).not.toBeNull();
    const undone = await undo(mergedId, member.token);
    // Reopened, it keeps its status; its three voters are back, the kept idea keeps voter 0.
    expect(undone).toMatchObject({
      idea: { status: 'OPEN', voteCount: 3 },
      keptIdea: { voteCount: 1 },
    });
    const kept = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: keptId } });
    expect(kept.voteCount).toBe(1);
  });

  it('two undos at once apply once', async () => {
    const { mergedId, keptId } = await mergedPair();
    const answers = await Promise.all([
      undo(mergedId, acme.owner.token),
      undo(mergedId, member.token),
    ]);
    expect(answers.filter((a) => a.__typename === 'AppError')).toHaveLength(1);
    const rows = await server.deps.prisma.idea.findMany({
      where: { id: { in: [mergedId, keptId] } },
      include: { _count: { select: { votes: true } } },
    });
    for (const row of rows) expect(row.voteCount).toBe(row._count.votes);
    expect(rows.find((r) => r.id === mergedId)?.voteCount).toBe(3);
  });
});
