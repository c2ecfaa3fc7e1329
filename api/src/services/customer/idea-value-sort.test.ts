import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql, mutate } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Ideas sorted by value and narrowed to a customer segment (the team's lists), checked against
 * a from-scratch recount in SQL after random votes, unvotes, merges, member removals and spend
 * edits, some of them at the same time.
 */

let server: TTestServer;

const LIST = `query ($boardId: ID!, $filter: IdeaFilter, $sort: IdeaSort, $segment: IdeaSegment, $first: Int, $after: String) {
  board: node(id: $boardId) { ... on Board {
    ideas(filter: $filter, sort: $sort, segment: $segment, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { id value voteCount } } } } } }`;

const DECLINE = `mutation ($ideaId: ID!, $duplicateOfIdeaId: ID) {
  result: declineIdea(ideaId: $ideaId, reason: DUPLICATE, duplicateOfIdeaId: $duplicateOfIdeaId, mergeVotes: true) {
    __typename ${APP_ERROR} } }`;
const UPDATE = `mutation ($customerCompanyId: ID!, $name: String!, $externalId: String!, $monthlySpend: Float!, $plan: String) {
  result: updateCustomerCompany(customerCompanyId: $customerCompanyId, name: $name, externalId: $externalId, monthlySpend: $monthlySpend, plan: $plan) {
    __typename ... on MutationUpdateCustomerCompanySuccess { data { monthlySpend } } ${APP_ERROR} } }`;
const MEMBER_CHANGE = (field: string) => `mutation ($customerCompanyId: ID!, $userId: ID!) {
  result: ${field}(customerCompanyId: $customerCompanyId, userId: $userId) { __typename ${APP_ERROR} } }`;

type TFixture = {
  company: TRestCompany;
  ideaIds: number[];
  voters: TTestAccount[];
  customers: { id: number; externalId: string; plan: string }[];
};

const rowIdOf = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);

/** A board with ideas, end users and customer companies (gold and silver plans). */
async function fixture(): Promise<TFixture> {
  const company = await restCompany(server);
  const ideaIds = [company.ideaId];
  for (let n = 0; n < 5; n += 1) {
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: company.owner.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: `Idea of value ${n}` },
    });
    ideaIds.push(idea.id);
  }
  const voters = await Promise.all(
    Array.from({ length: 5 }, () => addEndUser(server, company.owner.companyId)),
  );
  const customers = [];
  for (let n = 0; n < 4; n += 1) {
    const plan = n % 2 === 0 ? 'gold' : 'silver';
    const row = await server.deps.prisma.customerCompany.create({
      data: {
        companyId: company.owner.companyId,
        externalId: `cust-${n}`,
        name: `Customer ${n}`,
        monthlySpend: 100 * (n + 1),
        plan,
        attributes: { region: n < 2 ? 'EU' : 'US' },
      },
    });
    customers.push({ id: row.id, externalId: row.externalId, plan });
  }
  return { company, ideaIds, voters, customers };
}

/** Each idea's value recounted from scratch: votes → users → memberships → distinct companies. */
async function recount(boardId: number): Promise<Map<number, number>> {
  const rows = await server.deps.sql<{ id: number; value: string }>`
    SELECT i."id",
           (SELECT COALESCE(sum(d."monthlySpend"), 0) FROM (
              SELECT DISTINCT cc."id", cc."monthlySpend"
              FROM "Vote" v
              JOIN "User" u ON u."id" = v."userId"
              JOIN "CustomerCompanyMember" m ON m."userId" = u."id"
              JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
              WHERE v."ideaId" = i."id") d)::text AS "value"
    FROM "Idea" i WHERE i."boardId" = ${boardId}::int`;
  return new Map(rows.map((row) => [row.id, Number(row.value)]));
}

/** Ideas (by row id) with a voter in the companies matching `where` (SQL over the same joins). */
async function ideasWithVoterIn(
  boardId: number,
  plan: string,
  minSpend: number,
): Promise<number[]> {
  const rows = await server.deps.sql<{ id: number }>`
    SELECT DISTINCT v."ideaId" AS "id" FROM "Vote" v
    JOIN "Idea" i ON i."id" = v."ideaId"
    JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
    JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
    WHERE i."boardId" = ${boardId}::int AND i."status" <> 'DECLINED'
      AND cc."plan" = ${plan}::text AND cc."monthlySpend" >= ${minSpend}::numeric`;
  return rows.map((row) => row.id).sort((x, y) => x - y);
}

/** Every idea of a list, reading `first` at a time through the cursors. */
async function readList(
  token: string,
  boardId: number,
  variables: Record<string, unknown>,
  first = 100,
): Promise<{ id: number; value: number | null; voteCount: number }[]> {
  const ideas = [];
  let after: string | undefined;
  for (;;) {
    const { body } = await gql(
      server,
      LIST,
      { boardId: globalId('Board', boardId), first, after, ...variables },
      token,
    );
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    const page = body.data.board.ideas;
    ideas.push(...page.edges.map((e: any) => ({ ...e.node, id: rowIdOf(e.node.id) })));
    if (!page.pageInfo.hasNextPage) return ideas;
    after = page.pageInfo.endCursor;
  }
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const pick = (n: number) => fc.nat({ max: n - 1 });
const COMMAND = fc.oneof(
  fc.record({ kind: fc.constant('vote' as const), user: pick(5), idea: pick(6) }),
  fc.record({ kind: fc.constant('vote' as const), user: pick(5), idea: pick(6) }),
  fc.record({ kind: fc.constant('unvote' as const), user: pick(5), idea: pick(6) }),
  fc.record({ kind: fc.constant('merge' as const), idea: pick(6), into: pick(6) }),
  fc.record({ kind: fc.constant('attach' as const), user: pick(5), customer: pick(4) }),
  fc.record({ kind: fc.constant('detach' as const), user: pick(5), customer: pick(4) }),
  fc.record({
    kind: fc.constant('spend' as const),
    customer: pick(4),
    cents: fc.integer({ min: 0, max: 500_000 }),
  }),
);
type TCommand = typeof COMMAND extends fc.Arbitrary<infer T> ? T : never;

async function apply(f: TFixture, command: TCommand): Promise<void> {
  const owner = f.company.owner.token;
  const customer = 'customer' in command ? f.customers[command.customer]! : null;
  switch (command.kind) {
    case 'vote':
    case 'unvote':
      // A vote on a merged (declined) idea is refused: the recount reads what the database holds.
      await server.call(
        'POST',
        `/api/v1/ideas/${f.ideaIds[command.idea]}/${command.kind === 'vote' ? 'upvote' : 'downvote'}`,
        { token: f.voters[command.user]!.token },
      );
      return;
    case 'merge':
      await mutate(
        server,
        'result',
        DECLINE,
        {
          ideaId: globalId('Idea', f.ideaIds[command.idea]!),
          duplicateOfIdeaId: globalId('Idea', f.ideaIds[command.into]!),
        },
        owner,
      );
      return;
    case 'attach':
    case 'detach':
      await mutate(
        server,
        'result',
        MEMBER_CHANGE(
          command.kind === 'attach' ? 'attachCustomerCompanyMember' : 'detachCustomerCompanyMember',
        ),
        {
          customerCompanyId: globalId('CustomerCompany', customer!.id),
          userId: globalId('CompanyUser', f.voters[command.user]!.userId),
        },
        owner,
      );
      return;
    case 'spend': {
      const answer = await mutate(
        server,
        'result',
        UPDATE,
        {
          customerCompanyId: globalId('CustomerCompany', customer!.id),
          name: `Customer ${customer!.externalId}`,
          externalId: customer!.externalId,
          monthlySpend: command.cents / 100,
          plan: customer!.plan,
        },
        owner,
      );
      expect(answer.monthlySpend).toBe(command.cents / 100);
    }
  }
}

describe('sorting by value and narrowing to a segment', () => {
  it('lists each idea’s recounted value, in value order, after random concurrent changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(COMMAND, { minLength: 1, maxLength: 4 }), {
          minLength: 4,
          maxLength: 10,
        }),
        async (batches) => {
          const f = await fixture();
          const { boardId } = f.company;
          const owner = f.company.owner.token;
          // Each batch runs at once: votes race spend edits, membership changes and merges.
          for (const batch of batches) await Promise.all(batch.map((command) => apply(f, command)));

          const expected = await recount(boardId);
          for (const filter of ['ALL', 'DECLINED']) {
            // Read three at a time, so the value cursors are crossed too.
            const listed = await readList(owner, boardId, { filter, sort: 'VALUE' }, 3);
            for (const idea of listed) expect(idea.value).toBe(expected.get(idea.id));
            const keys = listed.map((idea) => [idea.value!, idea.voteCount, idea.id]);
            const sorted = [...keys].sort(
              (x, y) => y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]!,
            );
            expect(keys).toEqual(sorted);
            expect(new Set(listed.map((idea) => idea.id)).size).toBe(listed.length);
          }
          const listedCount =
            (await readList(owner, boardId, { filter: 'ALL' })).length +
            (await readList(owner, boardId, { filter: 'DECLINED' })).length;
          expect(listedCount).toBe(expected.size);

          const segment = await readList(owner, boardId, {
            sort: 'VALUE',
            segment: { plan: 'gold', minSpend: 50 },
          });
          expect(segment.map((idea) => idea.id).sort((x, y) => x - y)).toEqual(
            await ideasWithVoterIn(boardId, 'gold', 50),
          );
        },
      ),
      { numRuns: 4, seed: 20261125 },
    );
  });

  it('narrows by plan, attribute, spend range and company; counts the segment; the team only', async () => {
    const f = await fixture();
    const { boardId } = f.company;
    const owner = f.company.owner.token;
    const [ann, bob] = f.voters;
    // Ann works for customer 0 (gold, EU, 100) and votes for ideas 1 and 2; Bob for customer 3
    // (silver, US, 400) and votes for idea 2 and 3.
    await server.deps.prisma.customerCompanyMember.createMany({
      data: [
        { customerCompanyId: f.customers[0]!.id, userId: ann!.userId },
        { customerCompanyId: f.customers[3]!.id, userId: bob!.userId },
      ],
    });
    await server.deps.prisma.user.update({
      where: { id: bob!.userId },
      data: { attributes: { seats: 12 } },
    });
    for (const [voter, idea] of [
      [ann!, 1],
      [ann!, 2],
      [bob!, 2],
      [bob!, 3],
    ] as const) {
      await server.call('POST', `/api/v1/ideas/${f.ideaIds[idea]}/upvote`, { token: voter.token });
    }
    const ids = (...n: number[]) => n.map((i) => f.ideaIds[i]!);
    const run = async (segment: Record<string, unknown>) => {
      const { body } = await gql(
        server,
        LIST,
        { boardId: globalId('Board', boardId), sort: 'VALUE', segment },
        owner,
      );
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      const ideas = body.data.board.ideas;
      expect(ideas.totalCount).toBe(ideas.edges.length);
      return ideas.edges.map((e: any) => rowIdOf(e.node.id));
    };
    // Sorted by value: idea 2 (500), idea 3 (400), idea 1 (100).
    expect(await run({})).toEqual([...ids(2, 3, 1), ...ids(5, 4, 0)]);
    expect(await run({ plan: 'gold' })).toEqual(ids(2, 1));
    expect(await run({ plan: 'silver' })).toEqual(ids(2, 3));
    expect(await run({ minSpend: 200, maxSpend: 400 })).toEqual(ids(2, 3));
    expect(await run({ maxSpend: 99 })).toEqual([]);
    expect(await run({ attributeKey: 'region', attributeValue: 'EU' })).toEqual(ids(2, 1));
    expect(await run({ attributeKey: 'seats', attributeValue: '12' })).toEqual(ids(2, 3));
    expect(await run({ attributeKey: 'seats', attributeValue: '12', plan: 'gold' })).toEqual([]);
    expect(
      await run({ customerCompanyId: globalId('CustomerCompany', f.customers[0]!.id) }),
    ).toEqual(ids(2, 1));
    // Another company's customer matches nothing here.
    const other = await fixture();
    expect(
      await run({ customerCompanyId: globalId('CustomerCompany', other.customers[0]!.id) }),
    ).toEqual([]);

    // A bad segment is a field error.
    const bad = await gql(
      server,
      LIST,
      { boardId: globalId('Board', boardId), segment: { minSpend: 10, maxSpend: 5 } },
      owner,
    );
    expect(bad.body.errors[0].extensions).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'segment.maxSpend', message: 'It has to be at least the smallest spend.' }],
    });

    // End users and other companies' teams are refused the value sort and segments; REST has neither.
    const endUser = await addEndUser(server, f.company.owner.companyId);
    for (const token of [endUser.token, other.company.owner.token]) {
      for (const variables of [{ sort: 'VALUE' }, { segment: { plan: 'gold' } }]) {
        const { body } = await gql(
          server,
          LIST,
          { boardId: globalId('Board', boardId), ...variables },
          token,
        );
        expect(body.errors[0].extensions.code).toBe('FORBIDDEN');
      }
    }
    const rest = await server.call('GET', `/api/v1/ideas/?sort=VALUE`, {
      token: owner,
      headers: { 'x-board-id': String(boardId) },
    });
    expect(rest.status).toBe(400);
  });
});
