import { describe, expect, it } from 'vitest';
import { RELEASE_DATE, assignableIdeas } from './messages.ts';

describe('releases', () => {
  it('orders assignable ideas COMPLETE, IN_PROGRESS, PLANNED, REVIEW, OPEN, NOT_PUBLIC', () => {
    const ideas = [
      { id: '1', status: 'OPEN', title: 'b' },
      { id: '2', status: 'NOT_PUBLIC', title: 'a' },
      { id: '3', status: 'COMPLETE', title: 'z' },
      { id: '4', status: 'DECLINED', title: 'x' },
      { id: '5', status: 'REVIEW', title: 'c' },
      { id: '6', status: 'PLANNED', title: 'd' },
      { id: '7', status: 'IN_PROGRESS', title: 'e' },
      { id: '8', status: 'COMPLETE', title: 'a' },
    ];
    expect(assignableIdeas(ideas, ['8', null]).map((i) => i.id)).toEqual([
      '3',
      '7',
      '6',
      '5',
      '1',
      '2',
    ]);
  });

  it('accepts release dates typed as YYYY-MM-DD', () => {
    expect(RELEASE_DATE.test('2026-11-23')).toBe(true);
    expect(RELEASE_DATE.test('23.11.2026')).toBe(false);
  });
});
