/** The ideas list's filter, sort and search, kept in the address so a view can be shared. */

export const IDEA_FILTERS = [
  'ALL',
  'NOT_PUBLIC',
  'OPEN',
  'REVIEW',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
  'DECLINED',
  'NOT_ACCEPTED',
] as const;
export const IDEA_SORTS = ['VOTES', 'VALUE', 'STATUS', 'DATE_DESC', 'DATE_ASC'] as const;

export type TIdeaFilter = (typeof IDEA_FILTERS)[number];

/**
 * Whether a list of this filter shows an idea of `status`: ALL every status but DECLINED,
 * NOT_ACCEPTED the rejected ideas (still NOT_PUBLIC), any other filter its own status.
 */
export function filterShows(filter: TIdeaFilter, status: string): boolean {
  if (filter === 'ALL') return status !== 'DECLINED';
  if (filter === 'NOT_ACCEPTED') return status === 'NOT_PUBLIC';
  return filter === status;
}
export type TIdeaSort = (typeof IDEA_SORTS)[number];

/**
 * A customer segment as the address keeps it (`plan`, `attr` as key=value, `minSpend`,
 * `maxSpend`, `customer`: a customer company's id); empty strings are "not set".
 */
export type TSegmentParams = {
  plan: string;
  attribute: string;
  minSpend: string;
  maxSpend: string;
  customer: string;
};
export type TListParams = {
  filter: TIdeaFilter;
  sort: TIdeaSort;
  search: string;
  segment: TSegmentParams;
};

export const EMPTY_SEGMENT: TSegmentParams = {
  plan: '',
  attribute: '',
  minSpend: '',
  maxSpend: '',
  customer: '',
};

export const DEFAULT_LIST_PARAMS: TListParams = {
  filter: 'ALL',
  sort: 'VOTES',
  search: '',
  segment: EMPTY_SEGMENT,
};

const SEGMENT_KEYS: Record<keyof TSegmentParams, string> = {
  plan: 'plan',
  attribute: 'attr',
  minSpend: 'minSpend',
  maxSpend: 'maxSpend',
  customer: 'customer',
};

/** Reads a segment from a query string (the ideas list's and the roadmap's). */
export function parseSegmentParams(search: URLSearchParams): TSegmentParams {
  const read = (key: keyof TSegmentParams) =>
    (search.get(SEGMENT_KEYS[key]) ?? '').trim().slice(0, 300);
  return {
    plan: read('plan'),
    attribute: read('attribute'),
    minSpend: read('minSpend'),
    maxSpend: read('maxSpend'),
    customer: read('customer'),
  };
}

/** Writes a segment into a query string (unset parts left out). */
export function withSegmentParams(
  current: URLSearchParams,
  segment: TSegmentParams,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.keys(SEGMENT_KEYS) as (keyof TSegmentParams)[]) {
    const value = segment[key].trim();
    if (value) next.set(SEGMENT_KEYS[key], value);
    else next.delete(SEGMENT_KEYS[key]);
  }
  return next;
}

/** True when a segment narrows the ideas. */
export function isSegmentSet(segment: TSegmentParams): boolean {
  return Object.values(segment).some((value) => value.trim() !== '');
}

/** A number the address holds, or null (not set, or not a number). */
function spendOf(text: string): number | null {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** The GraphQL `IdeaSegment` of a segment, or null when none is set. */
export function segmentInput(segment: TSegmentParams): {
  plan: string | null;
  attributeKey: string | null;
  attributeValue: string | null;
  minSpend: number | null;
  maxSpend: number | null;
  customerCompanyId: string | null;
} | null {
  if (!isSegmentSet(segment)) return null;
  const at = segment.attribute.indexOf('=');
  const attributeKey = at > 0 ? segment.attribute.slice(0, at).trim() : segment.attribute.trim();
  const attributeValue = at > 0 ? segment.attribute.slice(at + 1).trim() : '';
  return {
    plan: segment.plan || null,
    attributeKey: attributeKey || null,
    attributeValue: attributeKey ? attributeValue : null,
    minSpend: spendOf(segment.minSpend),
    maxSpend: spendOf(segment.maxSpend),
    customerCompanyId: segment.customer || null,
  };
}
/** The server accepts up to 100 characters of search text. */
export const SEARCH_MAX = 100;

function pick<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  const upper = value?.toUpperCase() ?? '';
  return (allowed as readonly string[]).includes(upper) ? (upper as T) : fallback;
}

/** Reads the list's view from a query string; unknown values fall back to the defaults. */
export function parseListParams(search: URLSearchParams): TListParams {
  return {
    filter: pick(IDEA_FILTERS, search.get('filter'), DEFAULT_LIST_PARAMS.filter),
    sort: pick(IDEA_SORTS, search.get('sort'), DEFAULT_LIST_PARAMS.sort),
    search: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    segment: parseSegmentParams(search),
  };
}

/**
 * Writes a view into a query string, leaving defaults out (so the plain address is the default
 * view) and keeping any other parameter the page uses.
 */
export function withListParams(
  current: URLSearchParams,
  change: Partial<TListParams>,
): URLSearchParams {
  const next = withSegmentParams(current, change.segment ?? parseSegmentParams(current));
  const merged = { ...parseListParams(current), ...change };
  const set = (key: string, value: string, fallback: string) => {
    if (value && value !== fallback) next.set(key, value);
    else next.delete(key);
  };
  set('filter', merged.filter, DEFAULT_LIST_PARAMS.filter);
  set('sort', merged.sort, DEFAULT_LIST_PARAMS.sort);
  set('q', merged.search.trim().slice(0, SEARCH_MAX), '');
  return next;
}

/** True when the view narrows the ideas (a status filter, a search or a customer segment). */
export function isNarrowed(params: TListParams): boolean {
  return params.filter !== 'ALL' || params.search !== '' || isSegmentSet(params.segment);
}
