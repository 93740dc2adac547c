import { describe, expect, it } from 'vitest';
import { colorDifference, deltaE2000 } from './ciede2000.ts';
import {
  COLOR_SCALES,
  COLOR_SCHEME_NAMES,
  COLOR_THEMES,
  colorAt,
  colorSchemeNameSchema,
  DEFAULT_COLOR_SCHEME,
  HEX_COLOR_PATTERN,
  MIN_CATEGORY_DIFFERENCE,
  schemeColors,
} from './colors.ts';

describe('colour scales', () => {
  it('are the 22 named scales, in the colour menu order, default spectrumOne', () => {
    expect(COLOR_SCHEME_NAMES).toEqual([
      'spectrumOne',
      'spectrumTwo',
      'spectral',
      'rainbowSpectrum',
      'tesseraColors',
      'bioLumen',
      'redYellowBlue',
      'redYellowGreen',
      'redGray',
      'brownTeal',
      'purpleGreen',
      'yellowBlue',
      'greenBlue',
      'redOrange',
      'yellowPurple',
      'redPurple',
      'cubeHelix',
      'red',
      'orange',
      'green',
      'blue',
      'purple',
    ]);
    expect(DEFAULT_COLOR_SCHEME).toBe('spectrumOne');
  });

  it('are real palettes: at least 9 valid, distinct hex colours each', () => {
    for (const name of COLOR_SCHEME_NAMES) {
      const colors = COLOR_SCALES[name].colors;
      expect(colors.length, name).toBeGreaterThanOrEqual(9);
      for (const c of colors) expect(c, name).toMatch(/^#[0-9a-fA-F]{6}$/);
      expect(new Set(colors.map((c) => c.toLowerCase())).size, name).toBe(colors.length);
    }
  });

  it('six preset themes, each on a known scale', () => {
    expect(COLOR_THEMES).toHaveLength(6);
    expect(new Set(COLOR_THEMES.map((t) => t.key)).size).toBe(6);
    for (const t of COLOR_THEMES) expect(colorSchemeNameSchema.safeParse(t.colorScheme).success).toBe(true);
  });

  it('the scheme name schema refuses unknown names', () => {
    expect(colorSchemeNameSchema.safeParse('spectrumOne').success).toBe(true);
    expect(colorSchemeNameSchema.safeParse('comicSans').success).toBe(false);
  });
});

describe('schemeColors', () => {
  it('cycles a categorical scale', () => {
    const base = COLOR_SCALES.spectrumOne.colors;
    const colors = schemeColors('spectrumOne', base.length + 2);
    expect(colors.slice(0, base.length)).toEqual([...base]);
    expect(colors.slice(base.length)).toEqual([base[0], base[1]]);
  });

  it('samples a sequential scale from end to end, its middle for one colour', () => {
    expect(schemeColors('blue', 2)).toEqual(['#f7fbff', '#08306b']);
    expect(schemeColors('blue', 3)).toEqual(['#f7fbff', COLOR_SCALES.blue.colors[4], '#08306b']);
    expect(schemeColors('spectral', 1)).toEqual(['#ffffbf']);
    expect(schemeColors('blue', 0)).toEqual([]);
  });

  it('interpolates between anchors and clamps t', () => {
    // Halfway between #000000 and #1a1530 on cubeHelix's first segment (t = 0.05 of 10 segments).
    expect(colorAt('cubeHelix', 0.05)).toBe('#0d0b18');
    expect(colorAt('red', -1)).toBe('#fff5f0');
    expect(colorAt('red', 7)).toBe('#67000d');
    expect(colorAt('red', Number.NaN)).toBe('#fff5f0');
  });

  it('falls back to the default scale for a name it does not know', () => {
    expect(schemeColors('gone' as never, 2)).toEqual(schemeColors('spectrumOne', 2));
  });
});

describe('hex colours', () => {
  it.each([
    ['#fff', true],
    ['#ffff', true],
    ['#a1b2c3', true],
    ['#A1B2C380', true],
    ['#abcde', false],
    ['fff', false],
    ['#ggg', false],
    ['red', false],
  ])('%s → %s', (value, valid) => expect(HEX_COLOR_PATTERN.test(value)).toBe(valid));
});

describe('CIEDE2000', () => {
  it.each([
    // Sharma, Wu and Dalal's test data (pairs 1, 7, 17, 18, 25, 34).
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[50, 2.5, 0], [61, -5, 29], 22.8977],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
  ] as const)('%j to %j is %s', (a, b, expected) => {
    expect(deltaE2000(a, b)).toBeCloseTo(expected, 4);
    expect(deltaE2000(b, a)).toBeCloseTo(expected, 4);
  });

  it('reads hex colours through CIELAB: black to white is 100, a colour to itself 0', () => {
    expect(colorDifference('#000', '#ffffff')).toBeCloseTo(100, 1);
    expect(colorDifference('#4c8bf5', '#4C8BF5')).toBe(0);
  });
});

describe('categorical palettes', () => {
  const categorical = COLOR_SCHEME_NAMES.filter((name) => COLOR_SCALES[name].kind === 'categorical');

  it('are the four of the product', () => {
    expect(categorical).toEqual(['spectrumOne', 'spectrumTwo', 'tesseraColors', 'bioLumen']);
  });

  it.each(categorical)('%s: every two of its colours differ clearly (CIEDE2000 ≥ 20)', (name) => {
    const colors = COLOR_SCALES[name].colors;
    const close: string[] = [];
    for (let i = 0; i < colors.length; i++) {
      for (let j = i + 1; j < colors.length; j++) {
        const difference = colorDifference(colors[i], colors[j]);
        if (difference < MIN_CATEGORY_DIFFERENCE) close.push(`${colors[i]} ${colors[j]} ${difference.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it('the former red and pink of spectrumOne would not pass (the demo’s Fossil Fuels and Nuclear Energy)', () => {
    expect(colorDifference('#E5484D', '#F2699A')).toBeLessThan(MIN_CATEGORY_DIFFERENCE);
  });
});
