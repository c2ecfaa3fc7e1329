import DataLoader from 'dataloader';
import type { TSql } from '../db/sql.ts';
import type { TViewer } from '../viewer.ts';

/** Answers `isVotedByMe` for the ideas an operation resolves: one statement per list. */
export type TVotedByMe = (ideaId: number) => Promise<boolean>;

/**
 * Batches the ideas one tick of execution asks about into one prepared statement. Nothing is
 * cached: a subscription's context lives across events, and the caller's vote may change
 * between two of them. An anonymous caller has voted for nothing and costs no statement.
 */
export function votedByMeLoader(sql: TSql, viewer: TViewer | null): TVotedByMe {
  if (!viewer) return async () => false;
  const { userId } = viewer;
  const loader = new DataLoader<number, boolean>(
    async (ideaIds) => {
      const rows = await sql<{ ideaId: number }>`
        SELECT "ideaId" FROM "Vote"
        WHERE "userId" = ${userId}::int AND "ideaId" = ANY(${ideaIds}::int[])`;
      const voted = new Set(rows.map((row) => Number(row.ideaId)));
      return ideaIds.map((id) => voted.has(id));
    },
    { cache: false },
  );
  return (ideaId) => loader.load(ideaId);
}
