import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { Idea, IdeaMerge } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { activityCustomStatus, recordIdeaActivity } from '../activity/record-idea-activity.ts';
import { lockCustomerValuesShared } from '../customer/idea-value.ts';
import { canUpdateIdeaStatus, findIdeaForMember, isTeamMemberOf } from '../access.ts';
import { publishIdeaChange } from './publish-idea-change.ts';

/** How long a merge can be undone. */
export const MERGE_UNDO_DAYS = 30;
const UNDO_WINDOW_MS = MERGE_UNDO_DAYS * 24 * 60 * 60 * 1000;

/** The merge of this idea that can still be undone (the latest, within 30 days), or null. */
export function findUndoableMerge(deps: TDeps, ideaId: number): Promise<IdeaMerge | null> {
  return deps.prisma.ideaMerge.findFirst({
    where: {
      ideaId,
      undoneAt: null,
      createdAt: { gt: new Date(Date.now() - UNDO_WINDOW_MS) },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/** Until when the team may undo the merge of this idea, or null (none, or not the team). */
export async function mergeUndoableUntil(
  deps: TDeps,
  viewer: TViewer | null,
  idea: { id: number; companyId: number },
): Promise<Date | null> {
  if (!isTeamMemberOf(viewer, idea.companyId)) return null;
  const merge = await findUndoableMerge(deps, idea.id);
  return merge ? new Date(merge.createdAt.getTime() + UNDO_WINDOW_MS) : null;
}

export type TUndoMergeResult = { idea: Idea; keptIdea: Idea; votesRestored: number };

/**
 * Undoes the latest merge of a declined duplicate within 30 days (the team, as for declines).
 * Every voter the merge moved gets their vote back on this idea, and loses the one the merge
 * gave them on the kept idea, unless they took it back since (then they stay without). Voters
 * who had voted for the kept idea already keep that vote and get this one back. Votes cast on
 * either idea since the merge stay. Counts move by the rows changed, in one statement; the idea
 * gets back the status it had before the decline while it is still declined as this duplicate,
 * with the custom status it showed then if that still is one of its board's of that kind.
 */
export async function undoMerge(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TUndoMergeResult> {
  const { idea, viewer: member } = await findIdeaForMember(deps, viewer, ideaId);
  if (!canUpdateIdeaStatus(member, idea.board.companyId)) throw errors.forbidden();
  const merge = await findUndoableMerge(deps, idea.id);
  if (!merge) {
    throw new AppError(
      'CONFLICT',
      `This idea has no merge to undo: merges can be undone for ${MERGE_UNDO_DAYS} days, once.`,
    );
  }
  const keptId = merge.keptIdeaId;

  const result = await deps.prisma.$transaction(async (tx) => {
    // Votes given back add to this idea's value (the trigger of migration idea_value sets both
    // ideas' values with their counts): the company's value lock, shared, comes before any row
    // lock (customer/idea-value.ts).
    await lockCustomerValuesShared(tx, idea.board.companyId);
    // The condition makes two undos at once apply once.
    const claimed = await tx.ideaMerge.updateMany({
      where: { id: merge.id, undoneAt: null },
      data: { undoneAt: new Date() },
    });
    if (claimed.count === 0) throw new AppError('CONFLICT', 'This merge was undone already.');
    const [moved] = await tx.$queryRaw<{ taken: number; restored: number }[]>`
      WITH taken AS (
        DELETE FROM "Vote" v USING "IdeaMergeVote" mv
        WHERE mv."mergeId" = ${merge.id} AND NOT mv."hadVotedKept"
          AND v."ideaId" = ${keptId} AND v."userId" = mv."userId"
        RETURNING v."userId"
      ), restored AS (
        INSERT INTO "Vote" ("ideaId", "userId", "createdAt", "addedById", "note", "importance")
        SELECT ${idea.id}, mv."userId", mv."votedAt", mv."addedById", mv."note", mv."importance"
        FROM "IdeaMergeVote" mv
        WHERE mv."mergeId" = ${merge.id}
          AND (mv."hadVotedKept" OR mv."userId" IN (SELECT "userId" FROM taken))
        ON CONFLICT ("ideaId", "userId") DO NOTHING
        RETURNING "userId"
      ), counted AS (
        UPDATE "Idea" SET "voteCount" = "voteCount" + CASE
          WHEN "id" = ${keptId} THEN -(SELECT count(*) FROM taken)::int
          ELSE (SELECT count(*) FROM restored)::int END
        WHERE "id" IN (${idea.id}, ${keptId})
      )
      SELECT (SELECT count(*) FROM taken)::int AS "taken",
             (SELECT count(*) FROM restored)::int AS "restored"`;
    const declinedAs =
      idea.customStatusId === null
        ? null
        : await tx.boardStatus.findUnique({ where: { id: idea.customStatusId } });
    // The idea may have moved to another board since: only a status of its board and of that
    // kind can come back (the database refuses anything else); a deleted one is null already.
    const previousCustomStatus =
      merge.previousCustomStatusId === null
        ? null
        : await tx.boardStatus.findFirst({
            where: {
              id: merge.previousCustomStatusId,
              boardId: idea.boardId,
              kind: merge.previousStatus,
            },
          });
    const reopened = await tx.idea.updateMany({
      where: { id: idea.id, status: 'DECLINED', duplicateOfId: keptId },
      data: {
        status: merge.previousStatus,
        customStatusId: previousCustomStatus?.id ?? null,
        declineReason: null,
        declineComment: null,
        duplicateOfId: null,
        declinedAt: null,
      },
    });
    const updated = await tx.idea.findUniqueOrThrow({ where: { id: idea.id } });
    const kept = await tx.idea.findUniqueOrThrow({ where: { id: keptId } });
    const votesRestored = moved?.restored ?? 0;
    await recordIdeaActivity(tx, member.userId, [
      ...(reopened.count > 0
        ? [
            {
              ideaId: idea.id,
              kind: 'STATUS_CHANGED' as const,
              details: {
                fromStatus: 'DECLINED' as const,
                toStatus: merge.previousStatus,
                fromCustomStatus: activityCustomStatus(declinedAs),
                toCustomStatus: activityCustomStatus(previousCustomStatus),
              },
            },
          ]
        : []),
      {
        ideaId: idea.id,
        kind: 'UNMERGED',
        details: { otherIdeaId: kept.id, otherIdeaTitle: kept.title, votesMoved: votesRestored },
      },
      {
        ideaId: kept.id,
        kind: 'UNMERGED',
        details: { otherIdeaId: idea.id, otherIdeaTitle: updated.title, votesMoved: votesRestored },
      },
    ]);
    return { idea: updated, keptIdea: kept, votesRestored };
  });

  publishIdeaChange(deps, 'UPDATED', result.idea, idea.board.companyId);
  publishIdeaChange(deps, 'VOTED', result.keptIdea, idea.board.companyId);
  return result;
}
