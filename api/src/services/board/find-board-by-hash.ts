import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { unstorableText } from '../../validation.ts';
import type { SignupPolicy } from '../../generated/prisma/enums.ts';
import type { TViewer } from '../../viewer.ts';
import { boardVisibleWhere } from '../access.ts';
import { withActiveState } from './find-boards.ts';
import type { TBoardWithState } from './find-boards.ts';

export type TPublicBoard = TBoardWithState & {
  company: { name: string; slug: string; signupPolicy: SignupPolicy; termsUrl: string | null };
};

/**
 * The board a widget is configured with (its hash), if the caller may see it: a public board
 * for anyone, a private one only for its own company's users (SSO users included). Anything
 * else is not found, so a hash never tells that a private board exists.
 */
export async function getBoardByHash(
  deps: TDeps,
  viewer: TViewer | null,
  boardHash: string,
): Promise<TPublicBoard> {
  // No board has a hash PostgreSQL could not even compare (a NUL byte, a lone surrogate).
  if (unstorableText(boardHash)) throw errors.notFound('Board');
  const board = await deps.prisma.board.findFirst({
    where: { widgetHash: boardHash, ...boardVisibleWhere(viewer) },
    include: {
      company: { select: { name: true, slug: true, signupPolicy: true, termsUrl: true } },
    },
  });
  if (!board) throw errors.notFound('Board');
  return withActiveState(deps, board);
}
