import { describe, expect, it } from 'vitest';
import type { Vis } from '../vis.ts';
import { bucketsFor, canDrop, dropRefusal } from './buckets.ts';
import { dropFeature, moveRefusal } from './edit.ts';
import { axis, CAT, chart, DATE, NUM, NUM2, OTHER_DS, series, TEXT } from './testFixtures.ts';
import type { DropTarget } from './types.ts';
import { chartVisOf } from './visAccess.ts';

const names = (list: ReturnType<typeof bucketsFor>) => list.map((b) => (b.axis ? `${b.bucket}#${b.axis}` : b.bucket));

describe('buckets of a card', () => {
  it.each([
    ['line', ['independent', 'dependent', 'groupBy', 'gradientDimension', 'tooltip', 'orderBy', 'filters']],
    [
      'bar',
      ['independent', 'dependent', 'dependent#1', 'groupBy', 'gradientDimension', 'tooltip', 'orderBy', 'filters'],
    ],
    [
      'scatter',
      ['independent', 'dependent', 'groupBy', 'otherDimensions', 'gradientDimension', 'tooltip', 'orderBy', 'filters'],
    ],
    ['pie', ['independent', 'dependent', 'groupBy', 'tooltip', 'orderBy', 'filters']],
    ['radar', ['independent', 'dependent', 'groupBy', 'tooltip', 'orderBy', 'filters']],
    ['boxplot', ['independent', 'dependent', 'groupBy', 'tooltip', 'orderBy', 'filters']],
  ] as const)('a %s chart shows %j', (chartType, expected) => {
    expect(names(bucketsFor('chart', chartType))).toEqual(expected);
  });

  it('a KPI shows its list and filters, a table its columns and filters, custom none', () => {
    expect(names(bucketsFor('kpi'))).toEqual(['kpi', 'filters']);
    expect(names(bucketsFor('table'))).toEqual(['table', 'filters']);
    expect(bucketsFor('custom')).toEqual([]);
  });
});

describe('canDrop (several items or empty, and the bucket accepts the item)', () => {
  const filled = chart('bar', {
    independent: [axis(series(CAT, 'x'))],
    dependent: [axis(series(NUM, 'y'))],
    groupBy: [axis(series(TEXT, 'g'))],
    tooltip: { series: [series(NUM, 't')] },
    orderBy: [{ id: 'o', value: NUM._id, type: 'ASC' }],
  });
  const empty = chart('scatter');
  it.each([
    ['empty X takes a category', empty, { bucket: 'independent' }, CAT, null],
    ['full X refuses another', filled, { bucket: 'independent' }, DATE, 'full'],
    ['Y takes several', filled, { bucket: 'dependent' }, NUM2, null],
    ['Y takes the same feature twice (another operation)', filled, { bucket: 'dependent' }, NUM, null],
    ['bar second Y axis takes a number', filled, { bucket: 'dependent', axis: 1 }, NUM2, null],
    ['a scatter has no second Y axis', empty, { bucket: 'dependent', axis: 1 }, NUM2, 'unavailable'],
    ['full group by refuses another', filled, { bucket: 'groupBy' }, CAT, 'full'],
    ['group by refuses a raw number', empty, { bucket: 'groupBy' }, NUM, 'type'],
    ['group by takes a date', empty, { bucket: 'groupBy' }, DATE, null],
    ['dot size takes a number', empty, { bucket: 'otherDimensions' }, NUM, null],
    ['dot size refuses a category', empty, { bucket: 'otherDimensions' }, CAT, 'type'],
    ['a bar has no dot size', filled, { bucket: 'otherDimensions' }, NUM, 'unavailable'],
    ['gradient refuses text', empty, { bucket: 'gradientDimension' }, TEXT, 'type'],
    ['tooltip takes another feature', filled, { bucket: 'tooltip' }, CAT, null],
    ['tooltip refuses a feature it has', filled, { bucket: 'tooltip' }, NUM, 'duplicate'],
    ['order by refuses a feature it has', filled, { bucket: 'orderBy' }, NUM, 'duplicate'],
    ['order by takes another', filled, { bucket: 'orderBy' }, CAT, null],
    ['filters take anything', filled, { bucket: 'filters' }, NUM, null],
    ['an empty chart takes any dataset', empty, { bucket: 'dependent' }, OTHER_DS, null],
    ['Y refuses another dataset than the chart reads', filled, { bucket: 'dependent' }, OTHER_DS, 'chartDataset'],
    ['bar second Y axis refuses another dataset', filled, { bucket: 'dependent', axis: 1 }, OTHER_DS, 'chartDataset'],
    ['the tooltip refuses another dataset', filled, { bucket: 'tooltip' }, OTHER_DS, 'chartDataset'],
    ['order by refuses another dataset', filled, { bucket: 'orderBy' }, OTHER_DS, 'chartDataset'],
    ['filters of another dataset stay allowed', filled, { bucket: 'filters' }, OTHER_DS, null],
  ] as const)('%s', (_name, vis, target, feature, expected) => {
    expect(dropRefusal(vis, target as DropTarget, feature)).toBe(expected);
    expect(canDrop(vis, target as DropTarget, feature)).toBe(expected === null);
  });

  const table = { table: [{ id: 'c1', feature: { _id: NUM._id, dataset: { _id: NUM.dataset._id } } }], filters: [] };
  it.each([
    ['an empty table takes any dataset', { table: [], filters: [] }, OTHER_DS, null],
    ['a table takes another feature of its dataset', table, CAT, null],
    ['a table refuses a duplicate feature', table, NUM, 'duplicate'],
    ['a table refuses another dataset', table, OTHER_DS, 'otherDataset'],
  ] as const)('%s', (_name, vis, feature, expected) => {
    expect(dropRefusal(vis, { bucket: 'table' }, feature)).toBe(expected);
  });

  it('a chart of one dataset refuses an X of another (X empty, Y mapped)', () => {
    const yOnly = chart('bar', { dependent: [axis(series(NUM, 'y'))] });
    expect(dropRefusal(yOnly, { bucket: 'independent' }, { ...CAT, dataset: OTHER_DS.dataset })).toBe('chartDataset');
    expect(dropRefusal(yOnly, { bucket: 'independent' }, CAT)).toBeNull();
  });

  it('a chart whose series moved between its own buckets keeps its dataset rule (moves are not refused)', () => {
    const vis = chart('bar', { independent: [axis(series(CAT, 'x'))], tooltip: { series: [series(NUM, 't')] } });
    expect(moveRefusal(vis, 't', { bucket: 'dependent' })).toBeNull();
  });

  it('KPIs may read several datasets (each is one value)', () => {
    const kpi = { kpi: [series(NUM, 'k')], filters: [] };
    expect(dropRefusal(kpi, { bucket: 'kpi' }, OTHER_DS)).toBeNull();
  });

  it('a KPI list takes several, and a KPI card has no chart buckets', () => {
    const kpi = { kpi: [series(NUM, 'k')], filters: [] };
    expect(canDrop(kpi, { bucket: 'kpi' }, NUM)).toBe(true);
    expect(dropRefusal(kpi, { bucket: 'dependent' }, NUM)).toBe('unavailable');
    expect(canDrop(kpi, { bucket: 'filters' }, CAT)).toBe(true);
  });
});

describe('custom (beta) card buckets', () => {
  const customNames = (subtype: string) =>
    bucketsFor('custom', 'area', subtype).map((b) => `${b.bucket}${b.multiple ? '*' : ''}`);
  it.each([
    ['imageKpi', ['kpi*', 'filters*']],
    ['comparisonKpi', ['kpi*', 'filters*']],
    ['network', ['independent', 'groupBy', 'dependent', 'filters*']],
    ['markdown', []],
    ['html', []],
    ['editable', []],
    ['mapUnit', []],
  ])('%s maps %j', (subtype, expected) => {
    expect(customNames(subtype)).toEqual(expected);
  });

  it('a network takes one source, one target, one value, and never swaps them', () => {
    let vis: Vis = { subtype: 'network', filters: [] };
    vis = dropFeature(vis, { bucket: 'independent' }, NUM, 's').vis;
    expect(chartVisOf(vis).independent[0]?.series.map((s) => s.id)).toEqual(['s']);
    expect(dropRefusal(vis, { bucket: 'independent' }, CAT)).toBe('full');
    vis = dropFeature(vis, { bucket: 'dependent' }, NUM2, 'v').vis;
    expect(dropRefusal(vis, { bucket: 'dependent' }, NUM)).toBe('full');
    expect(dropRefusal(vis, { bucket: 'tooltip' }, NUM)).toBe('unavailable');
    expect(vis.subtype).toBe('network');
  });

  it('a KPI subtype keeps its image address when a KPI is dropped', () => {
    const vis = dropFeature(
      { subtype: 'imageKpi', imageUrl: 'https://x/y.png', filters: [] },
      { bucket: 'kpi' },
      NUM,
      'k',
    ).vis;
    expect(vis).toMatchObject({
      subtype: 'imageKpi',
      imageUrl: 'https://x/y.png',
      kpi: [{ id: 'k', operation: 'sum' }],
    });
  });
});
