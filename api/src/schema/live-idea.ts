import DataLoader from 'dataloader';
import type { TDeps } from '../deps.ts';
import type { TIdeaChange } from '../events.ts';
import type { Idea } from '../generated/prisma/client.ts';
import {
  BOARD_ACCESS_SELECT,
  canEditIdea,
  canUpdateIdeaStatus,
  isIdeaVisibleTo,
  KEPT_IDEA_SELECT,
  keptIdeaFor,
  toBoardAccess,
} from '../services/access.ts';
import type { TBoardAccess, TKeptIdea } from '../services/access.ts';
import type { TAuthor } from '../services/idea/find-idea-views.ts';
import { isIdeaWithinCap, loadPlanState } from '../services/plan/plan-state.ts';
import type { TViewer } from '../viewer.ts';
import type { TIdeaParent } from './idea.ts';

/** What every subscriber of one event shares: the idea as it is now, read once. */
type TSharedIdea = {
  idea: Idea;
  board: TBoardAccess;
  /** What the card's fields read beside the row (see TIdeaParent's `live`). */
  live: NonNullable<TIdeaParent['live']>;
  author: TAuthor | null;
  duplicateOf: TKeptIdea | null;
  isHiddenByPlan: boolean;
};

/**
 * The console's live subscription (`ideaChanged { idea { … } }`) answers the changed idea to
 * every open console of the board. Read per subscriber, one vote cost thousands of statements
 * (the idea, the caller's vote, the plan, the board's company for each). Every subscriber of a
 * process receives the same event object, so the idea, its author, its kept idea and the plan's
 * cap are read once per event and kept beside the object (gone with it); what depends on the
 * caller (seeing it at all, editing it, their vote) is decided here without reading again,
 * except the vote, which is one batched statement for all subscribers of a tick.
 */
export type TLiveIdeas = {
  /** The idea of a change as this caller may see it now, or null (deleted, hidden, private). */
  ideaFor: (change: TIdeaChange, viewer: TViewer | null) => Promise<TIdeaParent | null>;
  /**
   * Which of `userIds` have voted for the changed idea: one statement for a whole audience.
   * `ideaFor` answers their `isVotedByMe` from it, without asking again.
   */
  votersAmong: (change: TIdeaChange, userIds: number[]) => Promise<Set<number>>;
  /** Starts reading the changed idea (for a caller who will ask `ideaFor` soon). */
  prefetch: (change: TIdeaChange) => void;
};

export function createLiveIdeas(deps: Pick<TDeps, 'prisma' | 'sql'>): TLiveIdeas {
  const shared = new WeakMap<TIdeaChange, Promise<TSharedIdea | null>>();
  const knownVotes = new WeakMap<TIdeaChange, { asked: Set<number>; voters: Set<number> }>();

  const read = async (ideaId: number): Promise<TSharedIdea | null> => {
    const row = await deps.prisma.idea.findUnique({
      where: { id: ideaId },
      include: {
        board: { select: BOARD_ACCESS_SELECT },
        author: { select: { displayName: true, avatarUrl: true } },
        duplicateOf: { select: KEPT_IDEA_SELECT },
        customStatus: true,
        tags: { select: { tag: true }, orderBy: [{ tag: { nameKey: 'asc' } }, { tagId: 'asc' }] },
      },
    });
    if (!row) return null;
    const { author, duplicateOf, customStatus, tags, ...rest } = row;
    const { board: boardRow, ...idea } = rest;
    const board = toBoardAccess(boardRow);
    const plan = await loadPlanState(deps.prisma, board.companyId);
    return {
      idea,
      board,
      author,
      duplicateOf,
      isHiddenByPlan: !isIdeaWithinCap(plan, idea),
      live: { companyId: board.companyId, customStatus, tags: tags.map(({ tag }) => tag) },
    };
  };

  // Keys are "idea:user"; one statement answers every subscriber's vote on the changed ideas.
  const votes = new DataLoader<string, boolean>(
    async (keys) => {
      const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
      const rows = await deps.sql<{ ideaId: number; userId: number }>`
        SELECT "ideaId", "userId" FROM "Vote"
        WHERE "ideaId" = ANY(${[...new Set(pairs.map(([ideaId]) => ideaId))]}::int[])
          AND "userId" = ANY(${pairs.map(([, userId]) => userId)}::int[])`;
      const voted = new Set(rows.map((row) => `${Number(row.ideaId)}:${Number(row.userId)}`));
      return keys.map((key) => voted.has(key));
    },
    { cache: false, maxBatchSize: 5_000 },
  );

  const hasVoted = (change: TIdeaChange, userId: number): boolean | Promise<boolean> => {
    const known = knownVotes.get(change);
    if (known?.asked.has(userId)) return known.voters.has(userId);
    return votes.load(`${change.ideaId}:${userId}`);
  };

  const sharedRead = (change: TIdeaChange): Promise<TSharedIdea | null> => {
    let read$ = shared.get(change);
    if (!read$) {
      read$ = read(change.ideaId);
      shared.set(change, read$);
    }
    return read$;
  };

  return {
    prefetch: (change) => {
      sharedRead(change).catch(() => {});
    },
    votersAmong: async (change, userIds) => {
      const rows = await deps.sql<{ userId: number }>`
        SELECT "userId" FROM "Vote"
        WHERE "ideaId" = ${change.ideaId} AND "userId" = ANY(${userIds}::int[])`;
      const voters = new Set(rows.map((row) => Number(row.userId)));
      knownVotes.set(change, { asked: new Set(userIds), voters });
      return voters;
    },
    ideaFor: async (change, viewer) => {
      const found = await sharedRead(change);
      if (!found) return null;
      const { idea, board } = found;
      if (!isIdeaVisibleTo(viewer, idea, board)) return null;
      return {
        ...idea,
        author: found.author,
        duplicateOf: keptIdeaFor(viewer, idea.boardId, found.duplicateOf),
        isHiddenByPlan: found.isHiddenByPlan,
        live: found.live,
        canEdit: canEditIdea(viewer, { authorId: idea.authorId, companyId: board.companyId }),
        canUpdateStatus: canUpdateIdeaStatus(viewer, board.companyId),
        isVotedByMe: viewer ? await hasVoted(change, viewer.userId) : false,
      };
    },
  };
}
