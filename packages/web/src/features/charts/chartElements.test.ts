import type { EChartsOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import { chartElements, nextElement, rowOfElement, rowOfLegendItem } from './chartElements.ts';
import { chartOption } from './chartOption.ts';
import { buildInput, type ChartSpec } from './testFixtures.ts';

describe('rowOfElement: the data row behind a clicked element', () => {
  const cases: Array<[string, unknown, number | undefined]> = [
    ['a point [x, y, row]', { value: [0, 3, 7] }, 7],
    ['a point with a gradient value', { value: [0, 3, 7, 0.5] }, 7],
    ['a slice', { value: 3, data: { name: 'rain', value: 3, row: 2 } }, 2],
    ['a box: its row, never its median', { value: [1, 2, 3, 4, 5], data: { value: [1, 2, 3, 4, 5], row: 4 } }, 4],
    ['a dimmed point keeps its row', { value: [1, 2, 5], data: { value: [1, 2, 5], itemStyle: {} } }, 5],
    ['an empty box', { value: '-', data: '-' }, undefined],
    ['a radar polygon', { value: [1, 2], data: { name: 'x', value: [1, 2] } }, undefined],
  ];
  it.each(cases)('%s', (_, params, row) => expect(rowOfElement(params)).toBe(row));
});

const grouped: EChartsOption = {
  xAxis: [{ type: 'category', data: ['Jan', 'Feb'] }],
  yAxis: [{ type: 'value' }],
  series: [
    { type: 'bar', name: 'rain', data: [[0, 3, 0], { value: [1, 1, 2], itemStyle: { opacity: 0.25 } }] },
    { type: 'bar', name: 'sun', data: [[0, 5, 1]] },
  ],
};
const pie = {
  series: [
    {
      type: 'pie',
      data: [
        { name: 'Paris', value: 4, row: 0 },
        { name: 'Lyon', value: 2, row: 1 },
      ],
    },
  ],
} as EChartsOption;

describe('rowOfLegendItem: the row a legend entry stands for', () => {
  it("a series' entry is its first row, a slice's entry its row, an unknown name none", () => {
    expect(rowOfLegendItem(grouped, 'sun')).toBe(1);
    expect(rowOfLegendItem(grouped, 'rain')).toBe(0);
    expect(rowOfLegendItem(pie, 'Lyon')).toBe(1);
    expect(rowOfLegendItem(pie, 'Nice')).toBeUndefined();
  });
});

describe('chartElements and nextElement: what the arrow keys walk', () => {
  it('lists every element with a row, series after series, with its value', () => {
    expect(chartElements(grouped)).toEqual([
      { seriesIndex: 0, dataIndex: 0, row: 0, name: 'rain', value: 3 },
      { seriesIndex: 0, dataIndex: 1, row: 2, name: 'rain', value: 1 },
      { seriesIndex: 1, dataIndex: 0, row: 1, name: 'sun', value: 5 },
    ]);
    expect(chartElements(pie).map((e) => [e.name, e.value])).toEqual([
      ['Paris', 4],
      ['Lyon', 2],
    ]);
    const horizontal: EChartsOption = {
      xAxis: [{ type: 'value' }],
      yAxis: [{ type: 'category' }],
      series: [{ type: 'bar', name: 'n', data: [[9, 0, 0]] }],
    };
    expect(chartElements(horizontal)[0]?.value).toBe(9);
    const box = {
      series: [{ type: 'boxplot', name: 'b', data: ['-', { value: [1, 2, 3, 4, 5], row: 0 }] }],
    } as EChartsOption;
    expect(chartElements(box)).toEqual([{ seriesIndex: 0, dataIndex: 1, row: 0, name: 'b', value: 3 }]);
  });

  const moves: Array<[string, number, number, number | undefined]> = [
    ['ArrowRight', -1, 3, 0],
    ['ArrowRight', 1, 3, 2],
    ['ArrowRight', 2, 3, 2],
    ['ArrowDown', 0, 3, 1],
    ['ArrowLeft', 2, 3, 1],
    ['ArrowLeft', 0, 3, 0],
    ['ArrowUp', -1, 3, 0],
    ['Home', 2, 3, 0],
    ['End', 0, 3, 2],
    ['Enter', 0, 3, undefined],
    ['ArrowRight', -1, 0, undefined],
  ];
  it.each(moves)('%s from %i of %i goes to %s', (key, current, count, next) =>
    expect(nextElement(key, current, count)).toBe(next),
  );
});

describe('radar polygons: a group\'s polygon names a row of its group (docs/cross-filters.md "Radars and raw points")', () => {
  const radar = (series: ChartSpec['series'], rows: ChartSpec['rows']) => {
    const result = chartOption(buildInput({ chartType: 'radar', series, rows }));
    if (result.verdict !== 'ok') throw new Error(result.verdict);
    return result.option;
  };
  const spokes = { id: 'x', role: 'independent' as const, valueType: 'category', label: 'month' };
  const avg = { id: 'y', role: 'dependent' as const, label: 'rain', operation: 'avg' };
  const city = { id: 'g', role: 'groupBy' as const, valueType: 'category', label: 'city' };
  const rows = [
    { x: 'Jan', g: 'Paris', y: 3 },
    { x: 'Feb', g: 'Paris', y: 4 },
    { x: 'Jan', g: 'Lyon', y: 5 },
    { x: 'Feb', g: 'Lyon', y: 6 },
  ];

  it('with spokes of categories and a group: one element per group, its row, no one value', () => {
    const option = radar([spokes, avg, city], rows);
    const elements = chartElements(option);
    expect(elements.map((e) => [e.name, e.value, rows[e.row]!.g])).toEqual([
      ['Paris', undefined, 'Paris'],
      ['Lyon', undefined, 'Lyon'],
    ]);
    expect(rows[rowOfLegendItem(option, 'Lyon')!]!.g).toBe('Lyon');
    expect(rowOfElement({ value: [5, 6], data: (option.series as Array<{ data: unknown[] }>)[1]!.data[0] })).toBe(
      elements[1]!.row,
    );
  });

  it('without a group a polygon is a value series: no element, nothing to select', () => {
    expect(chartElements(radar([spokes, avg], rows.slice(0, 2)))).toEqual([]);
  });
});
