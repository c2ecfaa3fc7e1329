import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Outside attack 7, finding 3: `nodes(ids:)` of 100 Idea ids was priced ~6,400 points for
// 0.45 s of the server's work, so an anonymous address could spend ~14 s of the server a minute
// within its budget. Each id is now priced by the type it names (an Idea's load at 500).

const IDEAS_BY_ID = `query ($ids: [ID!]!) { nodes(ids: $ids) { id ... on Idea {
  title description status voteCount commentCount createdAt author { displayName } } } }`;

describe('node and nodes priced per id', { timeout: 120_000 }, () => {
  let server: TTestServer;

  beforeAll(async () => {
    // The default budget of GraphQL cost points; one proxy in front, to name addresses.
    server = await startTestServer({
      trustProxy: 1,
      rateLimits: { ...UNLIMITED_FOR_TESTS, graphqlCost: DEFAULT_RATE_LIMITS.graphqlCost },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (address: string, query: string, variables: Record<string, unknown> = {}) =>
    server.call('POST', '/graphql', {
      body: { query, variables },
      headers: { 'x-forwarded-for': address },
    });

  it("spends an anonymous address's minute on a few queries of 100 ideas by id", async () => {
    const ids = Array.from({ length: 100 }, (_, n) => encodeGlobalID('Idea', n + 1));
    const answers = [];
    for (let n = 0; n < 6; n += 1) answers.push(await post('203.0.113.50', IDEAS_BY_ID, { ids }));
    const statuses = answers.map(({ status }) => status);
    // Three fit the minute's budget (each answers nulls: no such ideas); then it is spent.
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers[0]!.body.data.nodes).toHaveLength(100);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    expect(answers[3]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(answers[3]!.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // What is left of the budget still answers an ordinary query, and another address is not
    // touched by this one's spending.
    const one = await post('203.0.113.50', `query ($id: ID!) { node(id: $id) { id } }`, {
      id: ids[0],
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: { node: null } });
    const other = await post('203.0.113.51', IDEAS_BY_ID, { ids });
    expect(other.status).toBe(200);
  });
});
