import type {
  BoardStatus,
  IdeaActivityKind,
  IdeaStatus,
  Prisma,
} from '../../generated/prisma/client.ts';

/** A custom status as an activity row keeps it: its names then, as it may be renamed or go. */
export type TActivityCustomStatus = { id: number; nameEn: string; namePl: string };

/** The custom status an activity row keeps (null: the status's own name). */
export function activityCustomStatus(
  status: Pick<BoardStatus, 'id' | 'nameEn' | 'namePl'> | null,
): TActivityCustomStatus | null {
  return status && { id: status.id, nameEn: status.nameEn, namePl: status.namePl };
}

/** Why a change was made when it was not asked for directly (absent: it was). */
export type TIdeaActivityCause = 'STATUS_DELETED' | 'TAG_DELETED';

/** What an activity row says changed (IdeaActivity.details); only the keys of its kind are set. */
export type TIdeaActivityDetails = {
  fromStatus?: IdeaStatus;
  toStatus?: IdeaStatus;
  /** STATUS_CHANGED: the custom statuses shown before and after (absent or null: the default). */
  fromCustomStatus?: TActivityCustomStatus | null;
  toCustomStatus?: TActivityCustomStatus | null;
  /** STATUS_CHANGED, TAG_REMOVED: the deletion that made the change. */
  cause?: TIdeaActivityCause;
  fromBoardId?: number;
  fromBoardName?: string;
  toBoardId?: number;
  toBoardName?: string;
  fromTitle?: string;
  toTitle?: string;
  /** MERGED / UNMERGED: the other idea of the merge (kept, or merged into this one). */
  otherIdeaId?: number;
  otherIdeaTitle?: string;
  /** MERGED / UNMERGED: how many votes moved. */
  votesMoved?: number;
  /** TAG_ADDED / TAG_REMOVED: the tag (its name and colour then). */
  tagId?: number;
  tagName?: string;
  tagColor?: string;
};

type TActivityDb = { ideaActivity: Pick<Prisma.TransactionClient['ideaActivity'], 'createMany'> };

/**
 * Writes activity rows (one per idea touched) with the change they record: call it with the
 * transaction of the change, so there is no change without its row and no row without its change.
 */
export async function recordIdeaActivity(
  db: TActivityDb,
  actorId: number,
  entries: { ideaId: number; kind: IdeaActivityKind; details: TIdeaActivityDetails }[],
): Promise<void> {
  await db.ideaActivity.createMany({
    data: entries.map((entry) => ({
      ideaId: entry.ideaId,
      actorId,
      kind: entry.kind,
      details: entry.details,
    })),
  });
}
