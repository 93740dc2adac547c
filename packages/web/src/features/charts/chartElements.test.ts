import type { EChartsOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import { chartElements, nextElement, rowOfElement, rowOfLegendItem } from './chartElements.ts';

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
