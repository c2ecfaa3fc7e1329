import type { IntlShape, MessageDescriptor } from 'react-intl';
import { defineMessages } from './define-messages.ts';

/** Texts shared by several screens: toasts, validation, the app's name. */
export const commonMessages = defineMessages({
  appName: { id: 'app.name', defaultMessage: 'Feedboard' },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
  close: { id: 'common.close', defaultMessage: 'Close' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel' },
  save: { id: 'common.save', defaultMessage: 'Save' },
  errorTitle: { id: 'toast.error.title', defaultMessage: 'Error' },
  genericError: {
    id: 'toast.error.generic',
    defaultMessage: 'Sorry, something went wrong. Please, try again later or refresh page',
  },
  rateLimited: {
    id: 'toast.error.rateLimited',
    defaultMessage:
      '{minutes, plural, one {Too many attempts. Try again in # minute.} other {Too many attempts. Try again in # minutes.}}',
  },
  serverBusy: {
    id: 'toast.error.serverBusy',
    defaultMessage: 'The server is busy, so nothing was saved. Try again in a moment.',
  },
  credentialsError: {
    id: 'toast.error.credentials',
    defaultMessage:
      'Sorry, something went wrong. Please, make sure you typed proper credentials or try again later',
  },
  sessionExpiredTitle: { id: 'toast.sessionExpired.title', defaultMessage: 'Session Expired' },
  sessionExpiredDescription: {
    id: 'toast.sessionExpired.description',
    defaultMessage: 'Your session has expired. Please log in again.',
  },
  dataSavedTitle: { id: 'toast.dataSaved.title', defaultMessage: 'Data saved' },
  dataSavedDescription: {
    id: 'toast.dataSaved.description',
    defaultMessage: 'Your changes are stored.',
  },
});

/** The spec's validation texts (section 5). */
export const validationMessages = defineMessages({
  required: { id: 'validation.required', defaultMessage: 'This field is required.' },
  min: {
    id: 'validation.min',
    defaultMessage: 'It has to be {n} characters at least.',
  },
  max: { id: 'validation.max', defaultMessage: 'It has to be max {n} characters.' },
  email: { id: 'validation.email', defaultMessage: 'Enter a valid email address.' },
  wholeNumber: {
    id: 'validation.wholeNumber',
    defaultMessage: 'It has to be a whole number from {min} to {max}.',
  },
  passwordsDiffer: {
    id: 'validation.passwordsDiffer',
    defaultMessage: 'The passwords do not match.',
  },
  httpUrl: {
    id: 'validation.httpUrl',
    defaultMessage: 'Enter an address that starts with http:// or https://.',
  },
});

/**
 * A field's length rule said under it before the first try (issues 8 and 32): the spec's
 * minimums and maximums were met only as an error after sending.
 */
export const lengthHintMessages = defineMessages({
  between: { id: 'lengthHint.between', defaultMessage: '{min} to {max} characters.' },
  atMost: { id: 'lengthHint.atMost', defaultMessage: 'Up to {max} characters.' },
});

/** The server's refusals that a console user can meet (its English texts), in the catalogue. */
export const refusalMessages = defineMessages({
  forbidden: {
    id: 'refusal.forbidden',
    defaultMessage: 'You are not allowed to do this.',
  },
});

/**
 * The AppError codes (schema.graphql's ErrorCode) whose refusals the catalogues say in the
 * console's words (refusal-messages.ts holds their English texts; FORBIDDEN's is
 * refusalMessages.forbidden).
 */
const REFUSAL_CODES = new Set(
  'BAD_REQUEST CONFLICT EMAIL_NOT_CONFIRMED INVALID_CREDENTIALS INVALID_TOKEN NOT_FOUND PAYLOAD_TOO_LARGE PAYMENTS_NOT_CONFIGURED PAYMENT_REQUIRED PLAN_LIMIT RATE_LIMITED TWO_FACTOR_ENROLMENT_REQUIRED UNAUTHENTICATED UNAVAILABLE UNSUPPORTED_MEDIA_TYPE USER_BLOCKED VALIDATION'.split(
    ' ',
  ),
);

/** The catalogue's message for a refusal's code; null for a code it does not know. */
export function errorCodeMessage(code: string | undefined): MessageDescriptor | null {
  if (code === 'FORBIDDEN') return refusalMessages.forbidden;
  return code && REFUSAL_CODES.has(code) ? { id: `refusal.${code}` } : null;
}

/**
 * The spec's field rules as the server words them (`It has to be max 100 characters.`) and its
 * refusals (`You are not allowed to do this.`), as a message of the catalogue with its values;
 * null for any other text.
 */
export function knownServerMessage(
  message: string,
): { descriptor: MessageDescriptor; values?: Record<string, number> } | null {
  if (message === 'This field is required.') return { descriptor: validationMessages.required };
  if (message === 'You are not allowed to do this.')
    return { descriptor: refusalMessages.forbidden };
  const min = /^It has to be (\d+) characters at least\.$/.exec(message);
  if (min) return { descriptor: validationMessages.min, values: { n: Number(min[1]) } };
  const max = /^It has to be max (\d+) characters\.$/.exec(message);
  if (max) return { descriptor: validationMessages.max, values: { n: Number(max[1]) } };
  if (message === 'Enter a valid email address.') return { descriptor: validationMessages.email };
  if (message === 'Enter an address that starts with http:// or https://.') {
    return { descriptor: validationMessages.httpUrl };
  }
  const whole = /^It has to be a whole number from (-?\d+) to (-?\d+)\.$/.exec(message);
  if (whole) {
    const values = { min: Number(whole[1]), max: Number(whole[2]) };
    return { descriptor: validationMessages.wholeNumber, values };
  }
  return null;
}

/**
 * A message's text in the console's language: a server text the catalogue knows (a rule, a
 * refusal such as `You are not allowed to do this.`) is translated wherever it was passed on
 * as `{ text }`; any other text shows in the server's own words.
 */
export function formatFieldMessage(
  intl: IntlShape,
  message:
    | { descriptor: MessageDescriptor; values?: Record<string, number | string> }
    | { text: string; code?: string },
): string {
  if (!('text' in message)) return intl.formatMessage(message.descriptor, message.values);
  const known = knownServerMessage(message.text);
  if (known) return intl.formatMessage(known.descriptor, known.values);
  // Another refusal: in the console's language by its code, unless that is English, which the
  // server speaks itself (and often more exactly); an unknown code keeps the server's words.
  const byCode = intl.locale.startsWith('en') ? null : errorCodeMessage(message.code);
  return byCode ? intl.formatMessage(byCode) : message.text;
}
