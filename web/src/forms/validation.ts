import type { MessageDescriptor } from 'react-intl';
import { knownServerMessage, validationMessages } from '../i18n/common-messages.ts';

export type TRules = {
  required?: boolean;
  min?: number;
  max?: number;
  email?: boolean;
  /** A whole number within these bounds (both included). */
  wholeNumber?: { min: number; max: number };
  /** An http:// or https:// address. */
  httpUrl?: boolean;
};

/** A message to show under a field: a translatable descriptor, or the server's own words. */
export type TFieldMessage =
  | { descriptor: MessageDescriptor; values?: Record<string, number | string> }
  | { text: string; code?: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first broken rule of a value, in the spec's words (section 5), or null. */
export function validate(value: string, rules: TRules): TFieldMessage | null {
  const text = value.trim();
  if (!text) return rules.required ? { descriptor: validationMessages.required } : null;
  if (rules.min !== undefined && text.length < rules.min) {
    return { descriptor: validationMessages.min, values: { n: rules.min } };
  }
  if (rules.max !== undefined && text.length > rules.max) {
    return { descriptor: validationMessages.max, values: { n: rules.max } };
  }
  if (rules.email && !EMAIL.test(text)) return { descriptor: validationMessages.email };
  if (rules.httpUrl && !isHttpUrl(text)) return { descriptor: validationMessages.httpUrl };
  if (rules.wholeNumber) {
    const { min, max } = rules.wholeNumber;
    const number = /^-?\d+$/.test(text) ? Number(text) : NaN;
    if (!(number >= min && number <= max)) {
      return { descriptor: validationMessages.wholeNumber, values: { min, max } };
    }
  }
  return null;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A field message from the server. The server speaks the spec's English texts; the known ones
 * are shown translated (knownServerMessage), anything else in the server's own words.
 */
export function fromServerMessage(message: string): TFieldMessage {
  return knownServerMessage(message) ?? { text: message };
}
