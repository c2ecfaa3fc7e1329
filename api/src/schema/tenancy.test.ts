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
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { globalId } from './ids.ts';

/**
 * Two companies, A and B. B's users must find none of A's private objects and change none of
 * A's objects, whatever id they send; within A, end users keep to their own ideas.
 */

let server: TTestServer;
let a: TTestAccount;
let b: TTestAccount;
let amy: TTestAccount; // A's end user, author of ideas
let otto: TTestAccount; // A's other end user
let ssoA: TTestAccount;
let bMember: TTestAccount;

type TIdName =
  | 'acceptedIdea'
  | 'adminIdea'
  | 'amyCompanyUser'
  | 'amyUser'
  | 'apiKey'
  | 'bBoard'
  | 'bIdea'
  | 'bRelease'
  | 'comment'
  | 'company'
  | 'ownerCompanyUser'
  | 'ownerUser'
  | 'pendingComment'
  | 'pendingIdea'
  | 'privateBoard'
  | 'privatePublishedRelease'
  | 'publicBoard'
  | 'publicComment'
  | 'publicIdea'
  | 'publicPendingIdea'
  | 'publicRelease'
  | 'release'
  | 'releaseIdeaPart'
  | 'releasePart';
/** Global ids of A's objects (and a few of B's). */
const ids = {} as Record<TIdName, string>;
let aCompanySlug: string;
let aPrivateSlug: string;
let aPublicSlug: string;

type TArgTypes = Record<string, string>;

/** The text of one mutation whose success and AppError are both selected. */
function mutationText(field: string, types: TArgTypes, selection: string): string {
  const signature = Object.entries(types)
    .map(([name, type]) => `$${name}: ${type}`)
    .join(', ');
  const args = Object.keys(types)
    .map((name) => `${name}: $${name}`)
    .join(', ');
  const success = `Mutation${field[0]!.toUpperCase()}${field.slice(1)}Success`;
  return `mutation (${signature}) {
    ${field}(${args}) { __typename ... on ${success} { data { ${selection} } } ${APP_ERROR} }
  }`;
}

/** What each mutation takes and what its success answers (a little, to see it worked). */
const MUTATIONS: Record<string, [TArgTypes, string]> = {
  createBoard: [{ name: 'String!' }, 'id slug'],
  updateBoardName: [{ boardId: 'ID!', name: 'String!' }, 'id name'],
  updateBoardLanguage: [{ boardId: 'ID!', language: 'String!' }, 'id language'],
  updateBoardTheme: [{ boardId: 'ID!', primary: 'String!' }, 'id color'],
  setBoardVisibility: [{ boardId: 'ID!', isPublic: 'Boolean!' }, 'id isPublic'],
  updateBoard: [
    { boardId: 'ID!', ssoAccess: 'Boolean', allowedEmailDomains: '[String!]' },
    'id ssoAccess allowedEmailDomains',
  ],
  createIdea: [{ boardId: 'ID!', title: 'String!', description: 'String' }, 'id title status'],
  updateIdea: [{ ideaId: 'ID!', title: 'String!', description: 'String' }, 'id title'],
  deleteIdea: [{ ideaId: 'ID!' }, 'deletedIdeaId'],
  setIdeaStatus: [{ ideaId: 'ID!', status: 'IdeaStatus!' }, 'id status'],
  declineIdea: [
    {
      ideaId: 'ID!',
      reason: 'DeclineReason!',
      comment: 'String',
      duplicateOfIdeaId: 'ID',
      mergeVotes: 'Boolean',
    },
    'idea { id status } duplicateOf { id voteCount }',
  ],
  upvoteIdea: [{ ideaId: 'ID!' }, 'id voteCount'],
  downvoteIdea: [{ ideaId: 'ID!' }, 'id voteCount'],
  addComment: [{ ideaId: 'ID!', text: 'String!' }, 'id text'],
  createRelease: [
    { name: 'String!', releaseDate: 'String!', boardIds: '[ID!]' },
    'id parts { id title }',
  ],
  updateRelease: [{ releaseId: 'ID!', name: 'String!', releaseDate: 'String!' }, 'id name'],
  publishRelease: [{ releaseId: 'ID!', published: 'Boolean!' }, 'id isPublished'],
  addReleasePart: [{ releaseId: 'ID!', title: 'String!' }, 'id parts { id title }'],
  addReleaseIdeas: [{ releaseId: 'ID!', ideaIds: '[ID!]!' }, 'id parts { id title ideaId }'],
  deleteReleasePart: [{ releaseId: 'ID!', partId: 'ID!' }, 'id parts { id }'],
  createApiKey: [{ name: 'String!' }, 'key apiKey { id }'],
  revokeApiKey: [{ apiKeyId: 'ID!' }, 'id revokedAt'],
};

function run(field: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const [types, selection] = MUTATIONS[field]!;
  return mutate(server, field, mutationText(field, types, selection), variables, token);
}

/** Runs a mutation that must succeed (test setup). */
async function ok(field: string, variables: Record<string, unknown>, token: string) {
  const result = await run(field, variables, token);
  if (result?.__typename === 'AppError') {
    throw new Error(`${field} failed in setup: ${JSON.stringify(result)}`);
  }
  return result;
}

async function query(text: string, variables: Record<string, unknown>, token?: string) {
  const { body } = await gql(server, text, variables, token);
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** Every row of a company, to compare before and after an attempt to change it. */
async function snapshot(companyId: number) {
  const prisma = server.deps.prisma;
  const byId = { id: 'asc' as const };
  const [company, subscription, users, boards, ideas, votes, comments, releases, apiKeys] =
    await Promise.all([
      prisma.company.findUnique({ where: { id: companyId } }),
      prisma.subscription.findUnique({ where: { companyId } }),
      prisma.user.findMany({ where: { companyId }, orderBy: byId }),
      prisma.board.findMany({ where: { companyId }, orderBy: byId }),
      prisma.idea.findMany({ where: { board: { companyId } }, orderBy: byId }),
      prisma.vote.findMany({ where: { idea: { board: { companyId } } }, orderBy: byId }),
      prisma.comment.findMany({ where: { idea: { board: { companyId } } }, orderBy: byId }),
      prisma.release.findMany({
        where: { companyId },
        orderBy: byId,
        include: { parts: { orderBy: byId }, boards: { select: { id: true } } },
      }),
      prisma.apiKey.findMany({ where: { companyId }, orderBy: byId }),
    ]);
  return { company, subscription, users, boards, ideas, votes, comments, releases, apiKeys };
}

async function snapshotBoth() {
  const [ofA, ofB] = await Promise.all([snapshot(a.companyId), snapshot(b.companyId)]);
  return { a: ofA, b: ofB };
}

/** Runs `attempt` and checks that neither company's rows changed. */
async function expectNothingChanges<T>(attempt: () => Promise<T>): Promise<T> {
  const before = await snapshotBoth();
  const result = await attempt();
  expect(await snapshotBoth()).toEqual(before);
  return result;
}

/** "Not found": NOT_FOUND, or a field error saying the named object was not found. */
function expectNotFound(result: any, field?: string): void {
  expect(result?.__typename).toBe('AppError');
  if (result.code === 'NOT_FOUND' || !field) {
    expect(result.code).toBe('NOT_FOUND');
    return;
  }
  expect(result.code).toBe('VALIDATION');
  expect(result.fields).toHaveLength(1);
  expect(result.fields[0].field).toBe(field);
  expect(result.fields[0].message).toMatch(/not found/i);
}

beforeAll(async () => {
  server = await startTestServer();
  a = await signUpCompany(server, 'Company Alpha');
  b = await signUpCompany(server, 'Company Bravo');
  await setPlan(server, a.companyId, 'ULTRA');
  await setPlan(server, b.companyId, 'ULTRA');
  amy = await addEndUser(server, a.companyId, { name: 'Author Amy' });
  otto = await addEndUser(server, a.companyId, { name: 'Other Otto' });
  ssoA = await addEndUser(server, a.companyId, { kind: 'SSO', name: 'Single Sam' });
  bMember = await addEndUser(server, b.companyId, { name: 'Bravo Member' });

  // Company A: a private board and a public board.
  const privateBoard = await ok('createBoard', { name: 'Alpha private board' }, a.token);
  const publicBoard = await ok('createBoard', { name: 'Alpha public board' }, a.token);
  await ok('setBoardVisibility', { boardId: publicBoard.id, isPublic: true }, a.token);
  // The private board shows to A's end users (all with confirmed example.com addresses, like
  // B's, who must still see nothing of A) and A's SSO users: tenancy, not the grants, is tested.
  await ok(
    'updateBoard',
    { boardId: privateBoard.id, ssoAccess: true, allowedEmailDomains: ['example.com'] },
    a.token,
  );
  ids.privateBoard = privateBoard.id;
  ids.publicBoard = publicBoard.id;
  aPrivateSlug = privateBoard.slug;
  aPublicSlug = publicBoard.slug;
  aCompanySlug = (
    await server.deps.prisma.company.findUniqueOrThrow({ where: { id: a.companyId } })
  ).slug;

  const idea = async (boardId: string, title: string, token: string) =>
    (await ok('createIdea', { boardId, title }, token)).id as string;
  ids.adminIdea = await idea(ids.privateBoard, 'Admin idea on the private board', a.token);
  ids.pendingIdea = await idea(ids.privateBoard, 'Pending idea by Amy', amy.token);
  ids.acceptedIdea = await idea(ids.privateBoard, 'Accepted idea by Amy', amy.token);
  await ok('setIdeaStatus', { ideaId: ids.acceptedIdea, status: 'OPEN' }, a.token);
  ids.publicIdea = await idea(ids.publicBoard, 'Public idea of Alpha', a.token);
  ids.publicPendingIdea = await idea(ids.publicBoard, 'Public pending idea by Amy', amy.token);

  // Votes: Amy then Otto on the admin's idea; Otto then the owner on Amy's accepted idea.
  await ok('upvoteIdea', { ideaId: ids.adminIdea }, amy.token);
  await ok('upvoteIdea', { ideaId: ids.adminIdea }, otto.token);
  await ok('upvoteIdea', { ideaId: ids.acceptedIdea }, otto.token);
  await ok('upvoteIdea', { ideaId: ids.acceptedIdea }, a.token);
  await ok('upvoteIdea', { ideaId: ids.publicIdea }, otto.token);

  ids.comment = (
    await ok('addComment', { ideaId: ids.adminIdea, text: 'Amy agrees here' }, amy.token)
  ).id;
  ids.pendingComment = (
    await ok('addComment', { ideaId: ids.pendingIdea, text: 'Admin looks at it' }, a.token)
  ).id;
  ids.publicComment = (
    await ok('addComment', { ideaId: ids.publicIdea, text: 'Public comment text' }, otto.token)
  ).id;

  // Releases: an unpublished one with parts, a published one on the private board, a published
  // one on the public board.
  const release = await ok(
    'createRelease',
    { name: 'Alpha 1.0', releaseDate: '2024-05-01', boardIds: [ids.privateBoard] },
    a.token,
  );
  ids.release = release.id;
  await ok('addReleasePart', { releaseId: release.id, title: 'Generic Alpha entry' }, a.token);
  const withParts = await ok(
    'addReleaseIdeas',
    { releaseId: release.id, ideaIds: [ids.adminIdea] },
    a.token,
  );
  ids.releasePart = withParts.parts[0].id;
  ids.releaseIdeaPart = withParts.parts[1].id;
  ids.privatePublishedRelease = (
    await ok(
      'createRelease',
      { name: 'Alpha private', releaseDate: '2024-06-01', boardIds: [ids.privateBoard] },
      a.token,
    )
  ).id;
  await ok('publishRelease', { releaseId: ids.privatePublishedRelease, published: true }, a.token);
  ids.publicRelease = (
    await ok(
      'createRelease',
      { name: 'Alpha public', releaseDate: '2024-07-01', boardIds: [ids.publicBoard] },
      a.token,
    )
  ).id;
  await ok('publishRelease', { releaseId: ids.publicRelease, published: true }, a.token);

  const key = await ok('createApiKey', { name: 'Alpha integration' }, a.token);
  ids.apiKey = key.apiKey.id;

  ids.ownerUser = globalId('User', a.userId);
  ids.amyUser = globalId('User', amy.userId);
  ids.amyCompanyUser = globalId('CompanyUser', amy.userId);
  ids.ownerCompanyUser = globalId('CompanyUser', a.userId);
  ids.company = globalId('Company', a.companyId);

  // Company B: a board, two ideas and a release of its own.
  const bBoard = await ok('createBoard', { name: 'Bravo board' }, b.token);
  ids.bBoard = bBoard.id;
  ids.bIdea = await idea(bBoard.id, 'Bravo idea number one', b.token);
  ids.bRelease = (
    await ok(
      'createRelease',
      { name: 'Bravo 1.0', releaseDate: '2024-05-01', boardIds: [bBoard.id] },
      b.token,
    )
  ).id;
});
afterAll(async () => {
  await server?.close();
});

describe("company B's admin reads none of A's private objects", () => {
  it('board, publicBoard, idea and release answer null', async () => {
    await expectNothingChanges(async () => {
      const data = await query(
        `query ($board: ID!, $idea: ID!, $pending: ID!, $accepted: ID!, $release: ID!,
                $published: ID!, $company: String!, $slug: String!) {
          board(id: $board) { id }
          publicBoard(companySlug: $company, boardSlug: $slug) { id }
          idea(id: $idea) { id }
          pending: idea(id: $pending) { id }
          accepted: idea(id: $accepted) { id }
          release(id: $release) { id }
          published: release(id: $published) { id }
        }`,
        {
          board: ids.privateBoard,
          idea: ids.adminIdea,
          pending: ids.pendingIdea,
          accepted: ids.acceptedIdea,
          release: ids.release,
          published: ids.privatePublishedRelease,
          company: aCompanySlug,
          slug: aPrivateSlug,
        },
        b.token,
      );
      expect(data).toEqual({
        board: null,
        publicBoard: null,
        idea: null,
        pending: null,
        accepted: null,
        release: null,
        published: null,
      });
    });
  });

  it.each<TIdName>([
    'privateBoard',
    'adminIdea',
    'pendingIdea',
    'acceptedIdea',
    'publicPendingIdea',
    'comment',
    'pendingComment',
    'release',
    'privatePublishedRelease',
    'releasePart',
    'releaseIdeaPart',
    'amyCompanyUser',
    'ownerCompanyUser',
    'amyUser',
    'ownerUser',
    'apiKey',
    'company',
  ])('node(id) of A’s %s is null', async (name) => {
    const data = await query(
      `query ($id: ID!) { node(id: $id) { id __typename } }`,
      { id: ids[name] },
      b.token,
    );
    expect(data.node).toBeNull();
  });

  it('nodes(ids) answers null for each, and Board.ideas cannot be reached through node', async () => {
    const names: TIdName[] = [
      'privateBoard',
      'adminIdea',
      'comment',
      'release',
      'releasePart',
      'apiKey',
    ];
    const data = await query(
      `query ($ids: [ID!]!, $board: ID!) {
        nodes(ids: $ids) { id }
        node(id: $board) { ... on Board { ideas { totalCount edges { node { id title } } } } }
      }`,
      { ids: names.map((n) => ids[n]), board: ids.privateBoard },
      b.token,
    );
    expect(data.nodes).toEqual(names.map(() => null));
    expect(data.node).toBeNull();
  });

  it("B's own lists hold none of A's boards, releases, users or keys", async () => {
    const data = await query(
      `{
        boards { id }
        releases { edges { node { id } } }
        companyUsers { totalCount edges { node { id displayName } } }
        apiKeys { id }
      }`,
      {},
      b.token,
    );
    expect(data.boards.map((x: any) => x.id)).toEqual([ids.bBoard]);
    expect(data.releases.edges.map((e: any) => e.node.id)).toEqual([ids.bRelease]);
    expect(data.companyUsers.totalCount).toBe(2);
    expect(data.companyUsers.edges.map((e: any) => e.node.displayName)).not.toContain('Author Amy');
    expect(data.apiKeys).toEqual([]);
  });

  it('B’s end user and anonymous visitors see nothing private of A either', async () => {
    for (const token of [bMember.token, undefined]) {
      const data = await query(
        `query ($board: ID!, $idea: ID!, $release: ID!, $comment: ID!) {
          board(id: $board) { id }
          idea(id: $idea) { id }
          release(id: $release) { id }
          node(id: $comment) { id }
        }`,
        {
          board: ids.privateBoard,
          idea: ids.adminIdea,
          release: ids.privatePublishedRelease,
          comment: ids.comment,
        },
        token,
      );
      expect(data).toEqual({ board: null, idea: null, release: null, node: null });
    }
  });
});

/**
 * Every mutation that takes an id, aimed at A's objects. `field` names the input field of a
 * field-level "not found" where the server may answer that way instead of NOT_FOUND.
 */
const ATTEMPTS: {
  label: string;
  field: string;
  vars: () => Record<string, unknown>;
  notFoundField?: string;
}[] = [
  {
    label: 'updateBoardName on the private board',
    field: 'updateBoardName',
    vars: () => ({ boardId: ids.privateBoard, name: 'Renamed by Bravo' }),
  },
  {
    label: 'updateBoardName on the public board',
    field: 'updateBoardName',
    vars: () => ({ boardId: ids.publicBoard, name: 'Renamed by Bravo' }),
  },
  {
    label: 'updateBoardLanguage',
    field: 'updateBoardLanguage',
    vars: () => ({ boardId: ids.privateBoard, language: 'pl-PL' }),
  },
  {
    label: 'updateBoardLanguage on the public board',
    field: 'updateBoardLanguage',
    vars: () => ({ boardId: ids.publicBoard, language: 'pl-PL' }),
  },
  {
    label: 'updateBoardTheme',
    field: 'updateBoardTheme',
    vars: () => ({ boardId: ids.privateBoard, primary: 'ff0000' }),
  },
  {
    label: 'updateBoardTheme on the public board',
    field: 'updateBoardTheme',
    vars: () => ({ boardId: ids.publicBoard, primary: 'ff0000' }),
  },
  {
    label: 'setBoardVisibility public',
    field: 'setBoardVisibility',
    vars: () => ({ boardId: ids.privateBoard, isPublic: true }),
  },
  {
    label: 'setBoardVisibility private on the public board',
    field: 'setBoardVisibility',
    vars: () => ({ boardId: ids.publicBoard, isPublic: false }),
  },
  {
    label: 'updateBoard grants B the private board',
    field: 'updateBoard',
    vars: () => ({ boardId: ids.privateBoard, allowedEmailDomains: ['bravo.example'] }),
  },
  {
    label: 'updateBoard on the public board',
    field: 'updateBoard',
    vars: () => ({ boardId: ids.publicBoard, ssoAccess: true }),
  },
  {
    label: 'createIdea on the private board',
    field: 'createIdea',
    vars: () => ({ boardId: ids.privateBoard, title: 'Idea from Bravo' }),
  },
  {
    label: 'createIdea on the public board',
    field: 'createIdea',
    vars: () => ({ boardId: ids.publicBoard, title: 'Idea from Bravo' }),
  },
  {
    label: 'updateIdea',
    field: 'updateIdea',
    vars: () => ({ ideaId: ids.adminIdea, title: 'Edited by Bravo' }),
  },
  {
    label: 'updateIdea on the public board',
    field: 'updateIdea',
    vars: () => ({ ideaId: ids.publicIdea, title: 'Edited by Bravo' }),
  },
  { label: 'deleteIdea', field: 'deleteIdea', vars: () => ({ ideaId: ids.adminIdea }) },
  {
    label: 'deleteIdea on the public board',
    field: 'deleteIdea',
    vars: () => ({ ideaId: ids.publicIdea }),
  },
  {
    label: 'deleteIdea of an idea awaiting acceptance',
    field: 'deleteIdea',
    vars: () => ({ ideaId: ids.pendingIdea }),
  },
  {
    label: 'setIdeaStatus',
    field: 'setIdeaStatus',
    vars: () => ({ ideaId: ids.adminIdea, status: 'PLANNED' }),
  },
  {
    label: 'setIdeaStatus on the public board',
    field: 'setIdeaStatus',
    vars: () => ({ ideaId: ids.publicIdea, status: 'PLANNED' }),
  },
  {
    label: 'setIdeaStatus accepting an idea awaiting acceptance',
    field: 'setIdeaStatus',
    vars: () => ({ ideaId: ids.publicPendingIdea, status: 'OPEN' }),
  },
  {
    label: 'declineIdea',
    field: 'declineIdea',
    vars: () => ({ ideaId: ids.adminIdea, reason: 'NOT_RELEVANT' }),
  },
  {
    label: 'declineIdea on the public board',
    field: 'declineIdea',
    vars: () => ({ ideaId: ids.publicIdea, reason: 'OTHER', comment: 'Bravo says no' }),
  },
  {
    label: "declineIdea of A's idea as a duplicate of B's idea",
    field: 'declineIdea',
    vars: () => ({ ideaId: ids.adminIdea, reason: 'DUPLICATE', duplicateOfIdeaId: ids.bIdea }),
  },
  {
    label: "declineIdea of B's idea as a duplicate of A's idea",
    field: 'declineIdea',
    vars: () => ({ ideaId: ids.bIdea, reason: 'DUPLICATE', duplicateOfIdeaId: ids.adminIdea }),
    notFoundField: 'duplicateOfIdeaId',
  },
  {
    label: "declineIdea of B's idea as a duplicate of A's public idea",
    field: 'declineIdea',
    vars: () => ({ ideaId: ids.bIdea, reason: 'DUPLICATE', duplicateOfIdeaId: ids.publicIdea }),
    notFoundField: 'duplicateOfIdeaId',
  },
  { label: 'upvoteIdea', field: 'upvoteIdea', vars: () => ({ ideaId: ids.adminIdea }) },
  {
    label: 'upvoteIdea on the public board',
    field: 'upvoteIdea',
    vars: () => ({ ideaId: ids.publicIdea }),
  },
  { label: 'downvoteIdea', field: 'downvoteIdea', vars: () => ({ ideaId: ids.adminIdea }) },
  {
    label: 'downvoteIdea on the public board',
    field: 'downvoteIdea',
    vars: () => ({ ideaId: ids.publicIdea }),
  },
  {
    label: 'addComment',
    field: 'addComment',
    vars: () => ({ ideaId: ids.adminIdea, text: 'Comment from Bravo' }),
  },
  {
    label: 'addComment on the public board',
    field: 'addComment',
    vars: () => ({ ideaId: ids.publicIdea, text: 'Comment from Bravo' }),
  },
  {
    label: "createRelease on A's private board",
    field: 'createRelease',
    vars: () => ({ name: 'Bravo rel', releaseDate: '2024-01-01', boardIds: [ids.privateBoard] }),
    notFoundField: 'boardIds',
  },
  {
    label: "createRelease on A's public board (with B's own board)",
    field: 'createRelease',
    vars: () => ({
      name: 'Bravo rel',
      releaseDate: '2024-01-01',
      boardIds: [ids.bBoard, ids.publicBoard],
    }),
    notFoundField: 'boardIds',
  },
  {
    label: 'updateRelease',
    field: 'updateRelease',
    vars: () => ({ releaseId: ids.release, name: 'Bravo', releaseDate: '2020-02-02' }),
  },
  {
    label: 'updateRelease of a published public release',
    field: 'updateRelease',
    vars: () => ({ releaseId: ids.publicRelease, name: 'Bravo', releaseDate: '2020-02-02' }),
  },
  {
    label: 'publishRelease',
    field: 'publishRelease',
    vars: () => ({ releaseId: ids.release, published: true }),
  },
  {
    label: 'publishRelease unpublishing a public release',
    field: 'publishRelease',
    vars: () => ({ releaseId: ids.publicRelease, published: false }),
  },
  {
    label: 'addReleasePart',
    field: 'addReleasePart',
    vars: () => ({ releaseId: ids.release, title: 'Entry from Bravo' }),
  },
  {
    label: "addReleaseIdeas of B's idea to A's release",
    field: 'addReleaseIdeas',
    vars: () => ({ releaseId: ids.release, ideaIds: [ids.bIdea] }),
  },
  {
    label: "addReleaseIdeas of A's ideas to B's release",
    field: 'addReleaseIdeas',
    vars: () => ({ releaseId: ids.bRelease, ideaIds: [ids.adminIdea, ids.publicIdea] }),
    notFoundField: 'ideaIds',
  },
  {
    label: 'deleteReleasePart',
    field: 'deleteReleasePart',
    vars: () => ({ releaseId: ids.release, partId: ids.releasePart }),
  },
  {
    label: "deleteReleasePart of A's part through B's release",
    field: 'deleteReleasePart',
    vars: () => ({ releaseId: ids.bRelease, partId: ids.releasePart }),
  },
  { label: 'revokeApiKey', field: 'revokeApiKey', vars: () => ({ apiKeyId: ids.apiKey }) },
];

describe("company B's admin changes none of A's objects", () => {
  it.each(ATTEMPTS.map((attempt) => [attempt.label, attempt] as const))(
    '%s answers not found and changes nothing',
    async (_label, attempt) => {
      const result = await expectNothingChanges(() => run(attempt.field, attempt.vars(), b.token));
      expectNotFound(result, attempt.notFoundField);
    },
  );
});

describe("company B's end user changes none of A's objects", () => {
  it.each(ATTEMPTS.map((attempt) => [attempt.label, attempt] as const))(
    '%s is refused and changes nothing',
    async (_label, attempt) => {
      const result = await expectNothingChanges(() =>
        run(attempt.field, attempt.vars(), bMember.token),
      );
      expect(result.__typename).toBe('AppError');
      // Refused without learning whether A's object exists.
      if (result.code !== 'FORBIDDEN') expectNotFound(result, attempt.notFoundField);
    },
  );
});

describe('anonymous callers change none of A’s objects', () => {
  it('every attempt must sign in and changes nothing', async () => {
    // Refused before any lookup, so one comparison around all attempts is enough.
    const answers = await expectNothingChanges(async () => {
      const codes: Record<string, unknown> = {};
      for (const attempt of ATTEMPTS) {
        const [types, selection] = MUTATIONS[attempt.field]!;
        const { body } = await gql(
          server,
          mutationText(attempt.field, types, selection),
          attempt.vars(),
        );
        codes[attempt.label] = body.errors?.[0]?.extensions?.code;
      }
      return codes;
    });
    expect(answers).toEqual(
      Object.fromEntries(ATTEMPTS.map((attempt) => [attempt.label, 'UNAUTHENTICATED'])),
    );
  });
});

describe("A's public board", () => {
  const PUBLIC_VIEW = `query ($board: ID!, $idea: ID!, $pending: ID!, $company: String!, $slug: String!) {
    board(id: $board) {
      id name widgetSetup { boardHash }
      ideas { totalCount edges { node { id title } } }
      releases { edges { node { id name } } }
    }
    publicBoard(companySlug: $company, boardSlug: $slug) { id }
    idea(id: $idea) {
      id title voteCount commentCount canEdit canUpdateStatus isVotedByMe voters { edges { node { name } } }
      comments { edges { node { text } } }
    }
    pending: idea(id: $pending) { id }
  }`;

  it("is readable by B's users and anonymous visitors, without A's pending ideas or editor rights", async () => {
    for (const token of [b.token, bMember.token, undefined]) {
      const data = await query(
        PUBLIC_VIEW,
        {
          board: ids.publicBoard,
          idea: ids.publicIdea,
          pending: ids.publicPendingIdea,
          company: aCompanySlug,
          slug: aPublicSlug,
        },
        token,
      );
      expect(data.board).toMatchObject({
        id: ids.publicBoard,
        name: 'Alpha public board',
        widgetSetup: null,
      });
      expect(data.board.ideas.edges.map((e: any) => e.node.title)).toEqual([
        'Public idea of Alpha',
      ]);
      expect(data.board.ideas.totalCount).toBe(1);
      expect(data.board.releases.edges.map((e: any) => e.node.name)).toEqual(['Alpha public']);
      expect(data.publicBoard).toEqual({ id: ids.publicBoard });
      expect(data.idea).toEqual({
        id: ids.publicIdea,
        title: 'Public idea of Alpha',
        voteCount: 1,
        commentCount: 1,
        canEdit: false,
        canUpdateStatus: false,
        isVotedByMe: false,
        voters: null,
        comments: { edges: [{ node: { text: 'Public comment text' } }] },
      });
      expect(data.pending).toBeNull();
    }
  });

  it("refuses B's admin an upvote, a comment and a new idea, changing nothing", async () => {
    const upvote = await expectNothingChanges(() =>
      run('upvoteIdea', { ideaId: ids.publicIdea }, b.token),
    );
    expectNotFound(upvote);
    const comment = await expectNothingChanges(() =>
      run('addComment', { ideaId: ids.publicIdea, text: 'Bravo was here' }, b.token),
    );
    expectNotFound(comment);
    const idea = await expectNothingChanges(() =>
      run('createIdea', { boardId: ids.publicBoard, title: 'Bravo idea on Alpha' }, b.token),
    );
    expectNotFound(idea);
    // The idea reads the same as before.
    const data = await query(
      `query ($id: ID!) { idea(id: $id) { voteCount commentCount isVotedByMe } }`,
      { id: ids.publicIdea },
      b.token,
    );
    expect(data.idea).toEqual({ voteCount: 1, commentCount: 1, isVotedByMe: false });
  });
});

describe('within company A, end users keep to their own ideas', () => {
  const FLAGS = `query ($id: ID!) {
    idea(id: $id) { id title canEdit canUpdateStatus isVotedByMe voteCount voters { edges { node { name } } } }
  }`;

  async function flags(ideaId: string, token: string) {
    return (await query(FLAGS, { id: ideaId }, token)).idea;
  }

  it('an end user cannot set the status of or decline any idea, even their own', async () => {
    for (const [ideaId, user] of [
      [ids.adminIdea, otto],
      [ids.acceptedIdea, otto],
      [ids.acceptedIdea, amy],
      [ids.adminIdea, ssoA],
    ] as const) {
      const status = await expectNothingChanges(() =>
        run('setIdeaStatus', { ideaId, status: 'PLANNED' }, user.token),
      );
      expect(status).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
      const decline = await expectNothingChanges(() =>
        run('declineIdea', { ideaId, reason: 'NOT_RELEVANT' }, user.token),
      );
      expect(decline).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    }
  });

  it("an end user cannot edit or delete another user's idea", async () => {
    for (const [ideaId, user] of [
      [ids.adminIdea, amy],
      [ids.acceptedIdea, otto],
      [ids.acceptedIdea, ssoA],
    ] as const) {
      const update = await expectNothingChanges(() =>
        run('updateIdea', { ideaId, title: 'Taken over title' }, user.token),
      );
      expect(update).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
      const remove = await expectNothingChanges(() => run('deleteIdea', { ideaId }, user.token));
      expect(remove).toMatchObject({ __typename: 'AppError', code: 'FORBIDDEN' });
    }
  });

  it('flags: editors are admins and the author; status changes are for admins only', async () => {
    expect(await flags(ids.adminIdea, otto.token)).toMatchObject({
      canEdit: false,
      canUpdateStatus: false,
      voters: null,
    });
    expect(await flags(ids.adminIdea, amy.token)).toMatchObject({
      canEdit: false,
      canUpdateStatus: false,
      voters: null,
    });
    expect(await flags(ids.acceptedIdea, ssoA.token)).toMatchObject({
      canEdit: false,
      canUpdateStatus: false,
      voters: null,
    });
    const ownerName = (await query(`{ viewer { user { displayName } } }`, {}, a.token)).viewer.user
      .displayName;
    // The author sees their own idea's voters, earliest first.
    expect(await flags(ids.acceptedIdea, amy.token)).toMatchObject({
      canEdit: true,
      canUpdateStatus: false,
      voters: { edges: [{ node: { name: 'Other Otto' } }, { node: { name: ownerName } }] },
    });
    expect(await flags(ids.adminIdea, a.token)).toMatchObject({
      canEdit: true,
      canUpdateStatus: true,
      isVotedByMe: false,
      voteCount: 2,
      voters: { edges: [{ node: { name: 'Author Amy' } }, { node: { name: 'Other Otto' } }] },
    });
    // The caller's own vote and the full voter list, asked for together.
    expect(await flags(ids.acceptedIdea, a.token)).toMatchObject({
      canEdit: true,
      canUpdateStatus: true,
      isVotedByMe: true,
      voteCount: 2,
      voters: { edges: [{ node: { name: 'Other Otto' } }, { node: { name: ownerName } }] },
    });
    expect(await flags(ids.adminIdea, otto.token)).toMatchObject({
      isVotedByMe: true,
      voteCount: 2,
    });
  });

  it('the flags in a board list agree with the single idea', async () => {
    const LIST = `query ($id: ID!) { board(id: $id) { ideas { edges { node {
      id canEdit canUpdateStatus isVotedByMe voteCount voters { edges { node { name } } } } } } } }`;
    const asOtto = await query(LIST, { id: ids.privateBoard }, otto.token);
    for (const { node } of asOtto.board.ideas.edges) {
      expect(node).toMatchObject({ canEdit: false, canUpdateStatus: false, voters: null });
    }
    const asOwner = await query(LIST, { id: ids.privateBoard }, a.token);
    for (const { node } of asOwner.board.ideas.edges) {
      expect(node).toMatchObject({ canEdit: true, canUpdateStatus: true });
      expect(node.voters.edges).toHaveLength(node.voteCount);
    }
    const accepted = asOwner.board.ideas.edges.find((e: any) => e.node.id === ids.acceptedIdea);
    expect(accepted.node.isVotedByMe).toBe(true);
  });

  it('the author edits and deletes their own idea', async () => {
    const mine = await ok(
      'createIdea',
      { boardId: ids.privateBoard, title: 'Amy will edit this' },
      amy.token,
    );
    expect(mine.status).toBe('NOT_PUBLIC');
    const edited = await run(
      'updateIdea',
      { ideaId: mine.id, title: 'Amy edited this', description: 'Now with a description' },
      amy.token,
    );
    expect(edited).toEqual({ id: mine.id, title: 'Amy edited this' });
    const removed = await run('deleteIdea', { ideaId: mine.id }, amy.token);
    expect(removed).toEqual({ deletedIdeaId: mine.id });
    expect((await query(FLAGS, { id: mine.id }, amy.token)).idea).toBeNull();
  });

  it("an idea awaiting acceptance is seen only by its author and the company's admins", async () => {
    const LIST = `query ($board: ID!, $idea: ID!, $comment: ID!) {
      board(id: $board) {
        all: ideas { totalCount edges { node { id status } } }
        pending: ideas(filter: NOT_PUBLIC) { totalCount edges { node { id } } }
      }
      idea(id: $idea) { id status }
      node(id: $idea) { id }
      comment: node(id: $comment) { id }
    }`;
    const vars = { board: ids.privateBoard, idea: ids.pendingIdea, comment: ids.pendingComment };

    for (const user of [otto, ssoA]) {
      const data = await query(LIST, vars, user.token);
      expect(data.idea).toBeNull();
      expect(data.node).toBeNull();
      expect(data.comment).toBeNull();
      expect(data.board.all.edges.map((e: any) => e.node.id)).not.toContain(ids.pendingIdea);
      expect(data.board.all.edges.map((e: any) => e.node.status)).not.toContain('NOT_PUBLIC');
      expect(data.board.all.totalCount).toBe(data.board.all.edges.length);
      expect(data.board.pending).toEqual({ totalCount: 0, edges: [] });
    }
    for (const user of [amy, a]) {
      const data = await query(LIST, vars, user.token);
      expect(data.idea).toEqual({ id: ids.pendingIdea, status: 'NOT_PUBLIC' });
      expect(data.node).toEqual({ id: ids.pendingIdea });
      expect(data.comment).toEqual({ id: ids.pendingComment });
      expect(data.board.all.edges.map((e: any) => e.node.id)).toContain(ids.pendingIdea);
      expect(data.board.pending.edges.map((e: any) => e.node.id)).toEqual([ids.pendingIdea]);
    }
  });

  it('another end user cannot vote on or comment on an idea awaiting acceptance', async () => {
    const vote = await expectNothingChanges(() =>
      run('upvoteIdea', { ideaId: ids.pendingIdea }, otto.token),
    );
    expectNotFound(vote);
    const comment = await expectNothingChanges(() =>
      run('addComment', { ideaId: ids.pendingIdea, text: 'Otto should not see it' }, otto.token),
    );
    expectNotFound(comment);
  });
});
