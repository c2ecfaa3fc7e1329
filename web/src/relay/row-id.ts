/**
 * The plain row id inside a Relay global id (base64 of "Board:12"): the id REST routes, the spec
 * and the console's addresses use. The store keeps global ids; addresses show this one.
 */
export function rowIdOf(globalId: string, typename?: string): string {
  try {
    const [type, id] = atob(globalId).split(':');
    if (typename && type !== typename) return '';
    return id && /^\d+$/.test(id) ? id : '';
  } catch {
    return '';
  }
}

/** A board's address in the console (`/admin/boards/12`), from its global id. */
export function boardPath(boardGlobalId: string): string {
  return `/admin/boards/${encodeURIComponent(rowIdOf(boardGlobalId, 'Board') || boardGlobalId)}`;
}

/**
 * The plain id an old console address (with a global id) stands for, so it can be sent on to
 * the readable one; null when the segment is already plain or names no such object.
 */
export function plainIdForOldLink(segment: string | undefined, typename: string): string | null {
  if (!segment || /^\d+$/.test(segment)) return null;
  return rowIdOf(segment, typename) || null;
}
