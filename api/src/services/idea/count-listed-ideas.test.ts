import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { IdeaStatus, Product } from '../../generated/prisma/enums.ts';
import { createUltraCompanyRow } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import type { TViewer } from '../../viewer.ts';
import { loadPlanState } from '../plan/plan-state.ts';
import { eraseEndUser } from '../privacy/erase-end-user.ts';
import { checkIdeaCounts } from './check-idea-counts.ts';
import { countListedIdeas, countListedIdeasByScan } from './count-listed-ideas.ts';
import { createIdea } from './create-idea.ts';
import { declineIdea } from './decline-idea.ts';
import { deleteIdea } from './delete-idea.ts';
import { IDEA_FILTERS, IDEA_STATUSES, SETTABLE_STATUSES } from './idea-input.ts';
import { setIdeaStatus } from './set-idea-status.ts';

/**
 * A list's totalCount reads the boards' idea counters (kept by triggers). After random writes
 * through the services (submissions, status changes, declines with merges, deletions,
 * erasures), raw bulk inserts, moves between boards, plan changes and a board's deletion,
 * every counter equals a recount and every list's count equals counting its rows, for every
 * kind of reader, filter and plan.
 */

const USERS = 3;
const PRODUCTS: Product[] = ['FREE', 'STARTUP', 'ULTRA'];

type TOp =
  | { kind: 'submit'; user: number; board: number }
  | { kind: 'status'; idea: number; status: IdeaStatus }
  | { kind: 'decline'; idea: number; into: number }
  | { kind: 'delete'; idea: number; user: number }
  | { kind: 'erase'; user: number }
  | { kind: 'bulk'; board: number; n: number; status: IdeaStatus }
  | { kind: 'move'; idea: number; board: number }
  | { kind: 'plan'; product: Product }
  | { kind: 'dropBoard' };

// user USERS is the owner.
const user = fc.nat({ max: USERS });
const board = fc.nat({ max: 1 });
const idea = fc.nat({ max: 40 });
const op: fc.Arbitrary<TOp> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('submit' as const), user, board }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      idea,
      status: fc.constantFrom(...SETTABLE_STATUSES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decline' as const), idea, into: idea }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), idea, user }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('erase' as const), user: fc.nat({ max: USERS - 1 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bulk' as const),
      board,
      n: fc.integer({ min: 1, max: 8 }),
      status: fc.constantFrom(...IDEA_STATUSES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), idea, board }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('plan' as const),
      product: fc.constantFrom(...PRODUCTS),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropBoard' as const }) },
);

let server: TTestServer;

beforeAll(async () => {
  // FREE's caps are part of what this checks: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
});
afterAll(async () => {
  await server?.close();
});

/** A company with two boards, its owner and end users (none of them with ideas yet). */
async function seedCompany() {
  const { prisma } = server.deps;
  const { companyId, tag } = await createUltraCompanyRow(server, 'Counts');
  const boards = [];
  for (const name of ['One', 'Two']) {
    boards.push(
      await prisma.board.create({
        data: {
          companyId,
          name,
          slug: name,
          widgetHash: `hash-${name}-${tag}`,
          isPublic: true,
        },
      }),
    );
  }
  const people: TViewer[] = [];
  for (let i = 0; i <= USERS; i += 1) {
    const isOwner = i === USERS;
    const person = await prisma.user.create({
      data: {
        companyId,
        role: isOwner ? 'OWNER' : 'END_USER',
        displayName: `Person ${i} ${tag}`,
        loginEmail: `p${i}-${tag}@example.com`,
        email: `p${i}-${tag}@example.com`,
        emailConfirmedAt: new Date(),
      },
    });
    people.push({
      userId: person.id,
      companyId,
      role: person.role,
      kind: person.kind,
      sessionId: 1,
    });
  }
  return { companyId, boardIds: boards.map((b) => b.id), people };
}

/** Expected refusals (a declined idea, a deleted one, an inactive board...) are part of the game. */
async function tolerate(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

describe('board idea counters', () => {
  it('equal a recount, and every list counts as its rows do, after random writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const seeded = await seedCompany();
        const { deps } = server;
        const owner = seeded.people[USERS]!;
        const ideaIds: number[] = [];
        const pick = (i: number) => ideaIds[i % Math.max(ideaIds.length, 1)] ?? 0;
        let boardIds = seeded.boardIds;
        const erased = new Set<number>();
        for (const step of ops) {
          if ('user' in step && erased.has(step.user)) continue;
          const as = 'user' in step ? seeded.people[step.user]! : owner;
          const boardId = 'board' in step ? boardIds[step.board % boardIds.length]! : 0;
          switch (step.kind) {
            case 'submit':
              await tolerate(async () => {
                const created = await createIdea(deps, as, boardId, {
                  title: `Idea by ${as.userId}`,
                });
                ideaIds.push(created.id);
              });
              break;
            case 'status':
              await tolerate(() =>
                setIdeaStatus(
                  deps,
                  owner,
                  pick(step.idea),
                  { status: step.status },
                  { mayReopen: true },
                ),
              );
              break;
            case 'decline':
              await tolerate(() =>
                declineIdea(deps, owner, pick(step.idea), {
                  reason: 'DUPLICATE',
                  duplicateOfIdeaId: pick(step.into),
                  mergeVotes: true,
                }),
              );
              break;
            case 'delete':
              await tolerate(() => deleteIdea(deps, as, pick(step.idea)));
              break;
            case 'erase':
              await eraseEndUser(deps, owner, as.userId, { contentMode: 'DELETE' });
              erased.add(step.user);
              break;
            case 'bulk': {
              const rows = await deps.sql<{ id: number }>`
                INSERT INTO "Idea" ("boardId", "authorId", "title", "status", "createdAt", "updatedAt")
                SELECT ${boardId}::int, ${owner.userId}::int, 'Bulk idea ' || n,
                       ${step.status}::text::"IdeaStatus", now() - n * interval '1 second', now()
                FROM generate_series(1, ${step.n}::int) n
                RETURNING "id"`;
              ideaIds.push(...rows.map((row) => row.id));
              break;
            }
            case 'move':
              await deps.sql`UPDATE "Idea" SET "boardId" = ${boardId}::int WHERE "id" = ${pick(step.idea)}::int`;
              break;
            case 'plan':
              await deps.prisma.subscription.update({
                where: { companyId: seeded.companyId },
                data: { product: step.product },
              });
              break;
            case 'dropBoard':
              if (boardIds.length > 1) {
                await deps.prisma.board.delete({ where: { id: boardIds[1]! } });
                boardIds = boardIds.slice(0, 1);
              }
              break;
          }
        }

        expect(await checkIdeaCounts(deps.prisma)).toEqual([]);

        const plan = await loadPlanState(deps.prisma, seeded.companyId);
        const readers = [null, ...seeded.people.filter((_, i) => !erased.has(i))];
        for (const id of boardIds) {
          const listedBoard = { id, companyId: seeded.companyId };
          for (const viewer of readers) {
            for (const includeHiddenByPlan of [false, true]) {
              const listed = { board: listedBoard, plan, includeHiddenByPlan };
              for (const filter of IDEA_FILTERS) {
                const params = { filter, sort: 'VOTES' as const };
                const counted = await countListedIdeas(deps, viewer, listed, params);
                const scanned = await countListedIdeasByScan(deps, viewer, listed, params);
                expect({
                  viewer: viewer?.role ?? 'anonymous',
                  filter,
                  includeHiddenByPlan,
                  counted,
                }).toEqual({
                  viewer: viewer?.role ?? 'anonymous',
                  filter,
                  includeHiddenByPlan,
                  counted: scanned,
                });
              }
            }
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
    );
  }, 300_000);
});

describe('the counters check (npm run db:idea-counts)', () => {
  it('finds a counter that differs from its ideas, and the repair puts it right', async () => {
    const seeded = await seedCompany();
    const { deps } = server;
    const owner = seeded.people[USERS]!;
    const boardId = seeded.boardIds[0]!;
    for (const title of ['First idea', 'Second idea', 'Third idea']) {
      await createIdea(deps, owner, boardId, { title });
    }
    await deps.sql`UPDATE "BoardIdeaCount" SET "ideaCount" = "ideaCount" + 5
                   WHERE "boardId" = ${boardId}::int AND "status" = 'OPEN'`;
    const plan = await loadPlanState(deps.prisma, seeded.companyId);
    const listed = { board: { id: boardId, companyId: seeded.companyId }, plan };
    const params = { filter: 'ALL' as const, sort: 'VOTES' as const };
    // The list reads the counter, so the damage shows in its totalCount until repaired.
    expect(await countListedIdeas(deps, null, listed, params)).toBe(8);
    const mismatch = { boardId, status: 'OPEN', stored: 8, actual: 3 };
    expect(await checkIdeaCounts(deps.prisma)).toEqual([mismatch]);

    if (server.databaseUrl) {
      // The npm script on the same database: lists the difference, fails, then repairs it.
      const cli = (args: string[]) =>
        promisify(execFile)('npx', ['tsx', 'api/src/db/idea-counts-cli.ts', ...args], {
          env: { ...process.env, DATABASE_URL: server.databaseUrl },
        }).then(
          ({ stdout }) => ({ code: 0, stdout }),
          (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
        );
      const checked = await cli([]);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toContain(`board ${boardId} OPEN: counter 8, ideas 3`);
      const repaired = await cli(['--repair']);
      expect(repaired).toEqual({
        code: 0,
        stdout: expect.stringContaining('Repaired 1 counter(s).'),
      });
    } else {
      expect(await checkIdeaCounts(deps.prisma, { repair: true })).toEqual([mismatch]);
    }
    expect(await checkIdeaCounts(deps.prisma)).toEqual([]);
    expect(await countListedIdeas(deps, null, listed, params)).toBe(3);
  }, 120_000);
});
