import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
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

/** Like decodeId, but keeps "absent" apart from "unknown" (for optional arguments). */
export function decodeOptionalId(
  globalId: string | number | null | undefined,
  typename: string,
): number | undefined {
  if (globalId === null || globalId === undefined || globalId === '') return undefined;
  return decodeId(globalId, typename);
}

export function globalId(typename: string, id: number): string {
  return encodeGlobalID(typename, id);
}
