import type { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Board, Prisma } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { publishBoardAccessChange } from '../idea/watch-idea-changes.ts';
import {
  FIXED_THEME,
  ZBoardDescription,
  ZBoardLanguage,
  ZBoardModeration,
  ZBoardName,
  ZBoardTheme,
  ZBoardVisibility,
} from './board-input.ts';

/** A settings change: admins of an active board only, validated before anything is written. */
async function changeBoard<T extends z.ZodType>(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  schema: T,
  input: unknown,
  toData: (parsed: z.output<T>) => Prisma.BoardUpdateInput,
): Promise<Board> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const data = toData(parseInput(schema, input));
  const updated = await deps.prisma.board.update({ where: { id: board.id }, data });
  deps.events.publishPortalStale({ companyId: board.companyId, boardId: board.id });
  return updated;
}

type TBoardChange = (
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
) => Promise<Board>;

/** Renames a board (6 to 100 characters); its slug, and so its public address, stays. */
export const updateBoardName: TBoardChange = (deps, viewer, boardId, input) =>
  changeBoard(deps, viewer, boardId, ZBoardName, input, ({ name }) => ({ name }));

/**
 * Sets the board's description (optional, 6 to 500 characters; blank clears it), shown on the
 * console's board card and under the board's name in the portal.
 */
export const updateBoardDescription: TBoardChange = (deps, viewer, boardId, input) =>
  changeBoard(deps, viewer, boardId, ZBoardDescription, input, ({ description }) => ({
    description: description ?? null,
  }));

/** Sets the language the board's widget and public page speak (en-US or pl-PL). */
export const updateBoardLanguage: TBoardChange = (deps, viewer, boardId, input) =>
  changeBoard(deps, viewer, boardId, ZBoardLanguage, input, ({ language }) => ({ language }));

/**
 * Turns moderation of new ideas on (the default: end users' ideas wait for acceptance) or off
 * (they start OPEN, seen by everyone who sees the board). Ideas already waiting stay waiting.
 */
export const updateBoardModeration: TBoardChange = (deps, viewer, boardId, input) =>
  changeBoard(deps, viewer, boardId, ZBoardModeration, input, ({ moderateNewIdeas }) => ({
    moderateNewIdeas,
  }));

/** Sets the primary colour; the other theme colours are always white, black and white. */
export const updateBoardTheme: TBoardChange = (deps, viewer, boardId, input) =>
  changeBoard(deps, viewer, boardId, ZBoardTheme, input, ({ primary }) => ({
    color: primary,
    themePrimaryText: FIXED_THEME.primaryText,
    themeText: FIXED_THEME.text,
    themeBackground: FIXED_THEME.background,
  }));

/**
 * Makes a board public (anyone can see it) or private (the company's team and the end users its
 * access settings grant: update-board-access.ts). Who opened a board to the world is a security
 * question: the change and its audit entry are written in one transaction; then every live
 * stream and cached portal page of the board learns of it at once.
 */
export const setBoardVisibility: TBoardChange = async (deps, viewer, boardId, input) => {
  const { board, viewer: admin } = await findBoardForAdmin(deps, viewer, boardId);
  const { isPublic } = parseInput(ZBoardVisibility, input);
  const updated = await deps.prisma.$transaction(async (tx) => {
    const changed = await tx.board.update({ where: { id: board.id }, data: { isPublic } });
    await recordAudit(
      deps,
      {
        action: 'BOARD_VISIBILITY_CHANGED',
        companyId: board.companyId,
        actor: actorOf(admin),
        target: { type: 'Board', id: board.id },
        details: { board: board.name, wasPublic: board.isPublic, isPublic },
      },
      tx,
    );
    return changed;
  });
  // Cached portal pages of a board made private must not be served a moment longer.
  deps.events.publishPortalStale({ companyId: board.companyId, boardId: board.id });
  publishBoardAccessChange(deps, updated);
  return updated;
};
