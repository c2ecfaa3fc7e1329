import type { TDeps } from '../../deps.ts';
import { sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { IdeaStatus } from '../../generated/prisma/enums.ts';
import { isTeamMemberOf } from '../access.ts';
import { isSegmentSet } from '../customer/idea-segment.ts';
import type { TViewer } from '../../viewer.ts';
import { hidesRejected, listCutoff, listedIdeasWhere, withSearchMatches } from './listed-ideas.ts';
import type { TListedBoard } from './listed-ideas.ts';
import { IDEA_STATUSES, listedTagIds } from './idea-input.ts';
import type { TIdeaListParams } from './idea-input.ts';

/** A list of statuses as one PostgreSQL array literal (`{OPEN,REVIEW}`), one parameter. */
function statusArray(statuses: readonly IdeaStatus[]): string {
  return `{${statuses.join(',')}}`;
}

/**
 * How many ideas a list holds over all its pages, exactly as counting listedIdeasWhere's rows
 * would (countListedIdeasByScan), without reading the board's ideas: the board's counters by
 * status (BoardIdeaCount, kept by triggers in the writes' own transactions), plus two small
 * index reads where the counters cannot answer. Under a plan cap the visible ideas are the
 * company's oldest few hundred at most, so they are counted by range; a reader's own ideas
 * awaiting acceptance are counted through the author index. Only a text search, a customer
 * segment or a tag counts rows, as its page must read them anyway.
 */
export async function countListedIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  options: TCountOptions = {},
): Promise<number> {
  params = await withSearchMatches(deps, listed, params);
  const [row] = await deps.sql<{
    count: number;
  }>`${listedIdeasCount(viewer, listed, params, options)}`;
  return row?.count ?? 0;
}

/**
 * `searchCap`: a text search counts at most this many matches and one more (so the answer
 * says "more than searchCap" without reading every match: REST's page, outside attack 7 F2).
 */
export type TCountOptions = { searchCap?: number };

/**
 * countListedIdeas's statement, one row with the int column `count` (the REST page runs it
 * inside its own statement: rest/idea-page-json.ts).
 */
export function listedIdeasCount(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  options: TCountOptions = {},
): TSqlPart {
  if (params.search && options.searchCap !== undefined) {
    return cappedScanCount(viewer, listed, params, options.searchCap);
  }
  if (
    params.search ||
    params.rejected === 'ONLY' ||
    isSegmentSet(params.segment) ||
    listedTagIds(params).length > 0
  ) {
    return scanCount(viewer, listed, params);
  }
  const { board } = listed;
  const isTeam = isTeamMemberOf(viewer, board.companyId);
  const cutoff = listCutoff(viewer, listed);
  const shown = IDEA_STATUSES.filter((status) =>
    params.filter === 'ALL' ? status !== 'DECLINED' : status === params.filter,
  );
  const showsPending = shown.includes('NOT_PUBLIC');
  // Accepted ideas: all of each shown status (no cap in force), or those up to the cutoff.
  const accepted = shown.filter((status) => status !== 'NOT_PUBLIC');
  // Pending ideas are never hidden by the cap; the team sees them all, readers their own.
  const counted = [
    ...(cutoff ? [] : accepted),
    ...(showsPending && isTeam ? ['NOT_PUBLIC' as const] : []),
  ];
  const ownPendingOf = showsPending && !isTeam && viewer ? viewer.userId : null;
  // The range and own-pending reads are written into the text only when the list needs them
  // (as the page statement writes its choices): a part that reads nothing still costs the
  // generic plan its estimate, which then always lost to a plan made for the values, so
  // PostgreSQL planned the count afresh on every execution, and the REST page with it
  // (rest/idea-page-json.ts runs this count inside its statement).
  const inRange = cutoff
    ? sqlPart`
          + (SELECT count(*) FROM "Idea" i
             WHERE i."boardId" = ${board.id}::int AND i."status" = ANY(${statusArray(accepted)}::"IdeaStatus"[])
               AND i."createdAt" <= ${cutoff.createdAt.toISOString()}::timestamp
               AND (i."createdAt" < ${cutoff.createdAt.toISOString()}::timestamp OR i."id" <= ${cutoff.id}::int))`
    : sqlFragment('');
  const ownPending =
    ownPendingOf === null
      ? sqlFragment('')
      : sqlPart`
          + (SELECT count(*) FROM "Idea" i
             WHERE i."authorId" = ${ownPendingOf}::int AND i."boardId" = ${board.id}::int
               AND i."status" = 'NOT_PUBLIC')`;
  // The team's "Awaiting acceptance" leaves out rejected ideas (listedIdeasWhere): the counters
  // count them among NOT_PUBLIC, so they are taken off (a few rows of the status index).
  const rejected = hidesRejected(viewer, board.companyId, params)
    ? sqlPart`
          - (SELECT count(*) FROM "Idea" i
             WHERE i."boardId" = ${board.id}::int AND i."status" = 'NOT_PUBLIC'
               AND i."rejectedAt" IS NOT NULL)`
    : sqlFragment('');
  return sqlPart`
    SELECT ((SELECT coalesce(sum(c."ideaCount"), 0) FROM "BoardIdeaCount" c
             WHERE c."boardId" = ${board.id}::int AND c."status" = ANY(${statusArray(counted)}::"IdeaStatus"[]))${inRange}${ownPending}${rejected})::int AS "count"`;
}

/** The same count by reading every row of the list (a search; and the reference the bench runs). */
export async function countListedIdeasByScan(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
): Promise<number> {
  params = await withSearchMatches(deps, listed, params);
  const [row] = await deps.sql<{ count: number }>`${scanCount(viewer, listed, params)}`;
  return row?.count ?? 0;
}

function scanCount(viewer: TViewer | null, listed: TListedBoard, params: TIdeaListParams) {
  return sqlPart`
    SELECT count(*)::int AS "count" FROM "Idea" i WHERE ${listedIdeasWhere(viewer, listed, params)}`;
}

/** At most `cap` + 1 of the list's rows counted: a search's count bounded in cost. */
function cappedScanCount(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  cap: number,
) {
  return sqlPart`
    SELECT count(*)::int AS "count" FROM (
      SELECT 1 FROM "Idea" i WHERE ${listedIdeasWhere(viewer, listed, params)}
      LIMIT ${cap + 1}::int) AS counted`;
}
