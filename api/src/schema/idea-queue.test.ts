import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { decodeId, globalId } from './ids.ts';

let server: TTestServer;
let owner: TTestAccount;
let member: TTestAccount;
let author: TTestAccount;
let voter: TTestAccount;
let stranger: TTestAccount;
let boardGid: string;
let boardId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  await setPlan(server, owner.companyId, 'ULTRA');
  member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
  author = await addEndUser(server, owner.companyId, { name: 'Queue Author' });
  voter = await addEndUser(server, owner.companyId);
  stranger = await signUpCompany(server);
  boardGid = await createBoardId(server, owner.token, 'Queue board');
  boardId = decodeId(boardGid, 'Board');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const CREATE = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id status } } ${APP_ERROR} } }`;
const ACCEPT = `mutation ($ideaId: ID!) { acceptIdea(ideaId: $ideaId) {
  __typename ... on MutationAcceptIdeaSuccess { data { id status } } ${APP_ERROR} } }`;
const MERGE = `mutation ($ideaId: ID!, $into: ID!) { acceptIdeaAsDuplicate(ideaId: $ideaId, duplicateOfIdeaId: $into) {
  __typename ... on MutationAcceptIdeaAsDuplicateSuccess { data { id voteCount } } ${APP_ERROR} } }`;
const REJECT = `mutation ($ideaId: ID!, $reason: String!) { rejectIdea(ideaId: $ideaId, reason: $reason) {
  __typename ... on MutationRejectIdeaSuccess { data { id status } } ${APP_ERROR} } }`;
const QUEUE = `query ($boardId: ID) { viewer { awaitingIdeaCount awaitingIdeas(boardId: $boardId, first: 100) {
  edges { node { id title author { displayName } board { name awaitingIdeaCount } } } } } }`;

type TQueueNode = { id: string; title: string; author: { displayName: string } };
const nodesOf = (connection: { edges: { node: TQueueNode }[] }) =>
  connection.edges.map((edge) => edge.node);

/** An end user's idea, awaiting acceptance: its global id. */
async function submit(title: string, by = author): Promise<string> {
  const idea = await mutate(server, 'createIdea', CREATE, { boardId: boardGid, title }, by.token);
  expect(idea.status).toBe('NOT_PUBLIC');
  return idea.id;
}

async function queueTitles(token: string): Promise<string[]> {
  const { body } = await gql(server, QUEUE, { boardId: boardGid }, token);
  return nodesOf(body.data.viewer.awaitingIdeas).map((idea) => idea.title);
}

async function widgetPending(): Promise<{ title: string; rejectionReason: string | null }[]> {
  const board = await server.deps.prisma.board.findUniqueOrThrow({ where: { id: boardId } });
  const { status, body } = await server.call('GET', `/api/v1/widget/boards/${board.widgetHash}`, {
    token: author.token,
  });
  expect(status).toBe(200);
  return body.myPendingIdeas;
}

describe('the moderation queue', () => {
  it('lists waiting ideas to the team with their count, and nothing to others', async () => {
    await submit('Queue listing idea');
    const { body } = await gql(server, QUEUE, { boardId: boardGid }, member.token);
    const viewer = body.data.viewer;
    expect(viewer.awaitingIdeaCount).toBeGreaterThanOrEqual(1);
    const listed = nodesOf(viewer.awaitingIdeas).find(
      (idea) => idea.title === 'Queue listing idea',
    ) as TQueueNode & { board: { awaitingIdeaCount: number } };
    expect(listed.author.displayName).toBe('Queue Author');
    expect(listed.board.awaitingIdeaCount).toBe(viewer.awaitingIdeaCount);

    const asAuthor = await gql(server, QUEUE, {}, author.token);
    expect(asAuthor.body.data.viewer).toMatchObject({
      awaitingIdeaCount: null,
      awaitingIdeas: { edges: [] },
    });
    const asStranger = await gql(server, QUEUE, { boardId: boardGid }, stranger.token);
    expect(asStranger.body.data.viewer).toMatchObject({
      awaitingIdeaCount: 0,
      awaitingIdeas: { edges: [] },
    });
    // The board's own count is its team's: an end user who reads the board is told nothing.
    const boardCount = `query ($id: ID!) { board(id: $id) { awaitingIdeaCount } }`;
    const asReader = await gql(server, boardCount, { id: boardGid }, author.token);
    expect(asReader.body.data.board).toEqual({ awaitingIdeaCount: null });
    const asTeam = await gql(server, boardCount, { id: boardGid }, member.token);
    expect(asTeam.body.data.board.awaitingIdeaCount).toBe(viewer.awaitingIdeaCount);
  });

  it('accepts an idea: it is public, leaves the queue and the author’s pending box', async () => {
    const id = await submit('Queue accepted idea');
    const accepted = await mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, member.token);
    expect(accepted.status).toBe('OPEN');
    expect(await queueTitles(owner.token)).not.toContain('Queue accepted idea');
    expect((await widgetPending()).map((idea) => idea.title)).not.toContain('Queue accepted idea');
    const again = await mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, owner.token);
    expect(again).toMatchObject({ __typename: 'AppError', code: 'CONFLICT' });
  });

  it('merges an idea into another: its votes move and it leaves the queue', async () => {
    const kept = await server.deps.prisma.idea.create({
      data: { boardId, authorId: owner.userId, title: 'Queue kept idea', status: 'OPEN' },
    });
    const id = await submit('Queue merged idea');
    await server.deps.prisma.vote.create({
      data: { ideaId: decodeId(id, 'Idea'), userId: voter.userId },
    });
    await server.deps.prisma.idea.update({
      where: { id: decodeId(id, 'Idea') },
      data: { voteCount: 1 },
    });
    const into = globalId('Idea', kept.id);
    const result = await mutate(
      server,
      'acceptIdeaAsDuplicate',
      MERGE,
      { ideaId: id, into },
      owner.token,
    );
    expect(result).toEqual({ id: into, voteCount: 1 });
    const merged = await server.deps.prisma.idea.findUniqueOrThrow({
      where: { id: decodeId(id, 'Idea') },
    });
    expect(merged).toMatchObject({
      status: 'DECLINED',
      declineReason: 'DUPLICATE',
      duplicateOfId: kept.id,
    });
    expect(await queueTitles(owner.token)).not.toContain('Queue merged idea');
    // An idea accepted already is no longer the queue's to merge.
    const again = await mutate(
      server,
      'acceptIdeaAsDuplicate',
      MERGE,
      { ideaId: id, into },
      owner.token,
    );
    expect(again).toMatchObject({ __typename: 'AppError', code: 'CONFLICT' });
  });

  it('never merges into, nor declines as a duplicate of, an idea still awaiting acceptance', async () => {
    // Outsider finding: the duplicate's public page named the target, so another user's
    // unpublished title reached everyone.
    const hidden = await submit('Queue hidden target idea');
    const id = await submit('Queue would-be duplicate', voter);
    const merge = await mutate(
      server,
      'acceptIdeaAsDuplicate',
      MERGE,
      { ideaId: id, into: hidden },
      owner.token,
    );
    expect(merge).toMatchObject({
      __typename: 'AppError',
      code: 'VALIDATION',
      fields: [{ field: 'duplicateOfIdeaId', message: expect.stringMatching(/awaits acceptance/) }],
    });
    const open = await server.deps.prisma.idea.create({
      data: { boardId, authorId: owner.userId, title: 'Queue open idea', status: 'OPEN' },
    });
    const { body } = await gql(
      server,
      `mutation ($ideaId: ID!, $into: ID!) { declineIdea(ideaId: $ideaId, reason: DUPLICATE, duplicateOfIdeaId: $into) {
        __typename ${APP_ERROR} } }`,
      { ideaId: globalId('Idea', open.id), into: hidden },
      owner.token,
    );
    expect(body.data.declineIdea).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
    const rows = await server.deps.prisma.idea.findMany({
      where: { id: { in: [decodeId(id, 'Idea'), open.id] } },
      select: { status: true, duplicateOfId: true },
      orderBy: { id: 'asc' },
    });
    expect(rows).toEqual([
      { status: 'NOT_PUBLIC', duplicateOfId: null },
      { status: 'OPEN', duplicateOfId: null },
    ]);
    expect(await queueTitles(owner.token)).toContain('Queue hidden target idea');
  });

  it('rejects an idea with a reason its author reads in the widget; it stays unpublished', async () => {
    const id = await submit('Queue rejected idea');
    const empty = await mutate(
      server,
      'rejectIdea',
      REJECT,
      { ideaId: id, reason: ' ' },
      owner.token,
    );
    expect(empty).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
    const rejected = await mutate(
      server,
      'rejectIdea',
      REJECT,
      { ideaId: id, reason: 'We do not sell to that market.' },
      owner.token,
    );
    expect(rejected.status).toBe('NOT_PUBLIC');
    expect(await queueTitles(owner.token)).not.toContain('Queue rejected idea');
    expect(await widgetPending()).toContainEqual(
      expect.objectContaining({
        title: 'Queue rejected idea',
        rejectionReason: 'We do not sell to that market.',
      }),
    );
    const accept = await mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, owner.token);
    expect(accept).toMatchObject({ __typename: 'AppError', code: 'CONFLICT' });
  });

  it('leaves rejected ideas out of the team’s "Awaiting acceptance" list and its count', async () => {
    const LIST = `query ($id: ID!) { board(id: $id) { ideas(first: 100, filter: NOT_PUBLIC) {
      totalCount edges { node { title } } } } }`;
    const waiting = await submit('Queue list waiting idea');
    const gone = await submit('Queue list rejected idea');
    await mutate(server, 'rejectIdea', REJECT, { ideaId: gone, reason: 'No thanks' }, owner.token);
    const { body } = await gql(server, LIST, { id: boardGid }, owner.token);
    const list = body.data.board.ideas;
    const listed = list.edges.map((edge: { node: { title: string } }) => edge.node.title);
    expect(listed).toContain('Queue list waiting idea');
    expect(listed).not.toContain('Queue list rejected idea');
    expect(list.totalCount).toBe(listed.length);
    const { body: queue } = await gql(server, QUEUE, { boardId: boardGid }, owner.token);
    expect(list.totalCount).toBe(queue.data.viewer.awaitingIdeaCount);
    // Its author still lists it among their own.
    const { body: mine } = await gql(server, LIST, { id: boardGid }, author.token);
    const own = mine.data.board.ideas.edges.map(
      (edge: { node: { title: string } }) => edge.node.title,
    );
    expect(own).toContain('Queue list rejected idea');
    expect(mine.data.board.ideas.totalCount).toBe(own.length);
    await mutate(server, 'acceptIdea', ACCEPT, { ideaId: waiting }, owner.token);
  });

  it('leaves rejected ideas out of the team’s ALL, lists them under NOT_ACCEPTED alone, and keeps REST’s ALL as it was', async () => {
    const LIST = `query ($id: ID!, $filter: IdeaFilter!) { board(id: $id) { ideas(first: 100, filter: $filter) {
      totalCount edges { node { title status rejectedAt } } } } }`;
    type TNode = { title: string; status: string; rejectedAt: string | null };
    const list = async (filter: string, token = owner.token) => {
      const { body } = await gql(server, LIST, { id: boardGid, filter }, token);
      expect(body.errors).toBeUndefined();
      const ideas = body.data.board.ideas;
      const nodes: TNode[] = ideas.edges.map((edge: { node: TNode }) => edge.node);
      expect(ideas.totalCount).toBe(nodes.length);
      return nodes;
    };
    const waiting = await submit('Queue all-list waiting idea');
    const gone = await submit('Queue all-list rejected idea');
    await mutate(server, 'rejectIdea', REJECT, { ideaId: gone, reason: 'Not for us' }, owner.token);

    const all = (await list('ALL')).map((node) => node.title);
    expect(all).toContain('Queue all-list waiting idea');
    expect(all).not.toContain('Queue all-list rejected idea');
    const notAccepted = await list('NOT_ACCEPTED');
    expect(notAccepted.map((node) => node.title)).toContain('Queue all-list rejected idea');
    expect(notAccepted.every((node) => node.status === 'NOT_PUBLIC' && node.rejectedAt)).toBe(true);
    expect((await list('DECLINED')).map((node) => node.title)).not.toContain(
      'Queue all-list rejected idea',
    );
    // Its author finds it among their own rejected ideas, and no one else's.
    const own = (await list('NOT_ACCEPTED', author.token)).map((node) => node.title);
    expect(own).toContain('Queue all-list rejected idea');
    expect(await list('NOT_ACCEPTED', voter.token)).toEqual([]);
    // REST's answer does not move: its ALL still lists the team every idea but DECLINED ones.
    const rest = await server.call('GET', '/api/v1/ideas/', {
      token: owner.token,
      headers: { 'x-board-id': String(boardId) },
    });
    expect(rest.status).toBe(200);
    expect(rest.body.ideas.map((idea: { title: string }) => idea.title)).toContain(
      'Queue all-list rejected idea',
    );
    const refused = await server.call('GET', '/api/v1/ideas/?filter=NOT_ACCEPTED', {
      token: owner.token,
      headers: { 'x-board-id': String(boardId) },
    });
    expect(refused.status).toBe(400);
    await mutate(server, 'acceptIdea', ACCEPT, { ideaId: waiting }, owner.token);
  });

  it('refuses end users, and another company’s team does not find the idea', async () => {
    const id = await submit('Queue guarded idea');
    const byAuthor = await mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, author.token);
    expect(byAuthor).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    const byStranger = await mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, stranger.token);
    expect(byStranger).toMatchObject({ __typename: 'AppError', code: 'NOT_FOUND' });
    const rejectByStranger = await mutate(
      server,
      'rejectIdea',
      REJECT,
      { ideaId: id, reason: 'No' },
      stranger.token,
    );
    expect(rejectByStranger).toMatchObject({ __typename: 'AppError', code: 'NOT_FOUND' });
    expect(await queueTitles(owner.token)).toContain('Queue guarded idea');
  });

  it('lets one of two teammates acting at once win; the other hears CONFLICT', async () => {
    for (let trial = 0; trial < 3; trial += 1) {
      const id = await submit(`Queue race idea ${trial}`);
      const answers = await Promise.all([
        mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, owner.token),
        mutate(server, 'rejectIdea', REJECT, { ideaId: id, reason: 'Too late' }, member.token),
        mutate(server, 'acceptIdea', ACCEPT, { ideaId: id }, member.token),
      ]);
      const won = answers.filter((answer) => answer.__typename !== 'AppError');
      const lost = answers.filter((answer) => answer.__typename === 'AppError');
      expect(won).toHaveLength(1);
      expect(lost.map((answer) => answer.code)).toEqual(['CONFLICT', 'CONFLICT']);
      const stored = await server.deps.prisma.idea.findUniqueOrThrow({
        where: { id: decodeId(id, 'Idea') },
      });
      // Exactly the winner's outcome: accepted (and never rejected) or rejected (still unpublished).
      expect(stored.status === 'OPEN').toBe(stored.rejectedAt === null);
    }
  });
});

describe('the moderation queue’s pages', () => {
  const PAGE = `query ($boardId: ID, $first: Int, $after: String, $last: Int, $before: String) {
    viewer { awaitingIdeaCount awaitingIdeas(boardId: $boardId, first: $first, after: $after, last: $last, before: $before) {
      edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor startCursor } } } }`;
  let team: TTestAccount;
  let endUser: TTestAccount;
  let waiting: string[];

  beforeAll(async () => {
    // Outside attack (issue 33): the queue listed 100 ideas and no more, with no way on.
    team = await signUpCompany(server);
    await setPlan(server, team.companyId, 'ULTRA');
    endUser = await addEndUser(server, team.companyId);
    const board = decodeId(await createBoardId(server, team.token, 'Busy queue board'), 'Board');
    // 130 ideas, ten to each submission time: the order is by time, then id.
    const start = Date.UTC(2026, 0, 1);
    await server.deps.prisma.idea.createMany({
      data: Array.from({ length: 130 }, (_, n) => ({
        boardId: board,
        authorId: endUser.userId,
        title: `Busy queue idea ${n}`,
        status: 'NOT_PUBLIC' as const,
        createdAt: new Date(start + Math.floor((129 - n) / 10) * 60_000),
      })),
    });
    const rows = await server.deps.prisma.idea.findMany({
      where: { boardId: board },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    waiting = rows.map((row) => globalId('Idea', row.id));
  }, 120_000);

  async function page(variables: Record<string, unknown>, token = team.token) {
    const { body } = await gql(server, PAGE, variables, token);
    expect(body.errors).toBeUndefined();
    return body.data.viewer;
  }

  it('reaches all 130 waiting ideas page by page, oldest first', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const viewer = await page({ first: 50, after });
      expect(viewer.awaitingIdeaCount).toBe(130);
      const connection = viewer.awaitingIdeas;
      seen.push(...connection.edges.map((edge: { node: { id: string } }) => edge.node.id));
      pages += 1;
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(waiting);
    // Without `first`, a page holds 50; more than 100 is capped at 100.
    expect((await page({})).awaitingIdeas.edges).toHaveLength(50);
    const big = (await page({ first: 500 })).awaitingIdeas;
    expect(big.edges).toHaveLength(100);
    expect(big.pageInfo.hasNextPage).toBe(true);
  });

  it('reads on from an idea that left the queue meanwhile, and backwards with `last`', async () => {
    const first = (await page({ first: 20 })).awaitingIdeas;
    const lastOfPage = first.edges[19].node.id;
    await server.deps.prisma.idea.update({
      where: { id: decodeId(lastOfPage, 'Idea') },
      data: { rejectedAt: new Date(), rejectionReason: 'Handled meanwhile' },
    });
    const next = (await page({ first: 5, after: first.pageInfo.endCursor })).awaitingIdeas;
    expect(next.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(
      waiting.slice(20, 25),
    );
    const tail = (await page({ last: 3 })).awaitingIdeas;
    expect(tail.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(
      waiting.slice(127),
    );
    expect(tail.pageInfo.hasPreviousPage).toBe(true);
    const before = (await page({ last: 2, before: tail.pageInfo.startCursor })).awaitingIdeas;
    expect(before.edges.map((edge: { node: { id: string } }) => edge.node.id)).toEqual(
      waiting.slice(125, 127),
    );
    await server.deps.prisma.idea.update({
      where: { id: decodeId(lastOfPage, 'Idea') },
      data: { rejectedAt: null, rejectionReason: null },
    });
  });

  it('refuses what is not its cursor, and shows nothing outside the team whatever the cursor', async () => {
    for (const after of ['nonsense', globalId('IdeaCursor', 5), globalId('Idea', 5)]) {
      const { body } = await gql(server, PAGE, { first: 5, after }, team.token);
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
      });
    }
    const { awaitingIdeas } = await page({ first: 5 });
    const asEndUser = await page(
      { first: 5, after: awaitingIdeas.pageInfo.endCursor },
      endUser.token,
    );
    expect(asEndUser.awaitingIdeas.edges).toEqual([]);
    // Another company's team, with this company's cursor, reads its own (empty) queue.
    const asStranger = await page(
      { first: 5, after: awaitingIdeas.pageInfo.endCursor },
      stranger.token,
    );
    expect(asStranger.awaitingIdeas.edges).toEqual([]);
  });
});
