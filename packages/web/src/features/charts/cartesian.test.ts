import { describe, expect, it } from 'vitest';
import { chartOption } from './chartOption.ts';
import { type AnyOption, buildInput, type ChartSpec, categoryRows, simpleChart } from './testFixtures.ts';

function draw(spec: ChartSpec): AnyOption {
  const result = chartOption(buildInput(spec));
  if (result.verdict !== 'ok') throw new Error(`expected a drawing, got ${result.verdict}`);
  return result.option as AnyOption;
}

const withDisplay = (chartType: 'line' | 'area' | 'bar' | 'scatter', display: Record<string, unknown>, n = 3) =>
  simpleChart(chartType, n, {
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Region' },
      { id: 'y', role: 'dependent', label: 'Revenue', vis: { display } },
    ],
  });

const axisSpec = (display: Record<string, unknown>, bucket: 'independent' | 'dependent' = 'dependent', n = 3) =>
  simpleChart('line', n, { axes: { [bucket]: [{ display }] } });

describe('series display defaults', () => {
  it.each([
    ['area', 0.6],
    ['bar', 1],
    ['scatter', 0.9],
  ] as const)('%s fill opacity %s', (chartType, opacity) => {
    const s = draw(simpleChart(chartType, 3)).series[0];
    expect(chartType === 'area' ? s.areaStyle.opacity : s.itemStyle.opacity).toBe(opacity);
  });

  it('a line has no area, width 2, solid, linear, dots of size 10', () => {
    const s = draw(simpleChart('line', 3)).series[0];
    expect(s).toMatchObject({ type: 'line', showSymbol: true, symbolSize: 10, smooth: false, step: false });
    expect(s.areaStyle).toBeUndefined();
    expect(s.lineStyle).toMatchObject({ width: 2, type: 'solid' });
  });

  it('scatter dots are size 10', () => {
    expect(draw(simpleChart('scatter', 3)).series[0].symbolSize).toBe(10);
  });

  it.each([
    [199, false, true],
    [200, false, false],
    [350, true, true],
    [400, true, false],
  ])('%i rows (duplicate x %s): dots %s', (n, duplicates, dots) => {
    const rows = categoryRows(n, (i) => ({ x: duplicates ? `c${i % 10}` : `c${i}` }));
    expect(draw(simpleChart('line', n, { rows })).series[0].showSymbol).toBe(dots);
  });

  it('takes the series display settings', () => {
    const s = draw(
      withDisplay('area', {
        hasDot: false,
        dotSize: 20,
        lineType: 'step',
        lineStyle: 'dashed',
        lineWidth: 5,
        fillOpacity: 0.2,
      }),
    ).series[0];
    expect(s).toMatchObject({ showSymbol: false, symbolSize: 20, step: 'middle', smooth: false });
    expect(s.lineStyle).toMatchObject({ width: 5, type: 'dashed' });
    expect(s.areaStyle.opacity).toBe(0.2);
    expect(draw(withDisplay('line', { lineType: 'smooth', lineStyle: 'dotted' })).series[0]).toMatchObject({
      smooth: true,
      lineStyle: { type: 'dotted' },
    });
  });

  it('labels dots with the formatted value when dotHasLabel (and only with dots)', () => {
    const option = draw(
      simpleChart('line', 2, {
        rows: [
          { x: 'a', y: 1234 },
          { x: 'b', y: 0.5 },
        ],
        series: [
          { id: 'x', role: 'independent', valueType: 'category' },
          { id: 'y', role: 'dependent', vis: { display: { dotHasLabel: true } } },
        ],
      }),
    );
    const label = option.series[0].label;
    expect(label.show).toBe(true);
    expect(label.formatter({ value: option.series[0].data[0] })).toBe('1,234');
    expect(draw(withDisplay('line', { dotHasLabel: true, hasDot: false })).series[0].label).toBeUndefined();
  });
});

describe('axes (axis display)', () => {
  it('truncates category labels at 15 characters, keeping the full label for tooltips', () => {
    const option = draw(simpleChart('bar', 1, { rows: [{ x: 'A very long category name', y: 1 }] }));
    expect(option.xAxis[0].data).toEqual(['A very long category name']);
    expect(option.xAxis[0].axisLabel.formatter('A very long category name')).toBe('A very long cat…');
    expect(option.xAxis[0].axisLabel.formatter('Short')).toBe('Short');
  });

  it('slants labels 45° when slant is on, not by default', () => {
    expect(draw(axisSpec({ slant: true }, 'independent')).xAxis[0].axisLabel.rotate).toBe(45);
    expect(draw(axisSpec({})).xAxis[0].axisLabel.rotate).toBe(0);
  });

  it('titles an axis by its title, else its series labels; hasTitle false hides it', () => {
    expect(draw(simpleChart('bar', 2)).yAxis[0].name).toBe('Revenue');
    expect(draw(simpleChart('bar', 2, { axes: { dependent: [{ title: 'Money' }] } })).yAxis[0].name).toBe('Money');
    expect(draw(axisSpec({ hasTitle: false })).yAxis[0].name).toBeUndefined();
    expect(draw(simpleChart('bar', 2)).xAxis[0].name).toBe('Region');
  });

  it('hides labels with hasLabels false', () => {
    expect(draw(axisSpec({ hasLabels: false })).yAxis[0].axisLabel.show).toBe(false);
    expect(draw(axisSpec({})).yAxis[0].axisLabel.show).toBe(true);
  });

  it.each([
    [{}, undefined, undefined],
    [{ typeMin: 'data', typeMax: 'data' }, 'dataMin', 'dataMax'],
    [{ typeMin: 'fixed', valueMin: -5, typeMax: 'fixed', valueMax: 50 }, -5, 50],
    [{ typeMin: 'fixed', valueMin: null, typeMax: 'auto', valueMax: 7 }, undefined, undefined],
  ])('min/max types %j give min %s, max %s', (display, min, max) => {
    const axis = draw(axisSpec(display)).yAxis[0];
    expect(axis.min).toBe(min);
    expect(axis.max).toBe(max);
  });

  it('uses a log scale and drops non-positive values from it', () => {
    const option = draw(axisSpec({ scale: 'log' }));
    expect(option.yAxis[0].type).toBe('log');
    // Row 0 holds y = 0: no point on a log axis.
    expect(option.series[0].data[0][1]).toBeNull();
    expect(option.series[0].data[1][1]).toBe(10);
  });

  it('reverses and moves an axis to the opposite side', () => {
    const axis = draw(axisSpec({ reversed: true, orientation: 'opposite' })).yAxis[0];
    expect(axis.inverse).toBe(true);
    expect(axis.position).toBe('right');
    expect(draw(axisSpec({ orientation: 'opposite' }, 'independent')).xAxis[0].position).toBe('top');
  });

  it('draws horizontal grid lines by default, vertical ones when asked', () => {
    const plain = draw(simpleChart('line', 2));
    expect(plain.yAxis[0].splitLine.show).toBe(true);
    expect(plain.xAxis[0].splitLine.show).toBe(false);
    const both = draw(simpleChart('line', 2, { display: { grid: { horizontal: false, vertical: true } } }));
    expect(both.yAxis[0].splitLine.show).toBe(false);
    expect(both.xAxis[0].splitLine.show).toBe(true);
  });

  it('adds zoom on an axis with zoomVisible', () => {
    const option = draw(axisSpec({ zoomVisible: true }, 'independent'));
    expect(option.dataZoom.map((z: AnyOption) => [z.type, z.xAxisIndex])).toEqual([
      ['inside', 0],
      ['slider', 0],
    ]);
    expect(draw(simpleChart('line', 2)).dataZoom).toBeUndefined();
  });

  it('puts a second dependent axis on the right', () => {
    const spec = simpleChart('bar', 2, { rows: categoryRows(2, (i) => ({ z: i / 10 })) });
    spec.series.push({ id: 'z', role: 'dependent', axis: 1, label: 'Margin', vis: { chartType: 'line' } });
    const option = draw(spec);
    expect(option.yAxis.map((a: AnyOption) => [a.position, a.name])).toEqual([
      ['left', 'Revenue'],
      ['right', 'Margin'],
    ]);
    expect(option.series.map((s: AnyOption) => [s.type, s.yAxisIndex])).toEqual([
      ['bar', 0],
      ['line', 1],
    ]);
  });

  it('swaps axes when the dependent axis is x (horizontal bars), categories top-down', () => {
    const option = draw(simpleChart('bar', 2, { display: { dependentAxis: 'x' } }));
    expect(option.yAxis[0]).toMatchObject({ type: 'category', data: ['c0', 'c1'], inverse: true });
    expect(option.xAxis[0].type).toBe('value');
    expect(option.series[0].data[1]).toEqual([10, 1, 1]);
    expect(option.series[0].xAxisIndex).toBe(0);
  });
});

describe('independent value types', () => {
  it('draws raw dates on a time axis in UTC', () => {
    const option = draw({
      chartType: 'line',
      series: [
        { id: 'd', role: 'independent', valueType: 'date' },
        { id: 'y', role: 'dependent' },
      ],
      rows: [{ d: '2024-01-02T00:00:00', y: 1 }],
    });
    expect(option.xAxis[0].type).toBe('time');
    expect(option.useUTC).toBe(true);
    expect(option.series[0].data[0][0]).toBe(Date.UTC(2024, 0, 2));
  });

  it('draws date parts on a category axis with their labels', () => {
    const option = draw({
      chartType: 'bar',
      series: [
        { id: 'm', role: 'independent', valueType: 'month' },
        { id: 'y', role: 'dependent' },
      ],
      rows: [
        { m: 1, y: 1 },
        { m: 2, y: 2 },
      ],
    });
    expect(option.xAxis[0]).toMatchObject({ type: 'category', data: ['Jan', 'Feb'] });
  });

  it('labels bins "a – b"', () => {
    const option = draw({
      chartType: 'bar',
      series: [
        { id: 'b', role: 'independent', valueType: 'bin', binWidth: 2.5 },
        { id: 'y', role: 'dependent' },
      ],
      rows: [
        { b: 0, y: 1 },
        { b: 2.5, y: 2 },
      ],
    });
    expect(option.xAxis[0].data).toEqual(['0 – 2.50', '2.50 – 5']);
  });

  it('draws numbers on a value axis fitted to the data for lines, on bands for bars', () => {
    const numeric = (chartType: 'line' | 'bar'): ChartSpec => ({
      chartType,
      series: [
        { id: 'x', role: 'independent' },
        { id: 'y', role: 'dependent' },
      ],
      rows: [
        { x: 1990, y: 1 },
        { x: 2020, y: 2 },
      ],
    });
    expect(draw(numeric('line')).xAxis[0]).toMatchObject({ type: 'value', scale: true });
    expect(draw(numeric('bar')).xAxis[0]).toMatchObject({ type: 'category', data: ['1,990', '2,020'] });
  });
});

describe('stacking and bars', () => {
  const stackSpec = (display: Record<string, unknown>): ChartSpec => ({
    chartType: 'bar',
    display,
    series: [
      { id: 'x', role: 'independent', valueType: 'category' },
      { id: 'a', role: 'dependent' },
      { id: 'b', role: 'dependent' },
    ],
    rows: [
      { x: 'p', a: 1, b: 3 },
      { x: 'q', a: 2, b: 2 },
    ],
  });

  it('does not stack by default', () => {
    expect(draw(stackSpec({})).series.map((s: AnyOption) => s.stack)).toEqual([undefined, undefined]);
  });

  it('stacks the series of one axis and type with stackGroups all', () => {
    const stacks = draw(stackSpec({ stackGroups: 'all' })).series.map((s: AnyOption) => s.stack);
    expect(stacks[0]).toBeDefined();
    expect(stacks[1]).toBe(stacks[0]);
  });

  it('stacks to 100% with stackOffset all: shares on a 0..1 axis in percent', () => {
    const option = draw(stackSpec({ stackGroups: 'all', stackOffset: 'all' }));
    expect(option.series[0].data).toEqual([
      [0, 0.25, 0],
      [1, 0.5, 1],
    ]);
    expect(option.series[1].data[0]).toEqual([0, 0.75, 0]);
    expect(option.yAxis[0]).toMatchObject({ min: 0, max: 1 });
    expect(option.yAxis[0].axisLabel.formatter(0.75)).toBe('75%');
    // The tooltip still shows the value, not the share.
    const html = option.tooltip.formatter([{ seriesIndex: 0, seriesName: 'a', value: option.series[0].data[0] }]);
    expect(html).toContain('a: <b>1</b>');
  });

  it('sets bar gaps in percent', () => {
    const s = draw(stackSpec({ barGap: 10, barCategoryGap: 30 })).series[0];
    expect(s).toMatchObject({ barGap: '10%', barCategoryGap: '30%' });
  });

  it('mixes chart types per series', () => {
    const spec = stackSpec({});
    spec.series[2].vis = { chartType: 'area' };
    expect(draw(spec).series.map((s: AnyOption) => [s.type, !!s.areaStyle])).toEqual([
      ['bar', false],
      ['line', true],
    ]);
  });
});

describe('scatter', () => {
  const scatter = (n: number, withSize: boolean): ChartSpec => ({
    chartType: 'scatter',
    series: [
      { id: 'x', role: 'independent' },
      { id: 'y', role: 'dependent' },
      ...(withSize ? [{ id: 's', role: 'otherDimensions' as const }] : []),
    ],
    rows: Array.from({ length: n }, (_, i) => ({ x: i, y: i, s: i * 10 })),
  });

  it('scales dot sizes from other dimensions between the dot size bounds (by area)', () => {
    const s = draw(scatter(3, true)).series[0];
    expect(s.symbolSize(s.data[0])).toBe(4);
    expect(s.symbolSize(s.data[2])).toBe(50);
    expect(s.symbolSize(s.data[1])).toBeCloseTo(Math.sqrt((16 + 2500) / 2));
  });

  it('switches to large mode over 2,000 points', () => {
    expect(draw(scatter(2000, false)).series[0].large).toBe(false);
    expect(draw(scatter(2001, false)).series[0].large).toBe(true);
  });
});
