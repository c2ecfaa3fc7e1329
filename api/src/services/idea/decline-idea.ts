import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { BoardStatus, Idea, Prisma } from '../../generated/prisma/client.ts';
import { withOneRetry } from './retry-transaction.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { canUpdateIdeaStatus, findIdeaForMember, toRowId } from '../access.ts';
import { ZDecline } from './idea-input.ts';
import { notifySafely } from '../notification/enqueue-notifications.ts';
import { notifyStatusChange } from '../notification/notify-status-change.ts';
import { publishIdeaChange } from './publish-idea-change.ts';
import { emitIdeaEvent, ideaPayload } from '../webhook/emit-webhook-event.ts';
import { activityCustomStatus, recordIdeaActivity } from '../activity/record-idea-activity.ts';
import { lockCustomerValuesShared } from '../customer/idea-value.ts';

type TTx = Prisma.TransactionClient;

const AWAITING_TARGET =
  'That idea awaits acceptance: accept it first, or pick a published idea that stays open.';

export type TDeclineResult = { idea: Idea; duplicateOf: Idea | null };

/** The queue's answer when someone else dealt with the idea first. */
export const notAwaiting = () =>
  new AppError(
    'CONFLICT',
    'This idea no longer awaits acceptance: someone on the team dealt with it meanwhile.',
  );

const duplicateProblem = (message: string) =>
  errors.validation([{ field: 'duplicateOfIdeaId', message }]);

/**
 * The DECLINED custom status of the idea's board a decline shows, or null for the kind's own
 * name. Another board's or company's status, or one of another kind, is a field error (the same
 * words for both boards, so another company's status does not leak).
 */
async function findDeclinedStatus(
  deps: TDeps,
  boardId: number,
  customStatusId: number | null,
): Promise<BoardStatus | null> {
  if (customStatusId === null) return null;
  const status = await deps.prisma.boardStatus.findFirst({
    where: { id: customStatusId, boardId },
  });
  if (status?.kind === 'DECLINED') return status;
  throw errors.validation([
    {
      field: 'customStatusId',
      message: status
        ? 'It has to be a status of kind DECLINED.'
        : 'It has to be a status of this board.',
    },
  ]);
}

/**
 * Whether `keptId`'s chain of duplicates (its kept idea, that one's, …) reaches `ideaId`:
 * declining `ideaId` as a duplicate of `keptId` would then close a cycle. UNION stops on a
 * chain that cycles already; the depth bound keeps a corrupt chain from running long.
 */
async function isDuplicateChainOf(tx: TTx, keptId: number, ideaId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    WITH RECURSIVE chain ("id", "next", "depth") AS (
      SELECT "id", "duplicateOfId", 0 FROM "Idea" WHERE "id" = ${keptId}::int
      UNION
      SELECT i."id", i."duplicateOfId", c."depth" + 1
      FROM "Idea" i JOIN chain c ON i."id" = c."next" WHERE c."depth" < 1000
    )
    SELECT "id" FROM chain WHERE "id" = ${ideaId}::int LIMIT 1`;
  return rows.length > 0;
}

/**
 * Declines an idea with a reason (admins only; not a declined or complete idea). DUPLICATE
 * names the kept idea: another idea of the same board. With `mergeVotes` (the default) the
 * votes move to the kept idea, and a user who voted for both is counted once.
 *
 * `customStatusId` picks which DECLINED custom status of the board the idea shows (absent or
 * null: "Declined"); REST `status` stays DECLINED either way. A merge remembers the custom status
 * the idea showed before, so undoing it gives that back too.
 */
export async function declineIdea(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
  {
    onlyAwaiting = false,
  }: {
    /**
     * The moderation queue's "accept and merge": only an idea still awaiting acceptance (not
     * accepted, rejected or merged by someone else meanwhile) may go; anything else is CONFLICT.
     */
    onlyAwaiting?: boolean;
  } = {},
): Promise<TDeclineResult> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const data = parseInput(ZDecline, input);
  const customStatus = await findDeclinedStatus(deps, idea.boardId, data.customStatusId);

  let duplicateOfId: number | null = null;
  if (data.reason === 'DUPLICATE') {
    const raw = data.duplicateOfIdeaId;
    if (raw === undefined || raw === null || raw === '') {
      throw duplicateProblem('This field is required.');
    }
    duplicateOfId = toRowId(raw);
    if (duplicateOfId === idea.id) {
      throw duplicateProblem('An idea cannot be a duplicate of itself.');
    }
    const target = await deps.prisma.idea.findFirst({
      where: { id: duplicateOfId, boardId: idea.boardId },
      select: { status: true },
    });
    if (!target) throw duplicateProblem('Idea not found');
    if (target.status === 'DECLINED') {
      throw duplicateProblem('That idea is declined itself: pick the idea that stays open.');
    }
    // The duplicate's page names the idea it points to, to everyone who may read it: an idea
    // awaiting acceptance (its author's and the team's only) cannot be that idea.
    if (target.status === 'NOT_PUBLIC') throw duplicateProblem(AWAITING_TARGET);
  }
  const shouldMerge = duplicateOfId !== null && data.mergeVotes;

  const result = await withOneRetry(() =>
    deps.prisma.$transaction(async (tx) => {
      // Votes moved to the kept idea add to its value (the trigger of migration idea_value sets
      // both ideas' values with their counts): the company's value lock, shared, comes before
      // any row lock (customer/idea-value.ts).
      if (shouldMerge) await lockCustomerValuesShared(tx, idea.board.companyId);
      // Both ideas locked in id order before anything is read or written: two declines naming
      // each other (P→Q with Q→P) or chaining (P→Q with Q→R) wait on each other in one order,
      // and the second sees what the first did.
      const lockedIds = duplicateOfId === null ? [idea.id] : [idea.id, duplicateOfId];
      const locked = await tx.$queryRaw<
        {
          id: number;
          status: string;
          boardId: number;
          customStatusId: number | null;
          isRejected: boolean;
        }[]
      >`SELECT "id", "status"::text AS "status", "boardId", "customStatusId",
             "rejectedAt" IS NOT NULL AS "isRejected" FROM "Idea"
      WHERE "id" = ANY(${lockedIds}::int[]) ORDER BY "id" FOR UPDATE`;
      const current = locked.find((row) => row.id === idea.id);
      if (!current) throw errors.notFound('Idea');
      if (onlyAwaiting && (current.status !== 'NOT_PUBLIC' || current.isRejected)) {
        throw notAwaiting();
      }
      if (current.status === 'DECLINED' || current.status === 'COMPLETE') {
        throw new AppError(
          'CONFLICT',
          'Only ideas that are not declined or complete can be declined.',
        );
      }
      if (duplicateOfId !== null) {
        const target = locked.find((row) => row.id === duplicateOfId);
        if (!target || target.boardId !== idea.boardId) throw duplicateProblem('Idea not found');
        if (target.status === 'NOT_PUBLIC') throw duplicateProblem(AWAITING_TARGET);
        if (target.status === 'DECLINED') {
          throw new AppError(
            'CONFLICT',
            'That idea was declined at the same moment: pick the idea that stays open.',
            [{ field: 'duplicateOfIdeaId', message: 'That idea is declined itself.' }],
          );
        }
        if (await isDuplicateChainOf(tx, duplicateOfId, idea.id)) {
          throw duplicateProblem(
            'That idea is a duplicate of this one: pick the idea that stays open.',
          );
        }
      }
      const previousStatus = current.status as Idea['status'];
      const previousCustomStatusId = current.customStatusId;
      await tx.idea.update({
        where: { id: idea.id },
        data: {
          status: 'DECLINED',
          declineReason: data.reason,
          declineComment: data.comment ?? null,
          duplicateOfId,
          declinedAt: new Date(),
          customStatusId: customStatus?.id ?? null,
        },
      });
      let movedVoterIds: number[] | null = null;
      let votesGained = 0;
      if (shouldMerge && duplicateOfId !== null) {
        // One statement moves the votes and adjusts both counts by the rows actually moved, so
        // votes cast at the same moment are neither lost nor counted twice. It answers the
        // voters whose votes moved: they are the ones the decline mail goes to.
        // The same statement records the merge exactly (which voters moved, which had voted for
        // the kept idea already), so undoMerge can give both ideas their votes back.
        const merge = await tx.ideaMerge.create({
          data: {
            ideaId: idea.id,
            keptIdeaId: duplicateOfId,
            previousStatus,
            previousCustomStatusId,
          },
        });
        const moved = await tx.$queryRaw<{ userId: number; gained: number }[]>`
        WITH removed AS (
          DELETE FROM "Vote" WHERE "ideaId" = ${idea.id}
          RETURNING "userId", "createdAt", "addedById", "note", "importance"
        ), moved AS (
          -- A vote added on behalf keeps who added it, its note and its importance.
          INSERT INTO "Vote" ("ideaId", "userId", "createdAt", "addedById", "note", "importance")
          SELECT ${duplicateOfId}, "userId", "createdAt", "addedById", "note", "importance"
          FROM removed
          ON CONFLICT ("ideaId", "userId") DO NOTHING
          RETURNING "userId"
        ), counted AS (
          UPDATE "Idea" SET "voteCount" = "voteCount" + CASE
            WHEN "id" = ${duplicateOfId} THEN (SELECT count(*) FROM moved)::int
            ELSE -(SELECT count(*) FROM removed)::int END
          WHERE "id" IN (${idea.id}, ${duplicateOfId})
        ), recorded AS (
          INSERT INTO "IdeaMergeVote" ("mergeId", "userId", "votedAt", "hadVotedKept",
                                       "addedById", "note", "importance")
          SELECT ${merge.id}, r."userId", r."createdAt",
                 NOT EXISTS (SELECT 1 FROM moved m WHERE m."userId" = r."userId"),
                 r."addedById", r."note", r."importance"
          FROM removed r
        )
        SELECT "userId", (SELECT count(*) FROM moved)::int AS "gained" FROM removed`;
        movedVoterIds = moved.map((row) => row.userId);
        votesGained = Number(moved[0]?.gained ?? 0);
      }
      const declined = await tx.idea.findUniqueOrThrow({ where: { id: idea.id } });
      const kept = duplicateOfId
        ? await tx.idea.findUnique({ where: { id: duplicateOfId } })
        : null;
      const previousCustomStatus =
        previousCustomStatusId === null
          ? null
          : await tx.boardStatus.findUnique({ where: { id: previousCustomStatusId } });
      await recordIdeaActivity(tx, member.userId, [
        {
          ideaId: idea.id,
          kind: 'STATUS_CHANGED',
          details: {
            fromStatus: previousStatus,
            toStatus: 'DECLINED',
            fromCustomStatus: activityCustomStatus(previousCustomStatus),
            toCustomStatus: activityCustomStatus(customStatus),
          },
        },
        ...(shouldMerge && kept
          ? [
              {
                ideaId: idea.id,
                kind: 'MERGED' as const,
                details: {
                  otherIdeaId: kept.id,
                  otherIdeaTitle: kept.title,
                  votesMoved: movedVoterIds?.length ?? 0,
                },
              },
              {
                ideaId: kept.id,
                kind: 'MERGED' as const,
                details: {
                  otherIdeaId: idea.id,
                  otherIdeaTitle: declined.title,
                  // Only the votes it gained: voters of both ideas keep their one vote.
                  votesMoved: votesGained,
                },
              },
            ]
          : []),
      ]);
      return { idea: declined, duplicateOf: kept, movedVoterIds, previousStatus };
    }),
  );

  publishIdeaChange(deps, 'UPDATED', result.idea, idea.board.companyId);
  if (shouldMerge && result.duplicateOf) {
    publishIdeaChange(deps, 'VOTED', result.duplicateOf, idea.board.companyId);
  }
  await notifySafely(deps, `idea ${idea.id} decline`, () =>
    notifyStatusChange(deps, {
      idea: { ...result.idea, board: idea.board },
      status: 'DECLINED',
      actorId: member.userId,
      decline: {
        reason: data.reason,
        comment: data.comment ?? null,
        mergedInto: result.duplicateOf,
        movedVoterIds: result.movedVoterIds,
      },
    }),
  );
  await emitIdeaEvent(deps, 'IDEA_DECLINED', result.idea, idea.board.companyId, {
    previousStatus: result.previousStatus,
    reason: data.reason,
    comment: data.comment ?? null,
    duplicateOf: result.duplicateOf ? ideaPayload(deps, result.duplicateOf) : null,
    votesMerged: shouldMerge,
  });
  return { idea: result.idea, duplicateOf: result.duplicateOf };
}
