import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import type { TImportPayload } from './import-job-view.ts';
import { writeImport } from './run-import.ts';

// Issue 33.2 (F2): an import is one transaction (all or nothing), which on the embedded database
// holds the only connection; between its chunks the requests that need no statement still run.

let server: TTestServer;
let company: TRestCompany;

beforeAll(async () => {
  server = await startTestServer({ statementTimeoutMs: 60_000 });
  company = await restCompany(server);
});

afterAll(async () => {
  await server?.close();
});

function payload(): TImportPayload {
  const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString();
  const people = Array.from({ length: 300 }, (_, n) => ({
    email: `imported-${n}@example.com`,
    name: `Imported ${n}`,
  }));
  const ideas = Array.from({ length: 500 }, (_, n) => ({
    externalId: `i${n}`,
    title: `Imported idea ${n}`,
    description: null,
    status: 'OPEN' as const,
    sourceStatus: 'open',
    createdAt: day(n),
    authorEmail: people[n % people.length]!.email,
  }));
  const votes = people.flatMap((person, p) =>
    Array.from({ length: 20 }, (_, k) => ({
      ideaExternalId: `i${(p * 7 + k) % ideas.length}`,
      email: person.email,
      createdAt: day(p + k),
    })),
  );
  return { source: 'CSV', customStatusIds: {}, people, ideas, votes, comments: [] };
}

describe('an import of 500 ideas and 6,000 votes (issue 33 F2)', () => {
  it('answers /livez sent while the import’s transaction writes before the import ends', async () => {
    const order: string[] = [];
    await Promise.all(
      [1, 2].map(() => fetch(`${server.url}/livez`).then((answer) => answer.text())),
    );
    const job = { id: 0, companyId: company.owner.companyId, boardId: company.boardId };
    let chunks = 0;
    let live: Promise<number> | undefined;
    const imported = server.deps.prisma
      .$transaction(
        (tx) =>
          writeImport(tx, job, payload(), () => {
            // The first chunk is written: the health check goes now, the import goes on.
            chunks += 1;
            live ??= fetch(`${server.url}/livez`).then((answer) => {
              order.push('livez');
              return answer.status;
            });
          }),
        { timeout: 60_000 },
      )
      .then((result) => {
        order.push('import');
        return result;
      });
    const result = await imported;
    expect(await live).toBe(200);
    expect(chunks).toBeGreaterThan(1);
    expect(order).toEqual(['livez', 'import']);
    expect(result).toMatchObject({ ideas: 500, users: 300 });
    expect(
      await server.deps.prisma.vote.count({ where: { idea: { boardId: company.boardId } } }),
    ).toBeGreaterThanOrEqual(6_000);
  });
});
