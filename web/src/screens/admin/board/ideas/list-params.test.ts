import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PARAMS,
  EMPTY_SEGMENT,
  isNarrowed,
  parseListParams,
  segmentInput,
  withListParams,
} from './list-params.ts';

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe('ideas list view in the address', () => {
  it('defaults to ALL, VOTES and no search', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_PARAMS);
  });

  it('reads every filter and sort value, case-insensitively', () => {
    expect(parse('filter=in_progress&sort=DATE_ASC&q=dark%20mode')).toEqual({
      filter: 'IN_PROGRESS',
      sort: 'DATE_ASC',
      search: 'dark mode',
      segment: EMPTY_SEGMENT,
    });
    for (const filter of ['NOT_PUBLIC', 'OPEN', 'REVIEW', 'PLANNED', 'COMPLETE', 'DECLINED']) {
      expect(parse(`filter=${filter}`).filter).toBe(filter);
    }
    for (const sort of ['STATUS', 'DATE_DESC', 'value'])
      expect(parse(`sort=${sort}`).sort).toBe(sort.toUpperCase());
  });

  it('falls back to the defaults for unknown values and trims the search to 100 characters', () => {
    expect(parse('filter=INACTIVE_BOARD&sort=random')).toEqual(DEFAULT_LIST_PARAMS);
    expect(parse(`q=${'x'.repeat(150)}`).search).toHaveLength(100);
    expect(parse('q=%20%20').search).toBe('');
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const current = new URLSearchParams('idea=abc&sort=STATUS');
    expect(withListParams(current, { filter: 'PLANNED' }).toString()).toBe(
      'idea=abc&sort=STATUS&filter=PLANNED',
    );
    expect(withListParams(current, { sort: 'VOTES' }).toString()).toBe('idea=abc');
    expect(withListParams(new URLSearchParams(), { search: '  sso  ' }).toString()).toBe('q=sso');
    expect(withListParams(new URLSearchParams('q=sso'), { search: '' }).toString()).toBe('');
  });

  it('round-trips a view through the address', () => {
    const view = {
      filter: 'REVIEW',
      sort: 'DATE_DESC',
      search: 'export',
      segment: { ...EMPTY_SEGMENT, plan: 'gold', minSpend: '100' },
    } as const;
    expect(parseListParams(withListParams(new URLSearchParams(), view))).toEqual(view);
  });

  it('calls a view narrowed when it filters by status or searches', () => {
    expect(isNarrowed(DEFAULT_LIST_PARAMS)).toBe(false);
    expect(isNarrowed({ ...DEFAULT_LIST_PARAMS, filter: 'OPEN' })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_LIST_PARAMS, search: 'x' })).toBe(true);
    expect(isNarrowed({ ...DEFAULT_LIST_PARAMS, sort: 'STATUS' })).toBe(false);
    const segment = { ...EMPTY_SEGMENT, customer: 'Q3VzdG9tZXJDb21wYW55OjE=' };
    expect(isNarrowed({ ...DEFAULT_LIST_PARAMS, segment })).toBe(true);
  });
});

describe('a customer segment in the address', () => {
  it('keeps its parts in the address and turns them into the GraphQL segment', () => {
    const address = withListParams(new URLSearchParams('sort=VALUE'), {
      segment: {
        plan: 'gold',
        attribute: 'region = EU',
        minSpend: '100',
        maxSpend: '',
        customer: '',
      },
    });
    expect(address.toString()).toBe('sort=VALUE&plan=gold&attr=region+%3D+EU&minSpend=100');
    // Changing the sort keeps the segment.
    const sorted = withListParams(address, { sort: 'VOTES' });
    expect(parseListParams(sorted).segment.plan).toBe('gold');
    expect(segmentInput(parseListParams(sorted).segment)).toEqual({
      plan: 'gold',
      attributeKey: 'region',
      attributeValue: 'EU',
      minSpend: 100,
      maxSpend: null,
      customerCompanyId: null,
    });
    expect(segmentInput(EMPTY_SEGMENT)).toBeNull();
    expect(segmentInput({ ...EMPTY_SEGMENT, minSpend: 'lots' })?.minSpend).toBeNull();
  });
});
