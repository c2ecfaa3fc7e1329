import { describe, expect, it } from 'vitest';
import { roadmapColumns } from './roadmap-columns.ts';

describe('roadmap columns', () => {
  it('groups by current status, sorts by comment count and drops ideas off the roadmap', () => {
    const columns = roadmapColumns([
      { id: 'a', status: 'PLANNED', commentCount: 1 },
      { id: 'b', status: 'PLANNED', commentCount: 5 },
      { id: 'c', status: 'OPEN', commentCount: 9 },
      { id: 'd', status: 'COMPLETE', commentCount: 0 },
      { id: 'b', status: 'PLANNED', commentCount: 5 },
      { id: 'e', status: 'DECLINED', commentCount: 3 },
    ]);
    expect(columns.PLANNED.map((i) => i.id)).toEqual(['b', 'a']);
    expect(columns.COMPLETE.map((i) => i.id)).toEqual(['d']);
    expect(columns.REVIEW).toEqual([]);
    expect(columns.IN_PROGRESS).toEqual([]);
  });

  it('sorts by value, then comment count, when the roadmap is sorted by value', () => {
    const ideas = [
      { id: 'a', status: 'PLANNED', commentCount: 9, value: 100 },
      { id: 'b', status: 'PLANNED', commentCount: 1, value: 900 },
      { id: 'c', status: 'PLANNED', commentCount: 5, value: 100 },
      { id: 'd', status: 'PLANNED', commentCount: 7, value: null },
    ];
    expect(roadmapColumns(ideas, 'VALUE').PLANNED.map((i) => i.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(roadmapColumns(ideas).PLANNED.map((i) => i.id)).toEqual(['a', 'd', 'c', 'b']);
  });
});
