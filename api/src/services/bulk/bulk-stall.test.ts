import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, sessionToken } from '../../../../bench/dataset.ts';
import type { TDataset } from '../../../../bench/dataset.ts';
import { globalId } from '../../schema/ids.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

// Issue 33.2 (F9): a bulk change of 100 ideas must not hold the server until it ends. On the
// embedded database a statement runs in the server's own thread, and the old bulk action
// checked and announced its ideas one after another without letting another request in.

let server: TTestServer;
let dataset: TDataset;

beforeAll(async () => {
  server = await startTestServer({ statementTimeoutMs: 60_000 });
  const run = (sql: string) => server.deps.prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql);
  dataset = await generateDataset(run, { ideas: 200, users: 50, votes: 2_000, comments: 0 });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('bulk changes of 100 ideas (issue 33 F9)', () => {
  it('answers /healthz sent while bulkSetIdeaStatus of 100 ideas runs before the change answers', async () => {
    const order: string[] = [];
    // Two open connections, so that the health check below needs no new one.
    await Promise.all(
      [1, 2].map(() => fetch(`${server.url}/healthz`).then((answer) => answer.text())),
    );
    const bulk = fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sessionToken(0)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        query: `mutation ($ids: [ID!]!) { bulkSetIdeaStatus(ideaIds: $ids, status: PLANNED) {
          __typename ... on MutationBulkSetIdeaStatusSuccess { data { outcomes { isChanged } } } } }`,
        variables: { ids: dataset.ideaIds.slice(0, 100).map((id) => globalId('Idea', id)) },
      }),
    }).then(async (answer) => {
      const body = (await answer.json()) as {
        data: { bulkSetIdeaStatus: { data: { outcomes: { isChanged: boolean }[] } } };
      };
      order.push('bulk');
      return body;
    });
    // The bulk request is on its way; the health check goes after it.
    await new Promise((resolve) => setImmediate(resolve));
    const health = fetch(`${server.url}/healthz`).then((answer) => {
      order.push('healthz');
      return answer.status;
    });
    expect(await health).toBe(200);
    const body = await bulk;
    expect(order).toEqual(['healthz', 'bulk']);
    const outcomes = body.data.bulkSetIdeaStatus.data.outcomes;
    expect(outcomes).toHaveLength(100);
    expect(
      await server.deps.prisma.idea.count({
        where: { id: { in: dataset.ideaIds.slice(0, 100) }, status: 'PLANNED' },
      }),
    ).toBe(100);
  });
});
