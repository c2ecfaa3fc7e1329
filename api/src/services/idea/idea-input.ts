import { z } from 'zod';
import type { TIdeaSegment } from '../customer/idea-segment.ts';
import { IdeaStatus } from '../../generated/prisma/enums.ts';
import { messages, optionalText, requiredEnum, requiredText } from '../../validation.ts';

/** Idea form: title 6 to 100, description optional, 6 to 500 (spec section 5). */
export const ZIdeaInput = z.object({
  title: requiredText(6, 100),
  description: optionalText(6, 500),
});

export const IDEA_STATUSES = Object.values(IdeaStatus);
/** Statuses reachable from the status menu: all but DECLINED (that takes the decline form). */
export const SETTABLE_STATUSES = IDEA_STATUSES.filter((status) => status !== 'DECLINED');

/** A custom status of the idea's board (a BoardStatus row id); absent or null: none. */
const ZCustomStatusId = z.preprocess(
  (v) => v ?? null,
  z
    .number({ error: 'It has to be a status id.' })
    .int({ error: 'It has to be a status id.' })
    // Outside PostgreSQL's integer the lookup would fail (a 500), not miss. Smaller ids no row has
    // (0 for another type's global id) miss: "It has to be a status of this board."
    .min(-2_147_483_648, { error: 'It has to be a status id.' })
    .max(2_147_483_647, { error: 'It has to be a status id.' })
    .nullable(),
);

/**
 * A status change: the kind, and optionally a custom status of the idea's board of that kind
 * (absent or null: the kind's default name).
 */
export const ZIdeaStatusChange = z.object({
  status: requiredEnum(SETTABLE_STATUSES),
  customStatusId: ZCustomStatusId,
});

export const IDEA_FILTERS = ['ALL', ...IDEA_STATUSES] as const;
export const IDEA_SORTS = ['VOTES', 'STATUS', 'DATE_DESC', 'DATE_ASC'] as const;
export type TIdeaFilter = (typeof IDEA_FILTERS)[number];
export type TIdeaSort = (typeof IDEA_SORTS)[number];

const tagIdError = 'It has to be a tag id.';

/**
 * List parameters: filter (ALL hides DECLINED), sort (VOTES by default), a text search, a tag
 * (`tag`: only ideas carrying it; a tag the caller may not see matches nothing).
 */
export const ZIdeaListParams = z.object({
  filter: z.preprocess((v) => v ?? undefined, requiredEnum(IDEA_FILTERS).default('ALL')),
  sort: z.preprocess((v) => v ?? undefined, requiredEnum(IDEA_SORTS).default('VOTES')),
  search: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined),
    z
      .string()
      .max(100, { error: messages.max(100) })
      .optional(),
  ),
  tag: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
    z
      .number({ error: tagIdError })
      .int({ error: tagIdError })
      .min(1, { error: tagIdError })
      .max(2_147_483_647, { error: tagIdError })
      .optional(),
  ),
});
/**
 * What a list reads: ZIdeaListParams's, or (the team's GraphQL lists, ZTeamIdeaListParams in
 * customer/idea-segment.ts) sorted by VALUE and narrowed to a customer segment.
 */
export type TIdeaListParams = Omit<z.output<typeof ZIdeaListParams>, 'sort'> & {
  sort: TIdeaSort | 'VALUE';
  segment?: TIdeaSegment;
  /** Only ideas carrying at least one of these tags (GraphQL's `tagIds`). */
  tagIds?: number[];
  /**
   * The ideas rejected from the queue (still NOT_PUBLIC, with rejectedAt): HIDDEN leaves them
   * out of the team's ALL, ONLY lists them alone (GraphQL's `ALL` and `NOT_ACCEPTED` filters).
   * Absent: REST's lists, whose answers stay as they were.
   */
  rejected?: 'HIDDEN' | 'ONLY';
  /**
   * The search's matches, looked up before the list is read (listed-ideas.ts,
   * withSearchMatches): every matching idea's id, or MANY for a common text.
   */
  searchMatches?: number[] | 'MANY';
};

/** The tags a list is narrowed to (any of them), from REST's `tag` or GraphQL's `tagIds`. */
export function listedTagIds(params: Pick<TIdeaListParams, 'tag' | 'tagIds'>): number[] {
  return [...(params.tagIds ?? []), ...(params.tag === undefined ? [] : [params.tag])];
}

export const DECLINE_REASONS = ['DUPLICATE', 'NOT_APPLICABLE', 'NOT_RELEVANT', 'OTHER'] as const;

/** The decline form (spec sections 3 and 5); the duplicate's rules need the database. */
export const ZDecline = z.object({
  reason: requiredEnum(DECLINE_REASONS),
  comment: optionalText(1, 500),
  duplicateOfIdeaId: z.unknown().optional(),
  mergeVotes: z.preprocess(
    (v) => v ?? undefined,
    z.boolean({ error: 'It has to be true or false.' }).default(true),
  ),
  /** A DECLINED custom status of the idea's board to show (absent or null: "Declined"). */
  customStatusId: ZCustomStatusId,
});
