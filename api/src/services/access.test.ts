import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlFragment } from '../db/sql.ts';
import { addEndUser, gql, setPlan, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { expectCall } from '../testing/rest-fixtures.ts';
import { readSse } from '../testing/sse-reader.ts';
import { subscribeLive } from '../testing/live-subscriber.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { createSession } from './account/create-session.ts';
import { authenticate } from './account/authenticate.ts';
import {
  BOARD_ACCESS_SELECT,
  boardVisibleSql,
  boardVisibleToUserCondition,
  boardVisibleWhere,
  canSeeBoard,
  toBoardAccess,
} from './access.ts';

/**
 * Who may see a private board (issue 33 point 1): the team sees every board of its company;
 * anyone sees public boards; an end user of the company sees a private board only when the
 * board grants it (its company's SSO users, confirmed addresses at an allowed domain, members
 * of an allowed customer company). Everything else is "not found", on every path.
 */

type TBoardName = 'open' | 'closed' | 'sso' | 'domain' | 'segment';
type TCaller =
  | 'anonymous'
  | 'selfRegistered'
  | 'unconfirmedDomain'
  | 'confirmedDomain'
  | 'sso'
  | 'ssoCustomer'
  | 'customerMember'
  | 'removedMember'
  | 'member'
  | 'otherAdmin';

const BOARDS: TBoardName[] = ['open', 'closed', 'sso', 'domain', 'segment'];

/** Which boards each caller sees: the rule, written out. */
const SEES: Record<TCaller, TBoardName[]> = {
  anonymous: ['open'],
  selfRegistered: ['open'],
  unconfirmedDomain: ['open'],
  confirmedDomain: ['open', 'domain'],
  sso: ['open', 'sso'],
  ssoCustomer: ['open', 'sso', 'segment'],
  customerMember: ['open', 'segment'],
  removedMember: ['open'],
  member: ['open', 'closed', 'sso', 'domain', 'segment'],
  otherAdmin: ['open'],
};
const CALLERS = Object.keys(SEES) as TCaller[];

let server: TTestServer;
let owner: TTestAccount;
let other: TTestAccount;
let secret: string;
const boards = {} as Record<TBoardName, { id: number; gid: string; hash: string; ideaId: number }>;
const tokens = {} as Record<TCaller, string | undefined>;
const userIds = {} as Record<TCaller, number>;
let customerCompanyId: number;
let ssoUsers = 0;

const ssoToken = (claims: object = {}) => {
  ssoUsers += 1;
  return jwt.sign(
    { id: `access-user-${ssoUsers}`, name: `Access user ${ssoUsers}`, ...claims },
    secret,
    { algorithm: 'HS256', expiresIn: 600 },
  );
};

/** An end user of the owner's company with this address, confirmed or not, and a session. */
async function endUserWithAddress(email: string, confirmed: boolean) {
  const user = await server.deps.prisma.user.create({
    data: {
      companyId: owner.companyId,
      displayName: email,
      email,
      loginEmail: email,
      emailConfirmedAt: confirmed ? new Date() : null,
    },
  });
  return { userId: user.id, token: await createSession(server.deps.prisma, user.id, 1) };
}

async function setAccess(board: TBoardName, body: object): Promise<any> {
  return expectCall(server, 'PUT', `/boards/${boards[board].id}/access`, 200, {
    token: owner.token,
    body,
  });
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server, 'Access Company');
  other = await signUpCompany(server, 'Other Company');
  await setPlan(server, owner.companyId, 'ULTRA');
  secret = (await expectCall(server, 'GET', '/company', 200, { token: owner.token })).companySecret;
  for (const name of BOARDS) {
    const { id } = await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
      token: owner.token,
      body: { name: `Access board ${name}` },
    });
    const { boardHash } = await expectCall(server, 'GET', `/boards/${id}/widget-setup`, 200, {
      token: owner.token,
    });
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: owner.token,
      headers: { 'x-board-id': String(id) },
      body: { title: `Idea on the ${name} board`, description: 'Only some may read this.' },
    });
    const { body } = await gql(server, `{ board(id: "${id}") { id } }`, {}, owner.token);
    boards[name] = { id, gid: body.data.board.id, hash: boardHash, ideaId: idea.id };
  }
  await setAccess('open', { isPublic: true });

  // A visitor signs up through the public board's widget (an unconfirmed address).
  const signUp = await expectCall(
    server,
    'POST',
    `/widget/boards/${boards.open.hash}/signup`,
    201,
    {
      body: { email: `visitor-${Date.now()}@visitors.test`, password: 'visitor-password' },
    },
  );
  tokens.selfRegistered = signUp.token;
  userIds.selfRegistered = signUp.user.id;
  const unconfirmed = await endUserWithAddress(`u-${Date.now()}@acme.test`, false);
  const confirmed = await endUserWithAddress(`c-${Date.now()}@ACME.test`, true);
  tokens.unconfirmedDomain = unconfirmed.token;
  userIds.unconfirmedDomain = unconfirmed.userId;
  tokens.confirmedDomain = confirmed.token;
  userIds.confirmedDomain = confirmed.userId;

  const sso = await expectCall(server, 'POST', '/widget/sso', 200, {
    body: { boardHash: boards.open.hash, token: ssoToken() },
  });
  tokens.sso = sso.token;
  userIds.sso = sso.user.id;
  const ssoCustomer = await expectCall(server, 'POST', '/widget/sso', 200, {
    body: {
      boardHash: boards.open.hash,
      token: ssoToken({ companies: [{ id: 'acme-corp', name: 'ACME Corp', monthlySpend: 100 }] }),
    },
  });
  tokens.ssoCustomer = ssoCustomer.token;
  userIds.ssoCustomer = ssoCustomer.user.id;
  customerCompanyId = (
    await server.deps.prisma.customerCompany.findFirstOrThrow({
      where: { companyId: owner.companyId, externalId: 'acme-corp' },
    })
  ).id;
  // A REGULAR end user the team put in the customer company (not signed in by SSO).
  const customerMember = await addEndUser(server, owner.companyId, { emailConfirmed: false });
  await server.deps.prisma.customerCompanyMember.create({
    data: { customerCompanyId, userId: customerMember.userId },
  });
  tokens.customerMember = customerMember.token;
  userIds.customerMember = customerMember.userId;

  const member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
  tokens.member = member.token;
  userIds.member = member.userId;
  // Removed from the team: an end user now, as services/team's removal leaves them.
  const removed = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
  await server.deps.prisma.user.update({
    where: { id: removed.userId },
    data: { role: 'END_USER' },
  });
  tokens.removedMember = removed.token;
  userIds.removedMember = removed.userId;
  tokens.otherAdmin = other.token;
  userIds.otherAdmin = other.userId;
  tokens.anonymous = undefined;

  await setAccess('sso', { ssoAccess: true });
  const domain = await setAccess('domain', { allowedEmailDomains: [' ACME.test '] });
  expect(domain.access.allowedEmailDomains).toEqual(['acme.test']);
  await setAccess('segment', { allowedCustomerCompanyIds: [customerCompanyId] });
});

afterAll(async () => {
  await server?.close();
});

const expected = (caller: TCaller, board: TBoardName) => SEES[caller].includes(board);

describe('who may see a private board', () => {
  it('lists over REST and GraphQL exactly the boards each caller may see', async () => {
    for (const caller of CALLERS) {
      const token = tokens[caller];
      const { body } = await gql(server, '{ boards { id } }', {}, token);
      const listed = new Set((body.data?.boards ?? []).map((b: { id: string }) => b.id));
      const rest = await server.call('GET', `/api/v1/companies/${owner.companyId}/boards`, {
        token,
      });
      const restListed = new Set(
        rest.status === 200 ? rest.body.map((b: { id: number }) => b.id) : [],
      );
      for (const board of BOARDS) {
        // Only the company's own callers get its list; outsiders see public boards elsewhere.
        const isOwn = caller !== 'anonymous' && caller !== 'otherAdmin';
        const shouldList = isOwn && expected(caller, board);
        expect([caller, board, listed.has(boards[board].gid)]).toEqual([caller, board, shouldList]);
        expect([caller, board, restListed.has(boards[board].id)]).toEqual([
          caller,
          board,
          shouldList,
        ]);
      }
    }
  });

  it.each(CALLERS)(
    'reads a board and its ideas only where it may see them (REST, GraphQL board/node/nodes, widget), else not found: %s',
    async (caller) => {
      const token = tokens[caller];
      await Promise.all(
        BOARDS.map(async (board) => {
          const sees = expected(caller, board);
          const { id, gid, hash, ideaId } = boards[board];
          const label = `${caller} on ${board}`;
          const status = sees ? 200 : 404;
          expect([
            label,
            (await server.call('GET', `/api/v1/boards/${id}`, { token })).status,
          ]).toEqual([label, status]);
          expect([
            label,
            (await server.call('GET', `/api/v1/ideas/${ideaId}`, { token })).status,
          ]).toEqual([label, status]);
          expect([
            label,
            (await server.call('GET', `/api/v1/ideas/${ideaId}/comments`, { token })).status,
          ]).toEqual([label, status]);
          const list = await server.call('GET', '/api/v1/ideas/', {
            token,
            headers: { 'x-board-id': String(id) },
          });
          expect([label, list.status]).toEqual([label, status]);
          expect([
            label,
            (await server.call('GET', `/api/v1/widget/boards/${hash}`, { token })).status,
          ]).toEqual([label, status]);
          const { body } = await gql(
            server,
            `query ($id: ID!, $ideaId: ID!) {
            board(id: $id) { id ideas(first: 5) { edges { node { title } } } }
            node(id: $id) { id }
            nodes(ids: [$id, $ideaId]) { id }
            idea: node(id: $ideaId) { id }
          }`,
            { id: gid, ideaId: await ideaGid(ideaId) },
            token,
          );
          expect(body.errors).toBeUndefined();
          const seen = {
            board: body.data.board !== null,
            node: body.data.node !== null,
            nodes: body.data.nodes.filter((n: unknown) => n !== null).length,
            idea: body.data.idea !== null,
          };
          expect([label, seen]).toEqual([
            label,
            { board: sees, node: sees, nodes: sees ? 2 : 0, idea: sees },
          ]);
          if (sees) {
            expect(body.data.board.ideas.edges.map((e: any) => e.node.title)).toContain(
              `Idea on the ${board} board`,
            );
          }
        }),
      );
    },
  );

  it.each(CALLERS.filter((c) => c !== 'anonymous' && c !== 'otherAdmin'))(
    'lets only those who see a board vote, comment and submit on it (REST and GraphQL), else not found: %s',
    async (caller) => {
      const token = tokens[caller];
      await Promise.all(
        BOARDS.map(async (board) => {
          const sees = expected(caller, board);
          const { id, gid, ideaId } = boards[board];
          const label = `${caller} on ${board}`;
          const vote = await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token });
          expect([label, vote.status]).toEqual([label, sees ? 200 : 404]);
          const comment = await server.call('POST', `/api/v1/ideas/${ideaId}/comments`, {
            token,
            body: { text: `A comment by ${caller}` },
          });
          expect([label, comment.status]).toEqual([label, sees ? 201 : 404]);
          const created = await server.call('POST', '/api/v1/ideas/', {
            token,
            headers: { 'x-board-id': String(id) },
            body: { title: `REST idea by ${caller}`, description: 'From the access test.' },
          });
          expect([label, created.status]).toEqual([label, sees ? 201 : 404]);
          const { body } = await gql(
            server,
            `mutation ($boardId: ID!) { createIdea(boardId: $boardId, title: "GraphQL idea of a caller") {
            __typename ... on AppError { code } } }`,
            { boardId: gid },
            token,
          );
          expect([label, body.data.createIdea.__typename, body.data.createIdea.code]).toEqual(
            sees
              ? [label, 'MutationCreateIdeaSuccess', undefined]
              : [label, 'AppError', 'NOT_FOUND'],
          );
        }),
      );
      // Nothing was written where the caller may not see.
      const hidden = BOARDS.filter((b) => !expected(caller, b)).map((b) => boards[b].id);
      const written = await server.deps.prisma.idea.count({
        where: { authorId: userIds[caller], boardId: { in: hidden } },
      });
      expect(written).toBe(0);
    },
  );

  it('agrees in its three forms (rows, Prisma, SQL) and for mails (per user in SQL)', async () => {
    const rows = await server.deps.prisma.board.findMany({
      where: { id: { in: BOARDS.map((b) => boards[b].id) } },
      select: { id: true, ...BOARD_ACCESS_SELECT },
    });
    for (const caller of CALLERS) {
      const token = tokens[caller];
      const viewer = token ? await authenticate(server.deps, token) : null;
      const byRows = rows.filter((row) => canSeeBoard(viewer, toBoardAccess(row))).map((r) => r.id);
      const byPrisma = (
        await server.deps.prisma.board.findMany({
          where: { id: { in: rows.map((r) => r.id) }, ...boardVisibleWhere(viewer) },
          select: { id: true },
        })
      ).map((r) => r.id);
      const bySql = (
        await server.deps.sql<{ id: number }>`
          SELECT b."id" FROM "Board" b
          WHERE b."id" = ANY(${rows.map((r) => r.id)}::int[]) AND ${boardVisibleSql(viewer)}`
      ).map((r) => Number(r.id));
      const want = BOARDS.filter((b) => expected(caller, b)).map((b) => boards[b].id);
      const sort = (ids: number[]) => [...ids].sort((x, y) => x - y);
      expect([caller, sort(byRows)]).toEqual([caller, sort(want)]);
      expect([caller, sort(byPrisma)]).toEqual([caller, sort(want)]);
      expect([caller, sort(bySql)]).toEqual([caller, sort(want)]);
      if (caller !== 'anonymous') {
        const byUser = (
          await server.deps.sql<{ id: number }>`
            SELECT b."id" FROM "Board" b JOIN "User" u ON u."id" = ${userIds[caller]}::int
            WHERE b."id" = ANY(${rows.map((r) => r.id)}::int[])
              AND ${sqlFragment(boardVisibleToUserCondition('b', 'u'))}`
        ).map((r) => Number(r.id));
        expect([caller, sort(byUser)]).toEqual([caller, sort(want)]);
      }
    }
  });
});

async function ideaGid(ideaId: number): Promise<string> {
  const { body } = await gql(server, `{ idea(id: "${ideaId}") { id } }`, {}, owner.token);
  return body.data.idea.id;
}

describe('a change of who may see a board', () => {
  /** A private board granting the acme.test domain, with an idea by the owner. */
  async function grantedBoard(name: string) {
    const { id } = await expectCall(server, 'POST', `/companies/${owner.companyId}/boards`, 201, {
      token: owner.token,
      body: { name },
    });
    await expectCall(server, 'PUT', `/boards/${id}/access`, 200, {
      token: owner.token,
      body: { allowedEmailDomains: ['acme.test'] },
    });
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: owner.token,
      headers: { 'x-board-id': String(id) },
      body: { title: `The ${name} idea`, description: 'Private words.' },
    });
    return { id, ideaId: idea.id as number };
  }

  it('ends what the widget stream (REST SSE) and the GraphQL subscription deliver at once', async () => {
    const board = await grantedBoard('Live access board');
    const { body } = await gql(server, `{ board(id: "${board.id}") { id } }`, {}, owner.token);
    const SUBSCRIPTION = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { ideaId voteCount } }`;
    const url = `${server.url}/api/v1/boards/${board.id}/events`;
    const granted = await readSse(url, tokens.confirmedDomain);
    const team = await readSse(url, tokens.member);
    const grantedLive = subscribeLive(
      server.url,
      SUBSCRIPTION,
      { boardId: body.data.board.id },
      tokens.confirmedDomain,
    );
    const teamLive = subscribeLive(
      server.url,
      SUBSCRIPTION,
      { boardId: body.data.board.id },
      tokens.member,
    );
    try {
      await Promise.all([granted, team].map((s) => s.waitFor((e) => e.event === 'ready')));
      let voted = false;
      const toggle = async () => {
        voted = !voted;
        await expectCall(
          server,
          'POST',
          `/ideas/${board.ideaId}/${voted ? 'upvote' : 'downvote'}`,
          200,
          { token: owner.token },
        );
      };
      await grantedLive.waitUntilLive(toggle);
      await teamLive.waitUntilLive(toggle);
      // Granted: both hear the vote.
      await granted.waitFor((e) => e.event === 'idea');
      await team.waitFor((e) => e.event === 'idea');
      await grantedLive.waitFor(() => true);
      const heard = { sse: granted.events.length, live: grantedLive.results.length };

      await expectCall(server, 'PUT', `/boards/${board.id}/access`, 200, {
        token: owner.token,
        body: { allowedEmailDomains: [] },
      });
      const teamHeard = team.events.filter((e) => e.event === 'idea').length;
      const teamLiveHeard = teamLive.results.length;
      await toggle();
      // The team still hears the next vote; the end user no longer may see the board.
      await team.waitFor(() => team.events.filter((e) => e.event === 'idea').length > teamHeard);
      await teamLive.waitFor(() => teamLive.results.length > teamLiveHeard);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect({ sse: granted.events.length, live: grantedLive.results.length }).toEqual(heard);
    } finally {
      granted.close();
      team.close();
      grantedLive.close();
      teamLive.close();
    }
  });

  it('mails a status change only to voters who may see the board now', async () => {
    const board = await grantedBoard('Mail access board');
    await expectCall(server, 'POST', `/ideas/${board.ideaId}/upvote`, 200, {
      token: tokens.confirmedDomain,
    });
    const mailsTo = (status: string) =>
      server.deps.prisma.mail
        .count({
          where: {
            userId: userIds.confirmedDomain,
            topic: 'IDEA_STATUS',
            subject: { contains: '' },
          },
        })
        .then((n) => ({ status, n }));
    await expectCall(server, 'PUT', `/ideas/${board.ideaId}/status`, 200, {
      token: owner.token,
      body: { status: 'PLANNED' },
    });
    expect(await mailsTo('PLANNED')).toEqual({ status: 'PLANNED', n: 1 });
    await expectCall(server, 'PUT', `/boards/${board.id}/access`, 200, {
      token: owner.token,
      body: { allowedEmailDomains: ['elsewhere.test'] },
    });
    await expectCall(server, 'PUT', `/ideas/${board.ideaId}/status`, 200, {
      token: owner.token,
      body: { status: 'IN_PROGRESS' },
    });
    expect(await mailsTo('IN_PROGRESS')).toEqual({ status: 'IN_PROGRESS', n: 1 });
  });

  it('shows no releases, limits or similar ideas of a board to those it does not grant', async () => {
    const board = await grantedBoard('Side paths board');
    const paths = [
      `/api/v1/boards/${board.id}/releases`,
      `/api/v1/boards/${board.id}/limits`,
      `/api/v1/boards/${board.id}/ideas/similar?text=Side%20paths%20idea`,
    ];
    for (const [caller, status] of [
      ['confirmedDomain', 200],
      ['unconfirmedDomain', 404],
      ['selfRegistered', 404],
    ] as const) {
      for (const path of paths) {
        const answer = await server.call('GET', path, {
          token: tokens[caller],
          headers: { 'x-board-id': String(board.id) },
        });
        expect([caller, path, answer.status]).toEqual([caller, path, status]);
      }
      const { body } = await gql(
        server,
        `query ($id: ID!) { board(id: $id) { id similarIdeas(text: "Side paths idea") { title } } }`,
        { id: String(board.id) },
        tokens[caller],
      );
      expect([caller, body.data.board === null]).toEqual([caller, status === 404]);
    }
  });
});

describe('board access settings', () => {
  const UPDATE = `mutation ($boardId: ID!, $ssoAccess: Boolean, $domains: [String!], $customers: [ID!]) {
    updateBoard(boardId: $boardId, ssoAccess: $ssoAccess, allowedEmailDomains: $domains,
                allowedCustomerCompanyIds: $customers) {
      __typename
      ... on MutationUpdateBoardSuccess { data { id ssoAccess allowedEmailDomains allowedCustomerCompanies { name } } }
      ... on AppError { code fields { field message } }
    } }`;
  const update = async (variables: Record<string, unknown>, token = owner.token) =>
    (await gql(server, UPDATE, { boardId: boards.closed.gid, ...variables }, token)).body.data
      .updateBoard;

  it('sets them for admins, lower-cased and without repeats, and shows them to admins only', async () => {
    const customer = (await gql(server, `{ customerCompanies { id name } }`, {}, owner.token)).body
      .data.customerCompanies;
    const acme = customer.find((c: { name: string }) => c.name === 'ACME Corp');
    const set = await update({
      ssoAccess: false,
      domains: ['Example.ORG', 'example.org', 'sub.example.co.uk'],
      customers: [acme.id],
    });
    expect(set).toEqual({
      __typename: 'MutationUpdateBoardSuccess',
      data: {
        id: boards.closed.gid,
        ssoAccess: false,
        allowedEmailDomains: ['example.org', 'sub.example.co.uk'],
        allowedCustomerCompanies: [{ name: 'ACME Corp' }],
      },
    });
    const seenBy = async (token: string | undefined) =>
      (
        await gql(
          server,
          `{ board(id: "${boards.open.id}") { ssoAccess allowedEmailDomains allowedCustomerCompanies { name } } }`,
          {},
          token,
        )
      ).body.data.board;
    expect(await seenBy(tokens.member)).toEqual({
      ssoAccess: null,
      allowedEmailDomains: null,
      allowedCustomerCompanies: null,
    });
    expect(await seenBy(tokens.otherAdmin)).toEqual({
      ssoAccess: null,
      allowedEmailDomains: null,
      allowedCustomerCompanies: null,
    });
    expect((await seenBy(owner.token)).ssoAccess).toBe(false);
    // The grants take effect at once: a member of the customer company now sees the board.
    const now = await server.call('GET', `/api/v1/boards/${boards.closed.id}`, {
      token: tokens.customerMember,
    });
    expect(now.status).toBe(200);
    await update({ domains: [], customers: [] });
    const after = await server.call('GET', `/api/v1/boards/${boards.closed.id}`, {
      token: tokens.customerMember,
    });
    expect(after.status).toBe(404);
    const audit = await server.deps.prisma.auditEntry.findFirst({
      where: { companyId: owner.companyId, action: 'BOARD_VISIBILITY_CHANGED' },
      orderBy: { id: 'desc' },
    });
    expect(audit?.details).toMatchObject({
      allowedEmailDomains: [],
      allowedCustomerCompanyIds: [],
    });
  });

  it('refuses bad domains and foreign customer companies with field errors, and changes nothing', async () => {
    const foreign = await server.deps.prisma.customerCompany.create({
      data: { companyId: other.companyId, externalId: 'foreign', name: 'Foreign' },
    });
    const foreignId = (await gql(server, `{ customerCompanies { id } }`, {}, other.token)).body.data
      .customerCompanies[0].id;
    expect(foreign.id).toBeGreaterThan(0);
    const cases: [Record<string, unknown>, string][] = [
      [{ domains: ['not a domain'] }, 'allowedEmailDomains.0'],
      [{ domains: ['ok.test', 'user@acme.test'] }, 'allowedEmailDomains.1'],
      [{ domains: ['-bad.test'] }, 'allowedEmailDomains.0'],
      [{ domains: [`${'a'.repeat(250)}.test`] }, 'allowedEmailDomains.0'],
      [{ domains: Array.from({ length: 51 }, (_, n) => `d${n}.test`) }, 'allowedEmailDomains'],
      [{ customers: [foreignId] }, 'allowedCustomerCompanyIds.0'],
      [{ customers: ['not-an-id'] }, 'allowedCustomerCompanyIds.0'],
    ];
    const before = await server.deps.prisma.board.findUniqueOrThrow({
      where: { id: boards.closed.id },
      include: { customerAccess: true },
    });
    for (const [variables, field] of cases) {
      const answer = await update(variables);
      expect([field, answer.__typename, answer.code]).toEqual([field, 'AppError', 'VALIDATION']);
      expect(answer.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(
      await server.deps.prisma.board.findUniqueOrThrow({
        where: { id: boards.closed.id },
        include: { customerAccess: true },
      }),
    ).toEqual(before);
  });

  it('is for the board company’s admins: members are forbidden, others do not find it', async () => {
    expect((await update({ ssoAccess: true }, tokens.member)).code).toBe('FORBIDDEN');
    expect((await update({ ssoAccess: true }, tokens.selfRegistered)).code).toBe('NOT_FOUND');
    expect((await update({ ssoAccess: true }, other.token)).code).toBe('NOT_FOUND');
    const rest = await server.call('PUT', `/api/v1/boards/${boards.closed.id}/access`, {
      token: other.token,
      body: { ssoAccess: true },
    });
    expect(rest.status).toBe(404);
  });
});
