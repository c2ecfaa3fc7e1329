import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql, mutate, setPlan } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { importBenchCsv } from '../../../../bench/import.ts';
import { checkIdeaCounts } from '../idea/check-idea-counts.ts';
import { PREVIEWS_KEPT_PER_BOARD, PREVIEWS_KEPT_PER_COMPANY } from './preview-import.ts';
import { deleteStalePreviews } from './run-import.ts';

/** Importing a board from another product's export: preview, background write, re-runs, failures, who may. */

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let admin: TTestAccount;
let member: TTestAccount;

const JOB = `id status total processed error fileNames source
  preview { ideas { inFile toCreate } users { inFile toCreate } votes { inFile toCreate }
    comments { inFile toCreate } statusMapping { sourceStatus status customStatusName ideaCount }
    problems { file row column message } problemCount skipped }
  result { ideas users votes comments }`;
const PREVIEW = `mutation ($boardId: ID!, $source: ImportSource!, $files: [ImportFileInput!]!) {
  result: previewImport(boardId: $boardId, source: $source, files: $files) {
    __typename ... on MutationPreviewImportSuccess { data { ${JOB} } } ${APP_ERROR} } }`;
const START = `mutation ($importJobId: ID!) { result: startImport(importJobId: $importJobId) {
  __typename ... on MutationStartImportSuccess { data { ${JOB} } } ${APP_ERROR} } }`;
const READ = `query ($id: ID!) { importJob(id: $id) { ${JOB} } }`;

const fixture = (name: string) => ({
  name,
  base64: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)).toString('base64'),
});
const csvFile = (name: string, text: string) => ({
  name,
  base64: Buffer.from(text).toString('base64'),
});
const board = (company: TRestCompany) => globalId('Board', company.boardId);

async function preview(token: string, files: unknown[], source = 'CSV', company = a) {
  return mutate(server, 'result', PREVIEW, { boardId: board(company), source, files }, token);
}

/** Starts a previewed job and waits for the worker to finish it. */
async function importAndWait(token: string, jobId: string) {
  const started = await mutate(server, 'result', START, { importJobId: jobId }, token);
  expect(started.status).toMatch(/QUEUED|RUNNING|SUCCEEDED/);
  for (let i = 0; i < 200; i += 1) {
    await server.deps.imports.drain();
    const { body } = await gql(server, READ, { id: jobId }, token);
    const job = body.data.importJob;
    if (job.status === 'SUCCEEDED' || job.status === 'FAILED') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The import did not finish.');
}

async function boardRows(boardId: number) {
  const ideas = await server.deps.prisma.idea.findMany({
    where: { boardId, importSource: { not: null } },
    orderBy: { importExternalId: 'asc' },
    include: {
      _count: { select: { votes: true, comments: { where: { isInternal: false } } } },
      author: true,
    },
  });
  return ideas;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  admin = await addEndUser(server, a.owner.companyId, { role: 'ADMIN' });
  member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
});
afterAll(async () => {
  await server?.close();
});

describe('importing our CSV', () => {
  it('previews without writing, imports in the background keeping dates, authors and counts, and a re-run creates nothing', async () => {
    // Ann is already a user of the company: the import finds her by email whatever its case.
    const ann = await server.deps.prisma.user.create({
      data: {
        companyId: a.owner.companyId,
        displayName: 'Ann Known',
        email: 'ANN@example.com',
        kind: 'REGULAR',
      },
    });
    const before = await server.deps.prisma.user.count({ where: { companyId: a.owner.companyId } });
    const job = await preview(admin.token, [fixture('generic.csv')]);
    expect(job.status).toBe('PREVIEWED');
    expect(job.preview).toMatchObject({
      ideas: { inFile: 3, toCreate: 3 },
      users: { inFile: 3, toCreate: 2 },
      votes: { inFile: 3, toCreate: 3 },
      comments: { inFile: 2, toCreate: 2 },
      problemCount: 0,
    });
    expect(job.preview.statusMapping).toEqual(
      expect.arrayContaining([
        { sourceStatus: 'planned', status: 'PLANNED', customStatusName: null, ideaCount: 1 },
      ]),
    );
    expect(job.total).toBe(8);
    expect(await boardRows(a.boardId)).toEqual([]);

    const done = await importAndWait(admin.token, job.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', processed: 8, error: null });
    expect(done.result).toEqual({ ideas: 3, users: 2, votes: 3, comments: 2 });
    const ideas = await boardRows(a.boardId);
    expect(
      ideas.map((i) => [i.title, i.status, i.createdAt.toISOString(), i.author?.id ?? null]),
    ).toEqual([
      ['Dark mode for the board', 'PLANNED', '2024-01-05T10:00:00.000Z', ann.id],
      ['Export to PDF', 'REVIEW', '2024-02-01T09:30:00.000Z', expect.any(Number)],
      ['Slack notifications', 'COMPLETE', '2024-03-01T00:00:00.000Z', null],
    ]);
    for (const idea of ideas) {
      expect(idea.voteCount).toBe(idea._count.votes);
      expect(idea.commentCount).toBe(idea._count.comments);
    }
    expect(ideas[0]!.voteCount).toBe(2);
    const bob = await server.deps.prisma.user.findFirstOrThrow({
      where: { companyId: a.owner.companyId, email: 'bob@example.com' },
    });
    expect(bob).toMatchObject({
      role: 'END_USER',
      passwordHash: null,
      loginEmail: null,
      displayName: 'Bob Baker',
    });
    expect(await server.deps.prisma.user.count({ where: { companyId: a.owner.companyId } })).toBe(
      before + 2,
    );
    expect(await checkIdeaCounts(server.deps.prisma)).toEqual([]);

    // The same file again: the preview says nothing is new, and the import creates nothing.
    const again = await preview(admin.token, [fixture('generic.csv')]);
    expect(again.preview).toMatchObject({
      ideas: { toCreate: 0 },
      users: { toCreate: 0 },
      votes: { toCreate: 0 },
      comments: { toCreate: 0 },
    });
    const rerun = await importAndWait(admin.token, again.id);
    expect(rerun.result).toEqual({ ideas: 0, users: 0, votes: 0, comments: 0 });
    const after = await boardRows(a.boardId);
    expect(after.map((i) => [i.id, i.voteCount, i.commentCount])).toEqual(
      ideas.map((i) => [i.id, i.voteCount, i.commentCount]),
    );
    expect(await server.deps.prisma.user.count({ where: { companyId: a.owner.companyId } })).toBe(
      before + 2,
    );

    // Started twice: CONFLICT.
    const twice = await mutate(server, 'result', START, { importJobId: again.id }, admin.token);
    expect(twice.code).toBe('CONFLICT');
  });

  it('never signs an imported idea or comment with a team member’s account, whatever the file says', async () => {
    const owner = await server.deps.prisma.user.findFirstOrThrow({
      where: { companyId: a.owner.companyId, role: 'OWNER' },
    });
    const ownerEmail = owner.email ?? owner.loginEmail ?? '';
    expect(ownerEmail).not.toBe('');
    const file = csvFile(
      'as-owner.csv',
      `type,idea id,title,description,status,email,name,created at,text,comment id\nidea,71,Ship the owner's roadmap,Written by someone else,open,${ownerEmail.toUpperCase()},The Owner,2024-03-01T10:00:00Z,,\n`,
    );
    const job = await preview(admin.token, [file]);
    expect(job.preview.users).toMatchObject({ inFile: 1, toCreate: 1 });
    expect((await importAndWait(admin.token, job.id)).status).toBe('SUCCEEDED');
    const idea = await server.deps.prisma.idea.findFirstOrThrow({
      where: { boardId: a.boardId, title: "Ship the owner's roadmap" },
      include: { author: true },
    });
    expect(idea.authorId).not.toBe(owner.id);
    expect(idea.author).toMatchObject({ role: 'END_USER', loginEmail: null });
  });

  it('lists bad rows with file, row and column, and imports the good ones', async () => {
    const job = await preview(admin.token, [fixture('generic-bad.csv')]);
    expect(job.preview.ideas.inFile).toBe(1);
    expect(job.preview.problemCount).toBe(7);
    expect(job.preview.problems[0]).toEqual({
      file: 'generic-bad.csv',
      row: 3,
      column: 'title',
      message: 'This field is required.',
    });
  });

  it('refuses a file it cannot read, naming the file and row', async () => {
    const bad = await preview(admin.token, [csvFile('broken.csv', 'type,idea id\nidea,"1\n')]);
    expect(bad.code).toBe('VALIDATION');
    expect(bad.fields[0].field).toBe('files');
    expect(bad.fields[0].message).toMatch(/^broken\.csv, row \d+: The file is not valid CSV/);
    const missing = await preview(admin.token, [csvFile('x.csv', 'title\nHello world\n')]);
    expect(missing.fields[0].message).toContain('missing: type, idea id.');
  });
});

describe('a preview nobody starts', () => {
  it('is deleted with the rows it holds after a day; a fresh one and a started one stay', async () => {
    const old = await preview(admin.token, [fixture('generic.csv')]);
    const fresh = await preview(admin.token, [fixture('generic.csv')]);
    const rowId = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    await server.deps.prisma.importJob.update({
      where: { id: rowId(old.id) },
      data: { createdAt: dayAndMinuteAgo },
    });
    expect(await deleteStalePreviews(server.deps.prisma)).toBe(1);
    const { body } = await gql(server, READ, { id: old.id }, admin.token);
    expect(body.data.importJob).toBeNull();
    expect((await mutate(server, 'result', START, { importJobId: old.id }, admin.token)).code).toBe(
      'NOT_FOUND',
    );
    // A day later, a started import is kept as the record of what it did.
    const done = await importAndWait(admin.token, fresh.id);
    await server.deps.prisma.importJob.update({
      where: { id: rowId(fresh.id) },
      data: { createdAt: dayAndMinuteAgo },
    });
    expect(await deleteStalePreviews(server.deps.prisma)).toBe(0);
    expect(
      (await gql(server, READ, { id: fresh.id }, admin.token)).body.data.importJob.status,
    ).toBe(done.status);
  });
});

describe('previews piling up', () => {
  it("keeps a board's three newest previews: a fourth drops the oldest with its rows (attack 10, F3)", async () => {
    const rowId = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);
    const jobs = [];
    for (let n = 0; n < PREVIEWS_KEPT_PER_BOARD + 1; n += 1) {
      jobs.push(await preview(b.owner.token, [fixture('generic.csv')], 'CSV', b));
    }
    const kept = await server.deps.prisma.importJob.findMany({
      where: { boardId: b.boardId, status: 'PREVIEWED' },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    expect(kept.map((job) => job.id)).toEqual(jobs.slice(1).map((job) => rowId(job.id)));
    expect(
      await server.deps.prisma.importJobPart.count({ where: { importJobId: rowId(jobs[0]!.id) } }),
    ).toBe(0);
    expect(
      (await mutate(server, 'result', START, { importJobId: jobs[0]!.id }, b.owner.token)).code,
    ).toBe('NOT_FOUND');
    // Another board's previews are its own.
    expect(
      await server.deps.prisma.importJob.count({ where: { boardId: a.boardId } }),
    ).toBeGreaterThan(0);
  });
});

describe('previews piling up across boards', () => {
  it("keeps a company's ten newest previews whatever the board: a newer one drops the oldest with its rows (attack 11, F1)", async () => {
    const rowId = (id: string) => Number(Buffer.from(id, 'base64').toString().split(':')[1]);
    const c = await restCompany(server);
    const boardIds = [c.boardId];
    while (boardIds.length * PREVIEWS_KEPT_PER_BOARD <= PREVIEWS_KEPT_PER_COMPANY) {
      const { id } = await expectCall(
        server,
        'POST',
        `/companies/${c.owner.companyId}/boards`,
        201,
        {
          token: c.owner.token,
          body: { name: `Import board ${boardIds.length}` },
        },
      );
      boardIds.push(id as number);
    }
    // Each board stays within its own three; together they pass the company's ten.
    const jobs: string[] = [];
    for (const boardId of boardIds) {
      for (let n = 0; n < PREVIEWS_KEPT_PER_BOARD; n += 1) {
        const job = await mutate(
          server,
          'result',
          PREVIEW,
          { boardId: globalId('Board', boardId), source: 'CSV', files: [fixture('generic.csv')] },
          c.owner.token,
        );
        jobs.push(job.id);
      }
    }
    expect(jobs.length).toBeGreaterThan(PREVIEWS_KEPT_PER_COMPANY);
    const kept = await server.deps.prisma.importJob.findMany({
      where: { companyId: c.owner.companyId, status: 'PREVIEWED' },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    const dropped = jobs.slice(0, jobs.length - PREVIEWS_KEPT_PER_COMPANY);
    expect(kept.map((job) => job.id)).toEqual(
      jobs.slice(-PREVIEWS_KEPT_PER_COMPANY).map((job) => rowId(job)),
    );
    expect(
      await server.deps.prisma.importJobPart.count({
        where: { importJobId: { in: dropped.map(rowId) } },
      }),
    ).toBe(0);
    expect(
      (await mutate(server, 'result', START, { importJobId: dropped[0]! }, c.owner.token)).code,
    ).toBe('NOT_FOUND');
    // Another company's previews are its own.
    expect(
      await server.deps.prisma.importJob.count({
        where: { companyId: b.owner.companyId, status: 'PREVIEWED' },
      }),
    ).toBe(PREVIEWS_KEPT_PER_BOARD);
  });
});

describe('a failed import', () => {
  it('leaves nothing written and says why', async () => {
    const { boardId } = a;
    const job = await preview(admin.token, [fixture('canny.json')], 'CANNY');
    const ideasBefore = await server.deps.prisma.idea.count({ where: { boardId } });
    const usersBefore = await server.deps.prisma.user.count({
      where: { companyId: a.owner.companyId },
    });
    // A payload that fails half-way: its second vote names an idea no statement knows.
    const row = await server.deps.prisma.importJob.findUniqueOrThrow({
      where: { id: Number(Buffer.from(job.id, 'base64').toString().split(':')[1]) },
    });
    // The rows are kept in parts of 1,000 (import-parts.ts): the votes' part gets one more.
    const part = await server.deps.prisma.importJobPart.findFirstOrThrow({
      where: { importJobId: row.id, kind: 'votes', seq: 0 },
    });
    const votes = part.rows as any[];
    votes.push({
      ideaExternalId: 'nowhere',
      email: 'dana@example.com',
      createdAt: '2023-01-01T00:00:00.000Z',
    });
    await server.deps.prisma.importJobPart.update({
      where: { id: part.id },
      data: { rows: votes },
    });
    const payload = row.payload as any;
    payload.rows.votes += 1;
    await server.deps.prisma.importJob.update({ where: { id: row.id }, data: { payload } });
    const done = await importAndWait(admin.token, job.id);
    expect(done.status).toBe('FAILED');
    expect(done.error).toContain('nothing of it was written');
    expect(await server.deps.prisma.idea.count({ where: { boardId } })).toBe(ideasBefore);
    expect(await server.deps.prisma.user.count({ where: { companyId: a.owner.companyId } })).toBe(
      usersBefore,
    );
    expect(await checkIdeaCounts(server.deps.prisma)).toEqual([]);
  });
});

describe('the other sources', () => {
  it('imports Fider’s backup.zip and Canny’s JSON into a board', async () => {
    const fider = await preview(b.owner.token, [fixture('fider-backup.zip')], 'FIDER', b);
    expect(fider.preview).toMatchObject({
      ideas: { toCreate: 2 },
      votes: { toCreate: 2 },
      comments: { toCreate: 1 },
      skipped: 3,
    });
    expect((await importAndWait(b.owner.token, fider.id)).result).toEqual({
      ideas: 2,
      users: 2,
      votes: 2,
      comments: 1,
    });
    const canny = await preview(b.owner.token, [fixture('canny.json')], 'CANNY', b);
    const done = await importAndWait(b.owner.token, canny.id);
    expect(done.result).toMatchObject({ ideas: 2, votes: 2, comments: 1 });
    const declined = await server.deps.prisma.idea.findFirstOrThrow({
      where: { boardId: b.boardId, importExternalId: '5f1b' },
    });
    expect(declined).toMatchObject({ status: 'DECLINED', declineReason: 'OTHER' });
    expect(await checkIdeaCounts(server.deps.prisma)).toEqual([]);
  });
});

/** previewImport as a GraphQL multipart request: the files as parts (`uploads`), not base64. */
async function previewUpload(token: string | null, name: string, bytes: Buffer) {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: UPLOAD,
      variables: { boardId: board(a), source: 'CSV', uploads: [null] },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.uploads.0'] }));
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: await response.json() };
}
const UPLOAD = `mutation ($boardId: ID!, $source: ImportSource!, $uploads: [File!]) {
  result: previewImport(boardId: $boardId, source: $source, uploads: $uploads) {
    __typename ... on MutationPreviewImportSuccess { data { ${JOB} } } ${APP_ERROR} } }`;

describe('an export over 1 MB', () => {
  // 20 ideas and 20,000 votes by 5,000 people: about 1.3 MB of our CSV.
  const big = Buffer.from(importBenchCsv({ ideas: 20, people: 5_000, votes: 20_000, comments: 0 }));

  it('previews when an admin sends it as a multipart upload', async () => {
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const { status, body } = await previewUpload(admin.token, 'board.csv', big);
    expect(status).toBe(200);
    const job = body.data.result.data;
    expect(job.fileNames).toBe('board.csv');
    expect(job.preview.ideas).toEqual({ inFile: 20, toCreate: 20 });
    expect(job.preview.votes).toEqual({ inFile: 20_000, toCreate: 20_000 });
    expect(job.preview.users.inFile).toBe(5_000);
  });

  it('is refused (413) as base64 in JSON, and as an upload by anyone but an owner or admin', async () => {
    const { status } = await gql(
      server,
      PREVIEW,
      {
        boardId: board(a),
        source: 'CSV',
        files: [{ name: 'board.csv', base64: big.toString('base64') }],
      },
      admin.token,
    );
    expect(status).toBe(413);
    for (const token of [null, member.token, 'not-a-session']) {
      const refused = await previewUpload(token, 'board.csv', big);
      expect(refused.status).toBe(413);
      expect(refused.body.error.message).toBe('The request body is larger than 1 MB.');
    }
    // A small upload by a member reaches the mutation, which refuses the member.
    const small = await previewUpload(
      member.token,
      'generic.csv',
      readFileSync(new URL('./fixtures/generic.csv', import.meta.url)),
    );
    expect(small.body.data.result.code).toBe('FORBIDDEN');
  });
});

describe('who may import', () => {
  it('owners and admins only; another company’s board and job are not found', async () => {
    expect((await preview(member.token, [fixture('generic.csv')])).code).toBe('FORBIDDEN');
    expect((await preview(b.owner.token, [fixture('generic.csv')], 'CSV', a)).code).toBe(
      'NOT_FOUND',
    );
    const job = await preview(admin.token, [fixture('canny.json')], 'CANNY');
    expect(
      (await mutate(server, 'result', START, { importJobId: job.id }, b.owner.token)).code,
    ).toBe('NOT_FOUND');
    expect(
      (await mutate(server, 'result', START, { importJobId: job.id }, member.token)).code,
    ).toBe('FORBIDDEN');
    const { body } = await gql(server, READ, { id: job.id }, b.owner.token);
    expect(body.data.importJob).toBeNull();
    const anonymous = await gql(server, PREVIEW, {
      boardId: board(a),
      source: 'CSV',
      files: [fixture('generic.csv')],
    });
    expect(JSON.stringify(anonymous.body)).toContain('UNAUTHENTICATED');
  });

  it('refuses an import past the plan’s cap on visible ideas', async () => {
    const c = await restCompany(server);
    await setPlan(server, c.owner.companyId, 'STARTUP');
    const rows = Array.from(
      { length: 12 },
      (_, i) => `idea,${i},Imported idea ${i},,open,,,2024-01-01,`,
    );
    const refused = await preview(
      c.owner.token,
      [
        csvFile(
          'many.csv',
          ['type,idea id,title,description,status,email,name,created at,text', ...rows].join('\n'),
        ),
      ],
      'CSV',
      c,
    );
    expect(refused.code).toBe('PLAN_LIMIT');
    expect(refused.message).toContain('This import adds 12 ideas, and your plan shows at most 10');
  });
});
