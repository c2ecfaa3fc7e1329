import type { MessageDescriptor } from 'react-intl';

/**
 * react-intl's own defineMessages types every message as taking no values unless each one's
 * values are spelled out as a type argument. This one keeps descriptors untyped (values are
 * checked at run time by the formatter). `formatjs extract` finds messages by this call's name.
 */
export function defineMessages<const T extends Record<string, MessageDescriptor>>(
  messages: T,
): { readonly [K in keyof T]: MessageDescriptor } {
  return messages;
}
