import DataLoader from 'dataloader';
import type { TSql } from '../db/sql.ts';
import type { BoardStatus } from '../generated/prisma/client.ts';
import type { TAuthor } from '../services/idea/find-idea-views.ts';

/**
 * What Idea's and Comment's fields read beside their own row, for rows that did not come with
 * it: one statement per kind for all the rows an execution tick asks about, whichever query
 * (Prisma's or plain SQL) loaded them. The list of `Board.ideas` joins all of it in already.
 */
export type TRelatedRows = {
  /** The author's name and picture (null: the user is gone). */
  author: (userId: number) => Promise<TAuthor | null>;
  /** The kept idea of a duplicate (null: deleted). */
  ideaTitle: (ideaId: number) => Promise<{ id: number; title: string } | null>;
  /** The company a board belongs to (null: deleted). */
  boardCompanyId: (boardId: number) => Promise<number | null>;
  /** A custom status an idea shows (null: deleted). */
  boardStatus: (statusId: number) => Promise<BoardStatus | null>;
};

function batched<TRow extends { id: number }, TValue>(
  load: (ids: readonly number[]) => Promise<TRow[]>,
  pick: (row: TRow) => TValue,
): (id: number) => Promise<TValue | null> {
  // Not cached: a subscription's context lives across events, and names and titles change.
  const loader = new DataLoader<number, TValue | null>(
    async (ids) => {
      const rows = new Map((await load(ids)).map((row) => [Number(row.id), pick(row)]));
      return ids.map((id) => rows.get(id) ?? null);
    },
    { cache: false },
  );
  return (id) => loader.load(id);
}

export function relatedRowsLoader(sql: TSql): TRelatedRows {
  return {
    author: batched(
      (ids) => sql<{ id: number; displayName: string; avatarUrl: string | null }>`
        SELECT "id", "displayName", "avatarUrl" FROM "User" WHERE "id" = ANY(${ids}::int[])`,
      ({ displayName, avatarUrl }) => ({ displayName, avatarUrl }),
    ),
    ideaTitle: batched(
      (ids) => sql<{ id: number; title: string }>`
        SELECT "id", "title" FROM "Idea" WHERE "id" = ANY(${ids}::int[])`,
      ({ id, title }) => ({ id, title }),
    ),
    boardCompanyId: batched(
      (ids) => sql<{ id: number; companyId: number }>`
        SELECT "id", "companyId" FROM "Board" WHERE "id" = ANY(${ids}::int[])`,
      ({ companyId }) => companyId,
    ),
    boardStatus: batched(
      (ids) => sql<BoardStatus>`
        SELECT "id", "boardId", "kind"::text AS "kind", "nameEn", "namePl", "color", "position",
               "createdAt", "updatedAt"
        FROM "BoardStatus" WHERE "id" = ANY(${ids}::int[])`,
      (row) => row,
    ),
  };
}
