import type { ChartType } from '@tessera/shared';
import { GRADIENT_DEFAULTS, schemeColors } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chartOption.ts';
import { type AnyOption, buildInput, type ChartSpec, categoryRows, simpleChart } from './testFixtures.ts';
import type { ChartOptionInput } from './types.ts';

function draw(spec: ChartSpec, overrides: Partial<ChartOptionInput> = {}): AnyOption {
  const result = chartOption(buildInput(spec, overrides));
  if (result.verdict !== 'ok') throw new Error(`expected a drawing, got ${result.verdict}`);
  return result.option as AnyOption;
}

/** `n` rows without building them (the verdict is decided on the count before any row is read). */
const rowsOf = (n: number) => new Array(n).fill({ x: 'a', y: 1 });

describe('too much data', () => {
  it.each<[ChartType, number, string]>([
    ['pie', 1000, 'ok'],
    ['pie', 1001, 'too-much-data'],
    ['radar', 1000, 'ok'],
    ['radar', 1001, 'too-much-data'],
    ['bar', 1001, 'ok'],
    ['line', 1_000_001, 'too-much-data'],
    ['scatter', 1_000_001, 'too-much-data'],
    ['boxplot', 1_000_001, 'too-much-data'],
  ])('%s with %i rows: %s', (chartType, n, verdict) => {
    const input = buildInput(simpleChart(chartType, 0));
    expect(chartOption({ ...input, data: rowsOf(n) }).verdict).toBe(verdict);
  });

  it('draws nothing when no dependent series is mapped', () => {
    const spec: ChartSpec = { series: [{ id: 'x', role: 'independent', valueType: 'category' }], rows: [] };
    expect(chartOption(buildInput(spec)).verdict).toBe('empty');
  });
});

describe('animation', () => {
  it.each<[ChartType, number, boolean]>([
    ['area', 200, true],
    ['area', 201, false],
    ['line', 201, false],
    ['bar', 200, true],
    ['bar', 201, false],
    ['scatter', 5000, true],
    ['radar', 40, true],
    ['radar', 41, false],
    ['pie', 40, true],
    ['pie', 41, false],
    ['boxplot', 20, true],
    ['boxplot', 21, false],
  ])('%s with %i rows animates: %s', (chartType, n, animated) => {
    const rows =
      chartType === 'boxplot' ? categoryRows(n, (i) => ({ y: [i, i + 1, i + 2, i + 3, i + 4] })) : categoryRows(n);
    expect(draw(simpleChart(chartType, n, { rows })).animation).toBe(animated);
  });

  it('is off when hasAnimation is false, and never forced on past the limit', () => {
    expect(draw(simpleChart('bar', 3, { display: { hasAnimation: false } })).animation).toBe(false);
    expect(draw(simpleChart('bar', 300, { display: { hasAnimation: true } })).animation).toBe(false);
  });

  it('counts boxes (rows × dependent series) for boxplots', () => {
    const rows = categoryRows(11, () => ({ y: [1, 2, 3, 4, 5], z: [1, 2, 3, 4, 5] }));
    const spec = simpleChart('boxplot', 11, { rows });
    spec.series.push({ id: 'z', role: 'dependent' });
    expect(draw(spec).animation).toBe(false);
  });
});

describe('legend', () => {
  const twoSeries = (display = {}): ChartSpec => ({
    ...simpleChart('line', 3, { rows: categoryRows(3, (i) => ({ z: i })) }),
    series: [...simpleChart('line').series, { id: 'z', role: 'dependent', label: 'Cost' }],
    display,
  });
  const grouped: ChartSpec = simpleChart('line', 4, {
    series: [...simpleChart('line').series, { id: 'g', role: 'groupBy', valueType: 'category' }],
    rows: categoryRows(4, (i) => ({ g: i % 2 ? 'A' : 'B' })),
  });

  it.each([
    ['one series', simpleChart('line', 3), false],
    ['two series', twoSeries(), true],
    ['a group-by', grouped, true],
    ['hasLegend false', twoSeries({ hasLegend: false }), false],
    ['hasLegend true with one series', simpleChart('line', 3, { display: { hasLegend: true } }), true],
  ])('%s: shown %s', (_, spec, shown) => {
    expect(draw(spec).legend.show).toBe(shown);
  });

  it('sits at the top, items 10 px apart, by default', () => {
    const legend = draw(twoSeries()).legend;
    expect(legend.top).toBe(4);
    expect(legend.orient).toBe('horizontal');
    expect(legend.itemGap).toBe(10);
  });

  it.each([
    ['bottom', 'horizontal'],
    ['left', 'vertical'],
    ['right', 'vertical'],
  ])('legendPosition %s is %s and the plot makes room', (position, orient) => {
    const option = draw(twoSeries({ legendPosition: position, legendItemGap: 25 }));
    expect(option.legend[position]).toBe(4);
    expect(option.legend.orient).toBe(orient);
    expect(option.legend.itemGap).toBe(25);
    const plain = draw(twoSeries({ hasLegend: false }));
    expect(option.grid[position]).toBeGreaterThan(plain.grid[position]);
  });
});

describe('tooltip', () => {
  it('is on by default and off with hasTooltip false', () => {
    expect(draw(simpleChart('bar', 3)).tooltip.show).toBe(true);
    expect(draw(simpleChart('bar', 3, { display: { hasTooltip: false } })).tooltip.show).toBe(false);
  });

  it('shows the independent value, each series and the tooltip series, escaped', () => {
    const spec = simpleChart('bar', 2, {
      rows: [
        { x: '<b>North</b>', y: 1234.5, n: 'first & best' },
        { x: 'South', y: 2, n: 'second' },
      ],
    });
    spec.series.push({ id: 'n', role: 'tooltip', valueType: 'text', label: 'Note' });
    const option = draw(spec);
    expect(option.tooltip.trigger).toBe('axis');
    const html: string = option.tooltip.formatter([
      { seriesIndex: 0, seriesName: 'Revenue', marker: '', value: option.series[0].data[0], name: '' },
    ]);
    expect(html).toContain('&lt;b&gt;North&lt;/b&gt;');
    expect(html).toContain('Revenue: <b>1,234.50</b>');
    expect(html).toContain('Note: <b>first &amp; best</b>');
    expect(html).not.toContain('<b>North</b>');
  });

  it('triggers on items for scatter charts', () => {
    const spec: ChartSpec = {
      chartType: 'scatter',
      series: [
        { id: 'x', role: 'independent' },
        { id: 'y', role: 'dependent', label: 'Weight' },
      ],
      rows: [{ x: 1, y: 0.12345 }],
    };
    const option = draw(spec);
    expect(option.tooltip.trigger).toBe('item');
    const html = option.tooltip.formatter({ seriesIndex: 0, value: option.series[0].data[0], marker: '' });
    expect(html).toContain('Weight: <b>0.123</b>');
  });
});

describe('colours: series colour > dashboard feature colour > scheme', () => {
  const spec = (colors = {}): ChartSpec => ({
    chartType: 'line',
    series: [
      { id: 'x', role: 'independent', valueType: 'category' },
      { id: 'a', role: 'dependent' },
      { id: 'b', role: 'dependent' },
      { id: 'c', role: 'dependent' },
    ],
    rows: [{ x: 'p', a: 1, b: 2, c: 3 }],
    colors,
  });
  // Feature ids follow the series order in the fixtures: a is feature 2, b feature 3, c feature 4.
  const featureB = '000000000000000000000003';

  it('takes the default scheme spectrumOne in order', () => {
    expect(draw(spec()).series.map((s: AnyOption) => s.color)).toEqual(schemeColors('spectrumOne', 3));
  });

  it('prefers the series colour, then the dashboard feature colour, then the scheme', () => {
    const option = draw(spec({ series: { a: '#111111' } }), {
      colors: { colorScheme: 'spectrumTwo', features: { [featureB]: '#222222' } },
    });
    expect(option.series.map((s: AnyOption) => s.color)).toEqual([
      '#111111',
      '#222222',
      schemeColors('spectrumTwo', 3)[2],
    ]);
  });

  it("uses the card's scheme over the dashboard's", () => {
    const option = draw(spec({ colorScheme: 'bioLumen' }), { colors: { colorScheme: 'spectrumTwo' } });
    expect(option.series[0].color).toBe(schemeColors('bioLumen', 3)[0]);
  });
});

describe('group-by split', () => {
  const spec = (colors = {}, dependents = 1): ChartSpec => ({
    chartType: 'bar',
    series: [
      { id: 'x', role: 'independent', valueType: 'category' },
      { id: 'y', role: 'dependent', label: 'Revenue' },
      ...(dependents > 1 ? [{ id: 'z', role: 'dependent' as const, label: 'Cost' }] : []),
      { id: 'g', role: 'groupBy', valueType: 'category' },
    ],
    rows: [
      { x: 'Q1', g: 'North', y: 1, z: 5 },
      { x: 'Q1', g: 'South', y: 2, z: 6 },
      { x: 'Q2', g: 'North', y: 3, z: 7 },
      { x: 'Q2', g: null, y: 4, z: 8 },
    ],
    colors,
  });

  it('draws one series per group value, in row order, each with its own rows', () => {
    const option = draw(spec());
    expect(option.series.map((s: AnyOption) => s.name)).toEqual(['North', 'South', '(empty)']);
    expect(option.series[0].data).toEqual([
      [0, 1, 0],
      [1, 3, 2],
    ]);
    expect(option.series[2].data).toEqual([[1, 4, 3]]);
    expect(option.xAxis[0].data).toEqual(['Q1', 'Q2']);
  });

  it('colours groups from vis.colors.groups, else the scheme', () => {
    const option = draw(spec({ groups: { South: '#abcdef' } }));
    const scheme = schemeColors('spectrumOne', 3);
    expect(option.series.map((s: AnyOption) => s.color)).toEqual([scheme[0], '#abcdef', scheme[2]]);
  });

  it('names series "group · series" when several dependent series are split', () => {
    const option = draw(spec({}, 2));
    expect(option.series).toHaveLength(6);
    expect(option.series[3].name).toBe('North · Cost');
  });
});

describe('visual map (gradient dimension)', () => {
  const spec = (extra: Partial<ChartSpec> = {}): ChartSpec => ({
    chartType: 'scatter',
    series: [
      { id: 'x', role: 'independent' },
      { id: 'y', role: 'dependent' },
      { id: 'c', role: 'gradientDimension', label: 'Score' },
    ],
    rows: [
      { x: 1, y: 2, c: 10 },
      { x: 2, y: 3, c: 30 },
    ],
    ...extra,
  });

  it('maps the gradient values from Low #f6efa6 to High #bf444c by default, shown', () => {
    const option = draw(spec());
    expect(option.visualMap).toMatchObject({
      show: true,
      dimension: 3,
      min: 10,
      max: 30,
      seriesIndex: [0],
      inRange: { color: [GRADIENT_DEFAULTS.Low, GRADIENT_DEFAULTS.High] },
    });
    expect(option.series[0].data[1]).toEqual([2, 3, 1, 30]);
    // The gradient colours the points: the series keeps no fixed colour.
    expect(option.series[0].color).toBeUndefined();
  });

  it('takes vis.colors.gradients and hides the bar with showVisualMap false', () => {
    const option = draw(
      spec({ colors: { gradients: { High: '#000000', Low: '#ffffff' } }, display: { showVisualMap: false } }),
    );
    expect(option.visualMap.inRange.color).toEqual(['#ffffff', '#000000']);
    expect(option.visualMap.show).toBe(false);
  });

  it('is absent without a gradient dimension', () => {
    expect(draw(simpleChart('scatter', 3)).visualMap).toBeUndefined();
  });
});

describe('theme', () => {
  it('keeps a transparent background and switches text colours', () => {
    const light = draw(simpleChart('bar', 2), { theme: 'light' });
    const dark = draw(simpleChart('bar', 2), { theme: 'dark' });
    expect(light.backgroundColor).toBe('transparent');
    expect(light.textStyle.color).not.toBe(dark.textStyle.color);
  });
});
