import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/** SSO customer claims (attributes, companies) and an idea's value for the team. */

let server: TTestServer;
let company: TRestCompany;
let boardHash: string;
let secret: string;

const sign = (claims: Record<string, unknown>) =>
  jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 600 });

/** Signs in through the widget with an SSO token of these claims; answers the HTTP answer. */
const signIn = (claims: Record<string, unknown>) =>
  server.call('POST', '/api/v1/widget/sso', { body: { boardHash, token: sign(claims) } });

async function signedIn(claims: Record<string, unknown>): Promise<{ token: string; id: number }> {
  const answer = await signIn(claims);
  expect(answer.status).toBe(200);
  return { token: answer.body.token, id: answer.body.user.id };
}

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server);
  const setup = await expectCall(server, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
    token: company.owner.token,
  });
  boardHash = setup.boardHash;
  secret = (await server.call('GET', '/api/v1/company', { token: company.owner.token })).body
    .companySecret;
});
afterAll(async () => {
  await server?.close();
});

describe('the SSO token’s customer claims', () => {
  it('stores the user’s attributes and their customer companies, and updates both at each sign-in', async () => {
    const { id } = await signedIn({
      id: 'u-attr',
      name: 'Ann',
      attributes: { tier: 'gold', seats: 12, beta: true },
      companies: [
        {
          id: 'acme',
          name: 'ACME',
          monthlySpend: 499.99,
          plan: 'pro',
          attributes: { region: 'EU' },
        },
        { id: 42, name: 'Globex', monthlySpend: 100 },
      ],
    });
    const user = await server.deps.prisma.user.findUniqueOrThrow({
      where: { id },
      include: { customerCompanies: { include: { customerCompany: true } } },
    });
    expect(user.attributes).toEqual({ tier: 'gold', seats: 12, beta: true });
    const stored = user.customerCompanies
      .map(({ customerCompany: c }) => ({
        externalId: c.externalId,
        name: c.name,
        monthlySpend: Number(c.monthlySpend),
        plan: c.plan,
        attributes: c.attributes,
      }))
      .sort((x, y) => x.externalId.localeCompare(y.externalId));
    expect(stored).toEqual([
      { externalId: '42', name: 'Globex', monthlySpend: 100, plan: null, attributes: {} },
      {
        externalId: 'acme',
        name: 'ACME',
        monthlySpend: 499.99,
        plan: 'pro',
        attributes: { region: 'EU' },
      },
    ]);

    // Next sign-in: ACME's spend changes (its attributes stay when not given), Globex is dropped.
    await signedIn({
      id: 'u-attr',
      name: 'Ann',
      companies: [{ id: 'acme', name: 'ACME Inc.', monthlySpend: 750 }],
    });
    const after = await server.deps.prisma.customerCompanyMember.findMany({
      where: { userId: id },
      include: { customerCompany: true },
    });
    expect(
      after.map((m) => [m.customerCompany.name, Number(m.customerCompany.monthlySpend)]),
    ).toEqual([['ACME Inc.', 750]]);
    expect(after[0]!.customerCompany.attributes).toEqual({ region: 'EU' });
    // Attributes left out of the token stay as they were.
    expect((await server.deps.prisma.user.findUniqueOrThrow({ where: { id } })).attributes).toEqual(
      { tier: 'gold', seats: 12, beta: true },
    );
  });

  it('refuses a claim of the wrong shape with a reason naming the claim', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ attributes: 'gold' }, 'the claim attributes has to be an object of keys and values.'],
      [
        { attributes: { nested: { a: 1 } } },
        'the claim attributes.nested has to be a string, a number or a boolean.',
      ],
      [
        { attributes: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
        'the claim attributes has 21 keys; at most 20 are allowed.',
      ],
      [
        { attributes: { note: 'x'.repeat(251) } },
        'the claim attributes.note has to be at most 250 characters.',
      ],
      [{ companies: { id: 'acme' } }, 'the claim companies has to be an array of companies.'],
      [
        { companies: [{ id: 'acme', name: 'ACME', monthlySpend: '100' }] },
        'the claim companies[0].monthlySpend has to be a number from 0 to 1000000000.',
      ],
      [
        {
          companies: [
            { id: 'a', name: 'A', monthlySpend: 1 },
            { id: 'b', name: 'B', monthlySpend: -5 },
          ],
        },
        'the claim companies[1].monthlySpend has to be a number from 0 to 1000000000.',
      ],
      [
        { companies: [{ id: 'acme', monthlySpend: 1 }] },
        'the claim companies[0].name has to be a string.',
      ],
      [
        {
          companies: [
            { id: 'a', name: 'A', monthlySpend: 1 },
            { id: 'a', name: 'A again', monthlySpend: 2 },
          ],
        },
        'the claim companies[1].id names a company already listed.',
      ],
    ];
    for (const [claims, reason] of cases) {
      const answer = await signIn({ id: 'u-bad', name: 'Bad Claims', ...claims });
      expect(answer.status).toBe(401);
      expect(answer.body.error.fields).toEqual([{ field: 'token', message: reason }]);
    }
    expect(await server.deps.prisma.user.count({ where: { externalId: 'u-bad' } })).toBe(0);
  });
});

const IDEAS = `query ($boardId: ID!, $sort: IdeaSort) { board: node(id: $boardId) { ... on Board {
  ideas(first: 100, sort: $sort) { edges { node { id value } } } } } }`;

/** Each idea's value from scratch: the spend of the distinct customer companies of its voters. */
async function recount(boardId: number): Promise<Map<number, number>> {
  const ideas = await server.deps.prisma.idea.findMany({
    where: { boardId },
    include: {
      votes: {
        include: {
          user: { include: { customerCompanies: { include: { customerCompany: true } } } },
        },
      },
    },
  });
  return new Map(
    ideas.map((idea) => {
      const spend = new Map<number, number>();
      for (const vote of idea.votes) {
        for (const { customerCompany } of vote.user.customerCompanies) {
          spend.set(customerCompany.id, Number(customerCompany.monthlySpend));
        }
      }
      const total = [...spend.values()].reduce((sum, value) => sum + value, 0);
      return [idea.id, Math.round(total * 100) / 100];
    }),
  );
}

describe('an idea’s value', () => {
  it('equals a from-scratch recount after random votes, removals, company changes and spend edits; the team only', async () => {
    const fresh = await restCompany(server);
    const setup = await expectCall(server, 'GET', `/boards/${fresh.boardId}/widget-setup`, 200, {
      token: fresh.owner.token,
    });
    const freshSecret = (await server.call('GET', '/api/v1/company', { token: fresh.owner.token }))
      .body.companySecret;
    const ssoIn = async (claims: Record<string, unknown>) => {
      const token = jwt.sign(claims, freshSecret, { algorithm: 'HS256', expiresIn: 600 });
      const answer = await server.call('POST', '/api/v1/widget/sso', {
        body: { boardHash: setup.boardHash, token },
      });
      expect(answer.status).toBe(200);
      return answer.body.token as string;
    };
    const ideaIds: number[] = [fresh.ideaId];
    for (let i = 0; i < 5; i += 1) {
      const idea = await expectCall(server, 'POST', '/ideas/', 201, {
        token: fresh.owner.token,
        headers: { 'x-board-id': String(fresh.boardId) },
        body: { title: `Valued idea number ${i}` },
      });
      ideaIds.push(idea.id);
    }
    // A seeded generator: the same sequence at every run.
    let seed = 20261125;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const customers = ['acme', 'globex', 'initech', 'umbrella'];
    const spend = () => random(100_000) / 100;
    const membersOf = () => customers.filter(() => random(3) === 0);
    const users: { id: string; token: string }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const id = `voter-${i}`;
      const companies = membersOf().map((c) => ({
        id: c,
        name: c.toUpperCase(),
        monthlySpend: spend(),
      }));
      users.push({ id, token: await ssoIn({ id, name: `Voter ${i}`, companies }) });
    }
    for (let step = 0; step < 60; step += 1) {
      const user = users[random(users.length)]!;
      const ideaId = ideaIds[random(ideaIds.length)]!;
      const action = random(10);
      if (action < 5) {
        await server.call('POST', `/api/v1/ideas/${ideaId}/upvote`, { token: user.token });
      } else if (action < 7) {
        await server.call('POST', `/api/v1/ideas/${ideaId}/downvote`, { token: user.token });
      } else {
        // A new sign-in: other companies, new spends.
        const companies = membersOf().map((c) => ({
          id: c,
          name: c.toUpperCase(),
          monthlySpend: spend(),
        }));
        user.token = await ssoIn({ id: user.id, name: 'Voter again', companies });
      }
    }
    const expected = await recount(fresh.boardId);
    expect([...expected.values()].some((value) => value > 0)).toBe(true);
    for (const sort of ['VOTES', 'STATUS', 'DATE_DESC']) {
      const { body } = await gql(
        server,
        IDEAS,
        { boardId: globalId('Board', fresh.boardId), sort },
        fresh.owner.token,
      );
      const listed = new Map<number, number>(
        body.data.board.ideas.edges.map((e: { node: { id: string; value: number } }) => [
          Number(Buffer.from(e.node.id, 'base64').toString().split(':')[1]),
          e.node.value,
        ]),
      );
      expect(listed).toEqual(expected);
    }
    // One idea by id (not in a list) and its voters' companies.
    const top = [...expected].sort((x, y) => y[1] - x[1])[0]!;
    const single = await gql(
      server,
      `query ($id: ID!) { idea: node(id: $id) { ... on Idea { value voterCompanies { name monthlySpend voterCount } } } }`,
      { id: globalId('Idea', top[0]) },
      fresh.owner.token,
    );
    expect(single.body.data.idea.value).toBe(top[1]);
    const companiesSum = single.body.data.idea.voterCompanies.reduce(
      (sum: number, c: { monthlySpend: number }) => sum + c.monthlySpend,
      0,
    );
    expect(Math.round(companiesSum * 100) / 100).toBe(top[1]);

    // End users (and another company's team) get null.
    const endUser = await addEndUser(server, fresh.owner.companyId);
    const stranger = await restCompany(server);
    for (const token of [endUser.token, stranger.owner.token, users[0]!.token]) {
      const { body } = await gql(
        server,
        IDEAS,
        { boardId: globalId('Board', fresh.boardId) },
        token,
      );
      const values = body.data.board.ideas.edges.map(
        (e: { node: { value: unknown } }) => e.node.value,
      );
      expect(values.every((value: unknown) => value === null)).toBe(true);
    }
  });
});
