import { z } from 'zod';
import { requiredBoolean, requiredText } from '../../validation.ts';
import { ZStatusColor } from '../board-status/board-status-input.ts';

// The limits of a tag live in the module the console shares (contract/limits.ts).
export { MAX_COMPANY_TAGS, MAX_IDEA_TAGS, TAG_NAME_LIMITS } from '../../contract/limits.ts';
import { TAG_NAME_LIMITS } from '../../contract/limits.ts';

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
