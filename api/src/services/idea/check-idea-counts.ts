import type { PrismaClient } from '../../generated/prisma/client.ts';

/** A board's counter for one status that differs from its ideas: what it holds and what it should. */
export type TIdeaCountMismatch = {
  boardId: number;
  status: string;
  stored: number;
  actual: number;
};

// One statement, so the counters and the ideas are read in one snapshot: the triggers change
// both in the same transaction, so a committed state never shows a false difference.
const MISMATCHES = `
  SELECT coalesce(a."boardId", c."boardId") AS "boardId",
         coalesce(a."status", c."status")::text AS "status",
         coalesce(c."ideaCount", 0)::int AS "stored", coalesce(a."n", 0)::int AS "actual"
  FROM (SELECT "boardId", "status", count(*)::int AS "n" FROM "Idea" GROUP BY "boardId", "status") a
  FULL JOIN "BoardIdeaCount" c ON c."boardId" = a."boardId" AND c."status" = a."status"
  WHERE coalesce(c."ideaCount", 0) <> coalesce(a."n", 0)
  ORDER BY 1, 2`;

/**
 * Compares every board's idea counters (BoardIdeaCount) with a recount of its ideas and answers
 * the differences (none when the triggers kept them). With `repair`, sets the counters to the
 * recount while idea writes wait (a share lock on "Idea"), and answers what it corrected.
 */
export async function checkIdeaCounts(
  prisma: PrismaClient,
  { repair = false }: { repair?: boolean } = {},
): Promise<TIdeaCountMismatch[]> {
  if (!repair) return prisma.$queryRawUnsafe<TIdeaCountMismatch[]>(MISMATCHES);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('LOCK TABLE "Idea" IN SHARE MODE');
    const mismatches = await tx.$queryRawUnsafe<TIdeaCountMismatch[]>(MISMATCHES);
    await tx.$executeRawUnsafe(`
      INSERT INTO "BoardIdeaCount" ("boardId", "status", "ideaCount")
      SELECT "boardId", "status", count(*)::int FROM "Idea" GROUP BY "boardId", "status"
      ON CONFLICT ("boardId", "status") DO UPDATE SET "ideaCount" = EXCLUDED."ideaCount"`);
    await tx.$executeRawUnsafe(`
      UPDATE "BoardIdeaCount" c SET "ideaCount" = 0
      WHERE c."ideaCount" <> 0 AND NOT EXISTS (
        SELECT 1 FROM "Idea" i WHERE i."boardId" = c."boardId" AND i."status" = c."status")`);
    return mismatches;
  });
}
