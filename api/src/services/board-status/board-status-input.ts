import { z } from 'zod';
import type { BoardStatus, IdeaStatus } from '../../generated/prisma/client.ts';
import { requiredEnum, requiredOr, requiredText } from '../../validation.ts';
import type { TLanguage } from '../../validation.ts';

import { STATUS_KINDS, STATUS_NAME_LIMITS } from '../../contract/limits.ts';

// The limits of a custom status live in the module the console shares (contract/limits.ts).
export { MAX_BOARD_STATUSES, STATUS_KINDS, STATUS_NAME_LIMITS } from '../../contract/limits.ts';
export type { TStatusKind } from '../../contract/limits.ts';
// The kinds are statuses of the pipeline.
STATUS_KINDS satisfies readonly IdeaStatus[];

/** A status colour: six hex digits (an optional leading '#' is dropped), no alpha. */
export const ZStatusColor = z.preprocess(
  (input) => (typeof input === 'string' ? input.trim().replace(/^#/, '').toLowerCase() : input),
  z
    .string({ error: requiredOr('It has to be text.') })
    .regex(/^[0-9a-f]{6}$/, { error: 'It has to be a hex colour of 6 digits (e.g. 1f6feb).' }),
);

const ZStatusName = () => requiredText(STATUS_NAME_LIMITS.min, STATUS_NAME_LIMITS.max);

/**
 * The Polish name may be left out (absent, null or blank): it is then the English one. A team
 * working in English only had to invent a Polish name for every status (first-hour walkthrough
 * 4, #11).
 */
const ZOptionalStatusName = () =>
  z.preprocess(
    (input) => (input === null || (typeof input === 'string' && !input.trim()) ? undefined : input),
    ZStatusName().optional(),
  );
const ZStatusFields = z.object({
  nameEn: ZStatusName(),
  namePl: ZOptionalStatusName(),
  color: ZStatusColor,
});
const withPolishName = <T extends { nameEn: string; namePl?: string | undefined }>(fields: T) => ({
  ...fields,
  namePl: fields.namePl ?? fields.nameEn,
});
export const ZBoardStatusFields = ZStatusFields.transform(withPolishName);
export const ZCreateBoardStatus = ZStatusFields.extend({
  kind: requiredEnum(STATUS_KINDS),
}).transform(withPolishName);

/** A status's name in a language (the board's for the widget, the reader's in the console). */
export function statusName(status: Pick<BoardStatus, 'nameEn' | 'namePl'>, language: string) {
  return language === ('pl-PL' satisfies TLanguage) ? status.namePl : status.nameEn;
}
