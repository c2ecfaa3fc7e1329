import { createIntl } from 'react-intl';
import type { MessageDescriptor } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { precompileMessages } from './precompile.ts';

type TTransform = (code: string, id: string) => string | null;
const transform = precompileMessages().transform as unknown as TTransform;

/** The descriptors a transformed module's `defineMessages({...})` object literal holds. */
function descriptorsOf(code: string): Record<string, MessageDescriptor> {
  const literal = /defineMessages\((\{[\s\S]*\})\);/.exec(code)?.[1] ?? '{}';
  return new Function(`return ${literal};`)() as Record<string, MessageDescriptor>;
}

describe('messages precompiled for the console build', () => {
  it('say the same as the source strings, with arguments, plurals, tags and escapes', () => {
    const source = `export const m = defineMessages({
  plain: { id: 'a.plain', defaultMessage: 'Log in' },
  quote: { id: 'a.quote', defaultMessage: 'It\\'s "{name}"' },
  plural: {
    id: 'a.plural',
    defaultMessage:
      '{count, plural, one {# idea} other {# ideas}} on <b>{board}</b>',
  },
});`;
    const output = transform(source, '/work/feedboard/web/src/screens/x/Screen.tsx');
    expect(output).not.toContain("defaultMessage: 'Log in'");
    const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {} });
    const m = descriptorsOf(output ?? '');
    expect(Array.isArray(m.plain?.defaultMessage)).toBe(true);
    expect(intl.formatMessage(m.plain!)).toBe('Log in');
    expect(intl.formatMessage(m.quote!, { name: 'Dark mode' })).toBe('It\'s "Dark mode"');
    expect(
      intl.formatMessage(m.plural!, { count: 2, board: 'Roadmap', b: (text) => `*${text}*` }),
    ).toBe('2 ideas on *Roadmap*');
  });

  it('parses a catalogue, and leaves other files alone', () => {
    const catalogue = transform('{"a.plain":"Zaloguj się"}', '/w/web/i18n/pl-PL.json');
    const intl = createIntl({
      locale: 'pl-PL',
      defaultLocale: 'en-US',
      messages: JSON.parse(catalogue ?? '{}'),
    });
    expect(intl.formatMessage({ id: 'a.plain' })).toBe('Zaloguj się');
    expect(transform("defaultMessage: 'x'", '/w/api/src/server.ts')).toBeNull();
  });
});
