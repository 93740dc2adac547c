import { z } from 'zod';

/**
 * The named colour scales and the dashboard's preset colour themes, shared so that the server
 * validates exactly the names the web offers and both draw the same colours.
 *
 * Three kinds: categorical scales are cycled through, one colour per series; sequential and diverging scales
 * are anchors that series colours and gradients are sampled from evenly. The ColorBrewer scales use Cynthia
 * Brewer's published 11-class (diverging) and 9-class (sequential) anchors; rainbowSpectrum and cubeHelix are
 * sampled from d3's sinebow-style rainbow and Green's default cubehelix; spectrumOne, spectrumTwo, bioLumen and
 * tesseraColors are this product's own categorical palettes, chosen to stay readable on dark and light themes.
 * A category hashes to any colour of its scale (charts' categoryColors), so every two colours of a categorical
 * palette differ clearly: by MIN_CATEGORY_DIFFERENCE in CIEDE2000 at least (ciede2000.ts), where two reds or two
 * blues of the former palettes were 11 to 17 apart.
 */

/** The least CIEDE2000 difference between any two colours of a categorical palette. */
export const MIN_CATEGORY_DIFFERENCE = 20;

export type ColorScaleKind = 'categorical' | 'sequential' | 'diverging';
export interface ColorScale {
  kind: ColorScaleKind;
  colors: readonly string[];
}

const categorical = (...colors: string[]): ColorScale => ({ kind: 'categorical', colors });
const sequential = (...colors: string[]): ColorScale => ({ kind: 'sequential', colors });
const diverging = (...colors: string[]): ColorScale => ({ kind: 'diverging', colors });

export const COLOR_SCALES = {
  spectrumOne: categorical(
    '#328FF8',
    '#F6B203',
    '#10B177',
    '#E42F44',
    '#9766F1',
    '#0BB8C5',
    '#FB71B0',
    '#A8CA3A',
    '#F47F3F',
    '#7C7B89',
  ),
  spectrumTwo: categorical(
    '#6FA4F8',
    '#FFC760',
    '#57D59C',
    '#FA7183',
    '#C289FE',
    '#6DD3DE',
    '#FFC4E6',
    '#D2EC6C',
    '#FF8C51',
    '#A09EAA',
  ),
  spectral: diverging(
    '#9e0142',
    '#d53e4f',
    '#f46d43',
    '#fdae61',
    '#fee08b',
    '#ffffbf',
    '#e6f598',
    '#abdda4',
    '#66c2a5',
    '#3288bd',
    '#5e4fa2',
  ),
  rainbowSpectrum: sequential(
    '#6e40aa',
    '#bf3caf',
    '#fe4b83',
    '#ff7847',
    '#e2b72f',
    '#aff05b',
    '#52f667',
    '#1ddfa3',
    '#23abd8',
    '#4c6edb',
  ),
  tesseraColors: categorical(
    '#1366D8',
    '#10A9B6',
    '#13B27F',
    '#84CA17',
    '#FAB606',
    '#FE7A0C',
    '#E6497F',
    '#9435EA',
    '#F06AFA',
    '#02A2FF',
  ),
  bioLumen: categorical(
    '#0DAA9E',
    '#08CBFF',
    '#9E63F8',
    '#F74BAC',
    '#FEE440',
    '#39FF14',
    '#FF6B35',
    '#4691FF',
    '#E6AEFF',
    '#81FFDB',
  ),
  redYellowBlue: diverging(
    '#a50026',
    '#d73027',
    '#f46d43',
    '#fdae61',
    '#fee090',
    '#ffffbf',
    '#e0f3f8',
    '#abd9e9',
    '#74add1',
    '#4575b4',
    '#313695',
  ),
  redYellowGreen: diverging(
    '#a50026',
    '#d73027',
    '#f46d43',
    '#fdae61',
    '#fee08b',
    '#ffffbf',
    '#d9ef8b',
    '#a6d96a',
    '#66bd63',
    '#1a9850',
    '#006837',
  ),
  redGray: diverging(
    '#67001f',
    '#b2182b',
    '#d6604d',
    '#f4a582',
    '#fddbc7',
    '#ffffff',
    '#e0e0e0',
    '#bababa',
    '#878787',
    '#4d4d4d',
    '#1a1a1a',
  ),
  brownTeal: diverging(
    '#543005',
    '#8c510a',
    '#bf812d',
    '#dfc27d',
    '#f6e8c3',
    '#f5f5f5',
    '#c7eae5',
    '#80cdc1',
    '#35978f',
    '#01665e',
    '#003c30',
  ),
  purpleGreen: diverging(
    '#40004b',
    '#762a83',
    '#9970ab',
    '#c2a5cf',
    '#e7d4e8',
    '#f7f7f7',
    '#d9f0d3',
    '#a6dba0',
    '#5aae61',
    '#1b7837',
    '#00441b',
  ),
  yellowBlue: sequential(
    '#ffffd9',
    '#edf8b1',
    '#c7e9b4',
    '#7fcdbb',
    '#41b6c4',
    '#1d91c0',
    '#225ea8',
    '#253494',
    '#081d58',
  ),
  greenBlue: sequential(
    '#f7fcf0',
    '#e0f3db',
    '#ccebc5',
    '#a8ddb5',
    '#7bccc4',
    '#4eb3d3',
    '#2b8cbe',
    '#0868ac',
    '#084081',
  ),
  redOrange: sequential(
    '#fff7ec',
    '#fee8c8',
    '#fdd49e',
    '#fdbb84',
    '#fc8d59',
    '#ef6548',
    '#d7301f',
    '#b30000',
    '#7f0000',
  ),
  yellowPurple: sequential(
    '#fde725',
    '#b5de2b',
    '#6ece58',
    '#35b779',
    '#1f9e89',
    '#26828e',
    '#31688e',
    '#3e4989',
    '#482878',
    '#440154',
  ),
  redPurple: sequential(
    '#fff7f3',
    '#fde0dd',
    '#fcc5c0',
    '#fa9fb5',
    '#f768a1',
    '#dd3497',
    '#ae017e',
    '#7a0177',
    '#49006a',
  ),
  cubeHelix: sequential(
    '#000000',
    '#1a1530',
    '#163d4e',
    '#1f6642',
    '#54792f',
    '#a07949',
    '#d07e93',
    '#cf9cda',
    '#c1caf3',
    '#d2eeef',
    '#ffffff',
  ),
  red: sequential('#fff5f0', '#fee0d2', '#fcbba1', '#fc9272', '#fb6a4a', '#ef3b2c', '#cb181d', '#a50f15', '#67000d'),
  orange: sequential('#fff5eb', '#fee6ce', '#fdd0a2', '#fdae6b', '#fd8d3c', '#f16913', '#d94801', '#a63603', '#7f2704'),
  green: sequential('#f7fcf5', '#e5f5e0', '#c7e9c0', '#a1d99b', '#74c476', '#41ab5d', '#238b45', '#006d2c', '#00441b'),
  blue: sequential('#f7fbff', '#deebf7', '#c6dbef', '#9ecae1', '#6baed6', '#4292c6', '#2171b5', '#08519c', '#08306b'),
  purple: sequential('#fcfbfd', '#efedf5', '#dadaeb', '#bcbddc', '#9e9ac8', '#807dba', '#6a51a3', '#54278f', '#3f007d'),
} as const satisfies Record<string, ColorScale>;

export type ColorSchemeName = keyof typeof COLOR_SCALES;
/** In the order (the colour menu lists them so). */
export const COLOR_SCHEME_NAMES = Object.keys(COLOR_SCALES) as ColorSchemeName[];
export const DEFAULT_COLOR_SCHEME: ColorSchemeName = 'spectrumOne';
export const colorSchemeNameSchema = z.enum(COLOR_SCHEME_NAMES as [ColorSchemeName, ...ColorSchemeName[]]);

/**
 * The six preset colour themes of the dashboard colour menu: each sets the dashboard's colour scale. Their
 * labels are translated on the web under `colorThemes.{key}`.
 */
export const COLOR_THEMES = [
  { key: 'classic', colorScheme: 'spectrumOne' },
  { key: 'pastel', colorScheme: 'spectrumTwo' },
  { key: 'neon', colorScheme: 'bioLumen' },
  { key: 'ocean', colorScheme: 'yellowBlue' },
  { key: 'sunset', colorScheme: 'redOrange' },
  { key: 'earth', colorScheme: 'brownTeal' },
] as const satisfies ReadonlyArray<{ key: string; colorScheme: ColorSchemeName }>;
export type ColorThemeKey = (typeof COLOR_THEMES)[number]['key'];

/** Heat map and gradient defaults. */
export const GRADIENT_DEFAULTS = { High: '#bf444c', Low: '#f6efa6' } as const;

/** A colour typed as hex, with optional alpha: #rgb, #rgba, #rrggbb or #rrggbbaa. */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
export const hexColorSchema = z.string().regex(HEX_COLOR_PATTERN, 'Not a hex colour');

type Rgb = [number, number, number];
const parseHex = (hex: string): Rgb => {
  const h = hex.slice(1);
  const full = h.length <= 4 ? [...h.slice(0, 3)].map((c) => c + c).join('') : h.slice(0, 6);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
};
const toHex = (rgb: Rgb): string => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour at position t (0..1) along a scale's anchors, interpolated in RGB. */
export function colorAt(name: ColorSchemeName, t: number): string {
  const anchors: readonly string[] =
    COLOR_SCALES[Object.hasOwn(COLOR_SCALES, name) ? name : DEFAULT_COLOR_SCHEME].colors;
  if (anchors.length === 1) return anchors[0].toLowerCase();
  const pos = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (anchors.length - 1);
  const i = Math.min(Math.floor(pos), anchors.length - 2);
  const f = pos - i;
  const [a, b] = [parseHex(anchors[i]), parseHex(anchors[i + 1])];
  return toHex([0, 1, 2].map((k) => a[k] + (b[k] - a[k]) * f) as Rgb);
}

/**
 * `count` series colours from a scale: a categorical scale is cycled; a sequential or diverging one is sampled
 * evenly from end to end (one colour: its middle), so that few series still span the whole scale.
 */
export function schemeColors(name: ColorSchemeName, count: number): string[] {
  // A stored name this version does not know (a removed scale) falls back to the default scale.
  const known: ColorSchemeName = Object.hasOwn(COLOR_SCALES, name) ? name : DEFAULT_COLOR_SCHEME;
  const scale: ColorScale = COLOR_SCALES[known];
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (scale.kind === 'categorical') return Array.from({ length: n }, (_, i) => scale.colors[i % scale.colors.length]);
  if (n === 1) return [colorAt(known, 0.5)];
  return Array.from({ length: n }, (_, i) => colorAt(known, i / (n - 1)));
}
