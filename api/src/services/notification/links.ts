import type { TDeps } from '../../deps.ts';
import type { Board } from '../../generated/prisma/client.ts';
import { ideaPathSlug } from '../portal/portal-slugs.ts';
import type { TIdeaRef } from './notification-texts.ts';

type TBoardRef = Pick<Board, 'id' | 'name' | 'slug' | 'isPublic'>;

/**
 * Where a mail points for a board: its public page when the board is public (anyone may open
 * it), else the board in the admin console (for admins; end users see the board in the widget
 * on the company's own site, whose address Feedboard does not know).
 */
export function boardUrl(deps: TDeps, companySlug: string, board: TBoardRef): string {
  const { appUrl } = deps.config;
  return board.isPublic
    ? `${appUrl}/public/${companySlug}/${board.slug}`
    : `${appUrl}/admin/boards/${board.id}/list`;
}

/** The board fields a mail's links and texts name. */
export function loadBoardRef(deps: TDeps, boardId: number): Promise<TBoardRef> {
  return deps.prisma.board.findUniqueOrThrow({
    where: { id: boardId },
    select: { id: true, name: true, slug: true, isPublic: true },
  });
}

/**
 * Where a mail points for one idea: its own page on the portal when the board is public (the
 * address the portal and the widget give it: `/{board}/ideas/{id}-{title}`), else the idea in
 * the admin console.
 */
export function ideaUrl(
  deps: TDeps,
  companySlug: string,
  idea: { id: number; title: string; board: TBoardRef },
): string {
  const { appUrl } = deps.config;
  return idea.board.isPublic
    ? `${boardUrl(deps, companySlug, idea.board)}/ideas/${ideaPathSlug(idea)}`
    : `${appUrl}/admin/boards/${idea.board.id}/ideas/${idea.id}`;
}

/**
 * An idea as a mail names it. With its id the link opens the idea itself (ideaUrl); without
 * (an idea readers may not open, e.g. one rejected from the queue) its board.
 */
export function ideaRef(
  deps: TDeps,
  companySlug: string,
  idea: { id?: number; title: string; board: TBoardRef },
): TIdeaRef {
  return {
    title: idea.title,
    boardName: idea.board.name,
    url:
      idea.id === undefined
        ? boardUrl(deps, companySlug, idea.board)
        : ideaUrl(deps, companySlug, { id: idea.id, title: idea.title, board: idea.board }),
  };
}
