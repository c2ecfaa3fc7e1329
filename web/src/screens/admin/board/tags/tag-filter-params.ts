/**
 * The tag an ideas list or the roadmap is narrowed to, kept in the address as the tag's plain
 * id (`tag=12`, as REST's `?tag=` takes it), so a tagged view can be shared.
 */

/** The tag's plain id from a query string, or '' (none, or not an id). */
export function parseTagParam(search: URLSearchParams): string {
  const tag = (search.get('tag') ?? '').trim();
  return /^[1-9]\d{0,9}$/.test(tag) ? tag : '';
}

/** Writes the tag into a query string ('' takes it out), keeping every other parameter. */
export function withTagParam(current: URLSearchParams, tag: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (tag) next.set('tag', tag);
  else next.delete('tag');
  return next;
}

/** GraphQL's `tagIds` for the tag in the address (a Relay global id), or null for none. */
export function tagIdsInput(tag: string): string[] | null {
  return tag ? [btoa(`Tag:${tag}`)] : null;
}
