import { requireTeamForValue } from '../customer/idea-segment.ts';
import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { DeclineReason, Idea, Prisma } from '../../generated/prisma/client.ts';
import { countListedIdeas } from './count-listed-ideas.ts';
import { listedIdeasWhere, seenOnBoardCondition, withSearchMatches } from './listed-ideas.ts';
import type { TListedBoard } from './listed-ideas.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import {
  canEditIdea,
  canUpdateIdeaStatus,
  findVisibleBoardWithPlan,
  ideaVisibleWhere,
  isTeamMemberOf,
  requireWithinCapFor,
  KEPT_IDEA_SELECT,
  keptIdeaFor,
} from '../access.ts';
import { ZIdeaListParams } from './idea-input.ts';
import { statusName } from '../board-status/board-status-input.ts';
import type { TIdeaListParams } from './idea-input.ts';
import { tagVisibleWhere } from '../tag/find-tags.ts';
import { cardColumns, cardJoins, cardsOf, freshColumns, toCard } from './idea-cards.ts';
import type { TCardColumns, TCardRow, TFreshRow } from './idea-cards.ts';
import type { TIdeaTagView } from '../tag/tag-input.ts';

/** An author as anyone who sees their idea or comment sees them. */
export type TAuthor = { displayName: string; avatarUrl: string | null };

/**
 * An idea as one caller sees it: its author's name, whether the caller voted for it, what the
 * caller may do with it, and (declined as a duplicate) the kept idea.
 */
export type TIdeaView = Omit<Idea, 'value'> & {
  author: TAuthor | null;
  duplicateOf: { id: number; title: string } | null;
  isVotedByMe: boolean;
  canEdit: boolean;
  canUpdateStatus: boolean;
  /** The idea's value (customer-company spend behind its votes): the team's views only. */
  value?: number;
  /** The board's custom status it shows, named in the board's language; null: the kind's own. */
  customStatus: TIdeaCustomStatus | null;
  /** The tags it carries that the caller may see (private ones: the team only), by name. */
  tags: TIdeaTagView[];
};

/** A custom status as `/api/v1` answers show it beside `status`. */
export type TIdeaCustomStatus = { id: number; name: string; color: string };

export type TIdeaPage = {
  ideas: TIdeaView[];
  totalCount: number;
  limit: number;
  offset: number;
  nextOffset: number | null;
};

/** Why and when an idea was declined; `duplicateOf` is the kept idea (DUPLICATE only). */
export type TDeclineDetails = {
  reason: DeclineReason;
  comment: string | null;
  duplicateOf: { id: number; title: string } | null;
  declinedAt: Date;
};

/** An idea's decline details, or null unless it is DECLINED. */
export function declineDetailsOf(
  idea: Pick<Idea, 'status' | 'declineReason' | 'declineComment' | 'declinedAt' | 'updatedAt'> & {
    duplicateOf: { id: number; title: string } | null;
  },
): TDeclineDetails | null {
  if (idea.status !== 'DECLINED' || !idea.declineReason) return null;
  return {
    reason: idea.declineReason,
    comment: idea.declineComment,
    duplicateOf: idea.declineReason === 'DUPLICATE' ? idea.duplicateOf : null,
    declinedAt: idea.declinedAt ?? idea.updatedAt,
  };
}

/** The caller's own vote on an idea (none when anonymous): what `isVotedByMe` reads. */
export function viewerVoteSelection(viewer: TViewer | null) {
  return {
    where: { userId: viewer?.userId ?? 0 },
    select: { id: true },
    take: 1,
  } satisfies Prisma.Idea$votesArgs;
}

const wholeNumber = (min: number, max: number) =>
  `It has to be a whole number from ${min} to ${max}.`;

/** The largest page offset: the largest int PostgreSQL's OFFSET takes here. */
const MAX_OFFSET = 2_147_483_647;

/** The list parameters plus a page: `limit` (default 50, at most 100) from `offset`. */
export const ZIdeaPageParams = ZIdeaListParams.extend({
  limit: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z
      .number({ error: wholeNumber(1, 100) })
      .int({ error: wholeNumber(1, 100) })
      .min(1, { error: wholeNumber(1, 100) })
      .max(100, { error: wholeNumber(1, 100) })
      .default(50),
  ),
  offset: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z
      .number({ error: wholeNumber(0, MAX_OFFSET) })
      .int({ error: wholeNumber(0, MAX_OFFSET) })
      .min(0, { error: wholeNumber(0, MAX_OFFSET) })
      .max(MAX_OFFSET, { error: wholeNumber(0, MAX_OFFSET) })
      .default(0),
  ),
});

// Each relation is one extra query for the whole page, whatever its size.
export function viewInclude(viewer: TViewer | null) {
  return {
    author: { select: { displayName: true, avatarUrl: true } },
    board: { select: { companyId: true, language: true } },
    duplicateOf: { select: KEPT_IDEA_SELECT },
    customStatus: { select: { id: true, nameEn: true, namePl: true, color: true } },
    votes: viewerVoteSelection(viewer),
    tags: {
      where: { tag: tagVisibleWhere(viewer) },
      select: { tag: { select: { id: true, name: true, color: true } } },
      orderBy: [{ tag: { nameKey: 'asc' } }, { tagId: 'asc' }],
    },
  } satisfies Prisma.IdeaInclude;
}

export type TIdeaRow = Prisma.IdeaGetPayload<{ include: ReturnType<typeof viewInclude> }>;

export function toView(viewer: TViewer | null, row: TIdeaRow): TIdeaView {
  const { board, votes, customStatus, tags, value, duplicateOf, ...idea } = row;
  return {
    ...idea,
    duplicateOf: keptIdeaFor(viewer, idea.boardId, duplicateOf),
    ...(isTeamMemberOf(viewer, board.companyId) ? { value } : {}),
    tags: tags.map(({ tag }) => tag),
    customStatus: customStatus && {
      id: customStatus.id,
      name: statusName(customStatus, board.language),
      color: customStatus.color,
    },
    isVotedByMe: votes.length > 0,
    canEdit: canEditIdea(viewer, { authorId: idea.authorId, companyId: board.companyId }),
    canUpdateStatus: canUpdateIdeaStatus(viewer, board.companyId),
  };
}

/**
 * Each list order, ending on the id so pages never skip or repeat an idea: `order`, its reverse
 * (paging backwards), and which rows come `after` and `before` a cursor row `c` in that order.
 * STATUS follows the pipeline (the enum's order: NOT_PUBLIC, OPEN, REVIEW, PLANNED,
 * IN_PROGRESS, COMPLETE, DECLINED), most votes first within a status.
 */
type TPageOrder = { order: TSqlPart; reverse: TSqlPart; after: string; before: string };

const PAGE_ORDERS: Record<TIdeaListParams['sort'], TPageOrder> = {
  VOTES: {
    order: sqlFragment('i."voteCount" DESC, i."id" DESC'),
    reverse: sqlFragment('i."voteCount" ASC, i."id" ASC'),
    after: '(i."voteCount", i."id") < (c."voteCount", c."id")',
    before: '(i."voteCount", i."id") > (c."voteCount", c."id")',
  },
  STATUS: {
    order: sqlFragment('i."status" ASC, i."voteCount" DESC, i."id" DESC'),
    reverse: sqlFragment('i."status" DESC, i."voteCount" ASC, i."id" ASC'),
    after:
      '(i."status" > c."status" OR (i."status" = c."status" AND (i."voteCount", i."id") < (c."voteCount", c."id")))',
    before:
      '(i."status" < c."status" OR (i."status" = c."status" AND (i."voteCount", i."id") > (c."voteCount", c."id")))',
  },
  DATE_DESC: {
    order: sqlFragment('i."createdAt" DESC, i."id" DESC'),
    reverse: sqlFragment('i."createdAt" ASC, i."id" ASC'),
    after: '(i."createdAt", i."id") < (c."createdAt", c."id")',
    before: '(i."createdAt", i."id") > (c."createdAt", c."id")',
  },
  // The team's lists only (requireTeamForValue): the stored value, read through the index
  // ("boardId", "value" DESC, "voteCount" DESC, "id" DESC).
  VALUE: {
    order: sqlFragment('i."value" DESC, i."voteCount" DESC, i."id" DESC'),
    reverse: sqlFragment('i."value" ASC, i."voteCount" ASC, i."id" ASC'),
    after: '(i."value", i."voteCount", i."id") < (c."value", c."voteCount", c."id")',
    before: '(i."value", i."voteCount", i."id") > (c."value", c."voteCount", c."id")',
  },
  DATE_ASC: {
    order: sqlFragment('i."createdAt" ASC, i."id" ASC'),
    reverse: sqlFragment('i."createdAt" DESC, i."id" DESC'),
    after: '(i."createdAt", i."id") > (c."createdAt", c."id")',
    before: '(i."createdAt", i."id") < (c."createdAt", c."id")',
  },
};

/**
 * The rows a page holds: `offset` rows in (REST), or the rows `after` and/or `before` the ideas
 * with those ids in the list's order (GraphQL cursors; an id that is not an idea of the board
 * gives an empty page). `reverse` reads the order backwards, for `last`.
 */
export type TPageWindow = {
  limit: number;
  offset?: number;
  afterId?: number;
  beforeId?: number;
  reverse?: boolean;
};

/**
 * The cursor row of one side of a window, joined as `c`-named columns (nothing when unset): only
 * an idea the caller may see on the board (seenOnBoardCondition), so no cursor pages around an
 * idea hidden from them.
 */
function cursorJoin(
  name: 'ca' | 'cb',
  viewer: TViewer | null,
  listed: TListedBoard,
  ideaId: number | undefined,
  byValue: boolean,
): TSqlPart {
  if (ideaId === undefined) return sqlFragment('');
  const value = sqlFragment(byValue ? ', ci."value"' : '');
  return sqlPart`
      JOIN (SELECT ci."id", ci."status", ci."voteCount", ci."createdAt"${value} FROM "Idea" ci
            WHERE ci."id" = ${ideaId}::int AND ${seenOnBoardCondition(viewer, listed, 'ci')}) ${sqlFragment(name)} ON TRUE`;
}

/**
 * An empty page after (or before) a cursor: a VALIDATION error on that argument when the cursor
 * names no idea the caller may see on the board (made up, or made from an idea hidden from
 * them, or removed since), so a client is told to start again rather than shown a silent end.
 */
async function requireSeenCursorIdeas(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  window: TPageWindow,
): Promise<void> {
  const sides = [
    ['after', window.afterId],
    ['before', window.beforeId],
  ] as const;
  for (const [field, ideaId] of sides) {
    if (ideaId === undefined) continue;
    const [seen] = await deps.sql<{ id: number }>`
      SELECT ci."id" FROM "Idea" ci
      WHERE ci."id" = ${ideaId}::int AND ${seenOnBoardCondition(viewer, listed, 'ci')}`;
    if (!seen) {
      throw errors.validation([{ field, message: 'This is not a cursor of this list.' }]);
    }
  }
}

function cursorCondition(condition: string, name: 'ca' | 'cb', ideaId: number | undefined) {
  return ideaId === undefined
    ? sqlFragment('')
    : sqlFragment(`AND ${condition.replaceAll('c."', `${name}."`)}`);
}

/**
 * LIMIT written into the text, OFFSET only past the first page. The generic plan takes an
 * unknown LIMIT or OFFSET for a tenth of the rows: its cost then looks several times the cost
 * of a plan made for `LIMIT 50`, so PostgreSQL kept planning every execution afresh. A page
 * holds 1 to 100 ideas (ZIdeaPageParams; GraphQL's maxSize, plus the one row more that tells
 * whether a next page exists), so there are at most 101 texts, and the common sizes are few.
 */
function pageLimit(window: TPageWindow): TSqlPart {
  const limit = Math.trunc(window.limit);
  if (!(limit >= 1 && limit <= 101)) throw new RangeError(`A page holds 1 to 100 ideas: ${limit}`);
  const offset = window.offset ?? 0;
  return offset === 0
    ? sqlFragment(`LIMIT ${limit}`)
    : sqlPart`LIMIT ${sqlFragment(String(limit))} OFFSET ${offset}::int`;
}

/** A page's rows: `columns` of `"Idea" i` (and `joins`) in the list's order and window. */
function pageRowsStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  window: TPageWindow,
  columns: TSqlPart,
  joins: TSqlPart,
): TSqlPart {
  const { board } = listed;
  requireTeamForValue(viewer, board.companyId, params);
  const order = PAGE_ORDERS[params.sort];
  const byValue = params.sort === 'VALUE';
  return sqlPart`
      SELECT ${columns}
      FROM "Idea" i${cursorJoin('ca', viewer, listed, window.afterId, byValue)}${cursorJoin('cb', viewer, listed, window.beforeId, byValue)}${joins}
      WHERE ${listedIdeasWhere(viewer, listed, params)}
        ${cursorCondition(order.after, 'ca', window.afterId)}
        ${cursorCondition(order.before, 'cb', window.beforeId)}
      ORDER BY ${window.reverse ? order.reverse : order.order}
      ${pageLimit(window)}`;
}

/**
 * The rows of a page, with every column a view needs (idea-page-plan.test.ts checks its plan):
 * the fresh columns and the card's, what a page reads when its cards cannot come from memory
 * (idea-cards.ts).
 */
export function ideaPageStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  window: TPageWindow,
): TSqlPart {
  const { companyId } = listed.board;
  const columns = sqlPart`${freshColumns(viewer, companyId)}, ${cardColumns(viewer, companyId)}`;
  return pageRowsStatement(viewer, listed, params, window, columns, cardJoins(viewer, companyId));
}

/**
 * The rows of a page with only what is read afresh every time (idea-cards.ts: the counts, the
 * caller's vote, the content version), no join per idea; `extra` adds columns (the REST page
 * adds its count). Same list, order and window as ideaPageStatement; pages from the start or by
 * offset only (findIdeaPageRows; idea-page-plan.test.ts checks its plan too).
 */
export function ideaPageFreshStatement(
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  window: TPageWindow,
  extra: TSqlPart = sqlFragment(''),
): TSqlPart {
  const columns = sqlPart`${freshColumns(viewer, listed.board.companyId)}${extra}`;
  return pageRowsStatement(viewer, listed, params, window, columns, sqlFragment(''));
}

/** A page row's view for the caller: its card, its fresh columns and what the caller may do. */
export function cardRowView(viewer: TViewer | null, companyId: number, row: TCardRow): TIdeaView {
  const { card, fresh } = row;
  return {
    id: card.id,
    boardId: card.boardId,
    authorId: card.authorId,
    title: card.title,
    description: card.description,
    status: card.status,
    voteCount: fresh.voteCount,
    commentCount: fresh.commentCount,
    declineReason: card.declineReason,
    declineComment: card.declineComment,
    duplicateOfId: card.duplicateOfId,
    declinedAt: card.declinedAt,
    rejectedAt: card.rejectedAt,
    rejectionReason: card.rejectionReason,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
    customStatusId: card.customStatusId,
    importSource: card.importSource,
    importExternalId: card.importExternalId,
    importJobId: card.importJobId,
    isSample: card.isSample,
    customStatus: card.customStatus,
    author: card.author,
    duplicateOf: card.duplicateOf,
    tags: card.tags,
    isVotedByMe: fresh.isVotedByMe,
    canEdit: canEditIdea(viewer, { authorId: card.authorId, companyId }),
    canUpdateStatus: canUpdateIdeaStatus(viewer, companyId),
    ...(fresh.value === undefined ? {} : { value: Number(fresh.value) }),
  };
}

/**
 * One page of a board's ideas as the caller sees them: the fresh rows in one statement, their
 * cards from memory (idea-cards.ts), or the whole rows when the cards cannot be used.
 */
export async function findIdeaPageRows(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  window: TPageWindow,
): Promise<TIdeaView[]> {
  // A cursor page reads whole: without the joins to do first, PostgreSQL's generic plan for a
  // cursor page of a small filtered list sorts the rows past the cursor instead of reading
  // the index in order (idea-page-plan.test.ts), which a large board would then pay for.
  if (window.afterId !== undefined || window.beforeId !== undefined) {
    return findWholeIdeaPageRows(deps, viewer, listed, params, window);
  }
  params = await withSearchMatches(deps, listed, params);
  const rows = await deps.sql<
    TFreshRow & { contentVersion: string }
  >`${ideaPageFreshStatement(viewer, listed, params, window)}`;
  if (rows.length === 0) return [];
  const cards = await cardsOf(deps, viewer, listed, rows, rows[0]!.contentVersion);
  if (!cards) return findWholeIdeaPageRows(deps, viewer, listed, params, window);
  return cards.map((row) => cardRowView(viewer, listed.board.companyId, row));
}

/**
 * One page of a board's ideas read whole, in one plain statement with the author, the kept idea
 * of a duplicate and the caller's own vote joined in: findIdeaPageRows when the cards cannot
 * come from memory, and the reference its tests compare with. Every list read goes through
 * here or findIdeaPageRows, so neither uses Prisma (db/sql.ts says why).
 */
export async function findWholeIdeaPageRows(
  deps: TDeps,
  viewer: TViewer | null,
  listed: TListedBoard,
  params: TIdeaListParams,
  window: TPageWindow,
): Promise<TIdeaView[]> {
  params = await withSearchMatches(deps, listed, params);
  const rows = await deps.sql<
    TFreshRow & TCardColumns
  >`${ideaPageStatement(viewer, listed, params, window)}`;
  if (rows.length === 0) await requireSeenCursorIdeas(deps, viewer, listed, window);
  return rows.map((row) =>
    cardRowView(viewer, listed.board.companyId, { fresh: row, card: toCard(row) }),
  );
}

/**
 * A page of a board's ideas as the caller sees them, by offset (REST and the widget): the board
 * with its plan, then the page and the count side by side.
 */
export async function findIdeasPage(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  rawParams: unknown,
): Promise<TIdeaPage> {
  const params = parseInput(ZIdeaPageParams, rawParams);
  const { limit, offset } = params;
  const listed = await findVisibleBoardWithPlan(deps, viewer, boardId);
  const [ideas, totalCount] = await Promise.all([
    findIdeaPageRows(deps, viewer, listed, params, { limit, offset }),
    countListedIdeas(deps, viewer, listed, params),
  ]);
  const next = offset + ideas.length;
  return { ideas, totalCount, limit, offset, nextOffset: next < totalCount ? next : null };
}

/** One idea the caller may see, as they see it (hidden and other companies' ideas: not found). */
export async function getIdeaView(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<TIdeaView> {
  const row = await deps.prisma.idea.findFirst({
    where: { id: ideaId, ...ideaVisibleWhere(viewer) },
    include: viewInclude(viewer),
  });
  if (!row) throw errors.notFound('Idea');
  await requireWithinCapFor(deps, viewer, { ...row, companyId: row.board.companyId });
  return toView(viewer, row);
}
