import { z } from 'zod';
import { requiredBoolean, requiredText } from '../../validation.ts';
import { ZStatusColor } from '../board-status/board-status-input.ts';

/**
 * The limits of a tag, in one module: the services' zod schemas and the console's tag form read
 * them, so the two never disagree.
 */
export const TAG_NAME_LIMITS = { min: 1, max: 30 } as const;
/** How many tags a company may define. */
export const MAX_COMPANY_TAGS = 200;
/** How many tags one idea may carry. */
export const MAX_IDEA_TAGS = 20;

export const ZTagFields = z.object({
  name: requiredText(TAG_NAME_LIMITS.min, TAG_NAME_LIMITS.max),
  color: ZStatusColor,
  isPrivate: requiredBoolean(),
});

/** The key that makes names unique per company whatever their case. */
export function tagNameKey(name: string): string {
  return name.toLowerCase();
}

/** A tag as idea answers show it (REST `tags`, the list's joined column). */
export type TIdeaTagView = { id: number; name: string; color: string };
