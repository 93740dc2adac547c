import type { DashboardFilter } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { filtersOnCard } from './cardFilters.ts';

const D1 = '64b7f0c2a1b2c3d4e5f60d01';
const D2 = '64b7f0c2a1b2c3d4e5f60d02';
const F = (n: number) => `64b7f0c2a1b2c3d4e5f600${String(n).padStart(2, '0')}`;
const filter = (id: string, featureId: string): DashboardFilter =>
  ({ _id: id, type: 'category', operation: 'equal', value: ['rain'], feature: { id: featureId } }) as DashboardFilter;
const datasetOf = (featureId: string) => ({ [F(1)]: D1, [F(2)]: D2, [F(3)]: D1 })[featureId];
const vis = (filters: unknown[] = []) => ({
  chartType: 'bar',
  independent: [{ series: [{ id: 'x', feature: { _id: F(3), dataset: { _id: D1 } } }] }],
  dependent: [],
  filters,
});

describe('the filters that apply to a card (issue #20 item 6)', () => {
  it.each([
    ['a dashboard filter on the card dataset applies', [filter('a', F(1))], vis(), ['a']],
    ['a filter on another dataset does not', [filter('b', F(2))], vis(), []],
    ['a filter whose dataset is unknown here is kept', [filter('c', F(9))], vis(), ['c']],
    ['a card mapping nothing yet keeps them all', [filter('a', F(1)), filter('b', F(2))], { filters: [] }, ['a', 'b']],
    ['the card own valid filters follow', [filter('a', F(1))], vis([filter('own', F(3))]), ['a', 'own']],
    [
      'an own filter that is not complete is left out',
      [],
      vis([{ _id: 'half', type: 'category', operation: 'equal', value: [], feature: { id: F(3) } }]),
      [],
    ],
    ['an own filter that does not parse is left out', [], vis([{ nonsense: true }]), []],
  ])('%s', (_name, inForce, cardVis, expected) => {
    expect(filtersOnCard(inForce as DashboardFilter[], cardVis, datasetOf).map((f) => f._id)).toEqual(expected);
  });
});
