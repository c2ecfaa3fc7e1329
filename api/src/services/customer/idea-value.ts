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
 * kept in the transaction of every write that can move it, by the triggers of migration
 * idea_customer_company, from "IdeaCustomerCompany" (how many of an idea's voters work for each
 * customer company):
 *
 * - votes added or removed (a vote, a vote on behalf, a merge and its undo, an import, a block
 *   that removes votes, an erasure): the pairs of the voters' companies move by one, and only
 *   when a pair appears or goes is the idea's value set again, from its pairs (one row per
 *   customer company, never one per vote: a vote costs the same on an idea with 100,000 votes);
 * - who works for a company (console edits, the CSV import, SSO sign-ins): the pairs of the
 *   ideas the people voted for, those ideas locked first;
 * - a company's spend: the values of the ideas it stands behind, those ideas locked first.
 *
 * A membership or spend change reads votes that a concurrent vote may not have committed yet,
 * so the two are ordered by a lock per company (CUSTOMER_VALUE_LOCK): spend and membership
 * writers take it exclusively (lockCustomerValues), and whatever adds votes takes it shared
 * first (customerValueGuard in the vote statements, lockCustomerValuesShared for merges and
 * imports), so votes never wait on each other. Removals need no guard: every statement that
 * removes votes moves its ideas' counts, so it holds the ideas' rows, and a membership writer
 * locks the ideas of the votes it reads before it reads them: one of the two waits for the
 * other, and the vote is counted out exactly once. idea_customer_value() (migration
 * idea_value) stays the one definition: `npm run db:idea-counts` checks the stored values
 * and pairs against a recount from the votes and repairs them.
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
 * spends or memberships takes it first, before any row lock, so no vote is added meanwhile
 * while its triggers read votes.
 */
export async function lockCustomerValues(tx: TTx, companyId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CUSTOMER_VALUE_LOCK}::int, ${companyId}::int)`;
}

/**
 * Holds the company's value lock shared until the transaction ends: a write that adds votes
 * other than through the vote statements (a merge, its undo, an import) takes it first,
 * before any row lock, so no spend or membership change misses the votes it adds.
 */
export async function lockCustomerValuesShared(tx: TTx, companyId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${CUSTOMER_VALUE_LOCK}::int, ${companyId}::int)`;
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
 * each has (the idea's IdeaCustomerCompany rows: one per company, not one per vote); the
 * caller has checked the viewer is on the team.
 */
export async function findVoterCompanies(deps: TDeps, ideaId: number): Promise<TVoterCompany[]> {
  const rows = await deps.sql<TVoterCompany>`
    SELECT cc."id", cc."name", cc."monthlySpend"::float8 AS "monthlySpend", cc."plan",
           x."voters" AS "voterCount"
    FROM "IdeaCustomerCompany" x
    JOIN "CustomerCompany" cc ON cc."id" = x."customerCompanyId"
    WHERE x."ideaId" = ${ideaId}::int
    ORDER BY cc."monthlySpend" DESC, cc."name" ASC, cc."id" ASC`;
  return rows.map((row) => ({ ...row, monthlySpend: Number(row.monthlySpend) }));
}
