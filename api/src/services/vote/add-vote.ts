import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { findIdeaForMember } from '../access.ts';
import type { TWritableIdea } from '../access.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

type TVoteRow = { voteCount: number; changed: number };

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
  const writable = await findIdeaForMember(deps, viewer, ideaId);
  const { idea, viewer: member } = writable;
  if (idea.status === 'DECLINED') {
    throw new AppError('CONFLICT', 'This idea is declined and takes no new votes.');
  }
  const [row] = await deps.sql<TVoteRow>`
    WITH inserted AS (
      INSERT INTO "Vote" ("ideaId", "userId") VALUES (${idea.id}::int, ${member.userId}::int)
      ON CONFLICT ("ideaId", "userId") DO NOTHING
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" + (SELECT count(*) FROM inserted)::int
    WHERE "id" = ${idea.id}::int
    RETURNING "voteCount", (SELECT count(*) FROM inserted)::int AS "changed"`;
  return settle(deps, writable, row, true);
}

/** Takes the caller's vote back; without a vote, nothing changes. */
export async function removeVote(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoteResult> {
  const writable = await findIdeaForMember(deps, viewer, ideaId);
  const { idea, viewer: member } = writable;
  const [row] = await deps.sql<TVoteRow>`
    WITH deleted AS (
      DELETE FROM "Vote" WHERE "ideaId" = ${idea.id}::int AND "userId" = ${member.userId}::int
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" - (SELECT count(*) FROM deleted)::int
    WHERE "id" = ${idea.id}::int
    RETURNING "voteCount", (SELECT count(*) FROM deleted)::int AS "changed"`;
  return settle(deps, writable, row, false);
}

async function settle(
  deps: TDeps,
  { idea, viewer, isVoteWatched }: TWritableIdea,
  row: TVoteRow | undefined,
  isVotedByMe: boolean,
): Promise<TVoteResult> {
  // No row: the idea was deleted between the check and the vote.
  if (!row) throw new AppError('NOT_FOUND', 'Idea not found.');
  const voteCount = Number(row.voteCount);
  const { board, ...plain } = idea;
  const updated = { ...plain, voteCount };
  publishIdeaChange(deps, 'VOTED', updated, board.companyId);
  // Only a vote actually cast or taken back is news to integrators, and only when a webhook
  // listens (the check rode along with the idea's read, so most votes skip the statement).
  if (Number(row.changed) > 0 && isVoteWatched) {
    await emitIdeaEvent(deps, 'VOTE_CHANGED', updated, board.companyId, {
      userId: viewer.userId,
      change: isVotedByMe ? 'added' : 'removed',
    });
  }
  return { idea: updated, voteCount, isVotedByMe };
}
