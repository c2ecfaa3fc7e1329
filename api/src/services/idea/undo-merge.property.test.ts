import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createUltraCompanyRow } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import type { TViewer } from '../../viewer.ts';
import { addVote, removeVote } from '../vote/add-vote.ts';
import { checkIdeaCounts } from './check-idea-counts.ts';
import { declineIdea } from './decline-idea.ts';
import { moveIdea } from './move-idea.ts';
import { undoMerge } from './undo-merge.ts';

/**
 * Random votes, vote removals, merges (declines as a duplicate with merged votes), undos of
 * merges and moves between two boards, run through the services. A model of who votes for what
 * predicts every outcome (which calls are refused, whose votes an undo gives back); after each
 * step every idea's voters equal the model's, every voteCount equals a recount of its rows, and
 * every board's idea counters equal a recount.
 */

const USERS = 3;
const IDEAS = 4;
const BOARDS = 2;

type TOp =
  | { kind: 'vote' | 'unvote'; user: number; idea: number }
  | { kind: 'merge'; idea: number; into: number }
  | { kind: 'undo'; idea: number }
  | { kind: 'move'; idea: number; board: number };

const user = fc.nat({ max: USERS - 1 });
const idea = fc.nat({ max: IDEAS - 1 });
const op: fc.Arbitrary<TOp> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('vote' as const), user, idea }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unvote' as const), user, idea }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('merge' as const), idea, into: idea }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo' as const), idea }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      idea,
      board: fc.nat({ max: BOARDS - 1 }),
    }),
  },
);

type TModelIdea = {
  board: number;
  status: 'OPEN' | 'DECLINED';
  duplicateOf: number | null;
  voters: Set<number>;
};
type TModelMerge = { idea: number; kept: number; moved: number[]; had: number[]; undone: boolean };

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function seedCompany() {
  const { prisma } = server.deps;
  const { companyId, tag } = await createUltraCompanyRow(server, 'Merges');
  const boards = [];
  for (let b = 0; b < BOARDS; b += 1) {
    boards.push(
      await prisma.board.create({
        // Boards are private: the SSO voters see them through the board's SSO grant.
        data: {
          companyId,
          name: `Board ${b}`,
          slug: `board-${b}`,
          widgetHash: `h${b}-${tag}`,
          ssoAccess: true,
        },
      }),
    );
  }
  const owner = await prisma.user.create({
    data: { companyId, role: 'OWNER', displayName: 'Owner', loginEmail: `o-${tag}@example.com` },
  });
  const users = [];
  for (let i = 0; i < USERS; i += 1) {
    users.push(
      await prisma.user.create({
        data: { companyId, kind: 'SSO', displayName: `Voter ${i}`, externalId: `v${i}-${tag}` },
      }),
    );
  }
  // Three ideas on the first board (merges need the same board), one on the second.
  const ideas = [];
  for (let i = 0; i < IDEAS; i += 1) {
    ideas.push(
      await prisma.idea.create({
        data: { boardId: boards[i === IDEAS - 1 ? 1 : 0]!.id, title: `Idea ${i}`, status: 'OPEN' },
      }),
    );
  }
  const viewer = (id: number, role: TViewer['role']): TViewer => ({
    userId: id,
    companyId,
    role,
    kind: role === 'END_USER' ? 'SSO' : 'REGULAR',
    sessionId: 1,
  });
  return {
    boards,
    ideas,
    owner: viewer(owner.id, 'OWNER'),
    voters: users.map((u) => viewer(u.id, 'END_USER')),
  };
}

/** Runs a call the model says is refused (true) or goes through (false); checks which it was. */
async function expectOutcome(isRefused: boolean, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!isRefused) throw error;
    return;
  }
  expect(isRefused).toBe(false);
}

describe('undoing merges keeps every vote and count exact', () => {
  it('after random votes, merges, undos and moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const { deps } = server;
        const seeded = await seedCompany();
        const ids = seeded.ideas.map((row) => row.id);
        const model: TModelIdea[] = seeded.ideas.map((_row, i) => ({
          board: i === IDEAS - 1 ? 1 : 0,
          status: 'OPEN',
          duplicateOf: null,
          voters: new Set<number>(),
        }));
        const merges: TModelMerge[] = [];

        for (const step of ops) {
          const m = model[step.idea]!;
          const ideaId = ids[step.idea]!;
          switch (step.kind) {
            case 'vote': {
              const refused = m.status === 'DECLINED';
              await expectOutcome(refused, () => addVote(deps, seeded.voters[step.user]!, ideaId));
              if (!refused) m.voters.add(step.user);
              break;
            }
            case 'unvote':
              await removeVote(deps, seeded.voters[step.user]!, ideaId);
              m.voters.delete(step.user);
              break;
            case 'merge': {
              const kept = model[step.into]!;
              const refused =
                step.idea === step.into ||
                m.status === 'DECLINED' ||
                kept.status === 'DECLINED' ||
                kept.board !== m.board;
              await expectOutcome(refused, () =>
                declineIdea(deps, seeded.owner, ideaId, {
                  reason: 'DUPLICATE',
                  duplicateOfIdeaId: ids[step.into],
                  mergeVotes: true,
                }),
              );
              if (refused) break;
              const voters = [...m.voters];
              merges.push({
                idea: step.idea,
                kept: step.into,
                moved: voters.filter((u) => !kept.voters.has(u)),
                had: voters.filter((u) => kept.voters.has(u)),
                undone: false,
              });
              for (const u of voters) kept.voters.add(u);
              m.voters.clear();
              m.status = 'DECLINED';
              m.duplicateOf = step.into;
              break;
            }
            case 'undo': {
              const merge = merges.findLast((x) => x.idea === step.idea && !x.undone);
              await expectOutcome(!merge, () => undoMerge(deps, seeded.owner, ideaId));
              if (!merge) break;
              merge.undone = true;
              const kept = model[merge.kept]!;
              // Moved voters come back unless they took the moved vote back since.
              for (const u of merge.moved) {
                if (kept.voters.delete(u)) m.voters.add(u);
              }
              for (const u of merge.had) m.voters.add(u);
              if (m.status === 'DECLINED' && m.duplicateOf === merge.kept) {
                m.status = 'OPEN';
                m.duplicateOf = null;
              }
              break;
            }
            case 'move': {
              const refused = m.board === step.board;
              await expectOutcome(refused, () =>
                moveIdea(deps, seeded.owner, ideaId, { boardId: seeded.boards[step.board]!.id }),
              );
              if (!refused) m.board = step.board;
              break;
            }
          }

          const rows = await deps.prisma.idea.findMany({
            where: { id: { in: ids } },
            include: { votes: { select: { userId: true } } },
          });
          const voterIndex = new Map(seeded.voters.map((v, i) => [v.userId, i]));
          for (const [i, id] of ids.entries()) {
            const row = rows.find((r) => r.id === id)!;
            const expected = model[i]!;
            const voters = row.votes.map((v) => voterIndex.get(v.userId)).sort();
            expect(voters, `voters of idea ${i} after ${JSON.stringify(step)}`).toEqual(
              [...expected.voters].sort(),
            );
            expect(row.voteCount, `voteCount of idea ${i}`).toBe(row.votes.length);
            expect(row.status).toBe(expected.status);
            expect(row.boardId).toBe(seeded.boards[expected.board]!.id);
          }
        }
        expect(await checkIdeaCounts(deps.prisma)).toEqual([]);
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 30),
        // The case first: a voter of both ideas, a moved voter who takes the vote back,
        // a vote cast on the kept idea after the merge, then the undo.
        examples: [
          [
            [
              { kind: 'vote', user: 0, idea: 0 },
              { kind: 'vote', user: 0, idea: 1 },
              { kind: 'vote', user: 1, idea: 0 },
              { kind: 'vote', user: 2, idea: 0 },
              { kind: 'merge', idea: 0, into: 1 },
              { kind: 'vote', user: 1, idea: 2 },
              { kind: 'unvote', user: 2, idea: 1 },
              { kind: 'move', idea: 1, board: 1 },
              { kind: 'undo', idea: 0 },
              { kind: 'undo', idea: 0 },
            ],
          ],
        ],
      },
    );
  }, 300_000);
});
