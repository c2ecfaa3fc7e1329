import type { IdeaActivityKind, IdeaStatus, Prisma } from '../../generated/prisma/client.ts';

/** A custom status as an activity row keeps it: its names then, as it may be renamed or go. */
export type TActivityCustomStatus = { id: number; nameEn: string; namePl: string };

/** What an activity row says changed (IdeaActivity.details); only the keys of its kind are set. */
export type TIdeaActivityDetails = {
  fromStatus?: IdeaStatus;
  toStatus?: IdeaStatus;
  /** STATUS_CHANGED: the custom statuses shown before and after (absent or null: the default). */
  fromCustomStatus?: TActivityCustomStatus | null;
  toCustomStatus?: TActivityCustomStatus | null;
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
