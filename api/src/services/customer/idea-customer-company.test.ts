import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { checkIdeaCustomerCompanies, checkIdeaValues } from './check-idea-values.ts';

/**
 * An idea's customer companies as the team sees them (its value, and each company behind its
 * votes with how many of its voters work there), now kept per idea and company instead of
 * recounted from every vote: members of one customer voting at once, the last one taking the
 * vote back, a member leaving, a spend edit, a merge and its undo. After each, what the team
 * reads equals the customers' real voters, the customer segment lists exactly the ideas with
 * such a voter, and the check of `npm run db:idea-counts` finds no difference.
 */

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const IDEA = `query ($id: ID!) { idea: node(id: $id) { ... on Idea {
  value voteCount voterCompanies { name voterCount monthlySpend } } } }`;
const SEGMENT = `query ($boardId: ID!, $segment: IdeaSegment) {
  board: node(id: $boardId) { ... on Board {
    ideas(sort: VALUE, segment: $segment, first: 50) { totalCount edges { node { id value } } } } } }`;
const RESULT = `{ __typename ${APP_ERROR} }`;
const MEMBER_CHANGE = (field: string) => `mutation ($customerCompanyId: ID!, $userId: ID!) {
  result: ${field}(customerCompanyId: $customerCompanyId, userId: $userId) ${RESULT} }`;
const UPDATE = `mutation ($customerCompanyId: ID!, $name: String!, $externalId: String!, $monthlySpend: Float!, $plan: String) {
  result: updateCustomerCompany(customerCompanyId: $customerCompanyId, name: $name, externalId: $externalId, monthlySpend: $monthlySpend, plan: $plan) ${RESULT} }`;
const DECLINE = `mutation ($ideaId: ID!, $duplicateOfIdeaId: ID) {
  result: declineIdea(ideaId: $ideaId, reason: DUPLICATE, duplicateOfIdeaId: $duplicateOfIdeaId, mergeVotes: true) ${RESULT} }`;
const UNDO = `mutation ($ideaId: ID!) { result: undoMerge(ideaId: $ideaId) ${RESULT} }`;
const PREVIEW_IMPORT = `mutation ($boardId: ID!, $files: [ImportFileInput!]!) {
  result: previewImport(boardId: $boardId, source: CSV, files: $files) {
    __typename ... on MutationPreviewImportSuccess { data { id } } ${APP_ERROR} } }`;
const START_IMPORT = `mutation ($importJobId: ID!) { result: startImport(importJobId: $importJobId) {
  __typename ${APP_ERROR} } }`;
const IMPORT_JOB = `query ($id: ID!) { importJob(id: $id) { status result { ideas votes } } }`;

type TCustomer = { id: number; name: string; externalId: string; plan: string };

type TFixture = {
  company: TRestCompany;
  ideaIds: number[];
  voters: TTestAccount[];
  acme: TCustomer;
  globex: TCustomer;
};

async function mutate(token: string, query: string, variables: Record<string, unknown>) {
  const { body } = await gql(server, query, variables, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  expect(body.data.result.__typename, JSON.stringify(body.data.result)).not.toBe('AppError');
  return body.data.result;
}

/**
 * A board with three ideas, eight end users and two customers: Acme (gold, 1,000 a month),
 * whose members are the first six users, and Globex (silver, 30 a month), the last two users'
 * and the first's.
 */
async function fixture(): Promise<TFixture> {
  const company = await restCompany(server);
  const ideaIds = [company.ideaId];
  for (let n = 0; n < 2; n += 1) {
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: `Idea with customers ${n}` },
    });
    ideaIds.push(idea.id);
  }
  const voters = await Promise.all(
    Array.from({ length: 8 }, () => addEndUser(server, company.owner.companyId)),
  );
  const customer = async (externalId: string, monthlySpend: number, plan: string) => {
    const row = await server.deps.prisma.customerCompany.create({
      data: {
        companyId: company.owner.companyId,
        externalId,
        name: externalId === 'acme' ? 'Acme' : 'Globex',
        monthlySpend,
        plan,
      },
    });
    return { id: row.id, name: row.name, externalId, plan };
  };
  const acme = await customer('acme', 1000, 'gold');
  const globex = await customer('globex', 30, 'silver');
  const f = { company, ideaIds, voters, acme, globex };
  for (const n of [0, 1, 2, 3, 4, 5]) await attach(f, acme, n);
  for (const n of [0, 6, 7]) await attach(f, globex, n);
  return f;
}

const attach = (f: TFixture, customer: TCustomer, voter: number) =>
  mutate(f.company.owner.token, MEMBER_CHANGE('attachCustomerCompanyMember'), {
    customerCompanyId: globalId('CustomerCompany', customer.id),
    userId: globalId('CompanyUser', f.voters[voter]!.userId),
  });

const detach = (f: TFixture, customer: TCustomer, voter: number) =>
  mutate(f.company.owner.token, MEMBER_CHANGE('detachCustomerCompanyMember'), {
    customerCompanyId: globalId('CustomerCompany', customer.id),
    userId: globalId('CompanyUser', f.voters[voter]!.userId),
  });

async function vote(f: TFixture, voter: number, ideaId: number, way: 'upvote' | 'downvote') {
  const { status } = await server.call('POST', `/api/v1/ideas/${ideaId}/${way}`, {
    token: f.voters[voter]!.token,
  });
  expect(status).toBe(200);
}

/** The idea as the team reads it: its value and its customers with their voter counts. */
async function teamView(f: TFixture, ideaId: number) {
  const { body } = await gql(server, IDEA, { id: globalId('Idea', ideaId) }, f.company.owner.token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const { value, voteCount, voterCompanies } = body.data.idea;
  return {
    value,
    voteCount,
    customers: Object.fromEntries(
      voterCompanies.map((c: { name: string; voterCount: number }) => [c.name, c.voterCount]),
    ),
  };
}

/** The board's ideas (row ids, by value) with a voter in the segment. */
async function segmentIds(f: TFixture, segment: Record<string, unknown>): Promise<number[]> {
  const { body } = await gql(
    server,
    SEGMENT,
    { boardId: globalId('Board', f.company.boardId), segment },
    f.company.owner.token,
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  const ideas = body.data.board.ideas;
  const ids = ideas.edges.map((e: { node: { id: string } }) =>
    Number(Buffer.from(e.node.id, 'base64').toString().split(':')[1]),
  );
  expect(ideas.totalCount).toBe(ids.length);
  return ids;
}

/** The check of `npm run db:idea-counts` finds nothing on the fixture's ideas. */
async function expectNoDifference(f: TFixture): Promise<void> {
  const pairs = await checkIdeaCustomerCompanies(server.deps.prisma);
  expect(pairs.filter((m) => f.ideaIds.includes(m.ideaId))).toEqual([]);
  const values = await checkIdeaValues(server.deps.prisma);
  expect(values.filter((m) => f.ideaIds.includes(m.ideaId))).toEqual([]);
}

describe('an idea’s customer companies, kept with every vote', () => {
  it('counts a customer once while its members vote at once, and lets go with the last one', async () => {
    const f = await fixture();
    const [ideaId, otherId] = f.ideaIds as [number, number, number];
    // All eight at once on one idea: Acme's six voters and Globex's three (user 0 works for both).
    await Promise.all(f.voters.map((_, n) => vote(f, n, ideaId, 'upvote')));
    expect(await teamView(f, ideaId)).toEqual({
      value: 1030,
      voteCount: 8,
      customers: { Acme: 6, Globex: 3 },
    });
    expect(await segmentIds(f, { plan: 'gold' })).toEqual([ideaId]);
    // Five of Acme's take it back at once, and two vote on the other idea meanwhile.
    await Promise.all([
      ...[1, 2, 3, 4, 5].map((n) => vote(f, n, ideaId, 'downvote')),
      vote(f, 2, otherId, 'upvote'),
      vote(f, 3, otherId, 'upvote'),
    ]);
    expect(await teamView(f, ideaId)).toEqual({
      value: 1030,
      voteCount: 3,
      customers: { Acme: 1, Globex: 3 },
    });
    expect(await teamView(f, otherId)).toEqual({
      value: 1000,
      voteCount: 2,
      customers: { Acme: 2 },
    });
    // User 0, Acme's last voter on the idea, takes the vote back: Acme no longer counts there.
    await vote(f, 0, ideaId, 'downvote');
    expect(await teamView(f, ideaId)).toEqual({
      value: 30,
      voteCount: 2,
      customers: { Globex: 2 },
    });
    expect(await segmentIds(f, { plan: 'gold' })).toEqual([otherId]);
    expect(await segmentIds(f, { minSpend: 10, maxSpend: 100 })).toEqual([ideaId]);
    await expectNoDifference(f);
  });

  it('follows a member leaving, a spend edit, and a merge and its undo', async () => {
    const f = await fixture();
    const [ideaId, otherId, thirdId] = f.ideaIds as [number, number, number];
    await Promise.all([vote(f, 1, ideaId, 'upvote'), vote(f, 6, ideaId, 'upvote')]);
    await Promise.all([vote(f, 2, otherId, 'upvote'), vote(f, 7, otherId, 'upvote')]);
    expect(await teamView(f, ideaId)).toMatchObject({ value: 1030 });
    // Globex's only voter on the idea leaves Globex: the idea is Acme's alone.
    await detach(f, f.globex, 6);
    expect(await teamView(f, ideaId)).toEqual({
      value: 1000,
      voteCount: 2,
      customers: { Acme: 1 },
    });
    expect(
      await segmentIds(f, { customerCompanyId: globalId('CustomerCompany', f.globex.id) }),
    ).toEqual([otherId]);
    // And joins again, with another vote meanwhile on the third idea.
    await Promise.all([attach(f, f.globex, 6), vote(f, 6, thirdId, 'upvote')]);
    expect(await teamView(f, ideaId)).toMatchObject({ value: 1030, customers: { Globex: 1 } });
    expect(await teamView(f, thirdId)).toMatchObject({ value: 30, customers: { Globex: 1 } });
    // Globex's spend goes up: every idea it stands behind moves, and the spend segment too.
    await mutate(f.company.owner.token, UPDATE, {
      customerCompanyId: globalId('CustomerCompany', f.globex.id),
      name: f.globex.name,
      externalId: f.globex.externalId,
      monthlySpend: 2500,
      plan: f.globex.plan,
    });
    expect((await teamView(f, ideaId)).value).toBe(3500);
    expect((await teamView(f, otherId)).value).toBe(3500);
    expect((await teamView(f, thirdId)).value).toBe(2500);
    // By value, then votes, then the newest first.
    expect(await segmentIds(f, { minSpend: 2000 })).toEqual([otherId, ideaId, thirdId]);
    // The idea merged into the other: both have an Acme and a Globex voter, who now count twice
    // there (four votes, two per customer) but each customer's spend once.
    await mutate(f.company.owner.token, DECLINE, {
      ideaId: globalId('Idea', ideaId),
      duplicateOfIdeaId: globalId('Idea', otherId),
    });
    expect(await teamView(f, otherId)).toEqual({
      value: 3500,
      voteCount: 4,
      customers: { Acme: 2, Globex: 2 },
    });
    expect(await teamView(f, ideaId)).toEqual({ value: 0, voteCount: 0, customers: {} });
    await expectNoDifference(f);
    await mutate(f.company.owner.token, UNDO, { ideaId: globalId('Idea', ideaId) });
    expect(await teamView(f, ideaId)).toEqual({
      value: 3500,
      voteCount: 2,
      customers: { Acme: 1, Globex: 1 },
    });
    expect(await teamView(f, otherId)).toEqual({
      value: 3500,
      voteCount: 2,
      customers: { Acme: 1, Globex: 1 },
    });
    await expectNoDifference(f);
  });

  it('counts the customers of the votes an import brings', async () => {
    const f = await fixture();
    const email = (n: number) => f.voters[n]!.email;
    // Two of Acme's people and one of Globex's vote for an imported idea; a stranger too.
    const csv = [
      'type,idea id,title,email,name',
      `idea,x1,Imported idea with customers,${email(1)},`,
      `vote,x1,,${email(2)},`,
      `vote,x1,,${email(3)},`,
      `vote,x1,,${email(7)},`,
      'vote,x1,,stranger@example.org,Stranger',
    ].join('\n');
    const token = f.company.owner.token;
    const previewed = await mutate(token, PREVIEW_IMPORT, {
      boardId: globalId('Board', f.company.boardId),
      files: [{ name: 'board.csv', base64: Buffer.from(`${csv}\n`).toString('base64') }],
    });
    const jobId = previewed.data.id;
    await mutate(token, START_IMPORT, { importJobId: jobId });
    let job: { status: string; result: { ideas: number; votes: number } | null } | undefined;
    for (let i = 0; i < 200 && job?.status !== 'SUCCEEDED'; i += 1) {
      await server.deps.imports.drain();
      const { body } = await gql(server, IMPORT_JOB, { id: jobId }, token);
      job = body.data.importJob;
      expect(job?.status).not.toBe('FAILED');
      if (job?.status !== 'SUCCEEDED') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job?.result).toEqual({ ideas: 1, votes: 4 });
    const [imported] = await server.deps.sql<{ id: number }>`
      SELECT "id" FROM "Idea"
      WHERE "boardId" = ${f.company.boardId}::int AND "title" = 'Imported idea with customers'`;
    expect(await teamView(f, imported!.id)).toEqual({
      value: 1030,
      voteCount: 4,
      customers: { Acme: 2, Globex: 1 },
    });
    expect(await segmentIds(f, { plan: 'silver' })).toEqual([imported!.id]);
    await expectNoDifference({ ...f, ideaIds: [...f.ideaIds, imported!.id] });
  });

  it('stays exact when an operator moves votes and memberships in SQL', async () => {
    const f = await fixture();
    const [ideaId, otherId] = f.ideaIds as [number, number, number];
    await vote(f, 6, ideaId, 'upvote');
    expect(await teamView(f, ideaId)).toMatchObject({ value: 30, customers: { Globex: 1 } });
    // User 6 moves from Globex to Acme in one statement: on the idea, Globex goes and Acme
    // comes (a pair out and a pair in for the same idea, in one statement).
    await server.deps.prisma.$executeRaw`
      UPDATE "CustomerCompanyMember" SET "customerCompanyId" = ${f.acme.id}::int
      WHERE "userId" = ${f.voters[6]!.userId}::int AND "customerCompanyId" = ${f.globex.id}::int`;
    expect(await teamView(f, ideaId)).toEqual({
      value: 1000,
      voteCount: 1,
      customers: { Acme: 1 },
    });
    await vote(f, 0, ideaId, 'upvote');
    expect(await teamView(f, ideaId)).toMatchObject({
      value: 1030,
      customers: { Acme: 2, Globex: 1 },
    });
    // User 0's vote moves to the other idea (its count moved with it, as a merge would).
    await server.deps.prisma.$transaction([
      server.deps.prisma.$executeRaw`
        UPDATE "Vote" SET "ideaId" = ${otherId}::int
        WHERE "ideaId" = ${ideaId}::int AND "userId" = ${f.voters[0]!.userId}::int`,
      server.deps.prisma.$executeRaw`
        UPDATE "Idea" SET "voteCount" = "voteCount" + (CASE WHEN "id" = ${ideaId}::int THEN -1 ELSE 1 END)
        WHERE "id" IN (${ideaId}::int, ${otherId}::int)`,
    ]);
    expect(await teamView(f, ideaId)).toEqual({
      value: 1000,
      voteCount: 1,
      customers: { Acme: 1 },
    });
    expect(await teamView(f, otherId)).toEqual({
      value: 1030,
      voteCount: 1,
      customers: { Acme: 1, Globex: 1 },
    });
    await expectNoDifference(f);
  });
});
