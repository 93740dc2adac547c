import { colorDifference, MIN_CATEGORY_DIFFERENCE, schemeColors } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { CATEGORY_SLOTS, CategoryColorRegistry, categoryColors, hashText } from './categoryColors.ts';
import { chartOption } from './chartOption.ts';
import { type AnyOption, buildInput, type ChartSpec } from './testFixtures.ts';

function draw(spec: ChartSpec, registry?: CategoryColorRegistry): AnyOption {
  const result = chartOption(buildInput(spec, registry ? { categoryColors: registry } : {}));
  if (result.verdict !== 'ok') throw new Error(`expected a drawing, got ${result.verdict}`);
  return result.option as AnyOption;
}

const WEATHER = ['drizzle', 'fog', 'rain', 'snow', 'sun'];
const SUMS: Record<string, number> = { drizzle: 12.5, fog: 3, rain: 620.25, snow: 40, sun: 0 };

/** A pie as its empty hint says: a summed number, sliced by group-by (no X). */
const groupedPie = (weathers = WEATHER): ChartSpec => ({
  chartType: 'pie',
  series: [
    { id: 'y', role: 'dependent', label: 'precipitation', operation: 'sum' },
    { id: 'g', role: 'groupBy', valueType: 'category', label: 'weather' },
  ],
  rows: weathers.map((w) => ({ g: w, y: SUMS[w]! })),
});

const colorsOf = (option: AnyOption) =>
  Object.fromEntries(option.series[0].data.map((d: AnyOption) => [d.name, d.itemStyle.color]));

describe('group by drives pie slices (issue #20 item 1)', () => {
  it('slices a pie by its group-by when no X is mapped: one slice per category with its sum', () => {
    const option = draw(groupedPie());
    expect(option.series).toHaveLength(1);
    expect(option.series[0].name).toBe('precipitation (sum)');
    expect(option.series[0].data.map((d: AnyOption) => [d.name, d.value])).toEqual(WEATHER.map((w) => [w, SUMS[w]]));
    expect(option.legend.show).toBe(true);
    expect(option.legend.data ?? WEATHER).toEqual(WEATHER);
    const html = option.tooltip.formatter({
      seriesIndex: 0,
      name: 'rain',
      data: option.series[0].data[2],
      value: 620.25,
      percent: 86.4,
      marker: '',
    });
    expect(html).toContain('rain: <b>620.25 (86.4%)</b>');
  });

  it('with both X and group-by, slices by pair', () => {
    const option = draw({
      chartType: 'pie',
      series: [
        { id: 'x', role: 'independent', valueType: 'category', label: 'city' },
        { id: 'y', role: 'dependent', label: 'rain', operation: 'sum' },
        { id: 'g', role: 'groupBy', valueType: 'category', label: 'year' },
      ],
      rows: [
        { x: 'Lyon', g: '2023', y: 1 },
        { x: 'Lyon', g: '2024', y: 2 },
        { x: 'Metz', g: '2023', y: 3 },
      ],
    });
    expect(option.series[0].data.map((d: AnyOption) => [d.name, d.value])).toEqual([
      ['Lyon · 2023', 1],
      ['Lyon · 2024', 2],
      ['Metz · 2023', 3],
    ]);
  });

  it('a filtered pie keeps the colours of the slices it still draws', () => {
    const page = new CategoryColorRegistry();
    const all = colorsOf(draw(groupedPie(), page));
    const filtered = colorsOf(draw(groupedPie(['snow', 'rain']), page));
    expect(filtered).toEqual({ snow: all.snow, rain: all.rain });
    // No two slices of the full pie share a colour.
    expect(new Set(Object.values(all)).size).toBe(WEATHER.length);
  });

  it('a group colour set for a category wins', () => {
    const option = draw({ ...groupedPie(), colors: { groups: { rain: '#123456' } } });
    expect(colorsOf(option).rain).toBe('#123456');
  });
});

describe('group by on radar and cartesian charts', () => {
  it('a radar without X: the value series are the spokes, one polygon per group', () => {
    const option = draw({
      chartType: 'radar',
      series: [
        { id: 'a', role: 'dependent', label: 'temp_max', operation: 'avg' },
        { id: 'b', role: 'dependent', label: 'wind', operation: 'avg' },
        { id: 'g', role: 'groupBy', valueType: 'category', label: 'weather' },
      ],
      rows: [
        { g: 'rain', a: 12, b: 4 },
        { g: 'sun', a: 25, b: 2 },
      ],
    });
    expect(option.radar.indicator.map((i: AnyOption) => i.name)).toEqual(['temp_max (avg)', 'wind (avg)']);
    expect(option.series.map((s: AnyOption) => [s.name, s.data[0].value])).toEqual([
      ['rain', [12, 4]],
      ['sun', [25, 2]],
    ]);
    const html = option.tooltip.formatter({ seriesIndex: 1, seriesName: 'sun' });
    expect(html).toContain('temp_max (avg): <b>25</b>');
    expect(html).toContain('wind (avg): <b>2</b>');
  });

  it('a line split by group keeps each group its colour when a filter removes others', () => {
    const line = (groups: string[]): ChartSpec => ({
      chartType: 'line',
      series: [
        { id: 'x', role: 'independent', valueType: 'category' },
        // The same feature as the pie's group-by (the fixtures number features by position).
        { id: 'g', role: 'groupBy', valueType: 'category' },
        { id: 'y', role: 'dependent', operation: 'sum' },
      ],
      rows: groups.map((g, i) => ({ x: 'a', g, y: i })),
    });
    const names = (o: AnyOption) => Object.fromEntries(o.series.map((s: AnyOption) => [s.name, s.color]));
    const page = new CategoryColorRegistry();
    const all = names(draw(line(WEATHER), page));
    expect(names(draw(line(['sun', 'fog']), page))).toEqual({ sun: all.sun, fog: all.fog });
    // Another card grouping by the same feature on the page gives the categories the same colours.
    const pie = colorsOf(draw(groupedPie(['fog', 'sun', 'rain']), page));
    expect(pie).toMatchObject({ sun: all.sun, fog: all.fog });
  });
});

describe('categoryColors', () => {
  it('gives a category the colour its value hashes to when it is drawn alone', () => {
    const palette = schemeColors('spectrumOne', CATEGORY_SLOTS);
    for (const key of WEATHER) {
      expect(categoryColors([key], 'spectrumOne').get(key)).toBe(palette[hashText(key) % CATEGORY_SLOTS]);
    }
  });

  it('gives the demo’s electricity sources clearly different colours on every categorical scale', () => {
    const sources = ['Fossil Fuels', 'Nuclear Energy', 'Renewables'];
    for (const scheme of ['spectrumOne', 'spectrumTwo', 'tesseraColors', 'bioLumen'] as const) {
      const [a, b, c] = sources.map((key) => categoryColors(sources, scheme).get(key) as string);
      for (const [x, y] of [
        [a, b],
        [a, c],
        [b, c],
      ] as const) {
        expect(colorDifference(x, y), `${scheme} ${x} ${y}`).toBeGreaterThanOrEqual(MIN_CATEGORY_DIFFERENCE);
      }
    }
  });

  it('gives up to ten categories ten different colours, in any order', () => {
    const keys = Array.from({ length: CATEGORY_SLOTS }, (_, i) => `category ${i}`);
    const colors = categoryColors(keys, 'spectrumOne');
    expect(new Set(colors.values()).size).toBe(CATEGORY_SLOTS);
    expect(categoryColors([...keys].reverse(), 'spectrumOne')).toEqual(colors);
  });

  it('without a registry, the colours depend on the categories drawn alone (not their order)', () => {
    expect(categoryColors(['a', 'b', 'c'], 'spectrumOne')).toEqual(categoryColors(['c', 'a', 'b'], 'spectrumOne'));
  });

  it('a registry keeps a category its colour when it is drawn again among others', () => {
    const remembered = new Map<string, number>();
    const first = categoryColors(['sun', 'rain'], 'spectrumOne', remembered);
    const second = categoryColors(['drizzle', 'rain', 'fog', 'sun'], 'spectrumOne', remembered);
    expect(second.get('sun')).toBe(first.get('sun'));
    expect(second.get('rain')).toBe(first.get('rain'));
    expect(new Set(second.values()).size).toBe(4);
  });

  it('colours more categories than colours by their value alone', () => {
    const keys = Array.from({ length: 25 }, (_, i) => `c${i}`);
    const colors = categoryColors(keys, 'spectrumOne');
    const palette = schemeColors('spectrumOne', CATEGORY_SLOTS);
    for (const key of keys) expect(colors.get(key)).toBe(palette[hashText(key) % CATEGORY_SLOTS]);
  });
});

describe('the page registry kept between visits', () => {
  it('loads what it saved: a category keeps its colour on the next page load', () => {
    let saved: Record<string, Record<string, number>> | null = null;
    const store = {
      load: () => saved,
      save: (scopes: Record<string, Record<string, number>>) => {
        saved = scopes;
      },
    };
    const first = new CategoryColorRegistry(store);
    const all = categoryColors(WEATHER, 'spectrumOne', first.scope('s|weather'), first);
    expect(saved).not.toBeNull();
    const next = new CategoryColorRegistry(store);
    const filtered = categoryColors(['rain', 'snow'], 'spectrumOne', next.scope('s|weather'), next);
    expect(filtered.get('rain')).toBe(all.get('rain'));
    expect(filtered.get('snow')).toBe(all.get('snow'));
  });

  it('ignores slots out of range in what it loads', () => {
    const registry = new CategoryColorRegistry({ load: () => ({ s: { a: 99, b: 2 } }), save: () => {} });
    expect([...registry.scope('s')]).toEqual([['b', 2]]);
  });
});
