import { describe, expect, it } from 'vitest';
import type { DashboardFilter } from './filters.ts';
import { askedFeatureIds, type CardAsk, withinPublished } from './published.ts';
import type { OrderByEntry } from './visSchemas.ts';

const SHOWN = 'a'.repeat(24);
const HIDDEN = 'b'.repeat(24);
const ALSO_SHOWN = 'c'.repeat(24);
const published = new Set([SHOWN, ALSO_SHOWN]);

const filter = (id: string): DashboardFilter => ({
  _id: `f-${id.slice(0, 1)}`,
  type: 'value',
  operation: 'greater',
  value: 3,
  feature: { id },
});
const sort = (id: string): OrderByEntry => ({ id: `s-${id.slice(0, 1)}`, value: id, type: 'ASC' });

// [case, request, what is kept]
const rows: Array<[string, CardAsk, CardAsk]> = [
  ['nothing asked', {}, {}],
  ['a filter on a published feature', { filters: [filter(SHOWN)] }, { filters: [filter(SHOWN)] }],
  ['a filter on an unpublished feature', { filters: [filter(HIDDEN)] }, { filters: [] }],
  [
    'mixed filters keep the published ones in order',
    { filters: [filter(ALSO_SHOWN), filter(HIDDEN), filter(SHOWN)] },
    { filters: [filter(ALSO_SHOWN), filter(SHOWN)] },
  ],
  ['a sort on a published feature', { orderBy: [sort(SHOWN)] }, { orderBy: [sort(SHOWN)] }],
  ['a sort on an unpublished feature', { orderBy: [sort(HIDDEN)] }, { orderBy: [] }],
  [
    'a hidden sort dropped, a published filter kept',
    { filters: [filter(SHOWN)], orderBy: [sort(HIDDEN), sort(ALSO_SHOWN)] },
    { filters: [filter(SHOWN)], orderBy: [sort(ALSO_SHOWN)] },
  ],
  ['an empty list stays empty', { filters: [] }, { filters: [] }],
];

describe('withinPublished: filters and sorts only on published features', () => {
  it.each(rows)('%s', (_case, ask, kept) => {
    expect(withinPublished(ask, published)).toEqual(kept);
  });

  it('keeps the same object when nothing is dropped, and other fields untouched', () => {
    const ask = { filters: [filter(SHOWN)], page: 2 };
    expect(withinPublished(ask, published)).toBe(ask);
    expect(withinPublished({ ...ask, orderBy: [sort(HIDDEN)] }, published)).toEqual({ ...ask, orderBy: [] });
  });

  it('nothing is asked of a dashboard that publishes nothing', () => {
    expect(withinPublished({ filters: [filter(SHOWN)], orderBy: [sort(SHOWN)] }, new Set())).toEqual({
      filters: [],
      orderBy: [],
    });
  });

  it('lists the asked features once each', () => {
    expect(askedFeatureIds({ filters: [filter(SHOWN), filter(HIDDEN)], orderBy: [sort(SHOWN)] })).toEqual([
      SHOWN,
      HIDDEN,
    ]);
  });
});
