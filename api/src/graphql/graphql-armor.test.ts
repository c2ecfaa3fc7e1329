import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { getIntrospectionQuery, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputLimitRefusal } from './graphql-input-limits.ts';
import { createBoardId, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let owner: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
});
afterAll(async () => {
  await server?.close();
});

const post = (query: string, token?: string) =>
  server.call('POST', '/graphql', { body: { query }, token });

const messages = (body: any): string[] => (body.errors ?? []).map((e: any) => e.message);

/** `idea { board { ideas { edges { node { board … } } } } }`, `levels` boards deep. */
function deepQuery(levels: number): string {
  let inner = 'id';
  for (let n = 0; n < levels; n += 1) inner = `board { ideas { edges { node { ${inner} } } } }`;
  return `{ boards { ideas { edges { node { ${inner} } } } } }`;
}

describe('GraphQL Armor', () => {
  it('refuses a query nested deeper than 10 levels, saying so', async () => {
    const { status, body } = await post(deepQuery(1), owner.token);
    expect(status).toBe(200);
    expect(messages(body)).toEqual([]);
    const deep = await post(deepQuery(2), owner.token);
    expect(messages(deep.body)).toEqual([
      expect.stringMatching(/Query depth limit of 10 exceeded, found 13\./),
    ]);
    expect(deep.body.data).toBeUndefined();
  });

  it('refuses a query whose cost (page sizes multiplied) is too high', async () => {
    const query = `{ boards { ideas(first: 100) { edges { node { comments(first: 100) {
      edges { node { id text author { displayName } } } } } } } } }`;
    const { body } = await post(query, owner.token);
    expect(messages(body)).toEqual([expect.stringMatching(/Query Cost limit of 100000 exceeded/)]);
  });

  it('refuses a document of fragments each spreading the one before twice, on the root or on a board, anonymous or signed in, while /healthz answers (attacks 11 and 12)', async () => {
    // 1.6 KB naming 2^39 selections: walked spread by spread, it held the process for good,
    // first in the cost check (attack 11), then, under a board, in the layers that read a
    // selection to load rows (attack 12: 22 levels took 1.4 s, each level doubling).
    const boardId = await createBoardId(server, owner.token);
    await post(
      `mutation { setBoardVisibility(boardId: "${boardId}", isPublic: true) { __typename } }`,
      owner.token,
    );
    const twice = (type: string) => {
      const fragments = [`fragment F0 on ${type} { __typename id }`];
      for (let n = 1; n < 40; n += 1) {
        fragments.push(`fragment F${n} on ${type} { ...F${n - 1} ...F${n - 1} }`);
      }
      return fragments.join(' ');
    };
    const documents = [
      `query { viewer { ...F39 } } ${twice('Viewer')}`.replace(/ id }/, ' }'),
      `query { board(id: "${boardId}") { ...F39 } } ${twice('Board')}`,
    ];
    for (const query of documents) {
      for (const token of [undefined, owner.token]) {
        const answered = post(query, token);
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        const { body } = await answered;
        expect(messages(body)).toEqual([
          expect.stringMatching(/^Query Cost limit of \d+ exceeded\.$/),
        ]);
      }
    }
    // The same shape a few levels deep is answered.
    const few = `query { board(id: "${boardId}") { ...F3 } } ${twice('Board').split(' fragment F4')[0]}`;
    expect((await post(few)).body.data.board.id).toBe(boardId);
    // A cycle of two fragments is refused by validation.
    const cycle = await post(
      'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
    );
    expect(messages(cycle.body)).toEqual([
      expect.stringMatching(/Cannot spread fragment "A" within itself/),
    ]);
  });

  it('refuses more than 20 aliases and more than 2000 tokens', async () => {
    const aliases = Array.from({ length: 21 }, (_, n) => `a${n}: boards { id }`).join(' ');
    expect(messages((await post(`{ ${aliases} }`, owner.token)).body)).toEqual([
      expect.stringMatching(/Aliases limit of 20 exceeded, found 21/),
    ]);
    const long = `{ ${Array.from({ length: 2100 }, () => 'isCheckoutAvailable').join(' ')} }`;
    expect(messages((await post(long, owner.token)).body)).toEqual([
      expect.stringMatching(/Token limit of 2000 exceeded/),
    ]);
  });

  it('hides field suggestions from callers without a valid session, not from signed-in ones', async () => {
    const typo = '{ viewer { compnay { secret } } }';
    const anonymous = messages((await post(typo)).body);
    expect(anonymous).toEqual([expect.stringContaining('Cannot query field "compnay"')]);
    expect(anonymous[0]).not.toMatch(/company|Did you mean/);
    const signedIn = messages((await post(typo, owner.token)).body);
    expect(signedIn).toEqual([expect.stringMatching(/Did you mean "company"\?/)]);
  });

  it('refuses a list variable of 10,000 ids by cost, before any resolver runs', async () => {
    const ids = Array.from({ length: 10_000 }, (_, n) => encodeGlobalID('Idea', n + 1));
    const { status, body } = await server.call('POST', '/graphql', {
      body: { query: 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids } },
      token: owner.token,
    });
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^Query Cost limit of 100000 exceeded, found \d+\.$/),
        extensions: expect.objectContaining({ code: 'BAD_REQUEST' }),
      }),
    ]);
  });

  it('refuses 5,000 distinct ids with a VALIDATION error naming ids while /healthz answers', async () => {
    const ids = Array.from({ length: 5_000 }, (_, n) => encodeGlobalID('Idea', n + 1));
    const [nodes, health] = await Promise.all([
      server.call('POST', '/graphql', {
        body: { query: 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', variables: { ids } },
        token: owner.token,
      }),
      server.call('GET', '/healthz'),
    ]);
    expect(health.status).toBe(200);
    expect(nodes.body.data).toBeUndefined();
    expect(nodes.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({
          code: 'VALIDATION',
          fields: [{ field: 'ids', message: 'At most 100 entries at a time (found 5000).' }],
        }),
      }),
    ]);
    // 100 ids still answer, each null where nothing is there.
    const hundred = await server.call('POST', '/graphql', {
      body: {
        query: 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }',
        variables: { ids: ids.slice(0, 100) },
      },
      token: owner.token,
    });
    expect(hundred.body).toEqual({ data: { nodes: ids.slice(0, 100).map(() => null) } });
  });

  it('caps a list written in the query as it caps a variable', async () => {
    const many = Array.from({ length: 101 }, (_, n) => `"${encodeGlobalID('Idea', n + 1)}"`);
    const literal = await post(`{ nodes(ids: [${many.join(',')}]) { id } }`, owner.token);
    expect(literal.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({
          code: 'VALIDATION',
          fields: [{ field: 'ids', message: 'At most 100 entries at a time (found 101).' }],
        }),
      }),
    ]);
  });

  it('counts page sizes given as variables, which Armor’s rule cannot see', async () => {
    const query = `query ($a: Int, $b: Int) { publicBoard(companySlug: "a", boardSlug: "b") {
      ideas(first: $a) { edges { node {
      comments(first: $b) { edges { node { id text author { displayName } } } } } } } } }`;
    const small = await server.call('POST', '/graphql', {
      body: { query, variables: { a: 10, b: 10 } },
      token: owner.token,
    });
    expect(small.body.errors).toBeUndefined();
    const large = await server.call('POST', '/graphql', {
      body: { query, variables: { a: 100, b: 100 } },
      token: owner.token,
    });
    expect(large.status).toBe(400);
    expect(messages(large.body)).toEqual([
      expect.stringMatching(/^Query Cost limit of 100000 exceeded/),
    ]);
  });

  it('prices lists without paging as long as they may grow, and release notes by their size (attack 4)', async () => {
    const refused = async (query: string, token?: string) =>
      messages((await post(query, token)).body).some((m) => /^Query Cost limit/.test(m));
    // Those lists are priced at the caller's company's real length (issue 34): a company with
    // 6,000 customer companies and 200 boards, as large as the attacks' were.
    await server.deps.prisma.customerCompany.createMany({
      data: Array.from({ length: 6_000 }, (_, n) => ({
        companyId: owner.companyId,
        externalId: `armor-${n}`,
        name: `Customer ${n}`,
      })),
    });
    await server.deps.prisma.board.createMany({
      data: Array.from({ length: 200 }, (_, n) => ({
        companyId: owner.companyId,
        name: `Armor board ${n}`,
        slug: `armor-board-${n}`,
        widgetHash: `armor-hash-${owner.companyId}-${n}`,
      })),
    });
    // Ten aliases of every customer company (12,000 of them held the server 17 s): refused;
    // the console's one list passes.
    const customers = (n: number) =>
      `{ ${Array.from({ length: n }, (_, k) => `c${k}: customerCompanies { id name externalId }`).join(' ')} }`;
    expect(await refused(customers(1), owner.token)).toBe(false);
    expect(await refused(customers(10), owner.token)).toBe(true);
    // Each member list of every customer company: refused at once.
    expect(await refused(`{ customerCompanies { id members { __typename } } }`, owner.token)).toBe(
      true,
    );
    // The paged lists (issue 37.4) are paid per page: asked without `first` as their default
    // page of 50 (each customer's member list with them: refused), with `first` as that many.
    const pagedCustomers = (page: string) =>
      `{ customerCompaniesConnection${page} { edges { node { id name members { displayName } } } } }`;
    expect(await refused(pagedCustomers(''), owner.token)).toBe(true);
    expect(await refused(pagedCustomers('(first: 50)'), owner.token)).toBe(true);
    expect(await refused(pagedCustomers('(first: 1)'), owner.token)).toBe(false);
    // Every board's releases, a page of 100 each: refused; every board's name and counts pass.
    expect(
      await refused(`{ boards { releases(first: 100) { edges { node { id } } } } }`, owner.token),
    ).toBe(true);
    expect(await refused(`{ boards { id name awaitingIdeaCount } }`, owner.token)).toBe(false);
    // Every release's boards with their idea counts, anonymous (held the server 29.7 s): refused.
    expect(
      await refused(
        `{ publicBoard(companySlug: "a", boardSlug: "b") { releases(first: 100) { edges { node { boards { id name ideas(first: 1) { totalCount } } } } } } }`,
      ),
    ).toBe(true);
    // 100 releases' notes and their HTML, twice (20 aliases answered 150 MB): refused, anonymous;
    // one page of them passes.
    const notes = (n: number) =>
      `{ ${Array.from({ length: n }, (_, k) => `r${k}: publicBoard(companySlug: "a", boardSlug: "b") { releases(first: 100) { edges { node { body bodyHtml } } } }`).join(' ')} }`;
    expect(await refused(notes(1))).toBe(false);
    expect(await refused(notes(2))).toBe(true);
    // A release's mail count reads the votes of its ideas: a page of 100 of them is refused,
    // the publish dialog's one passes.
    expect(
      await refused(
        `{ releases(first: 100) { edges { node { publishMailCount } } } }`,
        owner.token,
      ),
    ).toBe(true);
    expect(await refused(`{ release(id: "x") { publishMailCount } }`, owner.token)).toBe(false);
  });

  it('lets GraphiQL’s introspection query through', async () => {
    const { status, body } = await post(getIntrospectionQuery(), owner.token);
    expect(status).toBe(200);
    expect(messages(body)).toEqual([]);
    expect(body.data.__schema.types.length).toBeGreaterThan(50);
  });

  it('reads the schema to signed-in callers only (attack 4, F6)', async () => {
    for (const query of [
      getIntrospectionQuery(),
      '{ __type(name: "ApiKey") { fields { name } } }',
      'query { ...F } fragment F on Query { __schema { queryType { name } } }',
    ]) {
      const { body } = await post(query);
      expect(body.data ?? null, query.slice(0, 40)).toBeNull();
      expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(body.errors[0].message).toMatch(/^Reading the schema needs a session or an API key/);
    }
    // __typename is no introspection: the console's sign-in page keeps working anonymously.
    expect((await post('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('lets every operation of the admin console through its limits', async () => {
    const generated = path.resolve(import.meta.dirname, '../../../web/__generated__');
    const operations = readdirSync(generated)
      .map((file) => readFileSync(path.join(generated, file), 'utf8'))
      .map((source) => /"text": ("(?:[^"\\]|\\.)*")/.exec(source)?.[1])
      .filter((text): text is string => Boolean(text))
      .map((text) => JSON.parse(text) as string);
    expect(operations.length).toBeGreaterThan(40);
    for (const query of operations) {
      // The whole document is validated (where Armor works), but only the probe runs.
      const { body } = await server.call('POST', '/graphql', {
        body: { query: `${query}\nquery ArmorProbe { __typename }`, operationName: 'ArmorProbe' },
        token: owner.token,
      });
      expect(body, query.split('\n')[0]).toEqual({ data: { __typename: 'Query' } });
      // The cost is counted when an operation runs (graphql-input-limits.ts), as here.
      const maxCost = server.deps.config.graphqlLimits.maxCost;
      expect(inputLimitRefusal(parse(query), undefined, {}, maxCost), query).toBeNull();
    }
  });
});
