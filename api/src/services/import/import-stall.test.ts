import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { syntheticImport } from '../../testing/import-payload.ts';
import type { TImportPayload } from './import-job-view.ts';
import { chunkRunner, runImportJob, writeImport } from './run-import.ts';

// Issue 33.2 (F2): an import wrote in one transaction, which on the embedded database held the
// only connection: every read of every board waited for it. Each chunk is now a transaction of
// its own, and a failed import takes back its own rows (all or nothing, as before).

let server: TTestServer;
let company: TRestCompany;

beforeAll(async () => {
  server = await startTestServer({ statementTimeoutMs: 60_000 });
  company = await restCompany(server);
});

afterAll(async () => {
  await server?.close();
});

const payload = (): TImportPayload => syntheticImport({ people: 300, ideas: 500, votesEach: 20 });

describe('an import of 500 ideas and 6,000 votes (issue 33 F2)', () => {
  it('lets another board be read while it writes, before it ends: a chunk per transaction', async () => {
    const order: string[] = [];
    const other = await restCompany(server);
    const read = () =>
      fetch(`${server.url}/api/v1/ideas/?limit=5`, {
        headers: {
          authorization: `Bearer ${other.owner.token}`,
          'x-board-id': String(other.boardId),
        },
      });
    await read();
    const job = { id: 0, companyId: company.owner.companyId, boardId: company.boardId };
    let chunks = 0;
    let answered: Promise<number> | undefined;
    const result = await writeImport(
      server.deps.prisma,
      chunkRunner(server.deps.prisma, job.companyId),
      job,
      payload(),
      () => {
        // The first chunk is written: a read of another board goes now, the import goes on.
        chunks += 1;
        answered ??= read().then((answer) => {
          order.push('read');
          return answer.status;
        });
      },
    );
    order.push('import');
    expect(await answered).toBe(200);
    expect(chunks).toBeGreaterThan(1);
    // With the whole import in one transaction (the embedded database's only connection) the
    // read waited for all of it.
    expect(order).toEqual(['read', 'import']);
    expect(result).toMatchObject({ ideas: 500, users: 300 });
    expect(
      await server.deps.prisma.vote.count({ where: { idea: { boardId: company.boardId } } }),
    ).toBeGreaterThanOrEqual(6_000);
  });

  it('takes back every row of its own when it fails half-way, and leaves the counts true', async () => {
    const target = await restCompany(server);
    const before = await boardState(target.boardId, target.owner.companyId);
    const broken = payload();
    // The last chunk of votes names an idea the file does not have: the import fails there,
    // after its people, ideas and first votes were written in chunks of their own.
    broken.votes.push({
      ideaExternalId: 'no-such-idea',
      email: broken.people[0]!.email,
      createdAt: broken.ideas[0]!.createdAt,
    });
    const job = await server.deps.prisma.importJob.create({
      data: {
        companyId: target.owner.companyId,
        boardId: target.boardId,
        source: 'CSV',
        fileNames: 'broken.csv',
        status: 'QUEUED',
        payload: broken as never,
        preview: {},
        total: broken.ideas.length + broken.votes.length,
      },
    });
    // This process's import worker may take the job first: either way it ends FAILED.
    await runImportJob(server.deps, new Map());
    await expect
      .poll(
        async () =>
          (await server.deps.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).status,
        { timeout: 30_000 },
      )
      .toBe('FAILED');
    const failed = await server.deps.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toMatch(/nothing of it was written/);
    expect(await boardState(target.boardId, target.owner.companyId)).toEqual(before);
  });

  it('resumes after its worker died half-way, adding only what is missing, with the counts true', async () => {
    const target = await restCompany(server);
    const file = payload();
    const before = await boardState(target.boardId, target.owner.companyId);
    // A worker claimed the job, wrote its people, its ideas and a chunk of votes, then died.
    const job = await server.deps.prisma.importJob.create({
      data: {
        companyId: target.owner.companyId,
        boardId: target.boardId,
        source: 'CSV',
        fileNames: 'big.csv',
        status: 'RUNNING',
        attempts: 1,
        lockedUntil: new Date(Date.now() + 60 * 60 * 1000),
        payload: file as never,
        preview: {},
        total: file.ideas.length + file.votes.length,
      },
    });
    let chunks = 0;
    await expect(
      writeImport(
        server.deps.prisma,
        chunkRunner(server.deps.prisma, job.companyId),
        job,
        file,
        () => {
          chunks += 1;
          if (chunks === 2) throw new Error('the worker died');
        },
      ),
    ).rejects.toThrow('the worker died');
    expect(
      await server.deps.prisma.vote.count({ where: { idea: { boardId: target.boardId } } }),
    ).toBe(before.votes + 1_000);
    // Its lease runs out: another worker takes the job and finishes it.
    await server.deps.prisma.importJob.update({
      where: { id: job.id },
      data: { lockedUntil: new Date(Date.now() - 1_000) },
    });
    await runImportJob(server.deps, new Map());
    await expect
      .poll(
        async () =>
          (await server.deps.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } })).status,
        { timeout: 30_000 },
      )
      .toBe('SUCCEEDED');
    const done = await server.deps.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(done.result).toEqual({ ideas: 500, users: 300, votes: 6_000, comments: 0 });
    const state = await boardState(target.boardId, target.owner.companyId);
    expect(state.ideas).toHaveLength(before.ideas.length + 500);
    expect(state.votes).toBe(before.votes + 6_000);
    expect(state.users).toBe(before.users + 300);
    for (const [, voteCount, votes] of state.ideas) expect(voteCount).toBe(votes);
  });
});

/** What a board holds and counts: its ideas, votes, comments, the company's people, the counters. */
async function boardState(boardId: number, companyId: number) {
  const { prisma } = server.deps;
  const ideas = await prisma.idea.findMany({
    where: { boardId },
    select: { id: true, voteCount: true, commentCount: true, _count: { select: { votes: true } } },
    orderBy: { id: 'asc' },
  });
  return {
    ideas: ideas.map((idea) => [idea.id, idea.voteCount, idea._count.votes]),
    users: await prisma.user.count({ where: { companyId } }),
    votes: await prisma.vote.count({ where: { idea: { boardId } } }),
    comments: await prisma.comment.count({ where: { idea: { boardId } } }),
    board: await prisma.board.findUniqueOrThrow({ where: { id: boardId } }),
  };
}
