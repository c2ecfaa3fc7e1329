import type { RecordProxy } from 'relay-runtime';

/** Moves a connection's totalCount with an idea added or removed here ("Showing n of total"). */
export function shiftTotalCount(connection: RecordProxy | null | undefined, by: number): void {
  if (!connection) return;
  const total = connection.getValue('totalCount');
  if (typeof total === 'number') connection.setValue(Math.max(0, total + by), 'totalCount');
}
