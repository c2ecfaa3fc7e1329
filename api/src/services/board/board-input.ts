import { z } from 'zod';
import type { Board } from '../../generated/prisma/client.ts';
import {
  ZLanguage,
  hexDigits,
  messages,
  optionalText,
  requiredBoolean,
  requiredOr,
  requiredName,
} from '../../validation.ts';

/** Board name at creation: 6 to 50 characters (spec section 5). */
export const ZCreateBoard = z.object({ name: requiredName(6, 50) });
/** Board name in settings: 6 to 100 characters. */
export const ZBoardName = z.object({ name: requiredName(6, 100) });
export const ZBoardLanguage = z.object({ language: ZLanguage });
/**
 * A board's description: optional, 6 to 500 characters, the spec's rule for an idea's
 * description (section 5); blank or null clears it.
 */
export const BOARD_DESCRIPTION_LIMITS = { min: 6, max: 500 } as const;
export const ZBoardDescription = z.object({
  description: optionalText(BOARD_DESCRIPTION_LIMITS.min, BOARD_DESCRIPTION_LIMITS.max),
});

/** A hex colour of 3 or 6 digits, or 4 or 8 with alpha; an optional leading '#' is dropped. */
export const ZHexColor = z.preprocess(
  hexDigits,
  z
    .string({ error: requiredOr('It has to be text.') })
    .min(1, { error: messages.required })
    .regex(/^(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/, {
      error: 'It has to be a hex colour: 3 or 6 hex digits, or 4 or 8 with alpha (e.g. 53d23d).',
    }),
);

/**
 * The theme form. Only the primary colour is the user's choice: settings always save the
 * primary text and background white and the text black (spec section 2), whatever is sent.
 */
export const ZBoardTheme = z.object({
  primary: ZHexColor,
  primaryText: z.unknown().optional(),
  text: z.unknown().optional(),
  background: z.unknown().optional(),
});

export const ZBoardVisibility = z.object({ isPublic: requiredBoolean() });
export const ZBoardModeration = z.object({ moderateNewIdeas: requiredBoolean() });

/** A board's theme colours (hex without #), as the widget and public page use them. */
export function boardTheme(
  board: Pick<Board, 'color' | 'themePrimaryText' | 'themeText' | 'themeBackground'>,
): { primary: string; primaryText: string; text: string; background: string } {
  return {
    primary: board.color,
    primaryText: board.themePrimaryText,
    text: board.themeText,
    background: board.themeBackground,
  };
}

/** The theme colours settings always store beside the chosen primary. */
export const FIXED_THEME = { primaryText: 'ffffff', text: '000000', background: 'ffffff' } as const;
