import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBenchCsv } from '../../../../bench/import.ts';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, setPlan } from '../../testing/graphql-client.ts';
import { syntheticImport } from '../../testing/import-payload.ts';
import { restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { chunkRunner, writeImport } from './run-import.ts';

// Issue 33.2, outside attack 7: a 31 MB CSV's preview froze the embedded server for about 40 s
// (its rows went into the ImportJob row as one JSON value: one statement, and on the embedded
// database a statement holds the server's only thread), and a 50,814-row import checked the
// plan's cap in one transaction holding every lookup of the file before its first chunk.
// Nothing capped an import's rows on a server without payments (every plan ULTRA).

let server: TTestServer;
let company: TRestCompany;
/** Called with each statement the server's database ran (after it ran). */
let onStatement: ((sql: string) => void) | null = null;

const MAX_ROWS = 30_000;

beforeAll(async () => {
  server = await startTestServer(
    { statementTimeoutMs: 60_000, importMaxRows: MAX_ROWS },
    { onQuery: (sql) => onStatement?.(sql) },
  );
  company = await restCompany(server);
});

afterAll(async () => {
  await server?.close();
});

const UPLOAD = `mutation ($boardId: ID!, $uploads: [File!]) {
  result: previewImport(boardId: $boardId, source: CSV, uploads: $uploads) {
    __typename ... on MutationPreviewImportSuccess { data { id total preview { votes { inFile } } } }
    ${APP_ERROR} } }`;

/** previewImport as the console sends a large export: a multipart upload. */
async function previewUpload(csv: string) {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: UPLOAD,
      variables: { boardId: globalId('Board', company.boardId), uploads: [null] },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.uploads.0'] }));
  form.set('0', new Blob([csv], { type: 'text/csv' }), 'board.csv');
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${company.owner.token}` },
    body: form,
  });
  return (await response.json()).data.result;
}

/** Another company's board page, as its visitors ask for it. */
async function readOtherBoard(other: TRestCompany) {
  const answer = await fetch(`${server.url}/api/v1/ideas/?limit=5`, {
    headers: {
      authorization: `Bearer ${other.owner.token}`,
      'x-board-id': String(other.boardId),
    },
  });
  return answer.status;
}

describe('a large import on the embedded database (issue 33.2, attack 7)', () => {
  it('answers another request while a large preview is stored, before the preview answers', async () => {
    const other = await restCompany(server);
    await readOtherBoard(other);
    // 20 ideas and 20,000 votes by 5,000 people: 26 parts of up to 1,000 rows.
    const csv = importBenchCsv({ ideas: 20, people: 5_000, votes: 20_000, comments: 0 });
    const order: string[] = [];
    let answered: Promise<number> | undefined;
    onStatement = (sql) => {
      // The job's row is written: another company's page is asked for now.
      if (!answered && sql.includes('INSERT INTO "public"."ImportJob"')) {
        answered = readOtherBoard(other).then((status) => {
          order.push('read');
          return status;
        });
      }
    };
    try {
      const job = await previewUpload(csv);
      order.push('preview');
      expect(job.data).toMatchObject({ total: 20_020, preview: { votes: { inFile: 20_000 } } });
    } finally {
      onStatement = null;
    }
    expect(await answered).toBe(200);
    // With the rows in one statement the page waited for all of them.
    expect(order).toEqual(['read', 'preview']);
  });

  it('checks the plan’s cap a lookup at a time, answering other requests in between', async () => {
    const other = await restCompany(server);
    const target = await restCompany(server);
    await setPlan(server, target.owner.companyId, 'STARTUP');
    await readOtherBoard(other);
    // 10,000 new ideas, past the plan's 10: refused before anything is written.
    const file = syntheticImport({ people: 100, ideas: 10_000, votesEach: 0 });
    const job = { id: 0, companyId: target.owner.companyId, boardId: target.boardId };
    const order: string[] = [];
    const answered = readOtherBoard(other).then((status) => {
      order.push('read');
      return status;
    });
    await expect(
      writeImport(
        server.deps.prisma,
        chunkRunner(server.deps.prisma, job.companyId),
        job,
        file,
        () => {},
      ),
    ).rejects.toThrow('This import adds 10000 ideas, and your plan shows at most 10');
    order.push('refused');
    expect(await answered).toBe(200);
    // In one transaction with every lookup of the file, the page waited for the refusal.
    expect(order).toEqual(['read', 'refused']);
    expect(
      await server.deps.prisma.idea.count({
        where: { boardId: target.boardId, importSource: { not: null } },
      }),
    ).toBe(0);
  });

  it('refuses at preview a file past IMPORT_MAX_ROWS, naming the bound', async () => {
    // 31 ideas and 29,970 votes (30 a person, no pair twice): one row past the bound.
    const csv = importBenchCsv({ ideas: 31, people: 999, votes: MAX_ROWS - 30, comments: 0 });
    const refused = await previewUpload(csv);
    expect(refused).toMatchObject({
      code: 'VALIDATION',
      fields: [
        {
          field: 'files',
          message: `The files hold ${MAX_ROWS + 1} rows; at most ${MAX_ROWS} are imported at once.`,
        },
      ],
    });
    expect(
      await server.deps.prisma.importJob.count({
        where: { boardId: company.boardId, total: MAX_ROWS + 1 },
      }),
    ).toBe(0);
  });
});
