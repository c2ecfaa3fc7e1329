import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createUltraCompanyRow } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import type { TViewer } from '../../viewer.ts';
import { addComment } from '../comment/add-comment.ts';
import { declineIdea } from '../idea/decline-idea.ts';
import { addVote, removeVote } from '../vote/add-vote.ts';
import { eraseEndUser } from './erase-end-user.ts';

/**
 * Random votes, vote removals, comments, declines that merge votes into another idea, and
 * erasures in both modes, run through the services themselves; afterwards every idea's counts
 * equal a recount of its rows, and nothing of an erased person is left.
 */

const USERS = 4;
const IDEAS = 4;

type TOp =
  | { kind: 'vote' | 'unvote'; user: number; idea: number }
  | { kind: 'comment'; user: number; idea: number }
  | { kind: 'decline'; idea: number; into: number }
  | { kind: 'erase'; user: number; mode: 'DELETE' | 'ANONYMISE' };

const user = fc.nat({ max: USERS - 1 });
const idea = fc.nat({ max: IDEAS - 1 });
const op: fc.Arbitrary<TOp> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('vote' as const), user, idea }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unvote' as const), user, idea }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('comment' as const), user, idea }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const), idea, into: idea }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('erase' as const),
      user,
      mode: fc.constantFrom('DELETE' as const, 'ANONYMISE' as const),
    }),
  },
);

let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A company on the ULTRA plan with its owner, end users and open ideas by those end users. */
async function seedCompany() {
  const { prisma } = server.deps;
  const { companyId, tag } = await createUltraCompanyRow(server, 'Property');
  const board = await prisma.board.create({
    data: { companyId, name: 'Board', slug: 'board', widgetHash: `hash-${tag}` },
  });
  const owner = await prisma.user.create({
    data: {
      companyId,
      role: 'OWNER',
      displayName: 'Owner',
      loginEmail: `o-${tag}@example.com`,
    },
  });
  const users = [];
  for (let i = 0; i < USERS; i += 1) {
    const sso = i % 2 === 0;
    users.push(
      await prisma.user.create({
        data: {
          companyId,
          kind: sso ? 'SSO' : 'REGULAR',
          displayName: `Person ${i} ${tag}`,
          email: `p${i}-${tag}@example.com`,
          emailConfirmedAt: new Date(),
          loginEmail: sso ? null : `p${i}-${tag}@example.com`,
          externalId: sso ? `ext-${i}-${tag}` : null,
          sessions: {
            create: { tokenHash: `t${i}-${tag}`, expiresAt: new Date(Date.now() + 86_400_000) },
          },
        },
      }),
    );
  }
  const ideas = [];
  for (let i = 0; i < IDEAS; i += 1) {
    ideas.push(
      await prisma.idea.create({
        data: {
          boardId: board.id,
          authorId: users[i % USERS]?.id ?? null,
          title: `Idea ${i}`,
          status: 'OPEN',
        },
      }),
    );
  }
  const viewer = (u: Pick<TViewer, 'role' | 'kind'> & { id: number }): TViewer => ({
    userId: u.id,
    companyId,
    role: u.role,
    kind: u.kind,
    sessionId: 1,
  });
  return { companyId, boardId: board.id, owner: viewer(owner), users, viewer, ideas };
}

/** Expected refusals (declined idea, deleted idea, merge into itself...) are part of the game. */
async function tolerate(action: () => Promise<unknown>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

describe('erasure keeps every count equal to a recount', () => {
  it('after random votes, merges, comments and erasures in both modes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const seeded = await seedCompany();
        const { deps } = server;
        const erased = new Set<number>();
        for (const step of ops) {
          if ('user' in step && erased.has(step.user)) continue;
          const person = 'user' in step ? seeded.users[step.user] : undefined;
          const as = person ? seeded.viewer(person) : seeded.owner;
          const ideaId = 'idea' in step ? (seeded.ideas[step.idea]?.id ?? 0) : 0;
          switch (step.kind) {
            case 'vote':
              await tolerate(() => addVote(deps, as, ideaId));
              break;
            case 'unvote':
              await tolerate(() => removeVote(deps, as, ideaId));
              break;
            case 'comment':
              await tolerate(() => addComment(deps, as, ideaId, { text: `said by ${as.userId}` }));
              break;
            case 'decline':
              await tolerate(() =>
                declineIdea(deps, seeded.owner, ideaId, {
                  reason: 'DUPLICATE',
                  duplicateOfIdeaId: seeded.ideas[step.into]?.id,
                  mergeVotes: true,
                }),
              );
              break;
            case 'erase':
              await eraseEndUser(deps, seeded.owner, as.userId, { contentMode: step.mode });
              erased.add(step.user);
              break;
          }
        }

        const mismatches = await deps.sql<{ id: number }>`
          SELECT i."id" FROM "Idea" i JOIN "Board" b ON b."id" = i."boardId"
          WHERE b."id" = ${seeded.boardId}::int AND (
            i."voteCount" <> (SELECT count(*) FROM "Vote" v WHERE v."ideaId" = i."id")
            OR i."commentCount" <> (SELECT count(*) FROM "Comment" c WHERE c."ideaId" = i."id"))`;
        expect(mismatches).toEqual([]);

        for (const index of erased) {
          const gone = seeded.users[index];
          if (!gone) continue;
          const [left] = await deps.sql<{ n: number }>`
            SELECT (SELECT count(*) FROM "User" WHERE "id" = ${gone.id}::int
                      OR "email" = ${gone.email}::text OR "externalId" = ${gone.externalId}::text
                      OR "displayName" = ${gone.displayName}::text)
                 + (SELECT count(*) FROM "Vote" WHERE "userId" = ${gone.id}::int)
                 + (SELECT count(*) FROM "Comment" WHERE "authorId" = ${gone.id}::int)
                 + (SELECT count(*) FROM "Idea" WHERE "authorId" = ${gone.id}::int)
                 + (SELECT count(*) FROM "Session" WHERE "userId" = ${gone.id}::int)
                 + (SELECT count(*) FROM "Mail" WHERE "userId" = ${gone.id}::int
                      OR lower("to") = lower(${gone.email}::text)) AS "n"`;
          expect(Number(left?.n)).toBe(0);
        }
        const tombstones = await deps.prisma.erasedUser.count({
          where: { companyId: seeded.companyId },
        });
        expect(tombstones).toBe(erased.size);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
  }, 240_000);
});
