import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { errors } from '../errors.ts';
import { toRowId } from '../services/access.ts';

/**
 * The row id inside a Relay global id of the given type. A malformed id, or an id of another
 * type, answers 0: an id no row has, so lookups answer "not found" rather than an error.
 */
export function decodeId(globalId: string | number | null | undefined, typename: string): number {
  if (globalId === null || globalId === undefined) return 0;
  try {
    const decoded = decodeGlobalID(String(globalId));
    return decoded.typename === typename ? toRowId(decoded.id) : 0;
  } catch {
    return 0;
  }
}

/**
 * The row id of a global id of the given type, or of a plain number: the id REST, the spec and
 * the console's addresses use (`/admin/boards/12/list`), so a link can name a board or idea as
 * people read it. A base64 global id is never all digits ("Board:1" is "Qm9hcmQ6MQ=="), so the
 * two forms cannot be confused.
 */
export function decodeIdOrRowId(id: string | number | null | undefined, typename: string): number {
  if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) return toRowId(id);
  return decodeId(id, typename);
}

/** Like decodeId, but keeps "absent" apart from "unknown" (for optional arguments). */
export function decodeOptionalId(
  globalId: string | number | null | undefined,
  typename: string,
): number | undefined {
  if (globalId === null || globalId === undefined || globalId === '') return undefined;
  return decodeId(globalId, typename);
}

/**
 * For an optional argument that can also clear what it sets: absent is undefined (unchanged),
 * null is null (cleared), anything else is decoded as decodeId does.
 */
export function decodeClearableId(
  globalId: string | number | null | undefined,
  typename: string,
): number | null | undefined {
  if (globalId === undefined || globalId === null) return globalId;
  return decodeId(globalId, typename);
}

/**
 * The row a page cursor of the given type names (undefined: no cursor); a string that is not
 * such a cursor is a VALIDATION error on its argument.
 */
export function decodeCursorId(
  cursor: string | undefined,
  typename: string,
  field: 'after' | 'before',
): number | undefined {
  const id = decodeOptionalId(cursor, typename);
  if (id === 0) throw errors.validation([{ field, message: 'This is not a cursor of this list.' }]);
  return id;
}

export function globalId(typename: string, id: number): string {
  return encodeGlobalID(typename, id);
}
