import { describe, expect, it } from 'vitest';
import { statusChoices } from './StatusControl.tsx';

const custom = (id: string, kind: string, nameEn: string) => ({
  id,
  kind,
  nameEn,
  namePl: nameEn,
  color: '#336699',
});
const NEXT_QUARTER = custom('1', 'PLANNED', 'Next quarter');
const BUILDING = custom('2', 'IN_PROGRESS', 'Building');

/** The menu as its items read: a custom status by its name, else the kind. */
const items = (choices: ReturnType<typeof statusChoices>) =>
  choices.map((choice) => choice.customStatus?.nameEn ?? choice.kind);

describe("the idea's status menu", () => {
  it('is one list where a board’s own statuses replace their kind’s standard name, as in the filter', () => {
    // F7 of walk 9: "Planned / • Planned / • Next quarter" became one item per status.
    expect(items(statusChoices('OPEN', null, [NEXT_QUARTER, BUILDING]))).toEqual([
      'NOT_PUBLIC',
      'REVIEW',
      'Next quarter',
      'Building',
      'COMPLETE',
    ]);
  });

  it('leaves out the current pick, and offers a kind’s own statuses to an idea of its plain kind', () => {
    expect(items(statusChoices('PLANNED', '1', [NEXT_QUARTER, BUILDING]))).toEqual([
      'NOT_PUBLIC',
      'OPEN',
      'REVIEW',
      'Building',
      'COMPLETE',
    ]);
    expect(items(statusChoices('PLANNED', null, [NEXT_QUARTER]))).toContain('Next quarter');
    // Without statuses of its own, the standard ones, the current one left out.
    expect(items(statusChoices('COMPLETE', null, []))).toEqual([
      'NOT_PUBLIC',
      'OPEN',
      'REVIEW',
      'PLANNED',
      'IN_PROGRESS',
    ]);
  });
});
