import type { TDeps } from '../../deps.ts';
import type { Board } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { findBoardForAdmin } from '../access.ts';
import {
  FIXED_THEME,
  ZBoardLanguage,
  ZBoardName,
  ZBoardTheme,
  ZBoardVisibility,
} from './board-input.ts';

/** Renames a board (6 to 100 characters); its slug, and so its public address, stays. */
export async function updateBoardName(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<Board> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const { name } = parseInput(ZBoardName, input);
  return deps.prisma.board.update({ where: { id: board.id }, data: { name } });
}

/** Sets the language the board's widget and public page speak (en-US or pl-PL). */
export async function updateBoardLanguage(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<Board> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const { language } = parseInput(ZBoardLanguage, input);
  return deps.prisma.board.update({ where: { id: board.id }, data: { language } });
}

/** Sets the primary colour; the other theme colours are always white, black and white. */
export async function updateBoardTheme(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<Board> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const { primary } = parseInput(ZBoardTheme, input);
  return deps.prisma.board.update({
    where: { id: board.id },
    data: {
      color: primary,
      themePrimaryText: FIXED_THEME.primaryText,
      themeText: FIXED_THEME.text,
      themeBackground: FIXED_THEME.background,
    },
  });
}

/** Makes a board public (anyone can see it) or private (only the company's users). */
export async function setBoardVisibility(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  input: unknown,
): Promise<Board> {
  const { board } = await findBoardForAdmin(deps, viewer, boardId);
  const { isPublic } = parseInput(ZBoardVisibility, input);
  return deps.prisma.board.update({ where: { id: board.id }, data: { isPublic } });
}
