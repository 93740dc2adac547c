import { describe, expect, it } from 'vitest';
import type { DashboardFilter } from '../filters.ts';
import { dropFeature } from './edit.ts';
import { newFilterFor, replaceFilter, withValidFilters } from './filters.ts';
import { CAT, chart, NUM, TEXT } from './testFixtures.ts';

const typeOf = (id: string) => [NUM, CAT, TEXT].find((f) => f._id === id)?.type;

describe('card filters of the Filters bucket', () => {
  it.each([
    [NUM, 'value', 'greater'],
    [CAT, 'category', 'equal'],
    [TEXT, 'text', 'contains'],
  ] as const)('a dropped %o opens its type menu, incomplete', (feature, type, operation) => {
    expect(newFilterFor(feature, 'f1')).toEqual({
      _id: 'f1',
      type,
      operation,
      feature: { id: feature._id },
      valid: false,
    });
  });

  it('replaces a filter by id; a completed one loses the incomplete flag', () => {
    const vis = dropFeature(chart('bar'), { bucket: 'filters' }, NUM, 'f1').vis;
    const done = replaceFilter(vis, { ...(vis.filters as DashboardFilter[])[0]!, value: 3 }, 'number');
    expect(done.refetch).toBe(true);
    expect(done.vis.filters).toEqual([
      { _id: 'f1', type: 'value', operation: 'greater', feature: { id: NUM._id }, value: 3 },
    ]);
    const half = replaceFilter(
      vis,
      { _id: 'f1', type: 'value', operation: 'less', feature: { id: NUM._id } },
      'number',
    );
    expect((half.vis.filters as DashboardFilter[])[0]).toMatchObject({ operation: 'less', valid: false });
    expect(replaceFilter(vis, { ...(vis.filters as DashboardFilter[])[0]!, _id: 'nope' }).vis).toBe(vis);
  });

  it.each<[string, DashboardFilter, boolean]>([
    ['no value', { _id: 'a', type: 'value', operation: 'greater', feature: { id: NUM._id } }, false],
    ['a number', { _id: 'a', type: 'value', operation: 'greater', feature: { id: NUM._id }, value: 2 }, true],
    [
      'flagged incomplete',
      { _id: 'a', type: 'value', operation: 'greater', feature: { id: NUM._id }, value: 2, valid: false },
      false,
    ],
    ['empty (needs nothing)', { _id: 'a', type: 'text', operation: 'empty', feature: { id: TEXT._id } }, true],
    [
      'no category chosen',
      { _id: 'a', type: 'category', operation: 'equal', feature: { id: CAT._id }, value: [] },
      false,
    ],
    ['a category', { _id: 'a', type: 'category', operation: 'equal', feature: { id: CAT._id }, value: ['x'] }, true],
    [
      'a type that does not fit the feature',
      { _id: 'a', type: 'text', operation: 'contains', feature: { id: NUM._id }, value: 'x' },
      false,
    ],
  ])('the data request keeps a filter with %s: %s', (_, filter, kept) => {
    const sent = withValidFilters({ ...chart('bar'), filters: [filter] }, typeOf);
    expect(sent.filters).toEqual(kept ? [filter] : []);
  });

  it('leaves a vis whose filters are all valid as it is', () => {
    const vis = { ...chart('bar'), filters: [] };
    expect(withValidFilters(vis, typeOf)).toBe(vis);
  });
});
