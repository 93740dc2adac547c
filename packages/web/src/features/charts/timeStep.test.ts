import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chartOption.ts';
import { buildInput } from './testFixtures.ts';
import { stepOfValues, TIME_STEP_MS, timeMinInterval } from './timeStep.ts';

const utc = (y: number, m: number, d = 1, h = 0) => Date.UTC(y, m, d, h);

describe('stepOfValues', () => {
  it.each([
    [[utc(2024, 0), utc(2025, 0)], 'year'],
    [[utc(2024, 0), utc(2024, 1), utc(2024, 2)], 'month'],
    [[utc(2024, 0), utc(2024, 1, 29)], 'day'],
    [[utc(2024, 0, 1, 5)], 'hour'],
    [[utc(2024, 0) + 60_000], 'minute'],
    [[utc(2024, 0) + 1000], 'second'],
    [[utc(2024, 0) + 1], null],
    [[], null],
  ])('%j sits on %s', (values, step) => {
    expect(stepOfValues(values)).toBe(step);
  });
});

describe('timeMinInterval', () => {
  it('takes the coarser of the precision and the values', () => {
    expect(timeMinInterval([utc(2024, 0), utc(2024, 1)], 'day')).toBe(TIME_STEP_MS.month);
    expect(timeMinInterval([utc(2024, 0, 3)], 'month')).toBe(TIME_STEP_MS.month);
    expect(timeMinInterval([utc(2024, 0, 3)], null)).toBe(TIME_STEP_MS.day);
    expect(timeMinInterval([utc(2024, 0) + 5], null)).toBeUndefined();
  });
});

/** The labels ECharts draws for a monthly line chart (server-side SVG rendering, the real ECharts). */
function drawnLabels(months: number, precision: 'month' | null): string[] {
  const rows = Array.from({ length: months }, (_, i) => ({
    x: new Date(utc(2024, i)).toISOString().slice(0, 10),
    y: i,
  }));
  const input = buildInput({
    chartType: 'line',
    series: [
      { id: 'x', role: 'independent', valueType: 'date', precision },
      { id: 'y', role: 'dependent' },
    ],
    rows,
  });
  const result = chartOption(input);
  if (result.verdict !== 'ok') throw new Error(result.verdict);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  chart.setOption({ ...result.option, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
}

describe('a monthly series on a time axis', () => {
  it.each([['month' as const], [null]])('ticks on months, never on days (precision %s)', (precision) => {
    const labels = drawnLabels(3, precision);
    // Before the fix ECharts ticked weekly: "8 | 15 | 22 | 29 | Feb | 5..." and 1 March read "29".
    expect(labels).toEqual(expect.arrayContaining(['2024', 'Feb', 'Mar']));
    for (const day of ['8', '15', '22', '29']) expect(labels).not.toContain(day);
  });
});
