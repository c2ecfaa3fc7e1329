import type { TDeps } from '../deps.ts';
import { canEditIdea, canUpdateIdeaStatus, findVisibleBoardWithPlan } from '../services/access.ts';
import { spendIdeaSearch } from '../services/idea/spend-idea-search.ts';
import { countListedIdeas } from '../services/idea/count-listed-ideas.ts';
import {
  ZIdeaPageParams,
  cardRowView,
  findWholeIdeaPageRows,
} from '../services/idea/find-idea-views.ts';
import { findIdeaPageWithCount } from '../services/idea/idea-page-with-count.ts';
import { cardsOf } from '../services/idea/idea-cards.ts';
import type { TCardRow, TIdeaCard } from '../services/idea/idea-cards.ts';
import { presentIdea } from './presenters.ts';
import type { TIdeaListParams } from '../services/idea/idea-input.ts';
import type { TListedBoard } from '../services/idea/listed-ideas.ts';
import { parseInput } from '../validation.ts';
import type { TClient } from '../http/rate-limit.ts';
import type { TViewer } from '../viewer.ts';

/**
 * `GET /api/v1/ideas/`'s answer as JSON text: the page's fresh rows and its count in one
 * statement, each idea's card from memory (services/idea/idea-cards.ts), the JSON written from
 * pieces kept with the card. Field for field what presentIdea and findIdeasPage build
 * (idea-page-json.test.ts compares them over every sort, filter, offset and kind of caller, and
 * after each kind of change). When the cards cannot be used, the page is read whole.
 */
export async function findIdeasPageJson(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
  client: TClient,
): Promise<string> {
  const params = parseInput(ZIdeaPageParams, rawParams);
  const listed = await findVisibleBoardWithPlan(deps, viewer, boardId);
  if (params.search) await spendIdeaSearch(deps, viewer, client, listed.board.companyId);
  const { limit, offset } = params;
  const count = { searchCap: SEARCH_COUNT_CAP };
  const rows = await findIdeaPageWithCount(deps, viewer, listed, params, count);
  if (rows.length === 0) {
    const totalCount = await countListedIdeas(deps, viewer, listed, params, count);
    return pageJson([], totalCount, limit, offset);
  }
  const cards = await cardsOf(deps, viewer, listed, rows, rows[0]!.contentVersion);
  if (!cards) return findWholeIdeasPageJson(deps, viewer, listed, params, rows[0]!.totalCount);
  const { companyId } = listed.board;
  const canUpdateStatus = canUpdateIdeaStatus(viewer, companyId);
  const ideas = cards.map((row) => ideaJson(viewer, companyId, canUpdateStatus, row));
  return pageJson(ideas, rows[0]!.totalCount, limit, offset);
}

/**
 * A search's `totalCount` counts at most this many matches: past it the answer says
 * `totalCount: 1000` with `totalIsLowerBound: true` ("1,000 or more"), and pages on while they
 * come full. Counting every match of a common word took 2 s at 60,800 ideas (attack 7 F2).
 */
export const SEARCH_COUNT_CAP = 1_000;

function pageJson(ideas: string[], counted: number, limit: number, offset: number): string {
  const isLowerBound = counted > SEARCH_COUNT_CAP;
  const totalCount = isLowerBound ? SEARCH_COUNT_CAP : counted;
  const next = offset + ideas.length;
  const hasMore = next < totalCount || (isLowerBound && ideas.length === limit);
  const nextOffset = hasMore ? next : null;
  const bound = isLowerBound ? ',"totalIsLowerBound":true' : '';
  return `{"ideas":[${ideas.join(',')}],"totalCount":${totalCount}${bound},"limit":${limit},"offset":${offset},"nextOffset":${nextOffset}}`;
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

/** The answer from the page read whole (findWholeIdeaPageRows): when cards cannot be used. */
async function findWholeIdeasPageJson(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams & { limit: number; offset: number },
  totalCount: number,
): Promise<string> {
  const { limit, offset } = params;
  const ideas = await findWholeIdeaPageRows(deps, viewer, listed, params, { limit, offset });
  return pageJson(
    ideas.map((idea) => JSON.stringify(presentIdea(idea))),
    totalCount,
    limit,
    offset,
  );
}
