import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countMismatches } from '../testing/hostile-input.ts';
import { attempt, runPool, startServerProcess } from '../testing/server-process.ts';
import type { TServerProcess } from '../testing/server-process.ts';
import { openDatabase } from './client.ts';

/**
 * The embedded default under a crash: the server process (api/src/main.ts on PGlite) killed
 * with SIGKILL in the middle of writes, then started again on the same data folder. Runs in
 * the PGlite pass of the suite (TEST_DATABASE_URL unset), or with FAULT_TESTS=1.
 */

const reason =
  process.env.TEST_DATABASE_URL && !process.env.FAULT_TESTS
    ? 'runs in the PGlite pass (TEST_DATABASE_URL unset) or with FAULT_TESTS=1'
    : null;
if (reason) console.log(`PGlite fault test skipped: ${reason}.`);

const VOTERS = 5;
let dataDir = '';
let server: TServerProcess | undefined;

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(reason)('faults on embedded PGlite', () => {
  it('SIGKILL during writes, restart on the same folder: every answered write is there, counters agree', async () => {
    const figures = { requests: 0, faults: 0, checks: 0 };
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'feedboard-pglite-faults-'));
    server = await startServerProcess({ DATA_DIR: dataDir });
    let url = server.url;
    const signup = await attempt(`${url}/api/v1/registrations`, 'POST', {
      body: { email: 'crash@example.com', password: 'crash-password', company: 'Crash Co' },
    });
    expect(signup.status).toBe(201);
    const owner = signup.body.token as string;
    const me = await attempt(`${url}/api/v1/me`, 'GET', { token: owner });
    const board = await attempt(`${url}/api/v1/companies/${me.body.companyId}/boards`, 'POST', {
      token: owner,
      body: { name: 'Crash board' },
    });
    const boardId = board.body.id as number;
    await attempt(`${url}/api/v1/boards/${boardId}/set-public`, 'PUT', {
      token: owner,
      body: { isPublic: true },
    });
    const setup = await attempt(`${url}/api/v1/boards/${boardId}/widget-setup`, 'GET', {
      token: owner,
    });
    const voters: string[] = [];
    for (let n = 0; n < VOTERS; n += 1) {
      const voter = await attempt(
        `${url}/api/v1/widget/boards/${setup.body.boardHash}/signup`,
        'POST',
        { body: { email: `crash-voter${n}@example.com`, password: 'voter-password' } },
      );
      expect(voter.status, JSON.stringify(voter.body)).toBe(201);
      voters.push(voter.body.token);
    }
    const postIdea = (n: number) =>
      fetch(`${url}/api/v1/ideas/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner}`,
          'content-type': 'application/json',
          'x-board-id': String(boardId),
        },
        body: JSON.stringify({ title: `Written before the crash ${n}` }),
      })
        .then(async (response) => ({ status: response.status, body: await response.json() }))
        .catch(() => ({ status: 'lost' as const, body: null }));

    // A few ideas (the FREE plan caps visible ideas), then votes and comments in flight.
    const acknowledged = { ideas: [] as number[], comments: [] as number[], votes: [] as string[] };
    for (let n = 0; n < 3; n += 1) {
      const idea = await postIdea(n);
      expect(idea.status, JSON.stringify(idea.body)).toBe(201);
      acknowledged.ideas.push(idea.body.id);
    }
    let answered = 0;
    const statuses: string[] = [];
    let killed: Promise<void> | null = null;
    const writes = voters.flatMap((token, index) =>
      acknowledged.ideas.flatMap((ideaId) => [
        { token, index, ideaId, kind: 'vote' },
        { token, index, ideaId, kind: 'comment' },
        { token, index, ideaId, kind: 'comment' },
      ]),
    );
    const jobs = writes.map(({ token, index, ideaId, kind }) => async () => {
      const outcome =
        kind === 'vote'
          ? await attempt(`${url}/api/v1/ideas/${ideaId}/upvote`, 'POST', { token })
          : await attempt(`${url}/api/v1/ideas/${ideaId}/comments`, 'POST', {
              token,
              body: { text: `Comment by voter ${index} before the crash` },
            });
      figures.requests += 1;
      statuses.push(`${outcome.status} ${JSON.stringify(outcome.body).slice(0, 120)}`);
      if (outcome.status === 200) acknowledged.votes.push(`${ideaId}:${index}`);
      if (outcome.status === 201) acknowledged.comments.push(outcome.body.commentDto.id);
      if (outcome.status === 200 || outcome.status === 201) answered += 1;
      // Kill once a third is answered, with the rest in flight or still to send.
      if (answered >= writes.length / 3 && !killed) killed = server!.stop('SIGKILL');
    });
    await runPool(jobs, 6);
    await killed;
    expect(
      killed,
      `the load ended before the kill: ${[...new Set(statuses)].join('\n')}`,
    ).not.toBeNull();
    figures.faults += 1;

    server = await startServerProcess({ DATA_DIR: dataDir });
    url = server.url;
    for (const ideaId of acknowledged.ideas) {
      const idea = await attempt(`${url}/api/v1/ideas/${ideaId}`, 'GET', { token: owner });
      expect(idea.status).toBe(200);
      const comments = await attempt(`${url}/api/v1/ideas/${ideaId}/comments`, 'GET', {
        token: owner,
      });
      const voterList = await attempt(`${url}/api/v1/ideas/${ideaId}/voters`, 'GET', {
        token: owner,
      });
      figures.requests += 3;
      const commentIds = (comments.body as { commentDto: { id: number } }[]).map(
        (comment) => comment.commentDto.id,
      );
      expect(idea.body.commentCount ?? idea.body.commentsCount ?? commentIds.length).toBe(
        commentIds.length,
      );
      expect(voterList.body).toHaveLength(
        idea.body.voteCount ?? idea.body.votesCount ?? voterList.body.length,
      );
      figures.checks += 3;
    }
    const allComments = new Set<number>();
    for (const ideaId of acknowledged.ideas) {
      const comments = await attempt(`${url}/api/v1/ideas/${ideaId}/comments`, 'GET', {
        token: owner,
      });
      for (const comment of comments.body) allComments.add(comment.commentDto.id);
    }
    for (const id of acknowledged.comments) expect(allComments.has(id), `comment ${id}`).toBe(true);
    figures.checks += acknowledged.comments.length;

    // Votes: each answered one is there, once (the database's own count, straight from SQL).
    await server.stop('SIGTERM');
    const db = await openDatabase({ dataDir });
    try {
      const votes = await db.prisma.vote.findMany({
        select: { ideaId: true, user: { select: { loginEmail: true } } },
      });
      const present = new Set(
        votes.map(
          (vote) => `${vote.ideaId}:${/voter(\d+)@/.exec(vote.user.loginEmail ?? '')?.[1]}`,
        ),
      );
      for (const vote of acknowledged.votes) expect(present.has(vote), `vote ${vote}`).toBe(true);
      expect(present.size).toBe(votes.length);
      expect(await countMismatches(db.prisma)).toEqual([]);
      figures.checks += acknowledged.votes.length + 2;
    } finally {
      await db.close();
    }
    console.log(
      `PGlite faults: ${figures.requests} requests, ${figures.faults} faults injected, ${figures.checks} invariant checks passed (${acknowledged.ideas.length} ideas, ${acknowledged.comments.length} comments, ${acknowledged.votes.length} votes answered before the kill)`,
    );
  }, 240_000);
});
