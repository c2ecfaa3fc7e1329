/* eslint-disable @typescript-eslint/no-explicit-any -- test support (like api/src/testing/): JSON answers of every route and field */
import jwt from 'jsonwebtoken';
import { globalId } from '../schema/ids.ts';
import { createSession } from '../services/account/create-session.ts';
import { APP_ERROR, gql, mutate, setPlan, signUpCompany } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/**
 * The world of the caller matrix: company A with every kind of caller and five boards (one
 * public, one private without grants, three private boards each granting one kind of end user),
 * and company B whose admin must find none of A's private objects.
 */

/** Who calls. `owner` is A's OWNER (owner-only routes); `admin` an ADMIN who is not the owner. */
export const CALLERS = [
  'anonymous',
  'selfRegistered',
  'sso',
  'domain',
  'customer',
  'removed',
  'member',
  'admin',
  'owner',
  'otherAdmin',
] as const;
export type TCaller = (typeof CALLERS)[number];

/** A's boards: public, private without grants, and private boards granting one audience each. */
export const BOARD_KINDS = ['public', 'private', 'sso', 'domain', 'customer'] as const;
export type TBoardKind = (typeof BOARD_KINDS)[number];

/** The domain the `domain` board lists; the `domain` caller's confirmed address is at it. */
export const GRANTED_DOMAIN = 'granted-matrix.test';
/** The customer company (SSO `companies` claim) the `customer` board lists. */
export const CUSTOMER_EXTERNAL_ID = 'matrix-customer-1';

/** One board of A and the objects on it: an accepted idea, a comment, a vote, a published release. */
export type TBoardFixture = {
  kind: TBoardKind;
  id: number;
  gid: string;
  slug: string;
  hash: string;
  ideaId: number;
  ideaGid: string;
  ideaTitle: string;
  commentId: number;
  commentGid: string;
  releaseId: number;
  releaseGid: string;
  partId: number;
  partGid: string;
};

export type TWorld = {
  server: TTestServer;
  /** Each caller's session token (none for `anonymous`). */
  tokens: Record<TCaller, string | undefined>;
  /** Each caller's user id (0 for `anonymous`). */
  userIds: Record<TCaller, number>;
  boards: Record<TBoardKind, TBoardFixture>;
  a: { companyId: number; slug: string; secret: string; customerCompanyId: number };
  b: { companyId: number; boardId: number; boardGid: string };
  /** API keys for /mcp: A's admin's, B's admin's, and one made by the removed member while an admin. */
  keys: { admin: string; otherAdmin: string; removed: string };
  /**
   * Why a grant could not be written (the column or table does not exist yet), or empty: the
   * grant columns of the new access model are written with SQL, not through its API.
   */
  grantProblems: string[];
  /** A REST call under /api/v1 as `caller`. */
  rest: (
    caller: TCaller,
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /** A GraphQL operation as `caller`. */
  graphql: (
    caller: TCaller,
    query: string,
    variables?: Record<string, unknown>,
  ) => Promise<{ status: number; body: any }>;
  /** A fresh session of `caller` (for calls that end or change their session). */
  freshToken: (caller: TCaller) => Promise<string | undefined>;
  /** A new accepted idea by A's owner on `board` (for calls that destroy what they act on). */
  scratchIdea: (board: TBoardKind, title?: string) => Promise<{ id: number; gid: string }>;
  /** A throwaway idea of the owner's, awaiting acceptance (the moderation queue's calls). */
  scratchPendingIdea: (board: TBoardKind) => Promise<{ id: number; gid: string }>;
  /** A's objects that admin-only calls name, and throwaway ones for calls that destroy them. */
  fixtures: TCompanyFixtures;
};

export type TCompanyFixtures = {
  webhookId: number;
  webhookGid: string;
  tagGid: string;
  invitationGid: string;
  customerCompanyGid: string;
  scratchWebhook: () => Promise<number>;
  scratchTag: () => Promise<string>;
  scratchInvitation: () => Promise<string>;
  scratchApiKey: () => Promise<string>;
  /** A new user of A (an end user unless `role` says otherwise); answers its CompanyUser id. */
  scratchUser: (role?: 'END_USER' | 'MEMBER') => Promise<{ id: number; gid: string }>;
  /** A new custom status of the board; answers its global id. */
  scratchStatus: (board: TBoardKind) => Promise<string>;
};

let counter = 0;
const unique = () => `${process.pid}-${Date.now()}-${(counter += 1)}`;

async function expectOk(
  server: TTestServer,
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<any> {
  const answer = await server.call(method, `/api/v1${path}`, { token, body, headers });
  if (answer.status >= 300) {
    throw new Error(`fixture ${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** A signed SSO token of company A (HS256, ten minutes). */
export function ssoToken(secret: string, claims: Record<string, unknown>): string {
  return jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 600 });
}

/** A team or end user written the way the seed writes users, with a session. */
async function addUser(
  server: TTestServer,
  companyId: number,
  role: 'END_USER' | 'MEMBER' | 'ADMIN',
  email: string,
  name: string,
): Promise<{ userId: number; token: string }> {
  const user = await server.deps.prisma.user.create({
    data: {
      companyId,
      kind: 'REGULAR',
      role,
      displayName: name,
      email,
      loginEmail: email.toLowerCase(),
      emailConfirmedAt: new Date(),
    },
  });
  return { userId: user.id, token: await createSession(server.deps.prisma, user.id, 1) };
}

const CREATE_KEY = `mutation ($name: String!) { createApiKey(name: $name) {
  __typename ... on MutationCreateApiKeySuccess { data { key } } ${APP_ERROR} } }`;

async function createKey(server: TTestServer, token: string): Promise<string> {
  const created = await mutate(server, 'createApiKey', CREATE_KEY, { name: 'Matrix key' }, token);
  if (created.__typename === 'AppError')
    throw new Error(`createApiKey: ${JSON.stringify(created)}`);
  return created.key;
}

/** Builds the world on a fresh server (about 60 REST and GraphQL calls). */
export async function startWorld(): Promise<TWorld> {
  const server = await startTestServer();
  const prisma = server.deps.prisma;
  const ownerAccount = await signUpCompany(server, 'Matrix Alpha');
  const otherAccount = await signUpCompany(server, 'Matrix Bravo');
  await setPlan(server, ownerAccount.companyId, 'ULTRA');
  await setPlan(server, otherAccount.companyId, 'ULTRA');
  const companyId = ownerAccount.companyId;
  const owner = ownerAccount.token;
  const company = await prisma.company.findUniqueOrThrow({ where: { id: companyId } });

  const boards = {} as Record<TBoardKind, TBoardFixture>;
  for (const kind of BOARD_KINDS) {
    const { id } = await expectOk(server, 'POST', `/companies/${companyId}/boards`, owner, {
      name: `Matrix ${kind} board`,
    });
    await expectOk(server, 'PUT', `/boards/${id}/set-public`, owner, {
      isPublic: kind === 'public',
    });
    const row = await prisma.board.findUniqueOrThrow({ where: { id } });
    const ideaTitle = `Matrix idea on the ${kind} board`;
    const idea = await expectOk(
      server,
      'POST',
      '/ideas/',
      owner,
      { title: ideaTitle, description: `An accepted idea of the ${kind} board.` },
      { 'x-board-id': String(id) },
    );
    const comment = await expectOk(server, 'POST', `/ideas/${idea.id}/comments`, owner, {
      text: `A comment on the ${kind} board`,
    });
    await expectOk(server, 'POST', `/ideas/${idea.id}/upvote`, owner);
    const release = await expectOk(server, 'POST', `/companies/${companyId}/releases`, owner, {
      name: `Rel ${kind}`,
      releaseDate: '2026-01-15',
      boardIds: [id],
    });
    const withPart = await expectOk(server, 'POST', `/releases/${release.id}/parts`, owner, {
      title: `A part of the ${kind} release`,
    });
    await expectOk(server, 'PUT', `/releases/${release.id}/publish`, owner, { published: true });
    boards[kind] = {
      kind,
      id,
      gid: globalId('Board', id),
      slug: row.slug,
      hash: row.widgetHash,
      ideaId: idea.id,
      ideaGid: globalId('Idea', idea.id),
      ideaTitle,
      commentId: comment.commentDto.id,
      commentGid: globalId('Comment', comment.commentDto.id),
      releaseId: release.id,
      releaseGid: globalId('Release', release.id),
      partId: withPart.parts[0].id,
      partGid: globalId('ReleasePart', withPart.parts[0].id),
    };
  }

  // B's own board (a place B's admin may write to).
  const bBoard = await expectOk(
    server,
    'POST',
    `/companies/${otherAccount.companyId}/boards`,
    otherAccount.token,
    { name: 'Matrix Bravo board' },
  );

  // The team: an admin and a member; the removed member was an admin (and made an API key).
  const tag = unique();
  const admin = await addUser(server, companyId, 'ADMIN', `admin-${tag}@example.com`, 'Ada Admin');
  const member = await addUser(
    server,
    companyId,
    'MEMBER',
    `member-${tag}@example.com`,
    'Mel Member',
  );
  const removed = await addUser(
    server,
    companyId,
    'ADMIN',
    `removed-${tag}@example.com`,
    'Rex Removed',
  );
  const removedKey = await createKey(server, removed.token);
  const removal = await gql(
    server,
    `mutation ($userId: ID!) { removeMember(userId: $userId) { __typename ${APP_ERROR} } }`,
    { userId: globalId('CompanyUser', removed.userId) },
    owner,
  );
  if (removal.body.data?.removeMember?.__typename === 'AppError' || removal.body.errors) {
    throw new Error(`removeMember: ${JSON.stringify(removal.body)}`);
  }
  // Their old sessions may end with the removal; a removed member signs in again as an end user.
  const removedToken = await createSession(prisma, removed.userId, 1);

  // End users: one who signed up through the public board's widget, two SSO users (one working
  // for a customer company), one with a confirmed address at the granted domain.
  const signup = await expectOk(
    server,
    'POST',
    `/widget/boards/${boards.public.hash}/signup`,
    undefined,
    { email: `self-${tag}@example.com`, password: 'secret-password', name: 'Sam Signup' },
  );
  const sso = await expectOk(server, 'POST', '/widget/sso', undefined, {
    boardHash: boards.public.hash,
    token: ssoToken(company.secret, { id: `sso-${tag}`, name: 'Sue Sso' }),
  });
  const customer = await expectOk(server, 'POST', '/widget/sso', undefined, {
    boardHash: boards.public.hash,
    token: ssoToken(company.secret, {
      id: `customer-${tag}`,
      name: 'Cass Customer',
      companies: [{ id: CUSTOMER_EXTERNAL_ID, name: 'Matrix Customer Ltd', monthlySpend: 100 }],
    }),
  });
  const domain = await addUser(
    server,
    companyId,
    'END_USER',
    `dana-${tag}@${GRANTED_DOMAIN}`,
    'Dana Domain',
  );
  const customerCompany = await prisma.customerCompany.findFirstOrThrow({
    where: { companyId, externalId: CUSTOMER_EXTERNAL_ID },
  });

  // The grants of the new access model, written straight to the database.
  const grantProblems: string[] = [];
  const grant = async (what: string, statement: () => Promise<unknown>) => {
    try {
      await statement();
    } catch (error) {
      grantProblems.push(`${what}: ${(error as Error).message.split('\n').slice(-1)[0]}`);
    }
  };
  await grant('Board.ssoAccess', () =>
    prisma.$executeRawUnsafe(
      `UPDATE "Board" SET "ssoAccess" = true WHERE "id" = $1`,
      boards.sso.id,
    ),
  );
  await grant('Board.allowedEmailDomains', () =>
    prisma.$executeRawUnsafe(
      `UPDATE "Board" SET "allowedEmailDomains" = ARRAY[$1]::text[] WHERE "id" = $2`,
      GRANTED_DOMAIN,
      boards.domain.id,
    ),
  );
  await grant('BoardCustomerAccess', () =>
    prisma.$executeRawUnsafe(
      `INSERT INTO "BoardCustomerAccess" ("boardId", "customerCompanyId") VALUES ($1, $2)`,
      boards.customer.id,
      customerCompany.id,
    ),
  );

  const tokens: Record<TCaller, string | undefined> = {
    anonymous: undefined,
    selfRegistered: signup.token,
    sso: sso.token,
    domain: domain.token,
    customer: customer.token,
    removed: removedToken,
    member: member.token,
    admin: admin.token,
    owner,
    otherAdmin: otherAccount.token,
  };
  const userIds: Record<TCaller, number> = {
    anonymous: 0,
    selfRegistered: signup.user.id,
    sso: sso.user.id,
    domain: domain.userId,
    customer: customer.user.id,
    removed: removed.userId,
    member: member.userId,
    admin: admin.userId,
    owner: ownerAccount.userId,
    otherAdmin: otherAccount.userId,
  };

  const keys = {
    admin: await createKey(server, admin.token),
    otherAdmin: await createKey(server, otherAccount.token),
    removed: removedKey,
  };

  const fixtures = await companyFixtures(server, owner, companyId, boards, customerCompany.id);

  return {
    server,
    fixtures,
    tokens,
    userIds,
    boards,
    a: {
      companyId,
      slug: company.slug,
      secret: company.secret,
      customerCompanyId: customerCompany.id,
    },
    b: {
      companyId: otherAccount.companyId,
      boardId: bBoard.id,
      boardGid: globalId('Board', bBoard.id),
    },
    keys,
    grantProblems,
    rest: (caller, method, path, options = {}) =>
      server.call(method, `/api/v1${path}`, { ...options, token: tokens[caller] }),
    graphql: (caller, query, variables = {}) => gql(server, query, variables, tokens[caller]),
    freshToken: async (caller) =>
      caller === 'anonymous' ? undefined : createSession(prisma, userIds[caller], 1),
    scratchIdea: async (board, title = `Scratch idea ${unique()}`) => {
      const idea = await expectOk(
        server,
        'POST',
        '/ideas/',
        owner,
        { title, description: 'A throwaway idea.' },
        { 'x-board-id': String(boards[board].id) },
      );
      return { id: idea.id, gid: globalId('Idea', idea.id) };
    },
    scratchPendingIdea: async (board) => {
      const idea = await expectOk(
        server,
        'POST',
        '/ideas/',
        owner,
        { title: `Pending idea ${unique()}` },
        { 'x-board-id': String(boards[board].id) },
      );
      await server.deps.prisma.idea.update({
        where: { id: idea.id },
        data: { status: 'NOT_PUBLIC' },
      });
      return { id: idea.id, gid: globalId('Idea', idea.id) };
    },
  };
}

async function ownerMutation(
  server: TTestServer,
  owner: string,
  field: string,
  signature: string,
  args: string,
  selection: string,
  variables: Record<string, unknown>,
): Promise<any> {
  const success = `Mutation${field[0]!.toUpperCase()}${field.slice(1)}Success`;
  const result = await mutate(
    server,
    field,
    `mutation (${signature}) { ${field}(${args}) {
      __typename ... on ${success} { data { ${selection} } } ${APP_ERROR} } }`,
    variables,
    owner,
  );
  if (result.__typename === 'AppError') throw new Error(`${field}: ${JSON.stringify(result)}`);
  return result;
}

async function companyFixtures(
  server: TTestServer,
  owner: string,
  companyId: number,
  boards: Record<TBoardKind, TBoardFixture>,
  customerCompanyId: number,
): Promise<TCompanyFixtures> {
  const scratchWebhook = async () =>
    (
      await expectOk(server, 'POST', '/webhooks', owner, {
        url: 'https://hooks.example.com/matrix',
        events: ['IDEA_CREATED'],
      })
    ).webhook.id as number;
  const scratchTag = async () =>
    (
      await ownerMutation(
        server,
        owner,
        'createTag',
        '$name: String!',
        'name: $name, color: "ff0000", isPrivate: false',
        'id',
        { name: `Tag ${unique()}`.slice(0, 30) },
      )
    ).id as string;
  const scratchInvitation = async () =>
    (
      await ownerMutation(
        server,
        owner,
        'inviteMember',
        '$email: String!',
        'email: $email, role: MEMBER',
        'id',
        { email: `invitee-${unique()}@example.com` },
      )
    ).id as string;
  const webhookId = await scratchWebhook();
  await expectOk(server, 'PUT', `/webhooks/${webhookId}`, owner, { isEnabled: false });
  return {
    webhookId,
    webhookGid: globalId('Webhook', webhookId),
    tagGid: await scratchTag(),
    invitationGid: await scratchInvitation(),
    customerCompanyGid: globalId('CustomerCompany', customerCompanyId),
    scratchWebhook,
    scratchTag,
    scratchInvitation,
    scratchApiKey: async () =>
      (
        await ownerMutation(
          server,
          owner,
          'createApiKey',
          '$name: String!',
          'name: $name',
          'apiKey { id }',
          { name: 'Scratch key' },
        )
      ).apiKey.id as string,
    scratchUser: async (role = 'END_USER') => {
      const tag = unique();
      const user = await server.deps.prisma.user.create({
        data: {
          companyId,
          kind: 'REGULAR',
          role,
          displayName: `Scratch ${tag}`.slice(0, 40),
          email: `scratch-${tag}@example.com`,
          loginEmail: `scratch-${tag}@example.com`,
          emailConfirmedAt: new Date(),
        },
      });
      return { id: user.id, gid: globalId('CompanyUser', user.id) };
    },
    scratchStatus: async (board) =>
      (
        await ownerMutation(
          server,
          owner,
          'createBoardStatus',
          '$boardId: ID!, $nameEn: String!',
          'boardId: $boardId, nameEn: $nameEn, namePl: $nameEn, color: "00ff00", kind: PLANNED',
          'id',
          { boardId: boards[board].gid, nameEn: `Status ${unique()}`.slice(0, 30) },
        )
      ).id as string,
  };
}
