import type { TDeps } from '../../deps.ts';
import type { Board } from '../../generated/prisma/client.ts';
import { PLANNED_PER_EXECUTION, sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { TViewer } from '../../viewer.ts';
import { isAdminOf, isTeamMemberOf } from '../access.ts';
import type { TCutoff, TPlanState } from '../plan/plan-state.ts';
import { segmentCondition, requireTeamForValue } from '../customer/idea-segment.ts';
import { IDEA_STATUSES, listedTagIds } from './idea-input.ts';
import type { TIdeaListParams } from './idea-input.ts';

/** `%text%` for ILIKE, with the pattern characters of the text itself taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * How a search text is matched. A text with a run of three letters or digits is looked for
 * inside titles and descriptions (ILIKE, answered by the trigram indexes); a shorter text has
 * no trigram to look up, and looking for "ui" inside every description read the whole board
 * (outside attack 8, F5), so its words match words that start with them ("ui" finds "UI" and
 * "UIKit", not "build"), through the text-search index. A text without a letter or digit
 * matches nothing.
 */
type TSearchText = { pattern: string; prefixes: null } | { pattern: null; prefixes: string };

function searchText(search: string): TSearchText | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.some((word) => word.length >= 3))
    return { pattern: containsPattern(search), prefixes: null };
  if (words.length === 0) return null;
  return { pattern: null, prefixes: [...new Set(words)].map((word) => `${word}:*`).join(' & ') };
}

/**
 * At most this many matches of a search are found through the search indexes
 * (idea_search_matches, migration 20261129090000_idea_search_matches). Fewer: the list reads
 * exactly those ideas. This many: the text is common, and the list reads the board in its order
 * until the page is full (about 50 of every 2,000 ideas read match, on any board size).
 */
export const SEARCH_MATCHES_CAP = 2_000;

/** A list's parameters with the search's matches found (TIdeaListParams' `searchMatches`). */
const searched = new WeakMap<TIdeaListParams, Promise<TIdeaListParams>>();

/**
 * The list's parameters with `searchMatches` set: the ids of every idea of the board matching
 * the search when there are fewer than SEARCH_MATCHES_CAP, or MANY. Once per parameters object
 * (a page and its count ask once). Without a search, the parameters as they are.
 */
export function withSearchMatches(
  deps: Pick<TDeps, 'sql'>,
  listed: TListedBoard,
  params: TIdeaListParams,
): Promise<TIdeaListParams> {
  if (!params.search || params.searchMatches !== undefined) return Promise.resolve(params);
  let found = searched.get(params);
  if (!found) {
    found = findSearchMatches(deps, listed, params.search).then((searchMatches) => ({
      ...params,
      searchMatches,
    }));
    searched.set(params, found);
  }
  return found;
}

async function findSearchMatches(
  deps: Pick<TDeps, 'sql'>,
  listed: TListedBoard,
  search: string,
): Promise<number[] | 'MANY'> {
  const text = searchText(search);
  if (!text) return [];
  const rows = await deps.sql<{ id: number }>`
    SELECT idea_search_matches(${listed.board.id}::int, ${text.pattern}::text,
                               ${text.prefixes}::text, ${SEARCH_MATCHES_CAP}::int) AS "id"`;
  return rows.length < SEARCH_MATCHES_CAP ? rows.map((row) => Number(row.id)) : 'MANY';
}

/**
 * The search's condition on `i`: the matches found (withSearchMatches), or, for a common text
 * (or parameters whose matches were not looked up), the text itself, which PostgreSQL plans for
 * each execution (PLANNED_PER_EXECUTION).
 */
function searchCondition(params: TIdeaListParams): TSqlPart {
  if (!params.search) return none;
  if (Array.isArray(params.searchMatches)) {
    return sqlPart`AND i."id" = ANY(${params.searchMatches}::int[]) ${PLANNED_PER_EXECUTION}`;
  }
  const text = searchText(params.search);
  if (!text) return sqlFragment('AND FALSE');
  if (text.pattern !== null) {
    return sqlPart`AND (i."title" ILIKE ${text.pattern}::text OR i."description" ILIKE ${text.pattern}::text) ${PLANNED_PER_EXECUTION}`;
  }
  // Written as the text-search index's expression (migration 20261128213000_idea_search_indexes).
  return sqlPart`AND (setweight(to_tsvector('simple'::regconfig, i."title"), 'A') ||
      setweight(to_tsvector('simple'::regconfig, coalesce(i."description", '')), 'D'))
    @@ to_tsquery('simple'::regconfig, ${text.prefixes}::text) ${PLANNED_PER_EXECUTION}`;
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

const none = sqlFragment('');

function statusLiteral(status: string): string {
  if (!(IDEA_STATUSES as string[]).includes(status)) throw new RangeError(`No status ${status}`);
  return status;
}

/**
 * Which ideas a list shows: the caller may see them (ideaVisibleWhere's rule), they are
 * within the plan's cap, of the filtered status (ALL hides DECLINED), matching the search,
 * with a voter in the customer segment (the team's lists only), carrying one of the tags.
 */
export function listedIdeasWhere(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
): TSqlPart {
  const { board } = listed;
  requireTeamForValue(viewer, board.companyId, { sort: 'VOTES', segment: params.segment });
  const cutoff = listCutoff(viewer, listed);
  // Each choice is written into the text rather than passed as a flag (`$n OR …`): the
  // statement is prepared once and PostgreSQL's generic plan, made without the values, cannot
  // drop a flagged branch, so it misjudged how many ideas match and sorted the board's ideas
  // (or planned each execution afresh). idea-page-plan.test.ts checks every shape's plan.
  const showsPending = params.filter === 'ALL' || params.filter === 'NOT_PUBLIC';
  const visible =
    !showsPending || isTeamMemberOf(viewer, board.companyId)
      ? none
      : viewer
        ? sqlPart`AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = ${viewer.userId}::int)`
        : sqlFragment(`AND i."status" <> 'NOT_PUBLIC'`);
  const withinCap = cutoff
    ? sqlPart`AND (i."status" = 'NOT_PUBLIC'
         OR (i."createdAt", i."id") <= (${cutoff.createdAt.toISOString()}::timestamp, ${cutoff.id}::int))`
    : none;
  // The status as a literal (one of seven), so the plan knows how common it is.
  const ofStatus =
    params.filter === 'ALL'
      ? sqlFragment(`AND i."status" <> 'DECLINED'`)
      : sqlFragment(`AND i."status" = '${statusLiteral(params.filter)}'`);
  // The team's "Awaiting acceptance" filter is the moderation queue's: a rejected idea has left
  // it (issue 34); its author still finds it in the widget. The console's ALL leaves rejected
  // ideas out too, and its "Not accepted" filter lists them alone (`rejected`).
  const notRejected =
    params.rejected === 'ONLY'
      ? sqlFragment(`AND i."rejectedAt" IS NOT NULL`)
      : hidesRejected(viewer, board.companyId, params)
        ? sqlFragment(`AND i."rejectedAt" IS NULL`)
        : none;
  const matching = searchCondition(params);
  return sqlPart`
    i."boardId" = ${board.id}::int
    ${visible} ${withinCap} ${ofStatus} ${notRejected} ${matching} ${segmentCondition(board.companyId, params.segment)}
    ${taggedCondition(viewer, board.companyId, listedTagIds(params))}`;
}

/**
 * Whether the team's list leaves out the ideas rejected from the queue: its "Awaiting
 * acceptance" filter always, its ALL when the list asks (GraphQL; REST's ALL keeps them).
 */
export function hidesRejected(
  viewer: TViewer | null,
  companyId: number,
  params: Pick<TIdeaListParams, 'filter' | 'rejected'>,
): boolean {
  if (!isTeamMemberOf(viewer, companyId) || params.rejected === 'ONLY') return false;
  return (
    params.filter === 'NOT_PUBLIC' || (params.filter === 'ALL' && params.rejected === 'HIDDEN')
  );
}

/**
 * Whether the idea `alias` is one the caller may see on the listed board at all, whatever the
 * list's filter and search: ideaVisibleWhere's rule (accepted, or the caller's own, or the
 * caller is the company's team) and the plan's cap as the list applies it. A page cursor must
 * name such an idea: a cursor made from someone else's idea awaiting acceptance, or from an
 * idea past the cap, would otherwise page around it and tell its votes and age.
 */
export function seenOnBoardCondition(
  viewer: TViewer | null,
  listed: TListedBoard,
  alias: 'ci',
): TSqlPart {
  const { board } = listed;
  const a = (column: string) => sqlFragment(`${alias}."${column}"`);
  const visible = isTeamMemberOf(viewer, board.companyId)
    ? none
    : viewer
      ? sqlPart`AND (${a('status')} <> 'NOT_PUBLIC' OR ${a('authorId')} = ${viewer.userId}::int)`
      : sqlPart`AND ${a('status')} <> 'NOT_PUBLIC'`;
  const cutoff = listCutoff(viewer, listed);
  const withinCap = cutoff
    ? sqlPart`AND (${a('status')} = 'NOT_PUBLIC'
         OR (${a('createdAt')}, ${a('id')}) <= (${cutoff.createdAt.toISOString()}::timestamp, ${cutoff.id}::int))`
    : none;
  return sqlPart`${a('boardId')} = ${board.id}::int ${visible} ${withinCap}`;
}

/**
 * Only ideas carrying one of `tagIds` (none given: no condition). A private tag counts for the
 * team of the board's company only, so anyone else asking for one gets an empty list and
 * learns nothing about which ideas carry it.
 */
function taggedCondition(viewer: TViewer | null, companyId: number, tagIds: number[]): TSqlPart {
  if (tagIds.length === 0) return none;
  const visible = isTeamMemberOf(viewer, companyId) ? none : sqlFragment('AND NOT t."isPrivate"');
  return sqlPart`AND EXISTS (SELECT 1 FROM "IdeaTag" it JOIN "Tag" t ON t."id" = it."tagId"
         WHERE it."ideaId" = i."id" AND it."tagId" = ANY(${tagIds}::int[]) ${visible})`;
}
