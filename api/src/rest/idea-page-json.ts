import type { TDeps } from '../deps.ts';
import { sqlFragment, sqlPart } from '../db/sql.ts';
import type { TSqlPart } from '../db/sql.ts';
import {
  canEditIdea,
  canUpdateIdeaStatus,
  findVisibleBoardWithPlan,
  isAdminOf,
} from '../services/access.ts';
import { countListedIdeas, listedIdeasCount } from '../services/idea/count-listed-ideas.ts';
import {
  ZIdeaPageParams,
  cardRowView,
  ideaPageFreshStatement,
  ideaPageStatement,
} from '../services/idea/find-idea-views.ts';
import { cardsOf } from '../services/idea/idea-cards.ts';
import type { TCardRow, TFreshRow, TIdeaCard } from '../services/idea/idea-cards.ts';
import { presentIdea } from './presenters.ts';
import type { TIdeaListParams } from '../services/idea/idea-input.ts';
import type { TListedBoard } from '../services/idea/listed-ideas.ts';
import { parseInput } from '../validation.ts';
import type { TViewer } from '../viewer.ts';

/**
 * `GET /api/v1/ideas/`'s answer as JSON text: the page's fresh rows and its count in one
 * statement, each idea's card from memory (services/idea/idea-cards.ts), the JSON written from
 * pieces kept with the card. Field for field what presentIdea and findIdeasPage build
 * (idea-page-json.test.ts compares them over every sort, filter, offset and kind of caller, and
 * after each kind of change). When the cards cannot be used, PostgreSQL writes the whole answer
 * (ideaPageJsonStatement).
 */
export async function findIdeasPageJson(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
): Promise<string> {
  const params = parseInput(ZIdeaPageParams, rawParams);
  const listed = await findVisibleBoardWithPlan(deps, viewer, boardId);
  const { limit, offset } = params;
  const rows = await deps.sql<
    TFreshRow & { contentVersion: string; totalCount: number }
  >`${ideaPageRestStatement(viewer, listed, params)}`;
  if (rows.length === 0) {
    const totalCount = await countListedIdeas(deps, viewer, listed, params);
    return pageJson([], totalCount, limit, offset);
  }
  const cards = await cardsOf(deps, viewer, listed, rows, rows[0]!.contentVersion);
  if (!cards) return findWholeIdeasPageJson(deps, viewer, listed, params);
  const { companyId } = listed.board;
  const canUpdateStatus = canUpdateIdeaStatus(viewer, companyId);
  const ideas = cards.map((row) => ideaJson(viewer, companyId, canUpdateStatus, row));
  return pageJson(ideas, rows[0]!.totalCount, limit, offset);
}

/**
 * The page's fresh rows with the list's count beside each (idea-page-plan.test.ts checks its
 * plan): one statement for what the cards do not hold.
 */
export function ideaPageRestStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams & { limit: number; offset: number },
): TSqlPart {
  const count = sqlPart`, (${listedIdeasCount(viewer, listed, params)}) AS "totalCount"`;
  const { limit, offset } = params;
  return ideaPageFreshStatement(viewer, listed, params, { limit, offset }, count);
}

function pageJson(ideas: string[], totalCount: number, limit: number, offset: number): string {
  const next = offset + ideas.length;
  const nextOffset = next < totalCount ? next : null;
  return `{"ideas":[${ideas.join(',')}],"totalCount":${totalCount},"limit":${limit},"offset":${offset},"nextOffset":${nextOffset}}`;
}

/**
 * One idea of the page as presentIdea writes it: the card's pieces (written once per card) with
 * the counts, the caller's vote and rights between them.
 */
function ideaJson(
  viewer: TViewer | null,
  companyId: number,
  canUpdateStatus: boolean,
  row: TCardRow,
): string {
  const { card, fresh } = row;
  card.json ??= cardJson(presentIdea(cardRowView(viewer, companyId, row)));
  const canEdit = canEditIdea(viewer, { authorId: card.authorId, companyId });
  return `${card.json.head}"voteCount":${fresh.voteCount},"isVotedByMe":${fresh.isVotedByMe},"commentCount":${fresh.commentCount},${card.json.createdAt}"canEdit":${canEdit},"canUpdateStatus":${canUpdateStatus},${card.json.tail}`;
}

/** A card's pieces of JSON: what comes before the counts, the date, and what ends the idea. */
function cardJson(idea: ReturnType<typeof presentIdea>): NonNullable<TIdeaCard['json']> {
  const head = JSON.stringify({
    id: idea.id,
    title: idea.title,
    description: idea.description,
    status: idea.status,
    author: idea.author,
  });
  const tail = JSON.stringify({
    declineDetails: idea.declineDetails,
    customStatus: idea.customStatus,
    tags: idea.tags,
  });
  return {
    head: `${head.slice(0, -1)},`,
    createdAt: `"createdAt":${JSON.stringify(idea.createdAt)},`,
    tail: tail.slice(1),
  };
}

/** The whole answer written by PostgreSQL (ideaPageJsonStatement): when cards cannot be used. */
async function findWholeIdeasPageJson(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams & { limit: number; offset: number },
): Promise<string> {
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

/**
 * The whole answer in one statement, the JSON written by PostgreSQL: findIdeasPageJson when the
 * cards cannot be used (idea-page-plan.test.ts checks its plan).
 */
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
