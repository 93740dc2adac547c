import { describe, expect, it } from 'vitest';
import { changeChartType } from './chartType.ts';
import { addTableColumn, dropFeature, moveTableColumn, removeTableColumn } from './edit.ts';
import { shouldRefetch } from './refetch.ts';
import { setSeriesChartType, setSeriesDisplay, setSeriesOperation } from './seriesEdits.ts';
import { axis, CAT, chart, DATE, NUM, NUM2, series } from './testFixtures.ts';

const base = chart('line', {
  independent: [axis(series(DATE, 'x'))],
  dependent: [axis(series(NUM, 'y'))],
  groupBy: [axis(series(CAT, 'g'))],
});
const withColors = (colors: object) => ({ ...base, colors });
const withDisplay = (display: object) => ({ ...base, display });

describe('shouldRefetch', () => {
  it.each([
    ['a drop on Y', dropFeature(base, { bucket: 'dependent' }, NUM2, 'y2').vis, true],
    ['an operation', setSeriesOperation(base, 'y', 'sum').vis, true],
    [
      'a card filter',
      { ...base, filters: [{ _id: 'f', type: 'value', operation: 'empty', feature: { id: NUM._id } }] },
      true,
    ],
    ['an order by', dropFeature(base, { bucket: 'orderBy' }, NUM, 'o').vis, true],
    ['a series display', setSeriesDisplay(base, 'y', { hasDot: false }).vis, false],
    ['a per-series chart type', setSeriesChartType(base, 'y', 'bar').vis, false],
    ['a series colour', withColors({ series: { y: '#ff0000' } }), false],
    ['a group colour', withColors({ groups: { north: '#00ff00' } }), false],
    ['chart display', withDisplay({ hasLegend: false, stackGroups: 'all' }), false],
    ['line → scatter', changeChartType(base, 'scatter').vis, false],
    ['an axis title', { ...base, dependent: [{ ...base.dependent[0]!, title: 'Amount' }] }, false],
    ['a series label', { ...base, dependent: [axis({ ...base.dependent[0]!.series[0]!, label: 'Total' })] }, false],
    ['nothing', structuredClone(base), false],
  ])('%s → %s', (_name, next, expected) => {
    expect(shouldRefetch(base, next as never, 'chart')).toBe(expected);
  });

  const table = addTableColumn({ table: [], filters: [] }, NUM, 'c1').vis;
  const two = addTableColumn(table, CAT, 'c2').vis;
  it.each([
    ['a column added', table, two, true],
    ['a column removed', two, removeTableColumn(two, 'c1').vis, false],
    ['a column moved', two, moveTableColumn(two, 'c2', 0).vis, false],
    [
      'a filter',
      two,
      { ...two, filters: [{ _id: 'f', type: 'value', operation: 'empty', feature: { id: NUM._id } }] },
      true,
    ],
  ])('table: %s → %s', (_name, prev, next, expected) => {
    expect(shouldRefetch(prev, next, 'table')).toBe(expected);
  });

  it('KPI: an added KPI or operation refetches, a label does not', () => {
    const kpi = { kpi: [series(NUM, 'k', { operation: 'sum' })], filters: [] };
    expect(shouldRefetch(kpi, { ...kpi, kpi: [{ ...kpi.kpi[0]!, operation: 'avg' }] }, 'kpi')).toBe(true);
    expect(shouldRefetch(kpi, { ...kpi, kpi: [{ ...kpi.kpi[0]!, label: 'Revenue' }] }, 'kpi')).toBe(false);
  });
});
