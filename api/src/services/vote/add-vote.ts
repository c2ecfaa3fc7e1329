import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { findIdeaForMember } from '../access.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';

export type TVoteResult = { idea: Idea; voteCount: number; isVotedByMe: boolean };

/**
 * Votes for an idea; voting again changes nothing (the vote row's unique key decides, and the
 * count moves in the same statement by the rows actually inserted).
 */
export async function addVote(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoteResult> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (idea.status === 'DECLINED') {
    throw new AppError('CONFLICT', 'This idea is declined and takes no new votes.');
  }
  const [row] = await deps.prisma.$queryRaw<{ voteCount: number }[]>`
    WITH inserted AS (
      INSERT INTO "Vote" ("ideaId", "userId") VALUES (${idea.id}, ${member.userId})
      ON CONFLICT ("ideaId", "userId") DO NOTHING
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" + (SELECT count(*) FROM inserted)::int
    WHERE "id" = ${idea.id}
    RETURNING "voteCount"`;
  return settle(deps, idea, row, true);
}

/** Takes the caller's vote back; without a vote, nothing changes. */
export async function removeVote(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoteResult> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  const [row] = await deps.prisma.$queryRaw<{ voteCount: number }[]>`
    WITH deleted AS (
      DELETE FROM "Vote" WHERE "ideaId" = ${idea.id} AND "userId" = ${member.userId}
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" - (SELECT count(*) FROM deleted)::int
    WHERE "id" = ${idea.id}
    RETURNING "voteCount"`;
  return settle(deps, idea, row, false);
}

function settle(
  deps: TDeps,
  idea: Idea & { board: { companyId: number } },
  row: { voteCount: number } | undefined,
  isVotedByMe: boolean,
): TVoteResult {
  // No row: the idea was deleted between the check and the vote.
  if (!row) throw new AppError('NOT_FOUND', 'Idea not found.');
  const voteCount = Number(row.voteCount);
  const { board, ...plain } = idea;
  const updated = { ...plain, voteCount };
  publishIdeaChange(deps, 'VOTED', updated, board.companyId);
  return { idea: updated, voteCount, isVotedByMe };
}
