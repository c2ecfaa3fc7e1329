import { describe, expect, it } from 'vitest';
import { boardIdOfParam, excerpt, summarise } from './queue-rules.ts';
import { reasonProblem } from './RejectModal.tsx';

describe('the queue’s rules', () => {
  it('cuts a long description at a word, folding its whitespace', () => {
    expect(excerpt('Short\n\n text')).toBe('Short text');
    const long = `${'word '.repeat(60)}end`;
    const cut = excerpt(long, 50);
    expect(cut.endsWith('word…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(51);
  });

  it('reads ?board= as the board’s GraphQL id', () => {
    expect(boardIdOfParam('12')).toBe(btoa('Board:12'));
    expect(boardIdOfParam(btoa('Board:7'))).toBe(btoa('Board:7'));
    expect(boardIdOfParam('')).toBeNull();
    expect(boardIdOfParam(null)).toBeNull();
  });

  it('sums a bulk run up', () => {
    expect(
      summarise([
        { kind: 'done' },
        { kind: 'conflict' },
        { kind: 'done' },
        { kind: 'failed' },
        { kind: 'invalid', field: 'reason', message: 'x' },
      ]),
    ).toEqual({ done: 2, conflicts: 1, failed: 2 });
  });

  it('wants a reason of 1 to 500 characters', () => {
    expect(reasonProblem('  ')).toBe('required');
    expect(reasonProblem('a'.repeat(501))).toBe('max');
    expect(reasonProblem(` ${'a'.repeat(500)} `)).toBeNull();
  });
});
