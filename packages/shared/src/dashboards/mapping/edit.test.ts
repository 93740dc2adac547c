import { describe, expect, it } from 'vitest';
import type { ChartVis } from '../visSchemas.ts';
import {
  addOrderBy,
  addTableColumn,
  canAddTableColumn,
  dropFeature,
  moveSeries,
  moveTableColumn,
  removeFilter,
  removeKpi,
  removeSeries,
  removeTableColumn,
} from './edit.ts';
import { axis, CAT, chart, DATE, ids, NUM, NUM2, OTHER_DS, series, TEXT } from './testFixtures.ts';

const asChart = (v: unknown) => v as ChartVis;

describe('dropFeature', () => {
  it('a numeric field dropped on X alone lands on Y (axis swap) and refetches', () => {
    const result = dropFeature(chart('line'), { bucket: 'independent' }, NUM, 'n1');
    const vis = asChart(result.vis);
    expect(ids(vis.independent)).toEqual([]);
    expect(ids(vis.dependent)).toEqual([['n1']]);
    expect(result.refetch).toBe(true);
  });

  it('builds a line chart: date on X, two numbers on Y, a category as group by', () => {
    let vis: unknown = chart('line');
    vis = dropFeature(vis as ChartVis, { bucket: 'independent' }, DATE, 'x').vis;
    vis = dropFeature(vis as ChartVis, { bucket: 'dependent' }, NUM, 'y1').vis;
    vis = dropFeature(vis as ChartVis, { bucket: 'dependent' }, NUM2, 'y2').vis;
    vis = dropFeature(vis as ChartVis, { bucket: 'groupBy' }, CAT, 'g').vis;
    const v = asChart(vis);
    expect(ids(v.independent)).toEqual([['x']]);
    expect(ids(v.dependent)).toEqual([['y1', 'y2']]);
    expect(ids(v.groupBy)).toEqual([['g']]);
    expect(v.dependent[0]!.series[0]).toEqual({
      id: 'y1',
      feature: { _id: NUM._id, type: 'number', dataset: { _id: NUM.dataset._id } },
      jobId: 'latest',
      operation: '',
    });
  });

  it('a category dropped on Y alone moves to X; pie keeps it on Y', () => {
    expect(ids(asChart(dropFeature(chart('bar'), { bucket: 'dependent' }, CAT, 'c').vis).independent)).toEqual([['c']]);
    expect(ids(asChart(dropFeature(chart('pie'), { bucket: 'dependent' }, CAT, 'c').vis).dependent)).toEqual([['c']]);
  });

  it('a refused drop changes nothing and does not refetch', () => {
    const vis = chart('line', { groupBy: [axis(series(CAT, 'g'))] });
    expect(dropFeature(vis, { bucket: 'groupBy' }, TEXT, 'z')).toEqual({ vis, refetch: false });
    expect(dropFeature(vis, { bucket: 'otherDimensions' }, NUM, 'z')).toEqual({ vis, refetch: false });
  });

  it('the bar second axis is created on demand', () => {
    const vis = chart('bar', { dependent: [axis(series(NUM, 'a'))], independent: [axis(series(CAT, 'x'))] });
    expect(ids(asChart(dropFeature(vis, { bucket: 'dependent', axis: 1 }, NUM2, 'b').vis).dependent)).toEqual([
      ['a'],
      ['b'],
    ]);
  });

  it('drops into tooltip, filters and KPI lists', () => {
    const tip = asChart(dropFeature(chart('line'), { bucket: 'tooltip' }, TEXT, 't').vis);
    expect(tip.tooltip.series.map((s) => s.id)).toEqual(['t']);
    const filtered = dropFeature(chart('line'), { bucket: 'filters' }, DATE, 'f');
    expect(filtered.vis.filters).toEqual([
      { _id: 'f', type: 'date', operation: 'between', feature: { id: DATE._id }, valid: false },
    ]);
    const kpi = dropFeature({ kpi: [], filters: [] }, { bucket: 'kpi' }, NUM, 'k1').vis;
    const kpi2 = dropFeature(kpi, { bucket: 'kpi' }, CAT, 'k2').vis;
    expect((kpi2.kpi as Array<{ operation: string }>).map((k) => k.operation)).toEqual(['sum', 'count']);
    expect((removeKpi(kpi2, 'k1').vis.kpi as unknown[]).length).toBe(1);
  });
});

describe('removeSeries', () => {
  it('drops empty axes and deletes the removed series colour', () => {
    const vis = chart('bar', {
      dependent: [axis(series(NUM, 'a')), axis(series(NUM2, 'b'))],
      colors: { series: { a: '#111111', b: '#222222' } },
    });
    const result = removeSeries(vis, 'a');
    const next = asChart(result.vis);
    expect(ids(next.dependent)).toEqual([['b']]);
    expect(next.colors.series).toEqual({ b: '#222222' });
    expect(result.refetch).toBe(true);
  });

  it('removing group by clears the group colours', () => {
    const vis = chart('line', {
      groupBy: [axis(series(CAT, 'g'))],
      colors: { groups: { north: '#123456' }, series: {} },
    });
    expect(asChart(removeSeries(vis, 'g').vis).colors.groups).toEqual({});
  });

  it('removes tooltip series and filters', () => {
    const vis = chart('line', { tooltip: { series: [series(TEXT, 't')] } });
    expect(asChart(removeSeries(vis, 't').vis).tooltip.series).toEqual([]);
    const filtered = dropFeature(vis, { bucket: 'filters' }, CAT, 'f').vis;
    expect(removeFilter(filtered, 'f')).toEqual({ vis: { ...filtered, filters: [] }, refetch: true });
  });
});

describe('moveSeries', () => {
  it('moves a chip between buckets keeping its id, operation and colour', () => {
    const vis = chart('line', {
      independent: [axis(series(DATE, 'x'))],
      dependent: [axis(series(NUM, 'y', { operation: 'sum' }), series(CAT, 'c'))],
      colors: { series: { c: '#abcdef' } },
    });
    const result = moveSeries(vis, 'c', { bucket: 'groupBy' });
    const next = asChart(result.vis);
    expect(ids(next.groupBy)).toEqual([['c']]);
    expect(ids(next.dependent)).toEqual([['y']]);
    expect(next.colors.series).toEqual({ c: '#abcdef' });
    expect(result.refetch).toBe(true);
  });

  it('a refused move changes nothing', () => {
    const vis = chart('line', { dependent: [axis(series(NUM, 'y'))], groupBy: [axis(series(CAT, 'g'))] });
    expect(moveSeries(vis, 'y', { bucket: 'groupBy' })).toEqual({ vis, refetch: false });
  });
});

describe('order by', () => {
  it('copies the operation of a mapped feature', () => {
    const vis = chart('bar', { dependent: [axis(series(NUM, 'y', { operation: 'avg' }))] });
    const result = addOrderBy(vis, NUM._id, 'o1', 'DESC');
    expect(asChart(result.vis).orderBy).toEqual([
      { id: 'o1', value: NUM._id, type: 'DESC', nulls: 'last', operation: 'avg' },
    ]);
    expect(result.refetch).toBe(true);
  });

  it('an unmapped feature, or a mapped one with no operation, gets none', () => {
    const vis = chart('bar', { independent: [axis(series(CAT, 'x'))] });
    expect(asChart(addOrderBy(vis, CAT._id, 'o').vis).orderBy[0]!.operation).toBeUndefined();
    expect(asChart(addOrderBy(vis, TEXT._id, 'o').vis).orderBy[0]!.operation).toBeUndefined();
  });

  it('a drop on order by does the same, once per feature', () => {
    const vis = chart('line', { dependent: [axis(series(NUM, 'y', { operation: 'max' }))] });
    const once = dropFeature(vis, { bucket: 'orderBy' }, NUM, 'o').vis;
    expect(asChart(once).orderBy[0]!.operation).toBe('max');
    expect(dropFeature(once, { bucket: 'orderBy' }, NUM, 'o2').refetch).toBe(false);
  });
});

describe('table columns', () => {
  it('adds columns of one dataset, no duplicate, and refetches only on add', () => {
    const first = addTableColumn({ table: [], filters: [] }, NUM, 'c1');
    expect(first.refetch).toBe(true);
    const second = addTableColumn(first.vis, CAT, 'c2');
    expect(canAddTableColumn(second.vis, NUM)).toBe(false);
    expect(canAddTableColumn(second.vis, OTHER_DS)).toBe(false);
    expect(addTableColumn(second.vis, OTHER_DS, 'c3')).toEqual({ vis: second.vis, refetch: false });
    const moved = moveTableColumn(second.vis, 'c2', 0);
    expect((moved.vis.table as Array<{ id: string }>).map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(moved.refetch).toBe(false);
    const removed = removeTableColumn(second.vis, 'c1');
    expect(removed.refetch).toBe(false);
    expect(removeSeries(second.vis, 'c2').refetch).toBe(false);
  });
});
