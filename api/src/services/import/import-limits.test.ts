import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ERROR, createBoardId, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { zipOfZeros } from '../../testing/hostile-input.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { IMPORT_LIMITS, ImportFileError } from './import-model.ts';
import { readImportFiles } from './read-import-files.ts';

/**
 * An import's files are bounded before and while they are read: a zip's entries, each file's and
 * all files' unpacked bytes (counted while unpacking), the unpack ratio, and a JSON or CSV file's
 * size before it is parsed. Reading runs in a worker thread, off the request path.
 */

const MB = 1024 * 1024;

/** The problem readImportFiles refuses the files with (its message), or null when it reads them. */
function refusal(read: () => unknown): string | null {
  try {
    read();
    return null;
  } catch (error) {
    if (error instanceof ImportFileError) return error.problem.message;
    throw error;
  }
}

describe('reading an import’s files', () => {
  it('stops unpacking a zip bomb at the limit, and the process barely grows', () => {
    // 310 KB that unpack to 300 MB, its header lying that the file holds 1 KB.
    const bomb = zipOfZeros([{ name: 'posts.json', mb: 300 }], { declaredSize: 1024 });
    expect(bomb.length).toBeLessThan(400 * 1024);
    const before = process.memoryUsage().rss;
    const message = refusal(() =>
      readImportFiles('FIDER', [{ name: 'backup.zip', data: new Uint8Array(bomb) }]),
    );
    const grown = process.memoryUsage().rss - before;
    expect(message).toBe(
      `posts.json unpacks to more than ${IMPORT_LIMITS.maxUnpackRatio} times its packed size: it looks like a zip bomb.`,
    );
    // Unpacked whole it held 300 MB; stopped early, a few.
    expect(grown).toBeLessThan(24 * MB);
  });

  it('refuses a file whose header says it unpacks past 32 MB without inflating it', () => {
    const honest = zipOfZeros([{ name: 'posts.json', mb: 40 }]);
    expect(
      refusal(() =>
        readImportFiles('FIDER', [{ name: 'backup.zip', data: new Uint8Array(honest) }]),
      ),
    ).toBe('posts.json unpacks to more than 32 MB.');
  });

  it('refuses a zip of more than 500 files', () => {
    const entries = Array.from({ length: IMPORT_LIMITS.maxZipEntries + 1 }, (_, n) => ({
      name: `table_${n}.json`,
      mb: 0,
    }));
    expect(
      refusal(() =>
        readImportFiles('FIDER', [
          { name: 'backup.zip', data: new Uint8Array(zipOfZeros(entries)) },
        ]),
      ),
    ).toBe('The zip file holds more than 500 files.');
  });

  it('refuses a JSON or CSV file over 32 MB before parsing it', () => {
    const large = new Uint8Array(IMPORT_LIMITS.maxFileBytes + 1).fill(0x2c);
    for (const [source, name] of [
      ['CSV', 'board.csv'],
      ['CANNY', 'canny.json'],
      ['FIDER', 'posts.json'],
    ] as const) {
      expect(refusal(() => readImportFiles(source, [{ name, data: large }]))).toBe(
        'The file is larger than 32 MB.',
      );
    }
  });
});

describe('previewImport with hostile files', () => {
  let server: TTestServer;
  let owner: TTestAccount;
  let boardId: string;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUpCompany(server);
    boardId = await createBoardId(server, owner.token);
  });
  afterAll(async () => {
    await server?.close();
  });

  const UPLOAD = `mutation ($boardId: ID!, $source: ImportSource!, $uploads: [File!]) {
    result: previewImport(boardId: $boardId, source: $source, uploads: $uploads) {
      __typename ... on MutationPreviewImportSuccess { data { id preview { problemCount } } }
      ${APP_ERROR} } }`;

  /** previewImport as a multipart upload of one file. */
  async function upload(source: string, name: string, bytes: Uint8Array<ArrayBuffer>) {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({ query: UPLOAD, variables: { boardId, source, uploads: [null] } }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.uploads.0'] }));
    form.set('0', new Blob([bytes]), name);
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  it('answers a zip bomb with a VALIDATION error naming the file, and keeps serving', async () => {
    const bomb = zipOfZeros([{ name: 'posts.json', mb: 300 }], { declaredSize: 1024 });
    const { status, body } = await upload('FIDER', 'backup.zip', new Uint8Array(bomb));
    expect(status).toBe(200);
    expect(body.data.result).toEqual({
      __typename: 'AppError',
      code: 'VALIDATION',
      message: 'Some fields are not valid.',
      fields: [
        {
          field: 'files',
          message: `backup.zip, row 1: posts.json unpacks to more than ${IMPORT_LIMITS.maxUnpackRatio} times its packed size: it looks like a zip bomb.`,
        },
      ],
    });
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  });

  it('reads the files in a worker thread: /healthz answers again and again while they are parsed', async () => {
    // 80,000 rows of a kind the CSV does not know: seconds of parsing, each row a problem,
    // so that nothing but the parse makes the preview slow.
    const rows = ['type,idea id,title,description,status,email,name,created at,text'];
    for (let n = 0; n < 80_000; n += 1)
      rows.push(`reaction,${n},,,,p${n}@example.com,,2024-01-06,`);
    const csv = new TextEncoder().encode(rows.join('\n'));
    let isPreviewed = false;
    const preview = upload('CSV', 'board.csv', csv).finally(() => {
      isPreviewed = true;
    });
    let answeredMeanwhile = 0;
    while (!isPreviewed) {
      const health = await server.call('GET', '/healthz');
      expect(health.status).toBe(200);
      if (!isPreviewed) answeredMeanwhile += 1;
    }
    const { body } = await preview;
    expect(body.data.result.data.preview.problemCount).toBe(80_000);
    // On the request path the parse held every health check until it ended.
    expect(answeredMeanwhile).toBeGreaterThan(20);
  });
});
