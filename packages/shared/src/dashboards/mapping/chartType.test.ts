import { describe, expect, it } from 'vitest';
import { changeChartType, resetVisKeepingFilters } from './chartType.ts';
import { axis, CAT, chart, NUM, NUM2, series } from './testFixtures.ts';

const filter = {
  _id: 'flt',
  type: 'category' as const,
  operation: 'equal' as const,
  value: ['a'],
  feature: { id: CAT._id },
};
const mapped = (chartType: Parameters<typeof chart>[0]) =>
  chart(chartType, {
    independent: [axis(series(CAT, 'x'))],
    dependent: [axis(series(NUM, 'y'))],
    filters: [filter],
    colors: { series: { y: '#ff0000' } },
  });

describe('changing the chart type', () => {
  it.each([
    ['area', 'line'],
    ['line', 'scatter'],
    ['bar', 'area'],
  ] as const)('%s → %s keeps the mapping without asking', (from, to) => {
    const result = changeChartType(mapped(from), to);
    expect(result.needsConfirm).toBe(false);
    expect(result.refetch).toBe(false);
    expect(result.vis.chartType).toBe(to);
    expect(result.vis.dependent).toEqual(mapped(from).dependent);
    expect(result.vis.colors).toEqual({ series: { y: '#ff0000' } });
  });

  it('scatter → bar by category keeps the mapping and sums Y (a bar per row would overdraw)', () => {
    const result = changeChartType(mapped('scatter'), 'bar');
    expect(result.needsConfirm).toBe(false);
    expect(result.refetch).toBe(true);
    expect(result.vis.dependent).toEqual([axis(series(NUM, 'y', { operation: 'sum' }))]);
  });

  it.each([
    ['line', 'pie'],
    ['bar', 'radar'],
    ['pie', 'boxplot'],
    ['radar', 'line'],
    ['boxplot', 'area'],
  ] as const)('%s → %s with series asks "Discard chart setup?" and keeps only filters', (from, to) => {
    const result = changeChartType(mapped(from), to);
    expect(result.needsConfirm).toBe(true);
    expect(result.vis).toEqual({ ...resetVisKeepingFilters({}, to), filters: [filter] });
    expect(result.vis.independent).toEqual([]);
    expect(result.vis.chartType).toBe(to);
  });

  it('an empty chart changes type at once', () => {
    const result = changeChartType(chart('line', { filters: [filter] }), 'pie');
    expect(result.needsConfirm).toBe(false);
    expect(result.vis.chartType).toBe('pie');
    expect(result.vis.filters).toEqual([filter]);
  });

  it('the same type changes nothing', () => {
    expect(changeChartType(mapped('pie'), 'pie')).toMatchObject({ needsConfirm: false, refetch: false });
  });

  it('leaving bar merges its second Y axis into the first (and refetches)', () => {
    const bar = chart('bar', { dependent: [axis(series(NUM, 'a')), axis(series(NUM2, 'b'))] });
    const result = changeChartType(bar, 'line');
    expect(result.vis.dependent).toEqual([axis(series(NUM, 'a'), series(NUM2, 'b'))]);
    expect(result.refetch).toBe(true);
  });
});
