import { describe, expect, it } from 'vitest';
import { IdeaCardCache } from './idea-cards.ts';
import type { TIdeaCard } from './idea-cards.ts';

/** The cache's bookkeeping alone (idea-page-json.test.ts covers the cards a page reads). */

function cards(from: number, count: number): TIdeaCard[] {
  return Array.from({ length: count }, (_, i) => ({ id: from + i }) as TIdeaCard);
}

describe('the idea card cache', () => {
  it('keeps a set under one version: an older version gets nothing, a newer one starts afresh', () => {
    const cache = new IdeaCardCache(100);
    const set = cache.setFor('1:public', '5')!;
    cache.store(set, cards(1, 3));
    expect(cache.setFor('1:public', '5')).toBe(set);
    expect(cache.setFor('1:public', '4')).toBeNull();
    expect(cache.size).toBe(3);
    const newer = cache.setFor('1:public', '6')!;
    expect(newer.cards.size).toBe(0);
    expect(cache.size).toBe(0);
    // The replaced set still takes the cards of a page being read, but counts no more.
    cache.store(set, cards(10, 2));
    expect(set.cards.size).toBe(5);
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used sets past its size, and a set too big on its own', () => {
    const cache = new IdeaCardCache(10);
    const a = cache.setFor('1:public', '1')!;
    cache.store(a, cards(1, 4));
    const b = cache.setFor('2:public', '1')!;
    cache.store(b, cards(1, 4));
    cache.setFor('1:public', '1'); // a is used again: b is now the oldest
    const c = cache.setFor('3:team', '1')!;
    cache.store(c, cards(1, 4));
    expect(cache.size).toBe(8);
    expect(cache.setFor('2:public', '1')).not.toBe(b);
    expect(cache.setFor('1:public', '1')).toBe(a);
    expect(cache.setFor('3:team', '1')).toBe(c);
    // A set that would hold more than the whole cache starts again with the page's cards.
    cache.store(c, cards(100, 8));
    expect(c.cards.size).toBe(8);
    expect(cache.size).toBeLessThanOrEqual(10);
  });
});
