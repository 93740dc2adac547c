import { describe, expect, it } from 'vitest';
import type { ChartType, ChartVis } from '../visSchemas.ts';
import { changeChartType } from './chartType.ts';
import { applyDefaultOperations, defaultDependentOperation, groupsByDefault } from './defaultOperations.ts';
import { dropFeature, moveSeries, replaceSeries } from './edit.ts';
import { axis, CAT, chart, DATE, feature, NUM, NUM2, series, TEXT } from './testFixtures.ts';

const asChart = (v: unknown) => v as ChartVis;
const ops = (vis: ChartVis) => vis.dependent.flatMap((a) => a.series.map((s) => s.operation));
const ID = feature('id', 'code');
const TIME = feature('time', 'at');

describe('default operation of a dependent series (issue #20 item 2)', () => {
  it.each([
    ['number', 'sum'],
    ['category', 'count'],
    ['text', 'count'],
    ['date', 'count'],
    ['id', 'count'],
    ['time', 'count'],
  ] as const)('a %s feature defaults to %s', (type, operation) => {
    expect(defaultDependentOperation(type)).toBe(operation);
  });

  // [chart type, the X series, the group by series, whether rows are grouped by default]
  it.each([
    ['bar', series(CAT, 'x'), undefined, true],
    ['bar', series(TEXT, 'x'), undefined, true],
    ['bar', series(ID, 'x'), undefined, true],
    ['line', series(TIME, 'x'), undefined, true],
    ['line', series(DATE, 'x', { operation: 'year-month' }), undefined, true],
    ['area', series(DATE, 'x', { operation: 'dow' }), undefined, true],
    ['bar', series(NUM2, 'x', { operation: 'bin' }), undefined, true],
    ['line', series(DATE, 'x'), undefined, false],
    ['line', series(DATE, 'x'), series(CAT, 'g'), false],
    ['line', series(NUM2, 'x'), undefined, false],
    ['scatter', series(CAT, 'x'), undefined, false],
    ['boxplot', series(CAT, 'x'), undefined, false],
    ['pie', series(CAT, 'x'), undefined, true],
    ['radar', series(CAT, 'x'), undefined, true],
    ['pie', undefined, series(CAT, 'g'), true],
    ['radar', undefined, series(TEXT, 'g'), true],
    ['bar', undefined, undefined, false],
  ] as const)('%s with X %j and group by %j groups rows: %s', (chartType, x, group, expected) => {
    const vis = chart(chartType as ChartType, {
      independent: x ? [axis(x)] : [],
      groupBy: group ? [axis(group)] : [],
      dependent: [axis(series(NUM, 'y'))],
    });
    expect(groupsByDefault(vis)).toBe(expected);
  });

  it('a custom network card (roles, not axes) gets no default', () => {
    const vis = { ...chart('bar', { independent: [axis(series(CAT, 'x'))] }), subtype: 'network' } as ChartVis;
    expect(groupsByDefault(vis)).toBe(false);
  });

  it('a numeric field dropped on Y of a bar by category is summed; a category on Y is counted', () => {
    let vis: ChartVis = chart('bar', { independent: [axis(series(CAT, 'x'))] });
    vis = asChart(dropFeature(vis, { bucket: 'dependent' }, NUM, 'y1').vis);
    vis = asChart(dropFeature(vis, { bucket: 'dependent' }, TEXT, 'y2').vis);
    expect(ops(vis)).toEqual(['sum', 'count']);
  });

  it('Y first, then a category on X: Y gets its default when X starts grouping', () => {
    let vis: ChartVis = chart('bar');
    vis = asChart(dropFeature(vis, { bucket: 'dependent' }, NUM, 'y').vis);
    expect(ops(vis)).toEqual(['']);
    vis = asChart(dropFeature(vis, { bucket: 'independent' }, CAT, 'x').vis);
    expect(ops(vis)).toEqual(['sum']);
  });

  it('a number dropped alone on X swaps to Y; a category then dropped on X sums it', () => {
    let vis: ChartVis = chart('bar');
    vis = asChart(dropFeature(vis, { bucket: 'independent' }, NUM, 'n').vis);
    vis = asChart(dropFeature(vis, { bucket: 'independent' }, CAT, 'c').vis);
    expect(vis.independent[0]!.series.map((s) => s.id)).toEqual(['c']);
    expect(vis.dependent[0]!.series.map((s) => [s.id, s.operation])).toEqual([['n', 'sum']]);
  });

  it('a line by raw date keeps none; cutting X to months sums Y (and refetches)', () => {
    let vis: ChartVis = chart('line');
    vis = asChart(dropFeature(vis, { bucket: 'independent' }, DATE, 'x').vis);
    vis = asChart(dropFeature(vis, { bucket: 'dependent' }, NUM, 'y').vis);
    expect(ops(vis)).toEqual(['']);
    const result = replaceSeries(vis, { ...vis.independent[0]!.series[0]!, operation: 'year-month' });
    expect(ops(asChart(result.vis))).toEqual(['sum']);
    expect(result.refetch).toBe(true);
  });

  it('the user can still choose none: it stays none', () => {
    let vis: ChartVis = chart('bar', { independent: [axis(series(CAT, 'x'))] });
    vis = asChart(dropFeature(vis, { bucket: 'dependent' }, NUM, 'y').vis);
    const result = replaceSeries(vis, { ...vis.dependent[0]!.series[0]!, operation: '' });
    expect(ops(asChart(result.vis))).toEqual(['']);
    // Another drop leaves the chosen none alone and defaults only the newcomer.
    const next = asChart(dropFeature(result.vis, { bucket: 'dependent' }, NUM2, 'y2').vis);
    expect(ops(next)).toEqual(['', 'sum']);
  });

  it('an operation the user chose is never replaced', () => {
    const vis = chart('line', { dependent: [axis(series(NUM, 'y', { operation: 'avg' }))] });
    const next = asChart(dropFeature(vis, { bucket: 'independent' }, CAT, 'x').vis);
    expect(ops(next)).toEqual(['avg']);
  });

  it('a pie with a number and a group by (its empty hint) sums the number', () => {
    let vis: ChartVis = chart('pie');
    vis = asChart(dropFeature(vis, { bucket: 'dependent' }, NUM, 'y').vis);
    vis = asChart(dropFeature(vis, { bucket: 'groupBy' }, CAT, 'g').vis);
    expect(ops(vis)).toEqual(['sum']);
  });

  it('a series moved from the tooltip to Y of a grouped chart gets its default', () => {
    let vis: ChartVis = chart('bar', { independent: [axis(series(CAT, 'x'))] });
    vis = asChart(dropFeature(vis, { bucket: 'tooltip' }, NUM, 't').vis);
    expect(vis.tooltip.series[0]!.operation).toBe('');
    vis = asChart(moveSeries(vis, 't', { bucket: 'dependent' }).vis);
    expect(ops(vis)).toEqual(['sum']);
  });

  it('scatter and boxplot by category keep raw values', () => {
    for (const type of ['scatter', 'boxplot'] as const) {
      const vis = chart(type, { independent: [axis(series(CAT, 'x'))] });
      expect(ops(asChart(dropFeature(vis, { bucket: 'dependent' }, NUM, 'y').vis))).toEqual(['']);
    }
  });

  it('a KPI keeps its own default (sum for a number, count otherwise)', () => {
    const kpi = dropFeature({ kpi: [] }, { bucket: 'kpi' }, NUM, 'k').vis as { kpi: Array<{ operation: string }> };
    expect(kpi.kpi[0]!.operation).toBe('sum');
  });

  it('applyDefaultOperations changes nothing when nothing needs a default (same object back)', () => {
    const vis = chart('bar', { independent: [axis(series(CAT, 'x'))], dependent: [axis(series(NUM, 'y'))] });
    expect(applyDefaultOperations(vis, vis)).toBe(vis);
    const line = chart('line', { independent: [axis(series(DATE, 'x'))], dependent: [axis(series(NUM, 'y'))] });
    expect(applyDefaultOperations(chart('line'), line)).toBe(line);
  });

  it('scatter → bar: the chart type change gives the default too', () => {
    const vis = chart('scatter', { independent: [axis(series(CAT, 'x'))], dependent: [axis(series(NUM, 'y'))] });
    expect(ops(asChart(changeChartType(vis, 'bar').vis))).toEqual(['sum']);
  });
});
