import { describe, expect, it } from 'vitest';
import type { ChartVis } from '../visSchemas.ts';
import { applySeriesChartType, applySeriesDisplay, applySeriesOperation } from './series.ts';
import { setSeriesChartType, setSeriesDisplay, setSeriesOperation } from './seriesEdits.ts';
import { axis, chart, NUM, series } from './testFixtures.ts';

const y = series(NUM, 'y', { display: { hasDot: true, dotHasLabel: true, lineWidth: 4 } });
const vis = chart('line', { dependent: [axis(y)] });
const yOf = (v: unknown) => (v as ChartVis).dependent[0]!.series[0]!;

describe('series display', () => {
  it.each([
    [{ hasDot: false }, { hasDot: false, dotHasLabel: false, lineWidth: 4 }],
    [{ hasDot: true }, { hasDot: true, dotHasLabel: true, lineWidth: 4 }],
    [{ dotHasLabel: false }, { hasDot: true, dotHasLabel: false, lineWidth: 4 }],
    [{ lineWidth: 8 }, { hasDot: true, dotHasLabel: true, lineWidth: 8 }],
  ])('%j gives %j', (change, expected) => {
    expect(applySeriesDisplay(y, change).display).toEqual(expected);
    const result = setSeriesDisplay(vis, 'y', change);
    expect(yOf(result.vis).display).toEqual(expected);
    expect(result.refetch).toBe(false);
  });

  it('a per-series chart type resets that series display; undefined goes back to the card type', () => {
    expect(applySeriesChartType(y, 'bar')).toEqual({
      id: 'y',
      feature: y.feature,
      jobId: 'latest',
      operation: '',
      chartType: 'bar',
    });
    const result = setSeriesChartType(vis, 'y', 'area');
    expect(yOf(result.vis).display).toBeUndefined();
    expect(yOf(result.vis).chartType).toBe('area');
    expect(result.refetch).toBe(false);
    expect(applySeriesChartType({ ...y, chartType: 'bar' }, undefined).chartType).toBeUndefined();
  });
});

describe('series operation', () => {
  it.each([
    ['none', ''],
    ['sum', 'sum'],
    ['', ''],
  ] as const)('%s is stored as %j and refetches', (operation, stored) => {
    const result = setSeriesOperation(vis, 'y', operation);
    expect(yOf(result.vis).operation).toBe(stored);
    expect(result.refetch).toBe(true);
  });

  it('bin gets the default bin count, and loses it with another operation', () => {
    const binned = applySeriesOperation(y, 'bin');
    expect(binned.numberOfBins).toBe(10);
    expect(applySeriesOperation(binned, 'sum').numberOfBins).toBeUndefined();
  });

  it('an unknown series changes nothing', () => {
    expect(setSeriesOperation(vis, 'nope', 'sum')).toEqual({ vis, refetch: false });
  });
});
