import type { IntlShape } from 'react-intl';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { knownServerMessage } from '../../../../i18n/common-messages.ts';

const problemMessages = defineMessages({
  date: {
    id: 'import.problem.date',
    defaultMessage: 'It has to be a date (ISO 8601, e.g. 2024-05-01T10:00:00Z).',
  },
  email: { id: 'import.problem.email', defaultMessage: 'It has to be an email address.' },
  rowType: { id: 'import.problem.rowType', defaultMessage: 'It has to be idea, vote or comment.' },
  noIdea: { id: 'import.problem.noIdea', defaultMessage: 'No idea in the file has the id “{id}”.' },
  duplicateId: {
    id: 'import.problem.duplicateId',
    defaultMessage: 'Another row already has the id “{id}”.',
  },
  status: {
    id: 'import.problem.status',
    defaultMessage:
      'The status “{status}” is not one we know: use open, under review, planned, in progress, complete or declined.',
  },
});

/** The server's words for a bad row (services/import/), each matched with its values. */
const KNOWN: [RegExp, (match: RegExpExecArray, intl: IntlShape) => string][] = [
  [/^It has to be a date \(ISO 8601/, (_, intl) => intl.formatMessage(problemMessages.date)],
  [/^It has to be an email address\.$/, (_, intl) => intl.formatMessage(problemMessages.email)],
  [/^It has to be idea, vote or comment\.$/, (_, i) => i.formatMessage(problemMessages.rowType)],
  [
    /^No idea in the file has the id “(.*)”\.$/,
    (m, intl) => intl.formatMessage(problemMessages.noIdea, { id: m[1] }),
  ],
  [
    /^Another row already has the id “(.*)”\.$/,
    (m, intl) => intl.formatMessage(problemMessages.duplicateId, { id: m[1] }),
  ],
  [
    /^The status “(.*)” is not one we know: /,
    (m, intl) => intl.formatMessage(problemMessages.status, { status: m[1] }),
  ],
];

/**
 * A bad row's message in the console's language: the importer's known texts translated with
 * their values, the field rules (required, max length) as the forms show them, anything else
 * in the server's own words.
 */
export function problemText(intl: IntlShape, message: string): string {
  for (const [pattern, format] of KNOWN) {
    const match = pattern.exec(message);
    if (match) return format(match, intl);
  }
  const known = knownServerMessage(message);
  return known ? intl.formatMessage(known.descriptor, known.values) : message;
}
