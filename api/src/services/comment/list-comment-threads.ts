import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { commentVisibleWhere, findVisibleIdea, isTeamMemberOf } from '../access.ts';
import type { TCommentWithAuthor } from './add-comment.ts';
import { COMMENT_INCLUDE, COMMENT_ORDER, COMMENT_PAGE_REPLIES } from './list-comments.ts';

/** The most top-level comments (threads) one page holds; without `limit`, a page holds this many. */
export const MAX_COMMENT_THREADS_PAGE = 100;

const limitError = `It has to be a whole number from 1 to ${MAX_COMMENT_THREADS_PAGE}.`;
const cursorError = 'It has to be the cursor a previous page gave.';

export const ZCommentListParams = z.object({
  /** Top-level comments per page (their replies come with them, at most 250 a page). */
  limit: z.coerce
    .number({ error: limitError })
    .int({ error: limitError })
    .min(1, { error: limitError })
    .max(MAX_COMMENT_THREADS_PAGE, { error: limitError })
    .optional(),
  /** Where the previous page ended (its `X-Next-Cursor`). */
  cursor: z.string().max(200, { error: cursorError }).optional(),
});

type TKey = { createdAt: Date; id: number };
/**
 * Where a page ended: the last thread it reached, and, when that thread's replies go on past
 * the page, the last reply it held (null: the thread was shown whole).
 */
type TThreadCursor = { thread: TKey; reply: TKey | null };

const keyOf = (comment: TKey): TKey => ({ createdAt: comment.createdAt, id: comment.id });

function encodeCursor(cursor: TThreadCursor): string {
  const key = (k: TKey) => [k.createdAt.toISOString(), k.id];
  return Buffer.from(
    JSON.stringify([...key(cursor.thread), ...(cursor.reply ? key(cursor.reply) : [])]),
  ).toString('base64url');
}

function decodeKey(date: unknown, id: unknown): TKey | null {
  if (typeof date !== 'string' || !Number.isSafeInteger(id) || (id as number) < 1) return null;
  const createdAt = new Date(date);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: id as number };
}

function decodeCursor(cursor: string): TThreadCursor {
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parts) && (parts.length === 2 || parts.length === 4)) {
      const thread = decodeKey(parts[0], parts[1]);
      const reply = parts.length === 4 ? decodeKey(parts[2], parts[3]) : null;
      if (thread && (parts.length === 2 || reply)) return { thread, reply };
    }
  } catch {
    // answered below
  }
  throw errors.validation([{ field: 'cursor', message: cursorError }]);
}

/** Rows after `key` in the thread order (createdAt, then id); `gte` bounds the index range. */
function afterWhere(key: TKey): Prisma.CommentWhereInput {
  return {
    createdAt: { gte: key.createdAt },
    OR: [{ createdAt: { gt: key.createdAt } }, { createdAt: key.createdAt, id: { gt: key.id } }],
  };
}

const byThreadOrder = (x: TKey, y: TKey) =>
  x.createdAt.getTime() - y.createdAt.getTime() || x.id - y.id;

export type TCommentThreadPage = { comments: TCommentWithAuthor[]; nextCursor: string | null };

/**
 * A page of an idea's comments by threads (issue 33 F7: an idea with 20,000 comments is one
 * heavy answer): at most `limit` top-level comments (100 without it) with their replies, and
 * at most 250 replies in all, as the portal's idea page pages them; a thread whose replies do
 * not fit goes on at the next page (which starts with the rest of its replies), so no comment
 * is left out or shown twice. A page is oldest first; `nextCursor` is null on the last one.
 * An idea the caller may not see (another company's) is NOT_FOUND.
 */
export async function listCommentThreads(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  rawParams: unknown = {},
): Promise<TCommentThreadPage> {
  const { limit = MAX_COMMENT_THREADS_PAGE, cursor } = parseInput(ZCommentListParams, rawParams);
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const idea = await findVisibleIdea(deps, viewer, ideaId);
  // commentVisibleWhere for this one idea, without its join to the idea's company on each row.
  const visible: Prisma.CommentWhereInput = isTeamMemberOf(viewer, idea.board.companyId)
    ? { ideaId: idea.id }
    : { ideaId: idea.id, isInternal: false };
  const page: TCommentWithAuthor[] = [];
  const done = (nextCursor: TThreadCursor | null): TCommentThreadPage => ({
    comments: page.sort(byThreadOrder),
    nextCursor: nextCursor && encodeCursor(nextCursor),
  });
  let budget = COMMENT_PAGE_REPLIES;

  if (after?.reply) {
    // The rest of a thread the previous page stopped inside.
    const rest = await deps.prisma.comment.findMany({
      where: { AND: [visible, { parentId: after.thread.id }, afterWhere(after.reply)] },
      orderBy: COMMENT_ORDER,
      include: COMMENT_INCLUDE,
      take: budget + 1,
    });
    if (rest.length > budget) {
      page.push(...rest.slice(0, budget));
      return done({ thread: after.thread, reply: keyOf(page[page.length - 1]!) });
    }
    page.push(...rest);
    budget -= rest.length;
  }

  const tops = await deps.prisma.comment.findMany({
    where: { AND: [visible, { parentId: null }, ...(after ? [afterWhere(after.thread)] : [])] },
    orderBy: COMMENT_ORDER,
    include: COMMENT_INCLUDE,
    take: limit + 1,
  });
  const threads = tops.slice(0, limit);
  if (threads.length === 0) return done(null);
  // The threads' replies thread by thread, in the threads' order: the first `budget` of them
  // are this page's, and the one after them says where the page stops.
  const replies = await deps.prisma.comment.findMany({
    where: { AND: [visible, { parentId: { in: threads.map((thread) => thread.id) } }] },
    orderBy: [{ parent: { createdAt: 'asc' } }, { parentId: 'asc' }, ...COMMENT_ORDER],
    include: COMMENT_INCLUDE,
    take: budget + 1,
  });
  if (replies.length <= budget) {
    page.push(...threads, ...replies);
    return done(
      tops.length > limit ? { thread: keyOf(threads[threads.length - 1]!), reply: null } : null,
    );
  }
  const shown = replies.slice(0, budget);
  const cut = threads.findIndex((thread) => thread.id === replies[budget]!.parentId);
  const lastShown = shown[shown.length - 1];
  if (lastShown?.parentId === threads[cut]!.id) {
    // The page stops inside that thread: its start and first replies here, the rest next.
    page.push(...threads.slice(0, cut + 1), ...shown);
    return done({ thread: keyOf(threads[cut]!), reply: keyOf(lastShown) });
  }
  // The page stops before that thread (its replies would not fit at all).
  page.push(...threads.slice(0, cut), ...shown);
  const lastThread = cut > 0 ? keyOf(threads[cut - 1]!) : after!.thread;
  return done({ thread: lastThread, reply: null });
}

/** How many comments of an idea the caller may read (replies and, for the team, internal notes). */
export async function countComments(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
): Promise<number> {
  const idea = await findVisibleIdea(deps, viewer, ideaId);
  return deps.prisma.comment.count({ where: { ideaId: idea.id, ...commentVisibleWhere(viewer) } });
}
