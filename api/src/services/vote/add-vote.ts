import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { requireNotBlocked } from '../../viewer.ts';
import { findIdeaForMember } from '../access.ts';
import type { TWritableIdea } from '../access.ts';
import { sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import { customerValueGuard, findIdeaValue } from '../customer/idea-value.ts';
import { publishIdeaChange } from '../idea/publish-idea-change.ts';
import { emitIdeaEvent } from '../webhook/emit-webhook-event.ts';

type TVoteRow = { voteCount: number; value: number; changed: number; isCustomer: boolean };
type TAddVoteRow = TVoteRow & { isAllowed: boolean };

export type TVoteResult = { idea: Idea; voteCount: number; isVotedByMe: boolean };

/**
 * Votes for an idea; voting again changes nothing (the vote row's unique key decides, and the
 * count moves in the same statement by the rows actually inserted). A blocked end user is
 * refused (USER_BLOCKED).
 */
export async function addVote(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoteResult> {
  const writable = await findIdeaForMember(deps, viewer, ideaId);
  const { idea, viewer: member } = writable;
  requireNotBlocked(member);
  if (idea.status === 'DECLINED') {
    throw new AppError('CONFLICT', 'This idea is declined and takes no new votes.');
  }
  // The voter's row is read under a share lock: a block (which locks it for update) either
  // waits for this vote, and so sees it when it removes the user's votes, or commits first,
  // and then this statement finds the user blocked and inserts nothing. Before it, the
  // company's value lock is taken shared (customer/idea-value.ts): a spend or membership change
  // runs before or after this vote, never beside it. The idea's value follows its votes (the
  // triggers of migration idea_customer_company, after the statement: announceVote reads it
  // again when the voter works for a customer).
  const [row] = await deps.sql<TAddVoteRow>`
    WITH guard AS (${customerValueGuard(idea.board.companyId)}), voter AS (
      SELECT 1 FROM "User"
      WHERE "id" = ${member.userId}::int AND "blockedAt" IS NULL AND EXISTS (SELECT 1 FROM guard)
      FOR SHARE
    ), inserted AS (
      INSERT INTO "Vote" ("ideaId", "userId")
      SELECT ${idea.id}::int, ${member.userId}::int FROM voter
      ON CONFLICT ("ideaId", "userId") DO NOTHING
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" + (SELECT count(*) FROM inserted)::int
    WHERE "id" = ${idea.id}::int
    RETURNING "voteCount", "value", (SELECT count(*) FROM inserted)::int AS "changed",
              EXISTS (SELECT 1 FROM voter) AS "isAllowed", ${isCustomer(member.userId)}`;
  if (row && !row.isAllowed) throw errors.userBlocked();
  return settle(deps, writable, row, true);
}

/** Takes the caller's vote back; without a vote, nothing changes. Blocked end users are refused. */
export async function removeVote(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TVoteResult> {
  const writable = await findIdeaForMember(deps, viewer, ideaId);
  const { idea, viewer: member } = writable;
  requireNotBlocked(member);
  const [row] = await deps.sql<TVoteRow>`
    WITH deleted AS (
      DELETE FROM "Vote" WHERE "ideaId" = ${idea.id}::int AND "userId" = ${member.userId}::int
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" - (SELECT count(*) FROM deleted)::int
    WHERE "id" = ${idea.id}::int
    RETURNING "voteCount", "value", (SELECT count(*) FROM deleted)::int AS "changed",
              ${isCustomer(member.userId)}`;
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
  const updated = await announceVote(deps, { idea, isVoteWatched }, row, {
    userId: viewer.userId,
    change: isVotedByMe ? 'added' : 'removed',
    isChanged: Number(row.changed) > 0,
  });
  return { idea: updated, voteCount, isVotedByMe };
}

/**
 * The column `isCustomer` of a vote statement's answer: whether the voter works for a customer
 * company, so the vote may have moved the idea's value after the statement's row was written.
 */
export function isCustomer(userId: number): TSqlPart {
  return sqlPart`EXISTS (SELECT 1 FROM "CustomerCompanyMember" m
                         WHERE m."userId" = ${userId}::int) AS "isCustomer"`;
}

/**
 * Tells the live streams an idea's vote count moved, and integrators (VOTE_CHANGED) when a vote
 * was actually cast or taken back and a webhook listens (the check rode along with the idea's
 * read, so most votes skip the statement). Answers the idea with its new count and value: the
 * value as the vote statement returned it, or read again when the vote changed something and
 * the voter works for a customer (the triggers of migration idea_customer_company set it after
 * the statement's own row was written).
 */
export async function announceVote(
  deps: TDeps,
  { idea, isVoteWatched }: Pick<TWritableIdea, 'idea' | 'isVoteWatched'>,
  counts: { voteCount: number; value: number; isCustomer: boolean },
  vote: { userId: number; change: 'added' | 'removed'; isChanged: boolean },
): Promise<Idea> {
  const { board, ...plain } = idea;
  const value =
    vote.isChanged && counts.isCustomer ? await findIdeaValue(deps, idea.id) : Number(counts.value);
  const updated = { ...plain, voteCount: Number(counts.voteCount), value };
  publishIdeaChange(deps, 'VOTED', updated, board.companyId);
  if (vote.isChanged && isVoteWatched) {
    await emitIdeaEvent(deps, 'VOTE_CHANGED', updated, board.companyId, {
      userId: vote.userId,
      change: vote.change,
    });
  }
  return updated;
}
