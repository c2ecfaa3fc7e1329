import { z } from 'zod';
import { messages, requiredBoolean, requiredOr, requiredText } from '../../validation.ts';

/** A calendar date typed or picked as YYYY-MM-DD (spec section 5: required, 6+ characters). */
export const ZReleaseDate = requiredText(6, 10).pipe(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'It has to be a date as YYYY-MM-DD.' })
    .transform((text, ctx) => {
      const date = new Date(`${text}T00:00:00.000Z`);
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
        ctx.addIssue({ code: 'custom', message: 'It has to be a real calendar date.' });
        return z.NEVER;
      }
      return date;
    }),
);

export const ZReleaseForm = z.object({
  name: requiredText(1, 16),
  releaseDate: ZReleaseDate,
});

export const ZCreateRelease = ZReleaseForm.extend({
  boardIds: z.preprocess(
    (v) => v ?? [],
    z
      .array(z.union([z.number(), z.string()]), { error: 'It has to be a list of board ids.' })
      .max(100),
  ),
});

export const ZPublish = z.object({ published: requiredBoolean() });

export const ZGenericPart = z.object({ title: requiredText(6, 100) });

export const ZAddIdeas = z.object({
  ideaIds: z
    .array(z.union([z.number(), z.string()]), {
      error: requiredOr('It has to be a list of idea ids.'),
    })
    .min(1, { error: messages.required })
    .max(250, { error: 'At most 250 ideas at a time.' }),
});

export const RELEASE_FILTERS = ['ALL', 'PUBLISHED', 'UNPUBLISHED'] as const;
export type TReleaseFilter = (typeof RELEASE_FILTERS)[number];

/** A release date as the API shows it: YYYY-MM-DD. */
export function formatReleaseDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
