import type { TDeps } from '../deps.ts';
import { sqlFragment, sqlPart } from '../db/sql.ts';
import type { TSqlPart } from '../db/sql.ts';
import { canUpdateIdeaStatus, findVisibleBoardWithPlan, isAdminOf } from '../services/access.ts';
import { listedIdeasCount } from '../services/idea/count-listed-ideas.ts';
import { ZIdeaPageParams, ideaPageStatement } from '../services/idea/find-idea-views.ts';
import type { TIdeaListParams } from '../services/idea/idea-input.ts';
import type { TListedBoard } from '../services/idea/listed-ideas.ts';
import { parseInput } from '../validation.ts';
import type { TViewer } from '../viewer.ts';

/**
 * `GET /api/v1/ideas/`'s answer written by PostgreSQL: the page statement (ideaPageStatement)
 * and the count (listedIdeasCount) run as one statement that returns the JSON text of the
 * IdeaPage, field for field what presentIdea and findIdeasPage build (idea-page-json.test.ts
 * compares the two over every sort, filter, offset and kind of caller). The server then parses
 * no rows, makes no Date and no object per idea and stringifies nothing, and sends one statement
 * where the page and the count took two: 28 % of the page's server CPU in the bench's profile
 * (issue 22).
 */
export async function findIdeasPageJson(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
): Promise<string> {
  const params = parseInput(ZIdeaPageParams, rawParams);
  const listed = await findVisibleBoardWithPlan(deps, viewer, boardId);
  const [row] = await deps.sql<{ page: string }>`${ideaPageJsonStatement(viewer, listed, params)}`;
  if (!row) throw new Error('The idea page statement answered no row');
  return row.page;
}

/** An ISO 8601 instant as Date.toISOString writes it (the columns hold UTC, milliseconds). */
const iso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** presentIdea's canEdit: admins of the board's company, and the idea's author. */
function canEditColumn(viewer: TViewer | null, companyId: number): TSqlPart {
  if (!viewer) return sqlFragment('false');
  if (isAdminOf(viewer, companyId)) return sqlFragment('true');
  return sqlPart`coalesce(p."authorId" = ${viewer.userId}::int, false)`;
}

/** findIdeasPageJson's statement (idea-page-plan.test.ts checks its plan). */
export function ideaPageJsonStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams & { limit: number; offset: number },
): TSqlPart {
  const { limit, offset } = params;
  const { companyId } = listed.board;
  const canUpdateStatus = canUpdateIdeaStatus(viewer, companyId) ? 'true' : 'false';
  // declineDetailsOf: DECLINED with a reason; the kept idea only for DUPLICATE, and only when
  // it still exists (its title joined in). Never null in that branch: the reason is set.
  const duplicate = `(p."declineReason" = 'DUPLICATE' AND p."duplicateOfId" IS NOT NULL AND p."duplicateTitle" IS NOT NULL)`;
  return sqlPart`
    WITH p AS (
      SELECT q.*, row_number() OVER () AS "ordinal" FROM (${ideaPageStatement(viewer, listed, params, { limit, offset })}) q
    ), c AS (${listedIdeasCount(viewer, listed, params)}), n AS (SELECT count(*)::int AS "rows" FROM p)
    SELECT json_build_object(
      'ideas', coalesce((
        SELECT json_agg(json_build_object(
          'id', p."id",
          'title', p."title",
          'description', p."description",
          'status', p."status",
          'author', CASE WHEN p."authorName" IS NULL THEN NULL
                         ELSE json_build_object('displayName', p."authorName") END,
          'voteCount', p."voteCount",
          'isVotedByMe', p."isVotedByMe",
          'commentCount', p."commentCount",
          'createdAt', ${sqlFragment(iso('p."createdAt"'))},
          'canEdit', ${canEditColumn(viewer, companyId)},
          'canUpdateStatus', ${sqlFragment(canUpdateStatus)},
          'declineDetails', CASE WHEN p."status" = 'DECLINED' AND p."declineReason" IS NOT NULL
            THEN json_build_object(
              'reason', p."declineReason",
              'comment', p."declineComment",
              'declinedDuplicateIdeaId', CASE WHEN ${sqlFragment(duplicate)} THEN p."duplicateOfId" END,
              'declinedDuplicateIdeaFound', ${sqlFragment(duplicate)},
              'declinedDuplicateIdeaTitle', CASE WHEN ${sqlFragment(duplicate)} THEN p."duplicateTitle" END,
              'declinedAt', ${sqlFragment(iso('coalesce(p."declinedAt", p."updatedAt")'))}) END,
          'customStatus', CASE WHEN p."customStatusId" IS NULL THEN NULL
            ELSE json_build_object('id', p."customStatusId",
                                   'name', coalesce(p."customStatusName", ''),
                                   'color', coalesce(p."customStatusColor", '')) END,
          'tags', p."tags") ORDER BY p."ordinal")
        FROM p), '[]'::json),
      'totalCount', c."count",
      'limit', ${limit}::int,
      'offset', ${offset}::int,
      'nextOffset', CASE WHEN ${offset}::int + n."rows" < c."count" THEN ${offset}::int + n."rows" END
    )::text AS "page"
    FROM c, n`;
}
