import { readFileSync } from 'node:fs';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { readImportFiles } from '../../../../../../api/src/services/import/read-import-files.ts';
import enUS from '../../../../../i18n/en-US.json' with { type: 'json' };
import plPL from '../../../../../i18n/pl-PL.json' with { type: 'json' };
import { problemText } from './problem-messages.ts';

/** The importer's own messages for a file of bad rows (the one parsers.test.ts reads). */
function problemsOfBadFile(): string[] {
  const data = readFileSync(
    new URL('../../../../../../api/src/services/import/fixtures/generic-bad.csv', import.meta.url),
  );
  const model = readImportFiles('CSV', [{ name: 'generic-bad.csv', data }]);
  return [
    ...model.problems.map((problem) => problem.message),
    'Another row already has the id “7”.',
    'It has to be max 100 characters.',
  ];
}

describe('bad rows in the import preview', () => {
  const messages = problemsOfBadFile();

  it('reads in English as the server wrote them', () => {
    const intl = createIntl({ locale: 'en-US', messages: enUS });
    expect(messages.map((message) => problemText(intl, message))).toEqual(messages);
  });

  it('reads in Polish with their values, none left in English', () => {
    const intl = createIntl({ locale: 'pl-PL', messages: plPL });
    const polish = messages.map((message) => problemText(intl, message));
    expect(polish).toEqual([
      'To pole jest wymagane.',
      expect.stringContaining('„someday”'),
      'To musi być data (ISO 8601, np. 2024-05-01T10:00:00Z).',
      'To musi być adres e-mail.',
      'To pole jest wymagane.',
      'To musi być idea, vote albo comment.',
      'Żaden pomysł w pliku nie ma identyfikatora „9”.',
      'Inny wiersz ma już identyfikator „7”.',
      expect.stringContaining('100'),
    ]);
    polish.forEach((text, at) => expect(text).not.toBe(messages[at]));
  });
});
