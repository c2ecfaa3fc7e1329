import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import {
  STATUS_LABELS,
  formatCalendarDate as formatMailDate,
} from '../../../../../../api/src/services/notification/notification-texts.ts';
import {
  en as widgetEn,
  formatCalendarDate as formatWidgetDate,
  pl as widgetPl,
} from '../../../../../../widget/src/i18n.ts';
import { STATUS_COLOURS } from '../../../../../../widget/src/styles.ts';
import enUS from '../../../../../i18n/en-US.json' with { type: 'json' };
import plPL from '../../../../../i18n/pl-PL.json' with { type: 'json' };
import { formatCalendarDate } from '../../../../i18n/dates.ts';
import { filterMessages, statusMessages } from './messages.ts';

const STATUSES = [
  'NOT_PUBLIC',
  'OPEN',
  'REVIEW',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
  'DECLINED',
] as const;

const LANGUAGES = [
  { locale: 'en-US', console: enUS as Record<string, string>, widget: widgetEn, mail: 'en' },
  { locale: 'pl-PL', console: plPL as Record<string, string>, widget: widgetPl, mail: 'pl' },
] as const;

describe('one name per status', () => {
  for (const language of LANGUAGES) {
    it(`is the same in the console, the widget and the mails (${language.locale})`, () => {
      const label = (id: string) => language.console[id];
      const names = STATUSES.map((status) => ({
        status,
        badge: label(statusMessages[status].id as string),
        filter: label(filterMessages[status].id as string),
        widget: language.widget[`status.${status}`],
        mail: STATUS_LABELS[language.mail][status],
      }));
      for (const name of names) {
        expect(name.badge, name.status).toBeTruthy();
        expect(name, name.status).toEqual({
          status: name.status,
          badge: name.badge,
          filter: name.badge,
          widget: name.badge,
          mail: name.badge,
        });
      }
      // Seven statuses, seven different names.
      expect(new Set(names.map((name) => name.badge)).size).toBe(STATUSES.length);
    });
  }

  it('uses the agreed words', () => {
    expect(STATUSES.map((status) => STATUS_LABELS.en[status])).toEqual([
      'Awaiting acceptance',
      'Open',
      'Under review',
      'Planned',
      'In progress',
      'Complete',
      'Declined',
    ]);
    expect(STATUSES.map((status) => STATUS_LABELS.pl[status])).toEqual([
      'Oczekuje na akceptację',
      'Otwarty',
      'W ocenie',
      'Zaplanowany',
      'W trakcie',
      'Ukończony',
      'Odrzucony',
    ]);
  });
});

describe('one colour per status', () => {
  it("is the same on the console's tags (light theme) and the widget's", () => {
    const css = readFileSync(new URL('../../../../style.css', import.meta.url), 'utf8');
    const rootBlock = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    const resolve = (value: string) =>
      value.replace(/var\((--[\w-]+)\)/, (_all, name: string) => {
        const found = new RegExp(`${name}:\\s*([^;]+);`).exec(rootBlock);
        return found?.[1]?.trim() ?? value;
      });
    const rule = (selector: string) => {
      const body =
        new RegExp(`\\n${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
      const read = (property: string) =>
        new RegExp(`(?:^|[\\s;])${property}:\\s*([^;]+);`).exec(body)?.[1]?.trim();
      return { background: read('background'), color: read('color') };
    };
    const base = rule('.status');
    for (const status of STATUSES) {
      const own = rule(`.status--${status.toLowerCase()}`);
      const console = [
        resolve(own.background ?? base.background ?? ''),
        resolve(own.color ?? base.color ?? ''),
      ];
      expect(console, status).toEqual([...STATUS_COLOURS[status]]);
    }
  });
});

describe('release dates', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Hawaii is behind UTC and Kiritimati 14 hours ahead: a date read as a local midnight or
  // formatted in the local zone lands on the 19th or the 21st in one of them.
  for (const timeZone of ['UTC', 'Pacific/Honolulu', 'Pacific/Kiritimati']) {
    it(`show the release's own day in the reader's language (time zone ${timeZone})`, () => {
      process.env.TZ = timeZone;
      const expected = { 'en-US': 'Nov 20, 2026', 'pl-PL': '20 lis 2026' };
      for (const locale of ['en-US', 'pl-PL'] as const) {
        const intl = createIntl({ locale, messages: {} });
        expect(formatCalendarDate(intl, '2026-11-20')).toBe(expected[locale]);
        expect(formatWidgetDate('2026-11-20', locale === 'en-US' ? 'en' : 'pl')).toBe(
          expected[locale],
        );
        expect(formatMailDate('2026-11-20', locale)).toBe(expected[locale]);
      }
    });
  }
});
