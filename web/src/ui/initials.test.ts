import { describe, expect, it } from 'vitest';
import { firstGrapheme, nameInitials } from './initials.ts';

describe('firstGrapheme', () => {
  it('keeps an emoji whole (charAt(0) would answer half of its surrogate pair)', () => {
    expect('🚀 Launch'.charAt(0)).not.toBe('🚀');
    expect(firstGrapheme('🚀 Launch')).toBe('🚀');
    expect(firstGrapheme('👩🏽‍💻 Dev board')).toBe('👩🏽‍💻');
    expect(firstGrapheme('🇵🇱 Polska')).toBe('🇵🇱');
  });

  it('keeps a letter with its combining marks', () => {
    // "e" + U+0301 COMBINING ACUTE ACCENT: one letter on screen, two code units.
    expect(firstGrapheme('e\u0301clair')).toBe('E\u0301');
    expect(firstGrapheme('ñandú')).toBe('Ñ');
  });

  it('upper-cases letters, skips leading spaces and answers nothing for empty text', () => {
    expect(firstGrapheme('  mobile app')).toBe('M');
    expect(firstGrapheme('żółw')).toBe('Ż');
    expect(firstGrapheme('istanbul', 'tr')).toBe('İ');
    expect(firstGrapheme('   ')).toBe('');
  });
});

describe('nameInitials', () => {
  it('takes the first grapheme of up to two words of a name or an email', () => {
    expect(nameInitials('Ada Lovelace')).toBe('AL');
    expect(nameInitials('ada.lovelace@example.com')).toBe('AL');
    expect(nameInitials('😀 Smiley Team')).toBe('😀S');
    expect(nameInitials('e\u0301mile zola')).toBe('E\u0301Z');
    expect(nameInitials('')).toBe('?');
  });
});
