import { parsePrismaCursor } from '@pothos/plugin-prisma';
import { errors } from '../errors.ts';
import type { AppError } from '../errors.ts';

/** The page arguments that carry a cursor. */
export type TCursorArgs = { after?: string | null; before?: string | null };

/** The largest row id: PostgreSQL's integer. */
const MAX_ROW_ID = 2_147_483_647;

/** Which argument carries the cursor (Pothos refuses both at once), or null: none. */
function cursorArgument(args: TCursorArgs): 'after' | 'before' | null {
  if (args.before !== null && args.before !== undefined) return 'before';
  return args.after !== null && args.after !== undefined ? 'after' : null;
}

/** The one answer to a cursor that is not one of the caller's list: VALIDATION on its argument. */
export function notACursor(field: 'after' | 'before'): AppError {
  return errors.validation([{ field, message: 'This is not a cursor of this list.' }]);
}

/** A row id as a cursor may name one: a whole number from 1 to PostgreSQL's largest integer. */
function isRowId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 && id <= MAX_ROW_ID;
}

/**
 * The row id the cursor of a Prisma connection on `id` names (undefined: no cursor). A string
 * that is no such cursor (not base64 `GPC:N:<id>`, or an id no row can have) is VALIDATION on
 * its argument; it used to reach Prisma and answer an internal error (attack F6).
 */
export function cursorRowId(args: TCursorArgs): number | undefined {
  const field = cursorArgument(args);
  if (!field) return undefined;
  let id: unknown;
  try {
    id = parsePrismaCursor(args[field]);
  } catch {
    throw notACursor(field);
  }
  if (!isRowId(id)) throw notACursor(field);
  return id;
}

/**
 * THE cursor rule of every `t.prismaConnection` (call it in `resolve`, before the page query):
 * the cursor Pothos parsed into `query.cursor` must name a row of the caller's own list
 * (`countInList(id)` counts the rows of the list's filter with that id). Prisma positions a
 * page at the cursor row's sort values without applying the list's filter to that row, so a
 * cursor naming another company's user or release answered where that row sorts among the
 * caller's rows: an oracle on other tenants' names and dates (attack F5). Such a cursor, one
 * naming no row, and a malformed one (F6) are VALIDATION on `after`/`before`, as the idea
 * lists' cursors are.
 */
export async function requireCursorInList(
  query: { cursor?: unknown },
  args: TCursorArgs,
  countInList: (id: number) => Promise<number>,
): Promise<void> {
  const field = cursorArgument(args);
  if (!field || query.cursor === undefined) return;
  const id = (query.cursor as { id?: unknown } | null)?.id;
  if (!isRowId(id) || (await countInList(id)) === 0) throw notACursor(field);
}

/**
 * The rule of requireCursorInList for a `t.relatedConnection` (whose `query` cannot wait for a
 * read), and for an idea's comments (which answered so as a related connection, and still do):
 * a filter that keeps the page's rows only while the cursor names a row of the same list,
 * `sameList(id)` (e.g. "the comment's idea has a visible comment of that id"); else the page is
 * empty. A malformed cursor is VALIDATION.
 */
export function cursorInListWhere<TWhere>(
  args: TCursorArgs,
  sameList: (id: number) => TWhere,
): TWhere | undefined {
  const id = cursorRowId(args);
  return id === undefined ? undefined : sameList(id);
}
