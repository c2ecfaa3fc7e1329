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

/** A pair of idea and customer company whose stored voter count differs from a recount. */
export type TIdeaCustomerMismatch = {
  ideaId: number;
  customerCompanyId: number;
  stored: number;
  actual: number;
};

// The stored pairs against a recount from the votes and their voters' memberships, in one
// statement (one snapshot): a pair missing on either side counts as 0 there.
const PAIR_MISMATCHES = `
  SELECT COALESCE(s."ideaId", r."ideaId") AS "ideaId",
         COALESCE(s."customerCompanyId", r."customerCompanyId") AS "customerCompanyId",
         COALESCE(s."voters", 0) AS "stored", COALESCE(r."voters", 0) AS "actual"
  FROM "IdeaCustomerCompany" s
  FULL JOIN (SELECT v."ideaId", m."customerCompanyId", count(*)::int AS "voters"
             FROM "Vote" v JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
             GROUP BY v."ideaId", m."customerCompanyId") r
    ON r."ideaId" = s."ideaId" AND r."customerCompanyId" = s."customerCompanyId"
  WHERE s."voters" IS DISTINCT FROM r."voters"
  ORDER BY 1, 2`;

/**
 * Compares the stored voter counts of each idea and customer company ("IdeaCustomerCompany",
 * which the ideas' values and the customer segments read) with a recount from the votes and
 * memberships, and answers the differences (none when every writer kept them). With `repair`,
 * sets them to the recount while vote and membership writes wait, and answers what it
 * corrected (the values are checked and repaired by checkIdeaValues).
 */
export async function checkIdeaCustomerCompanies(
  prisma: PrismaClient,
  { repair = false }: { repair?: boolean } = {},
): Promise<TIdeaCustomerMismatch[]> {
  const read = async (db: Pick<Prisma.TransactionClient, '$queryRawUnsafe'>) =>
    (await db.$queryRawUnsafe<TIdeaCustomerMismatch[]>(PAIR_MISMATCHES)).map((row) => ({
      ideaId: Number(row.ideaId),
      customerCompanyId: Number(row.customerCompanyId),
      stored: Number(row.stored),
      actual: Number(row.actual),
    }));
  if (!repair) return read(prisma);
  return prisma.$transaction(async (tx) => {
    // The tables the counts follow, locked against other writers (votes and sign-ins wait a
    // moment), then the pairs set to the recount.
    await tx.$executeRawUnsafe(
      'LOCK TABLE "Idea", "Vote", "CustomerCompanyMember", "IdeaCustomerCompany" IN SHARE ROW EXCLUSIVE MODE',
    );
    const mismatches = await read(tx);
    for (const m of mismatches) {
      if (m.actual === 0) {
        await tx.$executeRaw`
          DELETE FROM "IdeaCustomerCompany"
          WHERE "ideaId" = ${m.ideaId}::int AND "customerCompanyId" = ${m.customerCompanyId}::int`;
      } else {
        await tx.$executeRaw`
          INSERT INTO "IdeaCustomerCompany" ("ideaId", "customerCompanyId", "voters")
          VALUES (${m.ideaId}::int, ${m.customerCompanyId}::int, ${m.actual}::int)
          ON CONFLICT ("ideaId", "customerCompanyId") DO UPDATE SET "voters" = EXCLUDED."voters"`;
      }
    }
    return mismatches;
  });
}
