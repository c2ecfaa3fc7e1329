import { describe, expect, it } from 'vitest';
import { DECLINE_REASONS, PORTAL_TEXTS, portalLocale, portalTranslator } from './portal-texts.ts';

describe('the portal’s words', () => {
  it('has every message in both languages, each one filled', () => {
    expect(Object.keys(PORTAL_TEXTS.pl).sort()).toEqual(Object.keys(PORTAL_TEXTS.en).sort());
    expect(Object.keys(DECLINE_REASONS.pl).sort()).toEqual(Object.keys(DECLINE_REASONS.en).sort());
    for (const catalogue of [PORTAL_TEXTS.en, PORTAL_TEXTS.pl]) {
      for (const text of Object.values(catalogue)) expect(text.trim()).not.toBe('');
    }
  });

  it('counts in each language’s plural forms', () => {
    const pl = portalTranslator('pl');
    expect([1, 2, 5, 22, 1000].map((count) => pl.t('votes', { count }))).toEqual([
      '1 głos',
      '2 głosy',
      '5 głosów',
      '22 głosy',
      '1000 głosów',
    ]);
    const en = portalTranslator('en');
    expect([0, 1, 2].map((count) => en.t('ideaCount', { count }))).toEqual([
      '0 ideas',
      '1 idea',
      '2 ideas',
    ]);
  });

  it('takes the visitor’s most wanted language of ours, else the board’s', () => {
    expect(portalLocale('de-DE,pl;q=0.8,en;q=0.5', 'en')).toBe('pl');
    expect(portalLocale('en-GB', 'pl')).toBe('en');
    expect(portalLocale('fr', 'pl')).toBe('pl');
    expect(portalLocale(undefined, 'en')).toBe('en');
    expect(portalLocale('pl;q=0, en;q=0.1', 'pl')).toBe('en');
  });
});
