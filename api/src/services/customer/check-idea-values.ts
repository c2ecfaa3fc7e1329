import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';

/** An idea whose stored value differs from a recount: what it holds and what it should. */
export type TIdeaValueMismatch = {
  ideaId: number;
  boardId: number;
  stored: number;
  actual: number;
};

// One statement, so the stored values and the votes, memberships and spends they are recounted
// from are read in one snapshot (idea_customer_value is STABLE): every write keeps a value in
// the transaction that moves it, so a committed state never shows a false difference.
const MISMATCHES = `
  SELECT r."id" AS "ideaId", r."boardId", r."value" AS "stored", r."actual"
  FROM (SELECT i."id", i."boardId", i."value", idea_customer_value(i."id") AS "actual"
        FROM "Idea" i) r
  WHERE r."value" <> r."actual"
  ORDER BY r."id"`;

/**
 * Compares every idea's stored value (Idea.value) with a recount from its votes, their voters'
 * customer companies and those companies' spends, and answers the differences (none when every
 * writer kept them). With `repair`, sets the values to the recount while idea writes wait (the
 * table locked against other writers, so votes wait a moment), and answers what it corrected.
 */
export async function checkIdeaValues(
  prisma: PrismaClient,
  { repair = false }: { repair?: boolean } = {},
): Promise<TIdeaValueMismatch[]> {
  const read = async (db: Pick<Prisma.TransactionClient, '$queryRawUnsafe'>) =>
    (await db.$queryRawUnsafe<TIdeaValueMismatch[]>(MISMATCHES)).map((row) => ({
      ideaId: Number(row.ideaId),
      boardId: Number(row.boardId),
      stored: Number(row.stored),
      actual: Number(row.actual),
    }));
  if (!repair) return read(prisma);
  return prisma.$transaction(async (tx) => {
    // SHARE ROW EXCLUSIVE: no other transaction writes ideas meanwhile (nor a second repair),
    // while this one may.
    await tx.$executeRawUnsafe('LOCK TABLE "Idea" IN SHARE ROW EXCLUSIVE MODE');
    const mismatches = await read(tx);
    if (mismatches.length) {
      await tx.$executeRaw`
        UPDATE "Idea" SET "value" = idea_customer_value("id")
        WHERE "id" = ANY(${mismatches.map((m) => m.ideaId)}::int[])`;
    }
    return mismatches;
  });
}
