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
] as const;
export const IDEA_SORTS = ['VOTES', 'STATUS', 'DATE_DESC', 'DATE_ASC'] as const;

export type TIdeaFilter = (typeof IDEA_FILTERS)[number];
export type TIdeaSort = (typeof IDEA_SORTS)[number];
export type TListParams = { filter: TIdeaFilter; sort: TIdeaSort; search: string };

export const DEFAULT_LIST_PARAMS: TListParams = { filter: 'ALL', sort: 'VOTES', search: '' };
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
  const next = new URLSearchParams(current);
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

/** True when the view narrows the ideas (a status filter or a search). */
export function isNarrowed(params: TListParams): boolean {
  return params.filter !== 'ALL' || params.search !== '';
}
