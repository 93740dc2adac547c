import { describe, expect, it } from 'vitest';
import { clampPage, nextSort, sortOrderBy } from './tableState.ts';

const amount = { id: 'col-amount', featureId: '0000000000000000000000a1' };
const region = { id: 'col-region', featureId: '0000000000000000000000a2' };

describe('table sorting: none, ascending, descending, none', () => {
  it('cycles one column through the three states and back', () => {
    const first = nextSort(null, amount);
    expect(first).toEqual({ columnId: 'col-amount', featureId: amount.featureId, direction: 'ASC' });
    const second = nextSort(first, amount);
    expect(second?.direction).toBe('DESC');
    expect(nextSort(second, amount)).toBeNull();
  });

  it('starts another column ascending, whatever the current one was', () => {
    const descending = nextSort(nextSort(null, amount), amount);
    expect(nextSort(descending, region)).toEqual({
      columnId: 'col-region',
      featureId: region.featureId,
      direction: 'ASC',
    });
  });

  it('sends the sort as the request body orderBy, nulls last, and nothing when unsorted', () => {
    expect(sortOrderBy(nextSort(null, amount))).toEqual([
      { id: 'col-amount', value: amount.featureId, type: 'ASC', nulls: 'last' },
    ]);
    expect(sortOrderBy(null)).toEqual([]);
  });
});

describe('page jump clamp', () => {
  it('goes to page 1 below 1 and to the last page above the total', () => {
    expect(clampPage(0, 7)).toBe(1);
    expect(clampPage(-3, 7)).toBe(1);
    expect(clampPage(8, 7)).toBe(7);
    expect(clampPage(1000, 7)).toBe(7);
  });

  it('keeps a page inside the range, and reads a non-number as page 1', () => {
    expect(clampPage(4, 7)).toBe(4);
    expect(clampPage(Number.NaN, 7)).toBe(1);
    expect(clampPage(3.7, 7)).toBe(3);
  });

  it('has one page when the table has none', () => {
    expect(clampPage(5, 0)).toBe(1);
  });
});
