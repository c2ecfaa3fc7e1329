import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import { messages, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireViewer } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';

export const ZBlockEndUser = z.object({
  removeVotes: z.boolean({ error: messages.oneOf(['true', 'false']) }).default(false),
});

export type TBlocking = {
  user: User;
  /** How many of their votes were removed (0 unless the admin asked for it). */
  votesRemoved: number;
};

const teamMemberRefusal = () =>
  new AppError(
    'CONFLICT',
    'Team members cannot be blocked: remove them from the team first, then block them.',
  );

/**
 * An end user of the caller's company and the admin acting on them. Another company's user or
 * an unknown id is "User not found" whatever the caller's role; then members, end users and
 * anonymous callers are refused. An admin's API key may block (moderation is no credential).
 */
async function findUserToBlock(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
): Promise<TViewer> {
  const { companyId } = requireViewer(viewer);
  const found = await deps.prisma.user.count({ where: { id: userId, companyId } });
  if (found === 0) throw errors.notFound('User');
  return requireCompanyAdmin(viewer);
}

type TLockedUser = { role: string; displayName: string; blockedAt: Date | null };

/**
 * Blocks an end user (owners and admins): they keep reading boards but can no longer vote,
 * comment or submit ideas. Their votes stay counted unless `removeVotes`: then, in the same ONE
 * transaction as the block, every vote of theirs is deleted and each idea's `voteCount` falls by
 * exactly the votes removed from it (votes others cast meanwhile are neither lost nor counted
 * twice). The user's row is locked first: a vote of theirs in flight finishes before (and is
 * removed) or is refused after (the vote statement re-reads the block under a share lock).
 * Team members are refused (CONFLICT); blocking again keeps the first date. Ideas' status
 * counters (BoardIdeaCount) count ideas, not votes, so they do not move.
 */
export async function blockEndUser(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
  input: unknown,
): Promise<TBlocking> {
  const admin = await findUserToBlock(deps, viewer, userId);
  const { removeVotes } = parseInput(ZBlockEndUser, input ?? {});
  const { user, votesRemoved, changedIdeaIds } = await deps.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<TLockedUser[]>`
      SELECT "role"::text AS "role", "displayName", "blockedAt" FROM "User"
      WHERE "id" = ${userId}::int AND "companyId" = ${admin.companyId}::int FOR UPDATE`;
    if (!locked) throw errors.notFound('User');
    if (locked.role !== 'END_USER') throw teamMemberRefusal();
    const user = await tx.user.update({
      where: { id: userId },
      data: { blockedAt: locked.blockedAt ?? new Date() },
    });
    let removed: { ideaId: number; n: number }[] = [];
    if (removeVotes) {
      // The ideas are locked in id order first, so two blocks at once never wait on each other.
      await tx.$queryRaw`
        SELECT 1 FROM "Idea"
        WHERE "id" IN (SELECT "ideaId" FROM "Vote" WHERE "userId" = ${userId}::int)
        ORDER BY "id" FOR UPDATE`;
      removed = await tx.$queryRaw<{ ideaId: number; n: number }[]>`
        WITH removed AS (
          DELETE FROM "Vote" WHERE "userId" = ${userId}::int RETURNING "ideaId"
        ), per_idea AS (
          SELECT "ideaId", count(*)::int AS "n" FROM removed GROUP BY "ideaId"
        ), counted AS (
          UPDATE "Idea" i SET "voteCount" = i."voteCount" - p."n"
          FROM per_idea p WHERE i."id" = p."ideaId"
        )
        SELECT "ideaId", "n" FROM per_idea`;
    }
    const votesRemoved = removed.reduce((sum, row) => sum + Number(row.n), 0);
    if (!locked.blockedAt || votesRemoved > 0) {
      await recordAudit(
        deps,
        {
          action: 'END_USER_BLOCKED',
          companyId: admin.companyId,
          actor: actorOf(admin),
          target: { type: 'User', id: userId },
          details: { name: locked.displayName, removeVotes, votesRemoved },
        },
        tx,
      );
    }
    return { user, votesRemoved, changedIdeaIds: removed.map((row) => row.ideaId) };
  });
  // Live boards hear the counts that fell (after the commit, as votes do).
  const changed = changedIdeaIds.length
    ? await deps.prisma.idea.findMany({
        where: { id: { in: changedIdeaIds } },
        include: { board: { select: { companyId: true } } },
      })
    : [];
  for (const { board, ...idea } of changed) {
    publishIdeaChange(deps, 'VOTED', idea, board.companyId);
  }
  return { user, votesRemoved };
}

/**
 * Lifts a block (owners and admins): the user may vote, comment and submit again. Votes removed
 * when blocking do not come back. Unblocking a user who is not blocked changes nothing.
 */
export async function unblockEndUser(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
): Promise<User> {
  const admin = await findUserToBlock(deps, viewer, userId);
  return deps.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<TLockedUser[]>`
      SELECT "role"::text AS "role", "displayName", "blockedAt" FROM "User"
      WHERE "id" = ${userId}::int AND "companyId" = ${admin.companyId}::int FOR UPDATE`;
    if (!locked) throw errors.notFound('User');
    const user = await tx.user.update({ where: { id: userId }, data: { blockedAt: null } });
    if (locked.blockedAt) {
      await recordAudit(
        deps,
        {
          action: 'END_USER_UNBLOCKED',
          companyId: admin.companyId,
          actor: actorOf(admin),
          target: { type: 'User', id: userId },
          details: { name: locked.displayName },
        },
        tx,
      );
    }
    return user;
  });
}
