import DataLoader from 'dataloader';
import type { TSql } from '../db/sql.ts';
import type { Board, BoardStatus, Tag } from '../generated/prisma/client.ts';
import type { TKeptIdea } from '../services/access.ts';
import type { TAuthor } from '../services/idea/find-idea-views.ts';

/**
 * What Idea's and Comment's fields read beside their own row, for rows that did not come with
 * it: one statement per kind for all the rows an execution tick asks about, whichever query
 * (Prisma's or plain SQL) loaded them. The list of `Board.ideas` joins all of it in already.
 */
export type TRelatedRows = {
  /** The author's name and picture (null: the user is gone). */
  author: (userId: number) => Promise<TAuthor | null>;
  /** The kept idea of a duplicate, with what namesKeptIdea reads (null: deleted). */
  keptIdea: (ideaId: number) => Promise<TKeptIdea | null>;
  /**
   * A board row, as `board(id:)` answers it (null: deleted): an idea's `board` under a list read
   * its idea again and then its board, two statements per idea (0.8-2.3 s for 100 ideas).
   */
  board: (boardId: number) => Promise<Board | null>;
  /** The company a board belongs to (null: deleted). */
  boardCompanyId: (boardId: number) => Promise<number | null>;
  /** A custom status an idea shows (null: deleted). */
  boardStatus: (statusId: number) => Promise<BoardStatus | null>;
  /** Every tag an idea carries, private ones too (the field filters them), by name. */
  ideaTags: (ideaId: number) => Promise<Tag[]>;
  /**
   * How many public comments and how many internal notes an idea has: one grouped COUNT for
   * every idea of a page (`comments { totalCount }` and `internalNoteCount` under a list). Each
   * was a statement per idea, its count priced as a scalar: a page of 100 ideas with their
   * comments' totalCount took 0.7-2.2 s on the embedded database for 2,869 points (outside
   * attack, issue 33 F1a).
   */
  commentCounts: (ideaId: number) => Promise<TCommentCounts>;
  /** How many votes an idea has (`voters { totalCount }`), counted as commentCounts is. */
  voterCount: (ideaId: number) => Promise<number>;
  /** How many sample ideas a board holds (`Board.sampleIdeaCount`), counted as commentCounts is. */
  sampleIdeaCount: (boardId: number) => Promise<number>;
  /**
   * Whether any board of the company has an idea (services/dashboard/add-sample-ideas.ts
   * companyHasIdeas, for every board of a list at once: `Board.canAddSampleIdeas`).
   */
  companyHasIdeas: (companyId: number) => Promise<boolean>;
};

/** An idea's comments by kind (an internal note is the team's only). */
export type TCommentCounts = { public: number; internal: number };

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
  // Not cached either: a tag put on or taken off shows in the next event's answer.
  const ideaTags = new DataLoader<number, Tag[]>(
    async (ids) => {
      const rows = await sql<Tag & { ideaId: number }>`
        SELECT it."ideaId", t."id", t."companyId", t."name", t."nameKey", t."color",
               t."isPrivate", t."createdAt", t."updatedAt"
        FROM "IdeaTag" it JOIN "Tag" t ON t."id" = it."tagId"
        WHERE it."ideaId" = ANY(${ids}::int[])
        ORDER BY t."nameKey", t."id"`;
      const byIdea = new Map<number, Tag[]>();
      for (const { ideaId, ...tag } of rows) {
        const list = byIdea.get(Number(ideaId)) ?? [];
        list.push(tag);
        byIdea.set(Number(ideaId), list);
      }
      return ids.map((id) => byIdea.get(id) ?? []);
    },
    { cache: false },
  );
  // Grouped counts: an id with no row has none.
  const commentCounts = batched(
    (ids) => sql<{ id: number; public: number; internal: number }>`
      SELECT "ideaId" AS "id",
             (count(*) FILTER (WHERE NOT "isInternal"))::int AS "public",
             (count(*) FILTER (WHERE "isInternal"))::int AS "internal"
      FROM "Comment" WHERE "ideaId" = ANY(${ids}::int[])
      GROUP BY "ideaId"`,
    (row): TCommentCounts => ({ public: Number(row.public), internal: Number(row.internal) }),
  );
  const voterCount = batched(
    (ids) => sql<{ id: number; count: number }>`
      SELECT "ideaId" AS "id", count(*)::int AS "count" FROM "Vote"
      WHERE "ideaId" = ANY(${ids}::int[]) GROUP BY "ideaId"`,
    (row) => Number(row.count),
  );
  const sampleIdeaCount = batched(
    (ids) => sql<{ id: number; count: number }>`
      SELECT "boardId" AS "id", count(*)::int AS "count" FROM "Idea"
      WHERE "boardId" = ANY(${ids}::int[]) AND "isSample" GROUP BY "boardId"`,
    (row) => Number(row.count),
  );
  const companyWithIdeas = batched(
    (ids) => sql<{ id: number }>`
      SELECT "c"."id" FROM unnest(${ids}::int[]) AS "c"("id")
      WHERE EXISTS (SELECT 1 FROM "Idea" "i" JOIN "Board" "b" ON "b"."id" = "i"."boardId"
                    WHERE "b"."companyId" = "c"."id")`,
    () => true,
  );
  return {
    ideaTags: (ideaId) => ideaTags.load(ideaId),
    voterCount: async (ideaId) => (await voterCount(ideaId)) ?? 0,
    commentCounts: async (ideaId) => (await commentCounts(ideaId)) ?? { public: 0, internal: 0 },
    sampleIdeaCount: async (boardId) => (await sampleIdeaCount(boardId)) ?? 0,
    companyHasIdeas: async (companyId) => (await companyWithIdeas(companyId)) ?? false,
    author: batched(
      (ids) => sql<{ id: number; displayName: string; avatarUrl: string | null }>`
        SELECT "id", "displayName", "avatarUrl" FROM "User" WHERE "id" = ANY(${ids}::int[])`,
      ({ displayName, avatarUrl }) => ({ displayName, avatarUrl }),
    ),
    keptIdea: batched(
      (ids) => sql<{
        id: number;
        title: string;
        status: string;
        boardId: number;
        companyId: number;
        isPublic: boolean;
      }>`
        SELECT i."id", i."title", i."status"::text AS "status", i."boardId",
               b."companyId", b."isPublic"
        FROM "Idea" i JOIN "Board" b ON b."id" = i."boardId"
        WHERE i."id" = ANY(${ids}::int[])`,
      ({ id, title, status, boardId, companyId, isPublic }) => ({
        id,
        title,
        status,
        boardId,
        board: { companyId, isPublic },
      }),
    ),
    board: batched(
      (ids) => sql<Board>`SELECT * FROM "Board" WHERE "id" = ANY(${ids}::int[])`,
      (row) => row,
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
