import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { checkIdeaCustomerCompanies, checkIdeaValues } from './check-idea-values.ts';
import { lockCustomerValues } from './idea-value.ts';

/**
 * Each idea's stored value (Idea.value) and the lists sorted by value, checked against a
 * from-scratch recount in SQL after random votes, votes on behalf and their removal, merges and
 * their undo, moves, removals of a voter's votes, membership changes, spend edits and imports,
 * some of them at the same time; then members of one customer voting at once while its spend
 * changes; then the check and repair of `npm run db:idea-counts`.
 */

let server: TTestServer;

const LIST = `query ($boardId: ID!, $filter: IdeaFilter, $sort: IdeaSort, $segment: IdeaSegment, $first: Int, $after: String) {
  board: node(id: $boardId) { ... on Board {
    ideas(filter: $filter, sort: $sort, segment: $segment, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor }
      edges { node { id value voteCount } } } } } }`;

const RESULT = `{ __typename ${APP_ERROR} }`;
const DECLINE = `mutation ($ideaId: ID!, $duplicateOfIdeaId: ID) {
  result: declineIdea(ideaId: $ideaId, reason: DUPLICATE, duplicateOfIdeaId: $duplicateOfIdeaId, mergeVotes: true) ${RESULT} }`;
const UNDO = `mutation ($ideaId: ID!) { result: undoMerge(ideaId: $ideaId) ${RESULT} }`;
const MOVE = `mutation ($ideaId: ID!, $boardId: ID!) { result: moveIdea(ideaId: $ideaId, boardId: $boardId) ${RESULT} }`;
const ON_BEHALF = `mutation ($ideaId: ID!, $userId: ID) {
  result: addVoteOnBehalf(ideaId: $ideaId, userId: $userId, note: "From the call") ${RESULT} }`;
const OFF_BEHALF = `mutation ($ideaId: ID!, $userId: ID!) {
  result: removeVoteOnBehalf(ideaId: $ideaId, userId: $userId) ${RESULT} }`;
const BLOCK = `mutation ($userId: ID!) { result: blockEndUser(userId: $userId, removeVotes: true) ${RESULT} }`;
const UNBLOCK = `mutation ($userId: ID!) { result: unblockEndUser(userId: $userId) ${RESULT} }`;
const UPDATE = `mutation ($customerCompanyId: ID!, $name: String!, $externalId: String!, $monthlySpend: Float!, $plan: String) {
  result: updateCustomerCompany(customerCompanyId: $customerCompanyId, name: $name, externalId: $externalId, monthlySpend: $monthlySpend, plan: $plan) {
    __typename ... on MutationUpdateCustomerCompanySuccess { data { monthlySpend } } ${APP_ERROR} } }`;
const IMPORT = `mutation ($csv: String!) { result: importCustomerCompanies(csv: $csv) ${RESULT} }`;
const MEMBER_CHANGE = (field: string) => `mutation ($customerCompanyId: ID!, $userId: ID!) {
  result: ${field}(customerCompanyId: $customerCompanyId, userId: $userId) ${RESULT} }`;

type TFixture = {
  company: TRestCompany;
  /** The fixture's board and a second one ideas move to and fro. */
  boardIds: [number, number];
  ideaIds: number[];
  voters: TTestAccount[];
  customers: { id: number; externalId: string; name: string; plan: string }[];
};

/** A mutation's `result` as the caller gets it: its success type or an AppError. */
async function result(
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ __typename: string; code?: string; data?: any }> {
  const { body } = await gql(server, query, variables, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.result;
}

const rowIdOf = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);

/**
 * A board with ideas, a second board, end users and customer companies (gold and silver);
 * `withMembers`: voter n works for customer n (through the console's attach, as an admin would).
 */
async function fixture({ withMembers = false } = {}): Promise<TFixture> {
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
  const other = await expectCall(
    server,
    'POST',
    `/companies/${company.owner.companyId}/boards`,
    201,
    { token: company.owner.token, body: { name: 'Second board of value' } },
  );
  // New boards are private: this one grants the company's example.com end users (the voters),
  // who vote on the ideas moved onto it as on the fixture's public board.
  await server.deps.prisma.board.update({
    where: { id: other.id },
    data: { allowedEmailDomains: ['example.com'] },
  });
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
    customers.push({ id: row.id, externalId: row.externalId, name: row.name, plan });
  }
  if (withMembers) {
    for (const [n, customer] of customers.entries()) {
      const attached = await result(
        company.owner.token,
        MEMBER_CHANGE('attachCustomerCompanyMember'),
        {
          customerCompanyId: globalId('CustomerCompany', customer.id),
          userId: globalId('CompanyUser', voters[n]!.userId),
        },
      );
      expect(attached.__typename).not.toBe('AppError');
    }
  }
  return { company, boardIds: [company.boardId, other.id], ideaIds, voters, customers };
}

/** Each idea's value recounted from scratch: votes → users → memberships → distinct companies. */
async function recount(boardIds: number[]): Promise<Map<number, number>> {
  const rows = await server.deps.sql<{ id: number; value: string }>`
    SELECT i."id",
           (SELECT COALESCE(sum(d."monthlySpend"), 0) FROM (
              SELECT DISTINCT cc."id", cc."monthlySpend"
              FROM "Vote" v
              JOIN "User" u ON u."id" = v."userId"
              JOIN "CustomerCompanyMember" m ON m."userId" = u."id"
              JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
              WHERE v."ideaId" = i."id") d)::text AS "value"
    FROM "Idea" i WHERE i."boardId" = ANY(${boardIds}::int[])`;
  return new Map(rows.map((row) => [row.id, Number(row.value)]));
}

/** Each idea's stored value (Idea.value), as every list and the idea's own field read it. */
async function stored(boardIds: number[]): Promise<Map<number, number>> {
  const rows = await server.deps.sql<{ id: number; value: number }>`
    SELECT "id", "value" FROM "Idea" WHERE "boardId" = ANY(${boardIds}::int[])`;
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
  fc.record({ kind: fc.constant('onBehalf' as const), user: pick(5), idea: pick(6) }),
  fc.record({ kind: fc.constant('offBehalf' as const), user: pick(5), idea: pick(6) }),
  fc.record({ kind: fc.constant('merge' as const), idea: pick(6), into: pick(6) }),
  fc.record({ kind: fc.constant('undo' as const), idea: pick(6) }),
  fc.record({ kind: fc.constant('move' as const), idea: pick(6), board: pick(2) }),
  fc.record({ kind: fc.constant('purge' as const), user: pick(5) }),
  fc.record({ kind: fc.constant('attach' as const), user: pick(5), customer: pick(4) }),
  fc.record({ kind: fc.constant('detach' as const), user: pick(5), customer: pick(4) }),
  fc.record({
    kind: fc.constant('spend' as const),
    customer: pick(4),
    cents: fc.integer({ min: 0, max: 500_000 }),
  }),
  fc.record({
    kind: fc.constant('import' as const),
    customer: pick(4),
    cents: fc.integer({ min: 0, max: 500_000 }),
  }),
);
type TCommand = typeof COMMAND extends fc.Arbitrary<infer T> ? T : never;

/**
 * Runs one command as its caller would. Refusals are part of the game (a vote on a declined
 * idea, an undo with no merge, a vote on behalf of someone who voted): the recount reads what
 * the database holds. Any other failure fails the test.
 */
async function apply(f: TFixture, command: TCommand): Promise<void> {
  const owner = f.company.owner.token;
  const team = async (query: string, variables: Record<string, unknown>) => {
    const answer = await result(owner, query, variables);
    if (answer.__typename === 'AppError') {
      expect(['CONFLICT', 'NOT_FOUND', 'VALIDATION'], JSON.stringify(answer)).toContain(
        answer.code,
      );
    }
    return answer;
  };
  const idea = 'idea' in command ? globalId('Idea', f.ideaIds[command.idea]!) : '';
  const voter = 'user' in command ? f.voters[command.user]! : null;
  const customer = 'customer' in command ? f.customers[command.customer]! : null;
  switch (command.kind) {
    case 'vote':
    case 'unvote': {
      const { status } = await server.call(
        'POST',
        `/api/v1/ideas/${f.ideaIds[command.idea]}/${command.kind === 'vote' ? 'upvote' : 'downvote'}`,
        { token: voter!.token },
      );
      // 409: a declined idea takes no votes; 403: the voter is blocked for a moment (purge).
      expect([200, 403, 409]).toContain(status);
      return;
    }
    case 'onBehalf':
      await team(ON_BEHALF, { ideaId: idea, userId: globalId('CompanyUser', voter!.userId) });
      return;
    case 'offBehalf':
      await team(OFF_BEHALF, { ideaId: idea, userId: globalId('CompanyUser', voter!.userId) });
      return;
    case 'merge':
      await team(DECLINE, {
        ideaId: idea,
        duplicateOfIdeaId: globalId('Idea', f.ideaIds[command.into]!),
      });
      return;
    case 'undo':
      await team(UNDO, { ideaId: idea });
      return;
    case 'move':
      await team(MOVE, { ideaId: idea, boardId: globalId('Board', f.boardIds[command.board]!) });
      return;
    case 'purge': {
      // Every vote of theirs removed by a block, lifted at once.
      const userId = globalId('CompanyUser', voter!.userId);
      await team(BLOCK, { userId });
      await team(UNBLOCK, { userId });
      return;
    }
    case 'attach':
    case 'detach':
      await team(
        MEMBER_CHANGE(
          command.kind === 'attach' ? 'attachCustomerCompanyMember' : 'detachCustomerCompanyMember',
        ),
        {
          customerCompanyId: globalId('CustomerCompany', customer!.id),
          userId: globalId('CompanyUser', voter!.userId),
        },
      );
      return;
    case 'spend': {
      const answer = await team(UPDATE, {
        customerCompanyId: globalId('CustomerCompany', customer!.id),
        name: customer!.name,
        externalId: customer!.externalId,
        monthlySpend: command.cents / 100,
        plan: customer!.plan,
      });
      expect(answer.data.monthlySpend).toBe(command.cents / 100);
      return;
    }
    case 'import': {
      const csv = `name,external id,monthly spend\n${customer!.name},${customer!.externalId},${(command.cents / 100).toFixed(2)}\n`;
      expect((await team(IMPORT, { csv })).__typename).not.toBe('AppError');
    }
  }
}

/** The stored values equal the recount, and the check of `npm run db:idea-counts` agrees. */
async function expectStoredValuesRecounted(boardIds: number[]): Promise<Map<number, number>> {
  const expected = await recount(boardIds);
  expect(await stored(boardIds)).toEqual(expected);
  const mismatches = await checkIdeaValues(server.deps.prisma);
  expect(mismatches.filter((m) => boardIds.includes(m.boardId))).toEqual([]);
  expect(await checkIdeaCustomerCompanies(server.deps.prisma)).toEqual([]);
  return expected;
}

describe('sorting by value and narrowing to a segment', () => {
  it('keeps each idea’s stored value equal to a recount, and lists in value order, after random concurrent changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(COMMAND, { minLength: 1, maxLength: 4 }), {
          minLength: 4,
          maxLength: 10,
        }),
        async (batches) => {
          const f = await fixture({ withMembers: true });
          const owner = f.company.owner.token;
          // Each batch runs at once: votes race spend edits, membership changes and merges.
          // After each, every stored value equals the recount.
          for (const batch of batches) {
            await Promise.all(batch.map((command) => apply(f, command)));
            expect(await stored(f.boardIds)).toEqual(await recount(f.boardIds));
          }

          const expected = await expectStoredValuesRecounted(f.boardIds);
          let listedCount = 0;
          for (const boardId of f.boardIds) {
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
              listedCount += listed.length;
            }
            const segment = await readList(owner, boardId, {
              sort: 'VALUE',
              segment: { plan: 'gold', minSpend: 50 },
            });
            expect(segment.map((idea) => idea.id).sort((x, y) => x - y)).toEqual(
              await ideasWithVoterIn(boardId, 'gold', 50),
            );
          }
          expect(listedCount).toBe(expected.size);
        },
      ),
      { numRuns: 4, seed: 20261125 },
    );
  }, 600_000);

  it('stays equal to a recount while the members of one customer vote at once and its spend changes', async () => {
    const f = await fixture();
    const owner = f.company.owner.token;
    const [acme, globex] = f.customers;
    const voters = [
      ...f.voters,
      ...(await Promise.all(
        Array.from({ length: 7 }, () => addEndUser(server, f.company.owner.companyId)),
      )),
    ];
    // Everybody works for Acme; every other voter for Globex too.
    for (const [n, voter] of voters.entries()) {
      for (const customer of n % 2 === 0 ? [acme!] : [acme!, globex!]) {
        const attached = await result(owner, MEMBER_CHANGE('attachCustomerCompanyMember'), {
          customerCompanyId: globalId('CustomerCompany', customer.id),
          userId: globalId('CompanyUser', voter.userId),
        });
        expect(attached.__typename).not.toBe('AppError');
      }
    }
    const spend = (customer: TFixture['customers'][number], monthlySpend: number) =>
      result(owner, UPDATE, {
        customerCompanyId: globalId('CustomerCompany', customer.id),
        name: customer.name,
        externalId: customer.externalId,
        monthlySpend,
        plan: customer.plan,
      });
    for (let round = 0; round < 3; round += 1) {
      // Each voter votes for (or takes back) three ideas while Acme's and Globex's spends change
      // four times each and one voter leaves Globex or joins it again.
      const votes = voters.flatMap((voter, n) =>
        [0, 1, 2].map(async (k) => {
          const ideaId = f.ideaIds[(n + k + round) % f.ideaIds.length]!;
          const way = (n + k + round) % 4 === 3 ? 'downvote' : 'upvote';
          const { status } = await server.call('POST', `/api/v1/ideas/${ideaId}/${way}`, {
            token: voter.token,
          });
          expect(status).toBe(200);
        }),
      );
      const spends = [1, 2, 3, 4].flatMap((k) => [
        spend(acme!, 1000 * (round + 1) + 7 * k),
        spend(globex!, 50 * (round + 1) + k),
      ]);
      const membership = result(
        owner,
        MEMBER_CHANGE(
          round % 2 === 0 ? 'detachCustomerCompanyMember' : 'attachCustomerCompanyMember',
        ),
        {
          customerCompanyId: globalId('CustomerCompany', globex!.id),
          userId: globalId('CompanyUser', voters[1]!.userId),
        },
      );
      const answers = await Promise.all([...spends, membership]);
      for (const answer of answers) expect(answer.__typename).not.toBe('AppError');
      await Promise.all(votes);
      const expected = await expectStoredValuesRecounted(f.boardIds);
      expect([...expected.values()].some((value) => value > 0)).toBe(true);
    }
  }, 300_000);

  it('orders a vote after a spend change in progress, which then sees the vote', async () => {
    // The spend change's transaction is held open between its new spend and its recompute: a
    // vote by the customer's first voter on an idea must wait (the company's value lock), or it
    // would count the old spend where the recompute, not seeing the vote yet, leaves it.
    const f = await fixture({ withMembers: true });
    const [ann] = f.voters;
    const acme = f.customers[0]!;
    const ideaId = f.ideaIds[2]!;
    let vote: Promise<{ status: number }> | undefined;
    let answeredWhileLocked: number | undefined;
    await server.deps.prisma.$transaction(
      async (tx) => {
        await lockCustomerValues(tx, f.company.owner.companyId);
        await tx.customerCompany.update({ where: { id: acme.id }, data: { monthlySpend: 777 } });
        let answered: number | undefined;
        vote = server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token: ann!.token });
        void vote.then(({ status }) => (answered = status));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        // Asked here, while the lock is held: once it commits, the vote may answer before this
        // transaction's own promise settles, so a check after it would race the answer.
        answeredWhileLocked = answered;
      },
      { timeout: 20_000 },
    );
    expect(answeredWhileLocked).toBeUndefined();
    expect((await vote!).status).toBe(200);
    expect((await stored(f.boardIds)).get(ideaId)).toBe(777);
    await expectStoredValuesRecounted(f.boardIds);
  });

  it('finds a stored value that differs from its recount, and the repair puts it right', async () => {
    const f = await fixture();
    const [ann] = f.voters;
    await result(f.company.owner.token, MEMBER_CHANGE('attachCustomerCompanyMember'), {
      customerCompanyId: globalId('CustomerCompany', f.customers[2]!.id),
      userId: globalId('CompanyUser', ann!.userId),
    });
    const ideaId = f.ideaIds[1]!;
    await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token: ann!.token });
    expect((await stored(f.boardIds)).get(ideaId)).toBe(300);
    await server.deps.sql`UPDATE "Idea" SET "value" = 42 WHERE "id" = ${ideaId}::int`;
    const mismatch = { ideaId, boardId: f.boardIds[0], stored: 42, actual: 300 };
    expect(await checkIdeaValues(server.deps.prisma)).toEqual([mismatch]);
    expect(await checkIdeaValues(server.deps.prisma, { repair: true })).toEqual([mismatch]);
    await expectStoredValuesRecounted(f.boardIds);
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
