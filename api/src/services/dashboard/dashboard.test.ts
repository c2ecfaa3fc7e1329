import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, addEndUser, gql, mutate, signUpCompany } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

let server: TTestServer;

const DASHBOARD = `{ viewer { dashboard {
  awaitingCount awaiting { rowId boardRowId title }
  ideasThisWeek votesThisWeek
  topIdeas { rowId title voteCount boardName }
  recentComments { ideaRowId ideaTitle authorName text isInternal }
  checklist { firstBoardRowId boardCreated boardOpened widgetEmbedded teammateInvited releasePublished dismissed }
  sampleIdeaCount canAddSampleIdeas } } }`;

const ADD = `mutation { addSampleIdeas { __typename ... on MutationAddSampleIdeasSuccess { data } ${APP_ERROR} } }`;
const ADD_TO = `mutation ($boardId: ID) { addSampleIdeas(boardId: $boardId) { __typename ... on MutationAddSampleIdeasSuccess { data } ${APP_ERROR} } }`;
const BOARD_SAMPLES = `query ($id: ID!) { board(id: $id) { id sampleIdeaCount canAddSampleIdeas
  ideas(first: 10) { edges { node { title isSample } } } } }`;
const REMOVE = `mutation { removeSampleIdeas { __typename ... on MutationRemoveSampleIdeasSuccess { data } ${APP_ERROR} } }`;
const DISMISS = `mutation { dismissDashboardChecklist { __typename ... on MutationDismissDashboardChecklistSuccess { data } ${APP_ERROR} } }`;

async function dashboardOf(token: string): Promise<any> {
  const { body } = await gql(server, DASHBOARD, {}, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.viewer.dashboard;
}

const newIdea = (token: string, boardId: number, title: string) =>
  expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: { 'x-board-id': String(boardId) },
    body: { title, description: 'Something the team should read about.' },
  });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the dashboard', () => {
  it('for a new company: empty lists, zero counts, the checklist undone, no samples offered without a board', async () => {
    const owner = await signUpCompany(server);
    expect(await dashboardOf(owner.token)).toEqual({
      awaitingCount: 0,
      awaiting: [],
      ideasThisWeek: 0,
      votesThisWeek: 0,
      topIdeas: [],
      recentComments: [],
      checklist: {
        firstBoardRowId: null,
        boardCreated: false,
        boardOpened: false,
        widgetEmbedded: false,
        teammateInvited: false,
        releasePublished: false,
        dismissed: false,
      },
      sampleIdeaCount: 0,
      canAddSampleIdeas: false,
    });
  });

  it('shows what the team acts on, from its own company only; end users get none', async () => {
    const a = await restCompany(server);
    const b = await restCompany(server);
    const token = a.owner.token;
    const endUser = await addEndUser(server, a.owner.companyId);
    // An end user's idea awaits acceptance; their vote and comment are this week's.
    const pending = await newIdea(endUser.token, a.boardId, 'Pending idea from outside');
    // A rejected idea stays unpublished but has left the queue: the dashboard leaves it out.
    await newIdea(endUser.token, a.boardId, 'Rejected idea from outside');
    await server.deps.prisma.idea.updateMany({
      where: { title: 'Rejected idea from outside' },
      data: { rejectedAt: new Date(), rejectionReason: 'Out of scope' },
    });
    const popular = await newIdea(token, a.boardId, 'Popular open idea');
    await expectCall(server, 'POST', `/ideas/${popular.id}/upvote`, 200, { token: endUser.token });
    await expectCall(server, 'POST', `/ideas/${popular.id}/upvote`, 200, { token });
    await expectCall(server, 'POST', `/ideas/${popular.id}/comments`, 201, {
      token: endUser.token,
      body: { text: 'We need this for our team.' },
    });
    await expectCall(server, 'POST', `/ideas/${popular.id}/comments`, 201, {
      token,
      body: { text: 'Only the team reads this.', isInternal: true },
    });
    await expectCall(server, 'PUT', `/releases/${a.releaseId}/publish`, 200, {
      token,
      body: { published: true },
    });
    // Another company's activity counts nowhere here.
    await newIdea(b.owner.token, b.boardId, 'Another company idea');
    await expectCall(server, 'POST', `/ideas/${b.ideaId}/upvote`, 200, { token: b.owner.token });

    const dashboard = await dashboardOf(token);
    expect(dashboard.awaitingCount).toBe(1);
    expect(dashboard.awaiting).toEqual([
      { rowId: pending.id, boardRowId: a.boardId, title: 'Pending idea from outside' },
    ]);
    // The fixture idea, the pending one, the rejected one (it arrived this week) and the popular one.
    expect(dashboard.ideasThisWeek).toBe(4);
    expect(dashboard.votesThisWeek).toBe(2);
    expect(dashboard.topIdeas[0]).toMatchObject({ rowId: popular.id, voteCount: 2 });
    expect(dashboard.topIdeas.map((idea: any) => idea.rowId)).not.toContain(pending.id);
    expect(dashboard.recentComments).toEqual([
      expect.objectContaining({ text: 'Only the team reads this.', isInternal: true }),
      expect.objectContaining({
        ideaRowId: popular.id,
        text: 'We need this for our team.',
        isInternal: false,
        authorName: expect.any(String),
      }),
    ]);
    expect(dashboard.checklist).toEqual({
      firstBoardRowId: a.boardId,
      boardCreated: true,
      boardOpened: true,
      widgetEmbedded: true,
      teammateInvited: false,
      releasePublished: true,
      dismissed: false,
    });

    const member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
    const seenByMember = await dashboardOf(member.token);
    expect(seenByMember.awaitingCount).toBe(1);
    expect(seenByMember.checklist.teammateInvited).toBe(true);
    expect(await dashboardOf(endUser.token)).toBeNull();
    const { body } = await gql(server, DASHBOARD);
    expect(body.data.viewer).toBeNull();
  });

  it('an admin dismisses the checklist for the company; a member may not', async () => {
    const a = await restCompany(server);
    const member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
    const refused = await mutate(server, 'dismissDashboardChecklist', DISMISS, {}, member.token);
    expect(refused).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    expect((await dashboardOf(a.owner.token)).checklist.dismissed).toBe(false);
    const admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
    expect(await mutate(server, 'dismissDashboardChecklist', DISMISS, {}, admin.token)).toBe(true);
    expect((await dashboardOf(member.token)).checklist.dismissed).toBe(true);
  });
});

describe('sample ideas', () => {
  it("fill a new company's first board in the admin's language and go with their votes, nothing else", async () => {
    const owner = await signUpCompany(server);
    await server.deps.prisma.user.update({
      where: { id: owner.userId },
      data: { language: 'pl-PL' },
    });
    const first = await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
      token: owner.token,
      body: { name: 'First board' },
    });
    await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
      token: owner.token,
      body: { name: 'Second board' },
    });
    expect((await dashboardOf(owner.token)).canAddSampleIdeas).toBe(true);

    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    expect(await mutate(server, 'addSampleIdeas', ADD, {}, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await mutate(server, 'addSampleIdeas', ADD, {}, owner.token)).toBe(4);
    const samples = await server.deps.prisma.idea.findMany({
      where: { board: { companyId: owner.companyId } },
      select: { boardId: true, title: true, isSample: true },
    });
    expect(samples).toHaveLength(4);
    expect(samples.every((idea) => idea.boardId === first.id && idea.isSample)).toBe(true);
    expect(samples.map((idea) => idea.title)).toContain('Tryb ciemny');

    const dashboard = await dashboardOf(owner.token);
    expect(dashboard.sampleIdeaCount).toBe(4);
    expect(dashboard.canAddSampleIdeas).toBe(false);
    expect(dashboard.topIdeas.map((idea: any) => idea.title)).toContain('Tryb ciemny');
    // A second fill is refused: the board has ideas now.
    expect(await mutate(server, 'addSampleIdeas', ADD, {}, owner.token)).toMatchObject({
      code: 'CONFLICT',
    });

    // A real idea and a vote on a sample; another company's samples.
    const real = await newIdea(owner.token, first.id, 'A real idea of ours');
    const sample = await server.deps.prisma.idea.findFirstOrThrow({
      where: { boardId: first.id, isSample: true },
    });
    await expectCall(server, 'POST', `/ideas/${sample.id}/upvote`, 200, { token: owner.token });
    await expectCall(server, 'POST', `/ideas/${real.id}/upvote`, 200, { token: owner.token });
    // A sample the admin reworded is theirs now: removing the samples keeps it (outsider finding).
    const [, reworded] = await server.deps.prisma.idea.findMany({
      where: { boardId: first.id, isSample: true },
      orderBy: { id: 'asc' },
    });
    await expectCall(server, 'PUT', `/ideas/${reworded!.id}`, 200, {
      token: owner.token,
      body: { title: 'Our own dark mode plan', description: 'Reworded from the sample.' },
    });
    const other = await signUpCompany(server);
    await expectCall(server, 'POST', `/companies/${other.companyId}/boards`, 201, {
      token: other.token,
      body: { name: 'Their board' },
    });
    expect(await mutate(server, 'addSampleIdeas', ADD, {}, other.token)).toBe(4);

    expect(await mutate(server, 'removeSampleIdeas', REMOVE, {}, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await mutate(server, 'removeSampleIdeas', REMOVE, {}, owner.token)).toBe(3);
    const left = await server.deps.prisma.idea.findMany({
      where: { board: { companyId: owner.companyId } },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    expect(left).toEqual([{ id: reworded!.id }, { id: real.id }].sort((a, b) => a.id - b.id));
    expect(await server.deps.prisma.vote.count({ where: { userId: owner.userId } })).toBe(1);
    expect((await dashboardOf(owner.token)).sampleIdeaCount).toBe(0);
    expect((await dashboardOf(other.token)).sampleIdeaCount).toBe(4);
  });
});

describe('sample ideas on an empty board', () => {
  async function boardSamples(token: string, id: number): Promise<any> {
    const { body } = await gql(server, BOARD_SAMPLES, { id: String(id) }, token);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.board;
  }

  it('are offered on the board the admin is on, fill that board, and are marked as samples', async () => {
    const owner = await signUpCompany(server);
    await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
      token: owner.token,
      body: { name: 'First board' },
    });
    const second = await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
      token: owner.token,
      body: { name: 'Second board' },
    });
    const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
    // The offer: the admin's, not the member's; no sample counted yet.
    expect(await boardSamples(owner.token, second.id)).toMatchObject({
      sampleIdeaCount: 0,
      canAddSampleIdeas: true,
    });
    expect(await boardSamples(member.token, second.id)).toMatchObject({
      sampleIdeaCount: 0,
      canAddSampleIdeas: false,
    });
    // Another company's admin can neither see the offer nor fill the board.
    const other = await signUpCompany(server);
    expect(
      await mutate(server, 'addSampleIdeas', ADD_TO, { boardId: String(second.id) }, other.token),
    ).toMatchObject({ code: 'NOT_FOUND' });

    const { body } = await gql(server, BOARD_SAMPLES, { id: String(second.id) }, owner.token);
    const secondGid = body.data.board.id;
    expect(
      await mutate(server, 'addSampleIdeas', ADD_TO, { boardId: secondGid }, owner.token),
    ).toBe(4);
    const filled = await boardSamples(owner.token, second.id);
    expect(filled.sampleIdeaCount).toBe(4);
    expect(filled.canAddSampleIdeas).toBe(false);
    expect(filled.ideas.edges.map((edge: any) => edge.node)).toContainEqual({
      title: 'Dark mode',
      isSample: true,
    });
    // The board named, not the company's first one.
    expect(
      await server.deps.prisma.idea.count({ where: { boardId: second.id, isSample: true } }),
    ).toBe(4);
    expect((await dashboardOf(owner.token)).sampleIdeaCount).toBe(4);

    // A real idea is not a sample; once the samples go, the board counts none.
    await newIdea(owner.token, second.id, 'A real idea of ours');
    expect(await mutate(server, 'removeSampleIdeas', REMOVE, {}, owner.token)).toBe(4);
    const left = await boardSamples(owner.token, second.id);
    expect(left.sampleIdeaCount).toBe(0);
    expect(left.ideas.edges.map((edge: any) => edge.node)).toEqual([
      { title: 'A real idea of ours', isSample: false },
    ]);
  });
});
