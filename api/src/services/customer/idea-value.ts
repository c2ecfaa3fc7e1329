import { sqlFragment } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMemberOf } from '../access.ts';

/**
 * An idea's value: the summed monthly spend of the DISTINCT customer companies behind its votes
 * (a customer with three voters counts once), as a SQL expression over the idea row `idea`
 * (IDEA_VALUE_SQL: over `i`). It reads the votes and memberships as they are when the
 * statement runs, so no stored total can drift under concurrent votes or spend edits. Read
 * in the list's own statement (find-idea-views.ts), so a page costs no statement more.
 */
export function ideaValueSql(idea: string): string {
  return `(SELECT COALESCE(sum(cc."monthlySpend"), 0)::float8
     FROM "CustomerCompany" cc
     WHERE cc."id" IN (SELECT m."customerCompanyId" FROM "Vote" v
                       JOIN "CustomerCompanyMember" m ON m."userId" = v."userId"
                       WHERE v."ideaId" = ${idea}."id"))`;
}
export const IDEA_VALUE_SQL = ideaValueSql('i');

/** The value column of a page for the company's team; nothing for anyone else. */
export function ideaValueColumn(
  viewer: TViewer | null,
  companyId: number,
  expression = IDEA_VALUE_SQL,
): TSqlPart {
  return sqlFragment(isTeamMemberOf(viewer, companyId) ? `, ${expression} AS "value"` : '');
}

export type TVoterCompany = {
  id: number;
  name: string;
  monthlySpend: number;
  plan: string | null;
  /** How many of the idea's voters work for it. */
  voterCount: number;
};

/** One idea's value (see IDEA_VALUE_SQL); the caller has checked the viewer is on the team. */
export async function findIdeaValue(deps: Pick<TDeps, 'sql'>, ideaId: number): Promise<number> {
  const [row] = await deps.sql<{ value: number }>`
    SELECT ${sqlFragment(IDEA_VALUE_SQL)} AS "value" FROM "Idea" i WHERE i."id" = ${ideaId}::int`;
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
