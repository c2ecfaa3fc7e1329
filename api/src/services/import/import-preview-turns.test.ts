import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR } from '../../testing/graphql-client.ts';
import { restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { loadImportPayload, PART_BYTES } from './import-parts.ts';
import { PREVIEW_UNDER_WAY_MESSAGE } from './preview-import.ts';

// Outside attack 13, F3: three previews of one owner's two 24.7 MB CSVs (74,000 ideas with
// 500-character descriptions) at once held `/healthz` up to 5.4 s on the embedded database and
// other companies' board reads answered 503. A part was 1,000 rows (~760 KB of JSON) a
// statement, each id lookup a statement of 1,000 parameters, every upload parsed at once, and
// a dropped preview's parts deleted in one statement through the job's cascade.

let server: TTestServer;
/** Called with each statement the server's database ran (after it ran). */
let onStatement: ((sql: string) => void) | null = null;

beforeAll(async () => {
  server = await startTestServer(
    { statementTimeoutMs: 60_000 },
    { onQuery: (sql) => onStatement?.(sql) },
  );
});

afterAll(async () => {
  await server?.close();
});

const PREVIEW = `mutation ($boardId: ID!, $uploads: [File!], $files: [ImportFileInput!]) {
  result: previewImport(boardId: $boardId, source: CSV, uploads: $uploads, files: $files) {
    __typename ... on MutationPreviewImportSuccess { data { id total } }
    ${APP_ERROR} } }`;

/** A CSV of `ideas` ideas with full-length titles and descriptions, ids from `from`. */
function ideasCsv(ideas: number, from = 0): string {
  const lines = ['type,idea id,title,description,status,email,name,created at,text,comment id'];
  for (let at = from; at < from + ideas; at += 1) {
    const title = `Idea ${at} `.padEnd(100, 'x');
    const description = `About idea ${at} `.padEnd(500, 'y');
    lines.push(
      `idea,r${at},${title},${description},open,u${at % 50}@example.com,User ${at % 50},2025-01-01T00:00:00Z,,`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** previewImport as the console sends it: a multipart upload. Answers the HTTP answer. */
function previewUpload(company: TRestCompany, csv: string): Promise<Response> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: PREVIEW,
      variables: { boardId: globalId('Board', company.boardId), uploads: [null] },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.uploads.0'] }));
  form.set('0', new Blob([csv], { type: 'text/csv' }), 'board.csv');
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${company.owner.token}` },
    body: form,
  });
}

/** previewImport with the file base64 in a JSON body (up to 1 MB). Answers the result. */
async function previewJson(company: TRestCompany, csv: string) {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${company.owner.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      query: PREVIEW,
      variables: {
        boardId: globalId('Board', company.boardId),
        files: [{ name: 'board.csv', base64: Buffer.from(csv).toString('base64') }],
      },
    }),
  });
  return (await response.json()).data.result;
}

describe('import previews on the embedded database (outside attack 13, F3)', () => {
  it('reads a company’s uploads one at a time: a second is CONFLICT before it is parsed, another company’s goes on', async () => {
    const company = await restCompany(server);
    const other = await restCompany(server);
    const order: string[] = [];
    let second: Promise<unknown> | undefined;
    onStatement = (sql) => {
      // The first preview stores its job: the same owner sends two more (an upload past 1 MB
      // and a small file in JSON), another company one.
      if (second || !sql.includes('INSERT INTO "public"."ImportJob"')) return;
      second = Promise.all([
        // Past 1 MB: through the upload limit (smaller GraphQL bodies skip it, and their
        // parts are parsed in a few ms).
        previewUpload(company, ideasCsv(1_700, 5_000)).then(async (response) => {
          order.push('second upload');
          return { status: response.status, body: await response.json() };
        }),
        previewJson(company, ideasCsv(10, 8_000)).then((result) => {
          order.push('second json');
          return result;
        }),
        previewUpload(other, ideasCsv(10)).then(async (response) => {
          order.push('other company');
          return (await response.json()).data.result;
        }),
      ]);
    };
    try {
      const first = await previewUpload(company, ideasCsv(2_000));
      order.push('first');
      expect((await first.json()).data.result).toMatchObject({
        __typename: 'MutationPreviewImportSuccess',
        data: { total: 2_000 },
      });
    } finally {
      onStatement = null;
    }
    const [upload, json, otherCompany] = (await second) as [
      { status: number; body: unknown },
      unknown,
      unknown,
    ];
    expect(upload).toEqual({
      status: 409,
      body: { error: { code: 'CONFLICT', message: PREVIEW_UNDER_WAY_MESSAGE } },
    });
    expect(json).toMatchObject({ code: 'CONFLICT', message: PREVIEW_UNDER_WAY_MESSAGE });
    expect(otherCompany).toMatchObject({
      __typename: 'MutationPreviewImportSuccess',
      data: { total: 10 },
    });
    // Both refusals came while the first was still being stored.
    expect(order.indexOf('second upload')).toBeLessThan(order.indexOf('first'));
    expect(order.indexOf('second json')).toBeLessThan(order.indexOf('first'));
    expect(
      await server.deps.prisma.importJob.count({ where: { companyId: company.owner.companyId } }),
    ).toBe(1);
    // Once the first is shown, the company previews again.
    const again = await previewUpload(company, ideasCsv(10, 7_000));
    expect((await again.json()).data.result.__typename).toBe('MutationPreviewImportSuccess');
  });

  it('stores a preview’s rows in parts of at most PART_BYTES, read back whole', async () => {
    const company = await restCompany(server);
    // 300 ideas of ~720 bytes of JSON each: one part of 300 rows before, ~215 KB.
    const answer = await previewJson(company, ideasCsv(300));
    const jobId = Number(Buffer.from(answer.data.id, 'base64').toString().split(':')[1]);
    const parts = await server.deps.prisma.$queryRaw<{ rows: number; bytes: number }[]>`
      SELECT jsonb_array_length("rows") AS "rows", octet_length("rows"::text) AS "bytes"
      FROM "ImportJobPart" WHERE "importJobId" = ${jobId}::int AND "kind" = 'ideas'
      ORDER BY "seq"`;
    expect(parts.length).toBeGreaterThanOrEqual(4);
    expect(parts.reduce((sum, part) => sum + Number(part.rows), 0)).toBe(300);
    // jsonb's text has a space after each `:` and `,`: a few percent over the JSON sent.
    for (const part of parts) expect(Number(part.bytes)).toBeLessThan(PART_BYTES * 1.05);
    const job = await server.deps.prisma.importJob.findUniqueOrThrow({ where: { id: jobId } });
    const payload = await loadImportPayload(server.deps.prisma, jobId, job.payload);
    expect(payload.ideas.map((idea) => idea.externalId)).toEqual(
      Array.from({ length: 300 }, (_, at) => `r${at}`),
    );
  });

  it('looks the file’s ids up as one array parameter, not a parameter per id', async () => {
    const company = await restCompany(server);
    let most = 0;
    onStatement = (sql) => {
      for (const match of sql.matchAll(/\$(\d+)/g)) most = Math.max(most, Number(match[1]));
    };
    try {
      const answer = await previewUpload(company, ideasCsv(1_500));
      expect((await answer.json()).data.result.data.total).toBe(1_500);
    } finally {
      onStatement = null;
    }
    // A chunk of 1,000 ids was `IN ($4, …, $1003)`.
    expect(most).toBeLessThan(50);
  });

  it('deletes a dropped preview’s parts a few a statement before its row', async () => {
    const company = await restCompany(server);
    for (let at = 0; at < 3; at += 1) {
      const answer = await previewJson(company, ideasCsv(200, at * 1_000));
      expect(answer.__typename).toBe('MutationPreviewImportSuccess');
    }
    const deletes: string[] = [];
    onStatement = (sql) => {
      if (sql.startsWith('DELETE FROM "public"."ImportJobPart"')) deletes.push('parts');
      if (sql.startsWith('DELETE FROM "public"."ImportJob"')) deletes.push('job');
    };
    try {
      // The board's fourth preview drops its oldest (three are kept).
      const answer = await previewJson(company, ideasCsv(200, 3_000));
      expect(answer.__typename).toBe('MutationPreviewImportSuccess');
    } finally {
      onStatement = null;
    }
    // Through the job's cascade, one statement took every part of it.
    expect(deletes).toEqual(['parts', 'job']);
    expect(await server.deps.prisma.importJob.count({ where: { boardId: company.boardId } })).toBe(
      3,
    );
  });
});
