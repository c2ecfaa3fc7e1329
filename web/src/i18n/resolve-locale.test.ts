import { describe, expect, it } from 'vitest';
import { resolveLocale, toLocale } from './resolve-locale.ts';

describe('resolveLocale', () => {
  it('takes the stored preference first', () => {
    expect(resolveLocale('pl-PL', ['en-US'])).toBe('pl-PL');
  });
  it('else the first browser language the console speaks, by the part before the dash', () => {
    expect(resolveLocale(null, ['de-DE', 'pl', 'en-GB'])).toBe('pl-PL');
    expect(resolveLocale('xx', ['en-GB'])).toBe('en-US');
  });
  it('else English', () => {
    expect(resolveLocale(null, ['fr-FR'])).toBe('en-US');
    expect(resolveLocale(null, [])).toBe('en-US');
  });
  it('reads language values case-insensitively', () => {
    expect(toLocale('PL-pl')).toBe('pl-PL');
    expect(toLocale(undefined)).toBeNull();
  });
});
