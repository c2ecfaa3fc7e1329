import type { TDeps } from '../../deps.ts';
import { sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import type { TViewer } from '../../viewer.ts';
import { listedIdeasCount } from './count-listed-ideas.ts';
import type { TCountOptions } from './count-listed-ideas.ts';
import { ideaPageFreshStatement } from './find-idea-views.ts';
import type { TFreshRow } from './idea-cards.ts';
import type { TIdeaListParams } from './idea-input.ts';
import { withSearchMatches } from './listed-ideas.ts';
import type { TListedBoard } from './listed-ideas.ts';

export type TIdeaPageWithCountRow = TFreshRow & { contentVersion: string; totalCount: number };

/**
 * The page's fresh rows with the list's count beside each (idea-page-plan.test.ts checks its
 * plan): one statement for what the cards do not hold (REST's `GET /ideas/`).
 */
export function ideaPageWithCountStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams & { limit: number; offset: number },
  options: TCountOptions = {},
): TSqlPart {
  const count = sqlPart`, (${listedIdeasCount(viewer, listed, params, options)}) AS "totalCount"`;
  const { limit, offset } = params;
  return ideaPageFreshStatement(viewer, listed, params, { limit, offset }, count);
}

/** Reads the page's fresh rows and the list's count in one statement. */
export async function findIdeaPageWithCount(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams & { limit: number; offset: number },
  options: TCountOptions = {},
): Promise<TIdeaPageWithCountRow[]> {
  const searched = { ...params, ...(await withSearchMatches(deps, listed, params)) };
  return deps.sql<TIdeaPageWithCountRow>`${ideaPageWithCountStatement(viewer, listed, searched, options)}`;
}
