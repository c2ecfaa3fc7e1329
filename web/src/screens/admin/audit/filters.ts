import { actionMessages } from './messages.ts';

export type TAuditAction = keyof typeof actionMessages;
export const AUDIT_ACTIONS = Object.keys(actionMessages) as TAuditAction[];

/** The log's filter as the address keeps it (`?action=…&actor=…&from=YYYY-MM-DD&to=…`). */
export type TAuditFilters = { action: string; actor: string; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersOf(search: URLSearchParams): TAuditFilters {
  const action = search.get('action') ?? '';
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    action: (AUDIT_ACTIONS as string[]).includes(action) ? action : '',
    actor: search.get('actor') ?? '',
    from: day('from'),
    to: day('to'),
  };
}

/** Local midnight at the start of a calendar day, as an ISO moment. */
function startOfDay(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** True when both days are set and the end comes before the start. */
export const isBadRange = (filters: TAuditFilters) =>
  Boolean(filters.from && filters.to && filters.to < filters.from);

/**
 * The query's variables: `to` counts its whole day in the reader's time zone (entries before
 * the next midnight), `from` from its first moment.
 */
export function variablesOf(filters: TAuditFilters) {
  const range = isBadRange(filters) ? { from: '', to: '' } : filters;
  return {
    action: (filters.action || null) as TAuditAction | null,
    actorId: filters.actor || null,
    from: range.from ? startOfDay(range.from) : null,
    to: range.to ? startOfDay(range.to, 1) : null,
  };
}
