import { z } from 'zod';
import {
  RELEASE_BODY_MAX,
  RELEASE_COVER_URL_MAX,
  RELEASE_LABELS,
  RELEASE_NAME_MAX,
} from './release-limits.ts';
import type { TReleaseLabel } from './release-limits.ts';
import {
  clearableHttpUrl,
  messages,
  requiredBoolean,
  requiredOr,
  requiredText,
} from '../../validation.ts';

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

export {
  RELEASE_BODY_MAX,
  RELEASE_COVER_URL_MAX,
  RELEASE_LABELS,
  RELEASE_NAME_MAX,
} from './release-limits.ts';
export type { TReleaseLabel } from './release-limits.ts';

/** An optional http(s) image address: blank or null clears it; anything else is refused. */
const ZCoverImageUrl = clearableHttpUrl(
  RELEASE_COVER_URL_MAX,
  'It has to be an http or https address.',
);

/**
 * The notes beside a release's name: its Markdown body, cover image and labels. Each is
 * optional: absent leaves it as it is (an update of the name alone keeps them).
 */
export const ZReleaseNotes = z.object({
  body: z
    .string({ error: 'It has to be text.' })
    .max(RELEASE_BODY_MAX, { error: messages.max(RELEASE_BODY_MAX) })
    .nullish()
    // null clears the body; absent keeps it.
    .transform((text) =>
      text === undefined ? undefined : (text ?? '').replace(/\r\n?/g, '\n').trim(),
    ),
  coverImageUrl: ZCoverImageUrl,
  labels: z
    .array(z.string({ error: messages.oneOf(RELEASE_LABELS) }), {
      error: 'It has to be a list of labels.',
    })
    .max(RELEASE_LABELS.length * 4, { error: messages.oneOf(RELEASE_LABELS) })
    .refine((labels) => labels.every((label) => isReleaseLabel(label)), {
      error: messages.oneOf(RELEASE_LABELS),
    })
    .nullish()
    // In the one order the changelog shows them, each once; null clears them.
    .transform((labels) =>
      labels === undefined ? undefined : RELEASE_LABELS.filter((label) => labels?.includes(label)),
    ),
});

function isReleaseLabel(label: string): label is TReleaseLabel {
  return (RELEASE_LABELS as readonly string[]).includes(label);
}

export const ZReleaseForm = z
  .object({
    name: requiredText(1, RELEASE_NAME_MAX),
    releaseDate: ZReleaseDate,
  })
  .extend(ZReleaseNotes.shape);

export const ZCreateRelease = ZReleaseForm.extend({
  boardIds: z.preprocess(
    (v) => v ?? [],
    z
      .array(z.union([z.number(), z.string()]), { error: 'It has to be a list of board ids.' })
      .max(100),
  ),
});

export const ZPublish = z.object({
  published: requiredBoolean(),
  /** Publishing only: move the linked ideas to their board's completed status. */
  completeLinkedIdeas: z.boolean({ error: 'It has to be true or false.' }).nullish(),
});

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
