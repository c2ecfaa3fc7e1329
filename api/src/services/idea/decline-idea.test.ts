import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser, createBoardId, setPlan, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { decodeId } from '../../schema/ids.ts';
import { withOneRetry } from './retry-transaction.ts';

let server: TTestServer;
let admin: TTestAccount;
let boardId: number;
let voters: TTestAccount[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpCompany(server);
  await setPlan(server, admin.companyId, 'ULTRA');
  boardId = decodeId(await createBoardId(server, admin.token, 'Decline race board'), 'Board');
  voters = [];
  for (let n = 0; n < 4; n += 1) voters.push(await addEndUser(server, admin.companyId));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Three open ideas, each with votes (voters overlap, so merges meet votes already there). */
async function threeIdeas(trial: string): Promise<number[]> {
  const ids: number[] = [];
  for (const [n, name] of ['P', 'Q', 'R'].entries()) {
    const idea = await server.deps.prisma.idea.create({
      data: { boardId, authorId: admin.userId, title: `Race ${trial} ${name}`, status: 'OPEN' },
    });
    const who = voters.slice(n, n + 2);
    await server.deps.prisma.vote.createMany({
      data: who.map((voter) => ({ ideaId: idea.id, userId: voter.userId })),
    });
    await server.deps.prisma.idea.update({
      where: { id: idea.id },
      data: { voteCount: who.length },
    });
    ids.push(idea.id);
  }
  return ids;
}

/** Declines `ideaId` as a duplicate of `keptId` over REST: the status and the JSON answer. */
async function declineAsDuplicate(ideaId: number, keptId: number) {
  return server.call('POST', `/api/v1/ideas/${ideaId}/decline`, {
    token: admin.token,
    body: { reason: 'DUPLICATE', duplicateOfIdeaId: keptId },
  });
}

/** The trial's ideas as stored: no cycle of duplicates, no vote on a declined idea, true counts. */
async function expectConsistent(ids: number[], trial: string) {
  const ideas = await server.deps.prisma.idea.findMany({
    where: { id: { in: ids } },
    include: { _count: { select: { votes: true } } },
  });
  const byId = new Map(ideas.map((idea) => [idea.id, idea]));
  for (const idea of ideas) {
    const seen = new Set<number>([idea.id]);
    let next = idea.duplicateOfId;
    while (next !== null && byId.has(next)) {
      expect(seen.has(next), `${trial}: a cycle of duplicates through ${idea.title}`).toBe(false);
      seen.add(next);
      next = byId.get(next)!.duplicateOfId;
    }
    if (idea.status === 'DECLINED') {
      expect(idea._count.votes, `${trial}: votes left on declined ${idea.title}`).toBe(0);
    }
    expect(idea.voteCount, `${trial}: ${idea.title}'s count`).toBe(idea._count.votes);
  }
}

describe('declining as duplicates at the same moment', () => {
  it.each([
    ['P→Q with Q→P', (p: number, q: number) => [[p, q] as const, [q, p] as const]],
    ['P→Q with Q→R', (p: number, q: number, r: number) => [[p, q] as const, [q, r] as const]],
    ['Q→P with P→R', (p: number, q: number, r: number) => [[q, p] as const, [p, r] as const]],
  ])(
    '%s: never a cycle, never votes on a declined idea, never a 500 (many trials)',
    async (shape, pairs) => {
      const statuses = new Map<number, number>();
      let bothApplied = 0;
      for (let trial = 0; trial < 25; trial += 1) {
        const [p, q, r] = await threeIdeas(`${shape} ${trial}`);
        const answers = await Promise.all(
          pairs(p!, q!, r!).map(([idea, kept]) => declineAsDuplicate(idea, kept)),
        );
        for (const answer of answers) {
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          expect([200, 400, 409], JSON.stringify(answer.body)).toContain(answer.status);
          if (answer.status !== 200) {
            expect(['CONFLICT', 'VALIDATION']).toContain(answer.body.error.code);
          }
        }
        if (answers.every((answer) => answer.status === 200)) bothApplied += 1;
        await expectConsistent([p!, q!, r!], `${shape} ${trial}`);
      }
      // At least one of each pair applies every time.
      expect(statuses.get(200) ?? 0).toBeGreaterThanOrEqual(25);
      // For P→Q with Q→P both can never apply; for chains both may (in order, declining the
      // kept idea second moves the merged votes on).
      if (shape === 'P→Q with Q→P') expect(bothApplied).toBe(0);
    },
    240_000,
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a transaction that loses a deadlock', () => {
  it('runs once more and succeeds, and a second loss is CONFLICT rather than a 500', async () => {
    const [a, b] = await threeIdeas('deadlock');
    let attempts = 0;
    let locked = 0;
    let release: () => void = () => {};
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    // Two transactions take the same two rows in opposite orders: PostgreSQL ends one of them
    // with 40P01. The loser's second run finds the rows free.
    const crossing = (first: number, second: number) =>
      withOneRetry(() => {
        attempts += 1;
        return server.deps.prisma.$transaction(async (tx) => {
          await tx.$queryRaw`SELECT "id" FROM "Idea" WHERE "id" = ${first}::int FOR UPDATE`;
          locked += 1;
          if (locked === 2) release();
          await bothLocked;
          await tx.$queryRaw`SELECT "id" FROM "Idea" WHERE "id" = ${second}::int FOR UPDATE`;
          return first;
        });
      });
    const answers = await Promise.all([crossing(a!, b!), crossing(b!, a!)]);
    expect(answers.sort()).toEqual([a!, b!].sort());
    expect(attempts).toBe(3);

    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: 'P2034' });
    await expect(
      withOneRetry(async () => {
        runs += 1;
        throw deadlock;
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(runs).toBe(2);
  });
});
