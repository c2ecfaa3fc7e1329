import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';
import { commentVisibleWhere } from '../access.ts';
import { COMMENT_AUTHOR } from './add-comment.ts';
import type { TCommentWithAuthor } from './add-comment.ts';

/** A thread's order (oldest first) and what a comment carries of its author, for every list. */
export const COMMENT_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
export const COMMENT_INCLUDE = COMMENT_AUTHOR;

/** Top-level comments on one page of the portal's idea page (their replies come with them). */
export const COMMENT_PAGE_SIZE = 50;
/** The most replies one page shows (under its 50 comments, oldest first). */
export const COMMENT_PAGE_REPLIES = 250;
/** The highest page number a reader may ask for (pages past the last are simply empty). */
export const COMMENT_PAGE_MAX = 10_000;

export type TCommentPage = {
  comments: TCommentWithAuthor[];
  /** 1-based page number. */
  page: number;
  hasNext: boolean;
};

/**
 * One bounded page of an idea's (already readable) comments, oldest first: at most 50 top-level
 * comments and at most 250 of their replies, so one request never reads or renders them all.
 */
export async function listCommentPage(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  page: number,
): Promise<TCommentPage> {
  const where = { ideaId, ...commentVisibleWhere(viewer) };
  const orderBy = COMMENT_ORDER;
  const include = COMMENT_INCLUDE;
  const top = await deps.prisma.comment.findMany({
    where: { ...where, parentId: null },
    orderBy,
    include,
    skip: (page - 1) * COMMENT_PAGE_SIZE,
    take: COMMENT_PAGE_SIZE + 1,
  });
  const shown = top.slice(0, COMMENT_PAGE_SIZE);
  const replies =
    shown.length === 0
      ? []
      : await deps.prisma.comment.findMany({
          where: { ...where, parentId: { in: shown.map((comment) => comment.id) } },
          orderBy,
          include,
          take: COMMENT_PAGE_REPLIES,
        });
  return { comments: [...shown, ...replies], page, hasNext: top.length > COMMENT_PAGE_SIZE };
}
