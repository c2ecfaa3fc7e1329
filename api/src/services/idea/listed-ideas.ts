import type { Board } from '../../generated/prisma/client.ts';
import { sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { TViewer } from '../../viewer.ts';
import { isAdminOf } from '../access.ts';
import type { TCutoff, TPlanState } from '../plan/plan-state.ts';
import type { TIdeaListParams } from './idea-input.ts';

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The board a list reads, with its company's plan (findVisibleBoardWithPlan's answer).
 * `includeHiddenByPlan` keeps the ideas past the plan's cap in the list: the console's admin
 * list shows them as locked rows (Idea.isHiddenByPlan) so nothing vanishes from the admin's
 * view; readers of the board (REST, widget, public pages) never get them.
 */
export type TListedBoard = {
  board: Pick<Board, 'id' | 'companyId'>;
  plan: TPlanState;
  includeHiddenByPlan?: boolean;
};

/** The newest idea a list shows under the plan's cap (null: no cap cuts the list). */
export function listCutoff(viewer: TViewer | null, listed: TListedBoard): TCutoff | null {
  const { board, plan } = listed;
  return listed.includeHiddenByPlan && isAdminOf(viewer, board.companyId) ? null : plan.ideaCutoff;
}

/**
 * Which ideas a list shows: the caller may see them (ideaVisibleWhere's rule), they are
 * within the plan's cap, of the filtered status (ALL hides DECLINED), matching the search.
 */
export function listedIdeasWhere(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
): TSqlPart {
  const { board } = listed;
  // Keeping hidden ideas reads as "no cutoff": the statement's text stays the same (the bench's
  // baseline runs it word for word), only the parameter differs.
  const cutoff = listCutoff(viewer, listed);
  const search = params.search ? containsPattern(params.search) : null;
  return sqlPart`
    i."boardId" = ${board.id}::int
    AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = ${viewer?.userId ?? 0}::int
         OR ${isAdminOf(viewer, board.companyId)}::boolean)
    AND (${cutoff === null}::boolean OR i."status" = 'NOT_PUBLIC'
         OR (i."createdAt", i."id") <= (${cutoff?.createdAt.toISOString() ?? null}::timestamp, ${cutoff?.id ?? 0}::int))
    AND (CASE WHEN ${params.filter}::text = 'ALL' THEN i."status" <> 'DECLINED'
              ELSE i."status"::text = ${params.filter}::text END)
    AND (${search}::text IS NULL OR i."title" ILIKE ${search}::text
         OR i."description" ILIKE ${search}::text)`;
}
