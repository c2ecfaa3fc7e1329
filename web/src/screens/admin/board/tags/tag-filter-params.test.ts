import { describe, expect, it } from 'vitest';
import { parseTagParam, tagIdsInput, withTagParam } from './tag-filter-params.ts';

const parse = (query: string) => parseTagParam(new URLSearchParams(query));

describe('the tag filter in the address', () => {
  it('reads a plain tag id and ignores anything else', () => {
    expect(parse('tag=12')).toBe('12');
    expect(parse('tag=%2012%20')).toBe('12');
    for (const query of ['', 'tag=', 'tag=0', 'tag=abc', 'tag=-3', 'tag=1.5']) {
      expect(parse(query)).toBe('');
    }
  });

  it('writes and removes the tag, keeping the other parameters', () => {
    const current = new URLSearchParams('filter=PLANNED&sort=STATUS');
    expect(withTagParam(current, '7').toString()).toBe('filter=PLANNED&sort=STATUS&tag=7');
    expect(withTagParam(new URLSearchParams('tag=7&q=dark'), '').toString()).toBe('q=dark');
  });

  it('names the tag by its global id for GraphQL', () => {
    expect(tagIdsInput('')).toBeNull();
    expect(tagIdsInput('7')).toEqual([btoa('Tag:7')]);
  });
});
