import * as echarts from 'echarts';
import { describe, expect, it } from 'vitest';
import { categoryColors } from './categoryColors.ts';
import { chartOption } from './chartOption.ts';
import { ringRadii } from './pie.ts';
import { niceCeil } from './radar.ts';
import { type AnyOption, buildInput, type ChartSpec, categoryRows } from './testFixtures.ts';

function draw(spec: ChartSpec): AnyOption {
  const result = chartOption(buildInput(spec));
  if (result.verdict !== 'ok') throw new Error(`expected a drawing, got ${result.verdict}`);
  return result.option as AnyOption;
}

const pie = (rings: number, axes: ChartSpec['axes'] = {}, colors = {}): ChartSpec => ({
  chartType: 'pie',
  series: [
    { id: 'x', role: 'independent', valueType: 'category', label: 'Channel' },
    ...Array.from({ length: rings }, (_, i) => ({ id: `r${i}`, role: 'dependent' as const, label: `Ring ${i}` })),
  ],
  rows: [
    { x: 'Web', r0: 5, r1: 1, r2: 7 },
    { x: 'Stores', r0: 3, r1: 2, r2: null },
  ],
  axes,
  colors,
});

describe('pie', () => {
  it.each([
    [1, 0, 60, [['0%', '60%']]],
    [
      2,
      0,
      60,
      [
        ['0%', '30%'],
        ['30%', '60%'],
      ],
    ],
    [
      3,
      30,
      90,
      [
        ['30%', '50%'],
        ['50%', '70%'],
        ['70%', '90%'],
      ],
    ],
  ])('%i rings between %i and %i: %j', (rings, inner, outer, radii) => {
    expect(ringRadii(rings, inner, outer)).toEqual(radii);
  });

  it('spreads rings evenly over 60% by default, one per dependent series', () => {
    const option = draw(pie(3));
    expect(option.series.map((s: AnyOption) => s.radius)).toEqual([
      ['0%', '20%'],
      ['20%', '40%'],
      ['40%', '60%'],
    ]);
    expect(option.series[0].startAngle).toBe(90);
    // A missing value draws no slice.
    expect(option.series[2].data.map((d: AnyOption) => d.name)).toEqual(['Web']);
  });

  it('takes innerRadius, outerRadius and startAngle', () => {
    const option = draw(pie(1, { dependent: [{ display: { innerRadius: 40, outerRadius: 80, startAngle: 0 } }] }));
    expect(option.series[0]).toMatchObject({ radius: ['40%', '80%'], startAngle: 0 });
  });

  it('reads each ring from its own dependent axis entry (dependent[i].display, as the pie panel writes)', () => {
    const spec = pie(2, {
      dependent: [{ display: { innerRadius: 10, outerRadius: 30, startAngle: 0, pieHasLabels: false } }, {}],
    });
    spec.series[2] = { ...spec.series[2]!, axis: 1 };
    const option = draw(spec);
    // Ring 2 stores nothing: the default split of two rings (30..60), labels outside.
    expect(option.series.map((s: AnyOption) => [s.radius, s.startAngle, s.label.show])).toEqual([
      [['10%', '30%'], 0, false],
      [['30%', '60%'], 90, true],
    ]);
    expect(option.series[1].label.position).toBe('outside');
    // The X axis entry is not read for pies either.
    const ignored = draw(pie(1, { independent: [{ display: { innerRadius: 40, startAngle: 0 } }] }));
    expect(ignored.series[0]).toMatchObject({ radius: ['0%', '60%'], startAngle: 90 });
  });

  it('labels an inner ring inside its slices when both rings show labels', () => {
    const spec = pie(2, { dependent: [{}, {}] });
    spec.series[2] = { ...spec.series[2]!, axis: 1 };
    const option = draw(spec);
    expect(option.series.map((s: AnyOption) => s.label.position)).toEqual(['inside', 'outside']);
    expect(option.series.map((s: AnyOption) => s.labelLine.show)).toEqual([false, true]);
  });

  it('labels slices (outer ring only) unless pieHasLabels is false', () => {
    const option = draw(pie(2));
    expect(option.series.map((s: AnyOption) => s.label.show)).toEqual([false, true]);
    expect(option.series[1].label.formatter({ name: 'A very long channel name' })).toBe('A very long cha…');
    const bare = draw(pie(1, { dependent: [{ display: { pieHasLabels: false } }] }));
    expect(bare.series[0].label.show).toBe(false);
  });

  it('builds no label for slices under 3° (1/120 of the ring), and keeps every wider slice labelled', () => {
    const rows = [{ x: 'Big', r0: 1000 }, ...Array.from({ length: 30 }, (_, i) => ({ x: `Tiny ${i}`, r0: 1 }))];
    rows.push({ x: 'Edge', r0: 10 }); // 10 of 1040: 3.46°, labelled
    const [series] = draw({ ...pie(1), rows }).series as Array<{
      data: Array<{ name: string; label?: { show: boolean }; labelLine?: { show: boolean } }>;
      label: { show: boolean };
    }>;
    const unlabelled = series.data.filter((slice) => slice.label?.show === false).map((slice) => slice.name);
    expect(unlabelled).toEqual(Array.from({ length: 30 }, (_, i) => `Tiny ${i}`));
    expect(series.data.filter((slice) => slice.labelLine?.show === false)).toHaveLength(30);
    expect(series.data.find((slice) => slice.name === 'Big')?.label).toBeUndefined();
    expect(series.data.find((slice) => slice.name === 'Edge')?.label).toBeUndefined();
    expect(series.label.show).toBe(true);
  });

  it('colours slices by category from the scheme, a group colour winning', () => {
    const option = draw(pie(1, {}, { groups: { Stores: '#123456' } }));
    expect(option.series[0].data.map((d: AnyOption) => d.itemStyle.color)).toEqual([
      categoryColors(['Web', 'Stores'], 'spectrumOne').get('Web'),
      '#123456',
    ]);
  });

  it('shows value and share in the tooltip', () => {
    const option = draw(pie(1));
    const html = option.tooltip.formatter({
      seriesIndex: 0,
      name: 'Web',
      data: option.series[0].data[0],
      value: 5,
      percent: 62.5,
      marker: '',
    });
    expect(html).toContain('Web: <b>5 (62.5%)</b>');
  });
});

describe('radar', () => {
  const radar = (axes: ChartSpec['axes'] = {}, n = 3): ChartSpec => ({
    chartType: 'radar',
    series: [
      { id: 'x', role: 'independent', valueType: 'category' },
      { id: 'y', role: 'dependent', label: 'Score' },
      { id: 'g', role: 'groupBy', valueType: 'category' },
    ],
    rows: categoryRows(n).flatMap((row, i) => [
      { ...row, g: 'A', y: 10 + i },
      { ...row, g: 'B', y: 42 - i },
    ]),
    axes,
  });

  it('takes its indicators from the independent categories, one polygon per group', () => {
    const option = draw(radar());
    expect(option.radar.indicator.map((i: AnyOption) => i.name)).toEqual(['c0', 'c1', 'c2']);
    expect(option.series.map((s: AnyOption) => s.name)).toEqual(['A', 'B']);
    expect(option.series[0].data[0].value).toEqual([10, 11, 12]);
    expect(option.series[1].data[0].value).toEqual([42, 41, 40]);
    // One shared, round scale.
    expect(option.radar.indicator.every((i: AnyOption) => i.max === 50 && i.min === 0)).toBe(true);
  });

  it('lays its spokes clockwise from the top in the data’s order (months as on a clock)', () => {
    const option = draw(radar({}, 12));
    expect(option.radar.clockwise).toBe(true);
    // Drawn by ECharts itself: where each spoke's end lands around the centre.
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 400, height: 400 });
    try {
      chart.setOption({ ...option, animation: false });
      const radar = (chart as unknown as AnyOption).getModel().getComponent('radar').coordinateSystem;
      const [cx, cy] = [radar.cx, radar.cy];
      const angles = Array.from({ length: 12 }, (_, i) => {
        const [x, y] = radar.dataToPoint(50, i);
        // Degrees clockwise from the top (screen y grows downwards).
        return (((Math.atan2(x - cx, cy - y) * 180) / Math.PI + 360) % 360).toFixed(0);
      });
      expect(angles).toEqual(['0', '30', '60', '90', '120', '150', '180', '210', '240', '270', '300', '330']);
    } finally {
      chart.dispose();
    }
  });

  it('defaults to radius 70% and start angle 90, fill 0.4', () => {
    const option = draw(radar());
    expect(option.radar).toMatchObject({ radius: '70%', startAngle: 90 });
    expect(option.series[0].areaStyle.opacity).toBe(0.4);
  });

  it('takes radarOuterRadius and radarStartAngle from the first dependent axis entry (where the panel writes)', () => {
    const option = draw(radar({ dependent: [{ display: { radarOuterRadius: 50, radarStartAngle: 0 } }] }));
    expect(option.radar).toMatchObject({ radius: '50%', startAngle: 0 });
    // The X axis entry is not read: no panel writes radar settings there.
    const ignored = draw(radar({ independent: [{ display: { radarOuterRadius: 50, radarStartAngle: 0 } }] }));
    expect(ignored.radar).toMatchObject({ radius: '70%', startAngle: 90 });
  });

  it('tooltips list each indicator value of the polygon', () => {
    const option = draw(radar());
    const html = option.tooltip.formatter({ seriesIndex: 1, seriesName: 'B' });
    expect(html).toContain('c0: <b>42</b>');
    expect(html).toContain('c2: <b>40</b>');
  });

  it.each([
    [0, 0],
    [7, 10],
    [42, 50],
    [100, 100],
    [101, 200],
    [0.3, 0.5],
  ])('niceCeil(%s) is %s', (value, nice) => {
    expect(niceCeil(value)).toBeCloseTo(nice);
  });
});

describe('boxplot', () => {
  const box = (extra: Partial<ChartSpec> = {}): ChartSpec => ({
    chartType: 'boxplot',
    series: [
      { id: 'x', role: 'independent', valueType: 'category' },
      { id: 'y', role: 'dependent', label: 'Output', valueType: 'boxplot' },
      { id: 'g', role: 'groupBy', valueType: 'category' },
    ],
    rows: [
      { x: 'Lyon', g: 'Day', y: [1, 2, 3, 4, 5] },
      { x: 'Lyon', g: 'Night', y: [2, 3, 4, 5, 6] },
      { x: 'Metz', g: 'Day', y: [3, 4, 5, 6, 7] },
      { x: 'Metz', g: 'Night', y: 'not five numbers' },
    ],
    ...extra,
  });

  it('draws one box per category and group from the five statistics', () => {
    const option = draw(box());
    expect(option.xAxis[0]).toMatchObject({ type: 'category', data: ['Lyon', 'Metz'], boundaryGap: true });
    expect(option.series.map((s: AnyOption) => [s.type, s.name])).toEqual([
      ['boxplot', 'Day'],
      ['boxplot', 'Night'],
    ]);
    expect(option.series[0].data).toEqual([
      { value: [1, 2, 3, 4, 5], row: 0 },
      { value: [3, 4, 5, 6, 7], row: 2 },
    ]);
    expect(option.series[1].data[1]).toBe('-');
    expect(option.tooltip.trigger).toBe('item');
  });

  it('names the five statistics in the tooltip', () => {
    const option = draw(box());
    const html = option.tooltip.formatter({
      seriesIndex: 0,
      data: option.series[0].data[0],
      // ECharts hands a box's value with its category index first.
      value: [0, 1, 2, 3, 4, 5],
      marker: '',
    });
    expect(html).toMatch(/Min: <b>1<\/b>.*Q1: <b>2<\/b>.*Median: <b>3<\/b>.*Q3: <b>4<\/b>.*Max: <b>5<\/b>/);
    // The header is the box's category (its row), not a statistic read as a row index.
    expect(html).toMatch(/^<div[^>]*>Lyon<\/div>/);
  });
});
