import { describe, expect, it } from 'vitest';
import { isHexColour, toPickerColour } from './messages.ts';

describe('board theme colour', () => {
  it('accepts 3, 4, 6 or 8 hex digits with or without #', () => {
    for (const ok of ['abc', '#abcd', '53d23d', '#53D23D80']) expect(isHexColour(ok)).toBe(true);
    for (const bad of ['', 'ab', '12345', '#1234567', 'ggg', '53d23d8']) {
      expect(isHexColour(bad)).toBe(false);
    }
  });

  it('answers what a colour picker understands', () => {
    expect(toPickerColour('abc')).toBe('#aabbcc');
    expect(toPickerColour('#53D23D80')).toBe('#53d23d');
    expect(toPickerColour('nope')).toBeNull();
  });
});
