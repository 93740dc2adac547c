import { describe, expect, it } from 'vitest';
import { chartOption } from './chartOption.ts';
import { type AnyOption, buildInput, type ChartSpec } from './testFixtures.ts';

function draw(spec: ChartSpec): AnyOption {
  const result = chartOption(buildInput(spec));
  if (result.verdict !== 'ok') throw new Error(`expected a drawing, got ${result.verdict}`);
  return result.option as AnyOption;
}

const weather = (operation: string, label?: string): ChartSpec => ({
  chartType: 'bar',
  series: [
    { id: 'x', role: 'independent', valueType: 'category', label: 'city' },
    { id: 'y', role: 'dependent', label: 'temp_max', operation, vis: label ? { label } : {} },
    { id: 'c', role: 'dependent', label: 'weather', operation: 'count', featureType: 'category' },
  ],
  rows: [
    { x: 'Paris', y: 21.5, c: 3 },
    { x: 'Lyon', y: 24, c: 2 },
  ],
});

describe('series titles name their operation (issue #20 item 2)', () => {
  it.each([
    ['avg', 'temp_max (avg)'],
    ['sum', 'temp_max (sum)'],
    ['med', 'temp_max (median)'],
    ['distinctCount', 'distinct count of temp_max'],
    ['', 'temp_max'],
  ])('operation %j: axis title, legend and tooltip say %s', (operation, title) => {
    const option = draw(weather(operation));
    expect(option.yAxis[0].name).toBe(`${title}, count of weather`);
    expect(option.series.map((s: AnyOption) => s.name)).toEqual([title, 'count of weather']);
    expect(option.legend.show).toBe(true);
    const html: string = option.tooltip.formatter([
      { seriesIndex: 0, marker: '', value: option.series[0].data[0], name: '' },
      { seriesIndex: 1, marker: '', value: option.series[1].data[0], name: '' },
    ]);
    expect(html).toContain(`${title}: <b>`);
    expect(html).toContain('count of weather: <b>3</b>');
  });

  it('a label the user gave wins over the operation', () => {
    const option = draw(weather('avg', 'Warmest'));
    expect(option.series[0].name).toBe('Warmest');
  });

  it('a date part names the X axis ("day (year-month)")', () => {
    const option = draw({
      chartType: 'line',
      series: [
        { id: 'x', role: 'independent', valueType: 'year-month', label: 'day', operation: 'year-month' },
        { id: 'y', role: 'dependent', label: 'rain', operation: 'sum' },
      ],
      rows: [{ x: '2024-01', y: 3 }],
    });
    expect(option.xAxis[0].name).toBe('day (year-month)');
    expect(option.yAxis[0].name).toBe('rain (sum)');
  });
});
