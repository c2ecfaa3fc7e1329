import { sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMemberOf } from '../access.ts';

/**
 * An idea's value is the summed monthly spend of the DISTINCT customer companies behind its
 * votes (a customer with three voters counts once). It is stored on the idea (`Idea.value`),
 * so a list sorted by value reads an index instead of recounting every idea of the board, and
 * kept in the transaction of every write that can move it:
 *
 * - votes added or removed (a vote, a vote on behalf, a merge and its undo, a block that removes
 *   votes, an erasure): each of these moves "voteCount" in the same statement, and the trigger
 *   of migration idea_value sets the value in that row version, once the row is locked, from a
 *   fresh snapshot (idea_customer_value(), the one definition of the value);
 * - a customer company's spend, and who works for it (console edits, the CSV import, SSO
 *   sign-ins): recomputeIdeaValues, for the ideas with a vote by the people concerned.
 *
 * The last kind reads votes that a concurrent vote may not have committed yet, so the two are
 * ordered by a lock per company (CUSTOMER_VALUE_LOCK): spend and membership writers take it
 * exclusively (lockCustomerValues), and whatever adds votes takes it shared first
 * (customerValueGuard in the vote statements, lockCustomerValuesShared for merges), so votes
 * never wait on each other. Removals need no guard: the recompute sees the vote they remove
 * and waits on the idea's row. `npm run db:idea-counts` checks the stored values against a
 * recount and repairs them.
 */

/** The advisory lock space (the first key of pg_advisory_xact_lock's two) for values. */
const CUSTOMER_VALUE_LOCK = 0x56414c55;

/**
 * The company's value lock taken shared, as the body of a CTE for a statement that adds votes:
 * `guard AS (${customerValueGuard(companyId)})`, read by the statement's first row lock (the
 * voter's `FOR SHARE` under `EXISTS (SELECT 1 FROM guard)`), so it comes before any row lock.
 */
export function customerValueGuard(companyId: number): TSqlPart {
  return sqlPart`SELECT pg_advisory_xact_lock_shared(${sqlFragment(String(CUSTOMER_VALUE_LOCK))}, ${companyId}::int)`;
}

type TTx = Pick<Prisma.TransactionClient, '$queryRaw' | '$executeRaw'>;

/**
 * Holds the company's value lock exclusively until the transaction ends: a writer of customer
 * spends or memberships takes it first, before any row lock, then recomputes
 * (recomputeIdeaValues) with no vote being added meanwhile.
 */
export async function lockCustomerValues(tx: TTx, companyId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CUSTOMER_VALUE_LOCK}::int, ${companyId}::int)`;
}

/**
 * Holds the company's value lock shared until the transaction ends: a write that adds votes
 * other than through the vote statements (a merge, its undo) takes it first, before any row
 * lock, so no spend or membership change misses the votes it adds.
 */
export async function lockCustomerValuesShared(tx: TTx, companyId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${CUSTOMER_VALUE_LOCK}::int, ${companyId}::int)`;
}

/**
 * Recomputes the stored value of every idea with a vote by one of `userIds` or by a member of
 * one of `customerCompanyIds`, inside the caller's transaction (which holds lockCustomerValues):
 * the ideas are locked first, in id order (two writers never wait on each other in opposite
 * orders), and recounted in the next statement, whose snapshot then holds every vote committed
 * on them. Answers how many values changed.
 */
export async function recomputeIdeaValues(
  tx: TTx,
  { userIds = [], customerCompanyIds = [] }: { userIds?: number[]; customerCompanyIds?: number[] },
): Promise<number> {
  if (userIds.length === 0 && customerCompanyIds.length === 0) return 0;
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT i."id" FROM "Idea" i
    WHERE i."id" IN (
      SELECT v."ideaId" FROM "Vote" v WHERE v."userId" = ANY(${userIds}::int[])
      UNION
      SELECT v."ideaId" FROM "Vote" v
      JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
      WHERE m."customerCompanyId" = ANY(${customerCompanyIds}::int[]))
    ORDER BY i."id"
    FOR UPDATE OF i`;
  if (locked.length === 0) return 0;
  return tx.$executeRaw`
    UPDATE "Idea" i SET "value" = r."value"
    FROM (SELECT "id", idea_customer_value("id") AS "value"
          FROM unnest(${locked.map((row) => row.id)}::int[]) AS t("id")) r
    WHERE i."id" = r."id" AND i."value" <> r."value"`;
}

/** The value column of a page for the company's team; nothing for anyone else. */
export function ideaValueColumn(viewer: TViewer | null, companyId: number): TSqlPart {
  return sqlFragment(isTeamMemberOf(viewer, companyId) ? `, i."value" AS "value"` : '');
}

export type TVoterCompany = {
  id: number;
  name: string;
  monthlySpend: number;
  plan: string | null;
  /** How many of the idea's voters work for it. */
  voterCount: number;
};

/** One idea's stored value; the caller has checked the viewer is on the team. */
export async function findIdeaValue(deps: Pick<TDeps, 'sql'>, ideaId: number): Promise<number> {
  const [row] = await deps.sql<{ value: number }>`
    SELECT i."value" FROM "Idea" i WHERE i."id" = ${ideaId}::int`;
  return Number(row?.value ?? 0);
}

/**
 * The customer companies behind an idea's votes, biggest spend first, with how many voters
 * each has; the caller has checked the viewer is on the team.
 */
export async function findVoterCompanies(deps: TDeps, ideaId: number): Promise<TVoterCompany[]> {
  const rows = await deps.sql<TVoterCompany>`
    SELECT cc."id", cc."name", cc."monthlySpend"::float8 AS "monthlySpend", cc."plan",
           count(*)::int AS "voterCount"
    FROM "Vote" v
    JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
    JOIN "CustomerCompany" cc ON cc."id" = m."customerCompanyId"
    WHERE v."ideaId" = ${ideaId}::int
    GROUP BY cc."id"
    ORDER BY cc."monthlySpend" DESC, cc."name" ASC, cc."id" ASC`;
  return rows.map((row) => ({ ...row, monthlySpend: Number(row.monthlySpend) }));
}
