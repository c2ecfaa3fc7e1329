import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { decodeId, globalId } from './ids.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  // FREE's caps are what these tests check: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
});
afterAll(async () => {
  await server?.close();
});

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id active } } ${APP_ERROR} } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const RENAME = `mutation ($id: ID!, $name: String!) { updateBoardName(boardId: $id, name: $name) {
  __typename ... on MutationUpdateBoardNameSuccess { data { name } } ${APP_ERROR} } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) {
  __typename ... on MutationUpvoteIdeaSuccess { data { voteCount } } ${APP_ERROR} } }`;
const BOARDS = `{ boards { id name active } viewer { company { subscription {
  product usage { activeBoards { used cap } ideas { used cap } } } } } }`;
const NODES = `query ($id: ID!, $ids: [ID!]!) { node(id: $id) { ... on Idea { title } }
  nodes(ids: $ids) { ... on Idea { title } } }`;
const IDEAS = `query ($id: ID!) { board(id: $id) { limits { cappedIdeas }
  ideas(sort: DATE_ASC) { totalCount edges { node { title } } } } }`;

async function snapshot(account: TTestAccount) {
  const { body } = await gql(server, BOARDS, {}, account.token);
  return body.data;
}
async function ideas(account: TTestAccount, boardId: string) {
  const { body } = await gql(server, IDEAS, { id: boardId }, account.token);
  const board = body.data.board;
  return {
    capped: board.limits.cappedIdeas,
    titles: board.ideas.edges.map((e: any) => e.node.title),
  };
}

/** The private board shows to the tests' end users (confirmed example.com addresses). */
async function grantEndUsers(boardId: string, token: string): Promise<void> {
  const UPDATE = `mutation ($id: ID!) { updateBoard(boardId: $id, allowedEmailDomains: ["example.com"]) { __typename } }`;
  await gql(server, UPDATE, { id: boardId }, token);
}

describe('active boards', () => {
  it('makes the newest boards past the cap view-only, and an upgrade reactivates them at once', async () => {
    const admin = await signUpCompany(server);
    const first = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'First board' },
      admin.token,
    );
    const second = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Second board' },
      admin.token,
    );
    expect(first.active).toBe(true);
    expect(second.active).toBe(false);

    const free = await snapshot(admin);
    expect(free.boards).toEqual([
      { id: first.id, name: 'First board', active: true },
      { id: second.id, name: 'Second board', active: false },
    ]);
    expect(free.viewer.company.subscription).toMatchObject({
      product: 'FREE',
      usage: { activeBoards: { used: 2, cap: 1 } },
    });

    const refused = await mutate(
      server,
      'updateBoardName',
      RENAME,
      { id: second.id, name: 'Renamed board' },
      admin.token,
    );
    expect(refused).toMatchObject({ __typename: 'AppError', code: 'PLAN_LIMIT' });
    expect(refused.message).toMatch(/view-only/);
    expect(
      await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: second.id, title: 'Idea on inactive' },
        admin.token,
      ),
    ).toMatchObject({ code: 'PLAN_LIMIT' });
    expect(
      await server.deps.prisma.idea.count({ where: { board: { companyId: admin.companyId } } }),
    ).toBe(0);

    await setPlan(server, admin.companyId, 'STARTUP');
    const startup = await snapshot(admin);
    expect(startup.boards.map((b: any) => b.active)).toEqual([true, true]);
    expect(
      await mutate(
        server,
        'updateBoardName',
        RENAME,
        { id: second.id, name: 'Renamed board' },
        admin.token,
      ),
    ).toEqual({ name: 'Renamed board' });

    // An expired plan counts as FREE again: the newest board goes back to view-only.
    await setPlan(server, admin.companyId, 'STARTUP', new Date(Date.now() - 1000));
    const expired = await snapshot(admin);
    expect(expired.boards.map((b: any) => b.active)).toEqual([true, false]);
    expect(expired.viewer.company.subscription.product).toBe('FREE');
  });

  it('lists active boards first', async () => {
    const admin = await signUpCompany(server);
    await setPlan(server, admin.companyId, 'STARTUP');
    for (const name of ['Board number one', 'Board number two', 'Board number three']) {
      await mutate(server, 'createBoard', CREATE_BOARD, { name }, admin.token);
    }
    await setPlan(server, admin.companyId, 'FREE');
    const { boards } = await snapshot(admin);
    expect(boards.map((b: any) => [b.name, b.active])).toEqual([
      ['Board number one', true],
      ['Board number two', false],
      ['Board number three', false],
    ]);
  });
});

describe('visible ideas', () => {
  it('hides the newest ideas past the cap from lists, counts them, and shows them after an upgrade', async () => {
    const admin = await signUpCompany(server);
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Capped board' },
      admin.token,
    );
    const created: string[] = [];
    for (let n = 1; n <= 7; n += 1) {
      const idea = await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: board.id, title: `Idea number ${n}` },
        admin.token,
      );
      created.push(idea.id);
    }
    const free = await ideas(admin, board.id);
    expect(free.titles).toEqual([1, 2, 3, 4, 5].map((n) => `Idea number ${n}`));
    expect(free.capped).toBe(2);
    expect((await snapshot(admin)).viewer.company.subscription.usage.ideas).toEqual({
      used: 7,
      cap: 5,
    });

    // A hidden idea takes no votes until the plan shows it.
    expect(
      await mutate(server, 'upvoteIdea', UPVOTE, { ideaId: created[6] }, admin.token),
    ).toMatchObject({ code: 'PLAN_LIMIT' });

    await setPlan(server, admin.companyId, 'STARTUP');
    const startup = await ideas(admin, board.id);
    expect(startup.titles).toHaveLength(7);
    expect(startup.capped).toBe(0);
    expect(await mutate(server, 'upvoteIdea', UPVOTE, { ideaId: created[6] }, admin.token)).toEqual(
      { voteCount: 1 },
    );

    await setPlan(server, admin.companyId, 'FREE');
    expect((await ideas(admin, board.id)).capped).toBe(2);

    // Deleting an old idea brings the oldest hidden one back.
    await server.deps.prisma.idea.deleteMany({
      where: { title: 'Idea number 1', board: { companyId: admin.companyId } },
    });
    const after = await ideas(admin, board.id);
    expect(after.titles).toEqual([2, 3, 4, 5, 6].map((n) => `Idea number ${n}`));
    expect(after.capped).toBe(1);
  });

  it('answers a hidden idea by id only to admins: readers get not found, as in lists', async () => {
    const admin = await signUpCompany(server);
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Board by id' },
      admin.token,
    );
    const boardId = decodeId(board.id, 'Board');
    await server.call('PUT', `/api/v1/boards/${boardId}/set-public`, {
      token: admin.token,
      body: { isPublic: true },
    });
    const ids: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const idea = await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: board.id, title: `By id number ${n}` },
        admin.token,
      );
      ids.push(decodeId(idea.id, 'Idea'));
    }
    const [shown, hidden] = [ids[4]!, ids[5]!];
    const reader = await addEndUser(server, admin.companyId);
    const stranger = await signUpCompany(server);
    for (const token of [undefined, reader.token, stranger.token]) {
      const who = token ?? 'anonymous';
      const read = (path: string) => server.call('GET', `/api/v1${path}`, token ? { token } : {});
      expect((await read(`/ideas/${shown}`)).status, who).toBe(200);
      expect((await read(`/ideas/${hidden}`)).status, who).toBe(404);
      expect((await read(`/ideas/${hidden}/comments`)).status, who).toBe(404);
      const { body } = await gql(server, '{ idea(id: "' + hidden + '") { id } }', {}, token);
      expect(body.data.idea, who).toBeNull();
      const byNode = await gql(
        server,
        NODES,
        { id: globalId('Idea', hidden), ids: ids.map((id) => globalId('Idea', id)) },
        token,
      );
      expect(byNode.body.errors, who).toBeUndefined();
      expect(byNode.body.data.node, who).toBeNull();
      expect(
        byNode.body.data.nodes.map((n: any) => n?.title ?? null),
        who,
      ).toEqual([...[1, 2, 3, 4, 5].map((n) => `By id number ${n}`), null]);
    }
    // The admin still opens it (a locked row in their list), by id and as a node.
    const own = await server.call('GET', `/api/v1/ideas/${hidden}`, { token: admin.token });
    expect(own.status).toBe(200);
    const byNode = await gql(
      server,
      NODES,
      { id: globalId('Idea', hidden), ids: ids.map((id) => globalId('Idea', id)) },
      admin.token,
    );
    expect(byNode.body.data.node).toEqual({ title: 'By id number 6' });
    expect(byNode.body.data.nodes.map((n: any) => n?.title)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `By id number ${n}`),
    );
  });

  it('does not let ideas awaiting acceptance take the places of accepted ones', async () => {
    const admin = await signUpCompany(server);
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Spammed board' },
      admin.token,
    );
    const member = await addEndUser(server, admin.companyId);
    await grantEndUsers(board.id, admin.token);
    for (let n = 1; n <= 6; n += 1) {
      await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: board.id, title: `Unreviewed idea ${n}` },
        member.token,
      );
    }
    for (let n = 1; n <= 5; n += 1) {
      await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: board.id, title: `Accepted idea ${n}` },
        admin.token,
      );
    }
    const seen = await ideas(admin, board.id);
    expect(seen.capped).toBe(0);
    expect(seen.titles.filter((t: string) => t.startsWith('Accepted'))).toHaveLength(5);
    expect(seen.titles.filter((t: string) => t.startsWith('Unreviewed'))).toHaveLength(6);
    expect((await snapshot(admin)).viewer.company.subscription.usage.ideas).toEqual({
      used: 5,
      cap: 5,
    });
  });

  it('gives admins the hidden ideas as flagged rows, with counts that agree; readers never get them', async () => {
    const admin = await signUpCompany(server);
    const board = await mutate(
      server,
      'createBoard',
      CREATE_BOARD,
      { name: 'Admin view board' },
      admin.token,
    );
    const member = await addEndUser(server, admin.companyId);
    await grantEndUsers(board.id, admin.token);
    for (let n = 1; n <= 5; n += 1) {
      await mutate(
        server,
        'createIdea',
        CREATE_IDEA,
        { boardId: board.id, title: `Shown idea ${n}` },
        admin.token,
      );
    }
    const LIMITS = `query ($id: ID!) { board(id: $id) { limits { cappedIdeas ideaCap isIdeaCapReached } } }`;
    const limits = async () =>
      (await gql(server, LIMITS, { id: board.id }, admin.token)).body.data.board.limits;
    expect(await limits()).toEqual({ cappedIdeas: 0, ideaCap: 5, isIdeaCapReached: true });

    // The admin's sixth idea answers flagged, with the board's new count beside it.
    const CREATE_FLAGGED = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
      __typename ... on MutationCreateIdeaSuccess { data { id isHiddenByPlan board { limits { cappedIdeas } } } } ${APP_ERROR} } }`;
    const sixth = await mutate(
      server,
      'createIdea',
      CREATE_FLAGGED,
      { boardId: board.id, title: 'Sixth idea past cap' },
      admin.token,
    );
    expect(sixth).toMatchObject({ isHiddenByPlan: true, board: { limits: { cappedIdeas: 1 } } });

    const ADMIN_LIST = `query ($id: ID!, $all: Boolean) { board(id: $id) { limits { cappedIdeas }
      ideas(sort: DATE_ASC, includeHiddenByPlan: $all) { totalCount edges { node { title isHiddenByPlan } } } } }`;
    const adminList = async (token: string, all = true) =>
      (await gql(server, ADMIN_LIST, { id: board.id, all }, token)).body.data.board;
    const full = await adminList(admin.token);
    expect(full.ideas.totalCount).toBe(6);
    expect(full.ideas.edges.map((e: any) => e.node.isHiddenByPlan)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(full.limits.cappedIdeas).toBe(
      full.ideas.edges.filter((e: any) => e.node.isHiddenByPlan).length,
    );
    // Without asking, and for anyone but an admin, the list stays as readers see it.
    expect((await adminList(admin.token, false)).ideas.totalCount).toBe(5);
    expect((await adminList(member.token)).ideas.totalCount).toBe(5);
    const rest = await server.call('GET', '/api/v1/ideas/', {
      token: member.token,
      headers: { 'x-board-id': String(decodeId(board.id, 'Board')) },
    });
    expect(rest.body.totalCount).toBe(5);
    expect(rest.body.ideas.map((i: any) => i.title)).not.toContain('Sixth idea past cap');
    expect(JSON.stringify(rest.body)).not.toContain('isHiddenByPlan');

    // Accepting an end user's newer idea puts it past the cap: the admin still lists it, flagged.
    const submitted = await mutate(
      server,
      'createIdea',
      CREATE_FLAGGED,
      { boardId: board.id, title: 'Widget idea to accept' },
      member.token,
    );
    expect(submitted.isHiddenByPlan).toBe(false);
    const SET_STATUS = `mutation ($ideaId: ID!) { setIdeaStatus(ideaId: $ideaId, status: OPEN) {
      __typename ... on MutationSetIdeaStatusSuccess { data { isHiddenByPlan board { limits { cappedIdeas } } } } ${APP_ERROR} } }`;
    expect(
      await mutate(server, 'setIdeaStatus', SET_STATUS, { ideaId: submitted.id }, admin.token),
    ).toEqual({ isHiddenByPlan: true, board: { limits: { cappedIdeas: 2 } } });
    const after = await adminList(admin.token);
    expect(after.ideas.totalCount).toBe(7);
    expect(after.ideas.edges.filter((e: any) => e.node.isHiddenByPlan)).toHaveLength(2);
    expect((await adminList(member.token)).ideas.totalCount).toBe(5);
  });

  it('has no caps on ULTRA', async () => {
    const admin = await signUpCompany(server);
    await setPlan(server, admin.companyId, 'ULTRA');
    const { viewer } = await snapshot(admin);
    expect(viewer.company.subscription.usage).toEqual({
      activeBoards: { used: 0, cap: null },
      ideas: { used: 0, cap: null },
    });
  });
});
