import { describe, expect, it } from 'vitest';
import {
  INITIAL_DECLINE_VALUES,
  declineVariables,
  duplicateLabel,
  duplicateOptions,
  ideaNumber,
  pickedStatusId,
  needsDuplicate,
  validateDecline,
} from './decline-rules.ts';

const gid = (n: number) => btoa(`Idea:${n}`);
const ideas = [
  { id: gid(1), title: 'dark mode' },
  { id: gid(2), title: 'Export to CSV' },
  { id: gid(3), title: 'Dark mode for the widget' },
  { id: gid(4), title: 'apple sign-in' },
];

describe('decline modal rules', () => {
  it('starts with no reason, no duplicate, merge votes on and no comment', () => {
    expect(INITIAL_DECLINE_VALUES).toEqual({
      reason: '',
      duplicateOfIdeaId: '',
      mergeVotes: true,
      comment: '',
      customStatusId: null,
    });
  });

  it('shows the board’s first DECLINED status until the admin picks another', () => {
    const declined = [{ id: 'wont-do' }, { id: 'out-of-scope' }];
    expect(pickedStatusId(null, declined)).toBe('wont-do');
    expect(pickedStatusId('out-of-scope', declined)).toBe('out-of-scope');
    // The status's own name stays a choice; a pick deleted meanwhile falls back to the first.
    expect(pickedStatusId('', declined)).toBe('');
    expect(pickedStatusId('deleted', declined)).toBe('wont-do');
    // A board without any: the status's own name.
    expect(pickedStatusId(null, [])).toBe('');
  });

  it('offers the duplicate select only for DUPLICATE', () => {
    expect(needsDuplicate('DUPLICATE')).toBe(true);
    for (const reason of ['NOT_APPLICABLE', 'NOT_RELEVANT', 'OTHER', ''] as const) {
      expect(needsDuplicate(reason)).toBe(false);
    }
  });

  it('lists every other idea sorted by title case-insensitively, labelled title (#id)', () => {
    expect(duplicateOptions(ideas, gid(1)).map((o) => o.label)).toEqual([
      'apple sign-in (#4)',
      'Dark mode for the widget (#3)',
      'Export to CSV (#2)',
    ]);
    expect(duplicateOptions(ideas, gid(9)).map((o) => o.id)).toEqual([
      gid(4),
      gid(1),
      gid(3),
      gid(2),
    ]);
  });

  it('answers null (Idea not found) for an unknown duplicate', () => {
    expect(duplicateLabel(ideas, gid(2))).toBe('Export to CSV (#2)');
    expect(duplicateLabel(ideas, gid(99))).toBeNull();
  });

  it('shows the row number of a global id, or the id itself when it is not one', () => {
    expect(ideaNumber(gid(42))).toBe('42');
    expect(ideaNumber('not base64!')).toBe('not base64!');
  });

  it('requires a reason, and a duplicate only when the reason is DUPLICATE', () => {
    expect(validateDecline(INITIAL_DECLINE_VALUES)).toEqual({ reason: 'required' });
    expect(validateDecline({ ...INITIAL_DECLINE_VALUES, reason: 'DUPLICATE' })).toEqual({
      duplicateOfIdeaId: 'required',
    });
    expect(
      validateDecline({
        ...INITIAL_DECLINE_VALUES,
        reason: 'DUPLICATE',
        duplicateOfIdeaId: gid(2),
      }),
    ).toEqual({});
    expect(validateDecline({ ...INITIAL_DECLINE_VALUES, reason: 'OTHER' })).toEqual({});
  });

  it('sends duplicate and merge only with DUPLICATE and drops an empty comment', () => {
    expect(
      declineVariables(
        gid(1),
        {
          reason: 'DUPLICATE',
          duplicateOfIdeaId: gid(2),
          mergeVotes: true,
          comment: '  ',
          customStatusId: null,
        },
        [{ id: 'duplicate-status' }],
      ),
    ).toEqual({
      ideaId: gid(1),
      reason: 'DUPLICATE',
      duplicateOfIdeaId: gid(2),
      mergeVotes: true,
      comment: null,
      customStatusId: 'duplicate-status',
    });
    expect(
      declineVariables(
        gid(1),
        {
          reason: 'OTHER',
          duplicateOfIdeaId: gid(2),
          mergeVotes: true,
          comment: ' Out of scope ',
          customStatusId: '',
        },
        [{ id: 'duplicate-status' }],
      ),
    ).toEqual({
      ideaId: gid(1),
      reason: 'OTHER',
      duplicateOfIdeaId: null,
      mergeVotes: false,
      comment: 'Out of scope',
      customStatusId: null,
    });
  });
});
