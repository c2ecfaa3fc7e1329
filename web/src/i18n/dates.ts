import type { IntlShape } from 'react-intl';

/**
 * A calendar date (YYYY-MM-DD: a release's) in the reader's language, like every other date
 * (`dateStyle: 'medium'`). It is read as midnight UTC and formatted in UTC, so a release on
 * 2026-11-20 shows the 20th in every time zone.
 */
export function formatCalendarDate(intl: Pick<IntlShape, 'formatDate'>, ymd: string): string {
  const date = new Date(`${ymd}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return ymd;
  return intl.formatDate(date, { dateStyle: 'medium', timeZone: 'UTC' });
}
