import type { MessageDescriptor } from 'react-intl';
import { detailMessages } from './messages.ts';

/** One fact of an entry as the server answers it (name and value as text). */
export type TAuditDetail = { name: string; value: string };

/** A line to show: its label (localised when known, else the fact's name), a value, and the value it replaced. */
export type TDetailLine = {
  label: MessageDescriptor | string;
  value: string;
  previous?: string;
};

/** What `from`/`to` of an entry changed, by its action. */
const CHANGED_BY_ACTION: Record<string, keyof typeof detailMessages> = {
  COMPANY_RENAMED: 'companyName',
  COMPANY_CURRENCY_CHANGED: 'currency',
  TEAM_ROLE_CHANGED: 'role',
  OWNERSHIP_TRANSFERRED: 'role',
};

/** Facts that hold the value before another fact (`wasPublic` before `isPublic`). */
const PREVIOUS_OF: Record<string, string> = { isPublic: 'wasPublic', to: 'from' };

const labelOf = (name: string): MessageDescriptor | string =>
  name in detailMessages ? detailMessages[name as keyof typeof detailMessages] : name;

/**
 * An entry's facts as lines a person reads: a change is one line "field: old → new" (`from` and
 * `to`, `wasPublic` and `isPublic`), the field named by the action where `from`/`to` do not say
 * which; known facts carry a translated label, unknown ones their own name.
 */
export function detailLines(action: string, details: readonly TAuditDetail[]): TDetailLine[] {
  const byName = new Map(details.map((detail) => [detail.name, detail.value]));
  const isPrevious = new Set(
    Object.entries(PREVIOUS_OF)
      .filter(([current, previous]) => byName.has(current) && byName.has(previous))
      .map(([, previous]) => previous),
  );
  const lines: TDetailLine[] = [];
  for (const { name, value } of details) {
    if (isPrevious.has(name)) continue;
    const previousName = PREVIOUS_OF[name];
    const previous = previousName ? byName.get(previousName) : undefined;
    const isChange = name === 'to' || name === 'from';
    const label = isChange ? labelOf(CHANGED_BY_ACTION[action] ?? 'value') : labelOf(name);
    lines.push(
      previous === undefined || previous === value ? { label, value } : { label, value, previous },
    );
  }
  return lines;
}
