import { DEFAULT_THEME, darken, mergeMantineTheme } from '@mantine/core';
import { AVATAR_COLORS, contrastRatio, relativeLuminance, TEXT_CONTRAST } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { SCHEME_TEXT, theme } from './theme.ts';

/**
 * Every pair of text (or control) colour and background the app draws with, in both colour schemes, measured
 * with the WCAG formula: 4.5:1 for text, 3:1 for large text and controls (docs/accessibility.md, 1.4.3).
 */

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const shade = (color: string, index: number): string => {
  const palette = full.colors[color];
  if (!palette) throw new Error(`no colour ${color} in the theme`);
  return palette[index] as string;
};
/** A colour as the theme writes it: a hex value or `var(--mantine-color-{name}-{shade})`. */
const resolve = (value: string): string => {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value);
  return match ? shade(match[1] as string, Number(match[2])) : value;
};
const lightShade = typeof full.primaryShade === 'object' ? full.primaryShade.light : full.primaryShade;
const darkShade = typeof full.primaryShade === 'object' ? full.primaryShade.dark : full.primaryShade;

/** What Mantine writes on a filled colour with autoContrast: black on a light colour, white on a dark one. */
const onFilled = (background: string): string =>
  relativeLuminance(background) > full.luminanceThreshold ? full.black : full.white;

type Pair = [name: string, foreground: string, background: string, minimum: number];

const NOTICE_COLORS = ['blue', 'red', 'green', 'yellow', 'orange', 'gray', 'teal', 'grape'];
/** The colours of our filled buttons and badges, and the avatars' colours. */
const FILLED_COLORS = ['blue', 'red', 'green', 'orange', 'teal', 'grape', 'gray', 'yellow'];

function lightPairs(): Pair[] {
  const white = full.white;
  const backgrounds = { body: white, paper: white, 'gray.0': shade('gray', 0), 'gray.1': shade('gray', 1) };
  const pairs: Pair[] = [];
  for (const [name, bg] of Object.entries(backgrounds)) {
    pairs.push([`text on ${name}`, full.black, bg, TEXT_CONTRAST]);
    pairs.push([`dimmed on ${name}`, SCHEME_TEXT.light.dimmed, bg, TEXT_CONTRAST]);
    pairs.push([`link on ${name}`, resolve(SCHEME_TEXT.light.anchor), bg, TEXT_CONTRAST]);
    pairs.push([`error on ${name}`, resolve(SCHEME_TEXT.light.error), bg, TEXT_CONTRAST]);
    pairs.push([`primary text on ${name}`, shade(full.primaryColor, lightShade), bg, TEXT_CONTRAST]);
  }
  for (const color of FILLED_COLORS) {
    const bg = shade(color, lightShade);
    pairs.push([`text on ${color} filled`, onFilled(bg), bg, TEXT_CONTRAST]);
  }
  for (const color of ['blue', 'red', 'grape']) {
    pairs.push([`${color} text on white`, shade(color, lightShade), white, TEXT_CONTRAST]);
  }
  const lightColor: Record<string, string> = {
    yellow: SCHEME_TEXT.light.yellowLightColor,
    orange: SCHEME_TEXT.light.orangeLightColor,
    teal: SCHEME_TEXT.light.tealLightColor,
  };
  for (const color of NOTICE_COLORS) {
    const bg = shade(color, 1);
    pairs.push([`${color} notice text`, lightColor[color] ?? shade(color, 9), bg, TEXT_CONTRAST]);
    pairs.push([`dimmed in a ${color} notice`, SCHEME_TEXT.light.dimmed, bg, TEXT_CONTRAST]);
    pairs.push([`text in a ${color} notice`, full.black, bg, TEXT_CONTRAST]);
  }
  pairs.push(['link in a blue notice', resolve(SCHEME_TEXT.light.anchor), shade('blue', 1), TEXT_CONTRAST]);
  return pairs;
}

function darkPairs(): Pair[] {
  const backgrounds = { body: shade('dark', 7), paper: shade('dark', 6), hover: shade('dark', 5) };
  const text = shade('dark', 0);
  const pairs: Pair[] = [];
  for (const [name, bg] of Object.entries(backgrounds)) {
    pairs.push([`text on ${name}`, text, bg, TEXT_CONTRAST]);
    pairs.push([`dimmed on ${name}`, SCHEME_TEXT.dark.dimmed, bg, TEXT_CONTRAST]);
    pairs.push([`link on ${name}`, shade(full.primaryColor, 4), bg, TEXT_CONTRAST]);
    pairs.push([`error on ${name}`, resolve(SCHEME_TEXT.dark.error), bg, TEXT_CONTRAST]);
    pairs.push([`red menu item on ${name}`, resolve(SCHEME_TEXT.dark.red6), bg, TEXT_CONTRAST]);
    for (const color of ['blue', 'red', 'green', 'orange', 'yellow']) {
      pairs.push([`${color} text on ${name}`, shade(color, 4), bg, TEXT_CONTRAST]);
    }
  }
  for (const color of FILLED_COLORS) {
    const bg = shade(color, darkShade);
    pairs.push([`text on ${color} filled`, onFilled(bg), bg, TEXT_CONTRAST]);
  }
  for (const color of NOTICE_COLORS) {
    // Mantine draws a light notice on its colour's darkest shade darkened by half (ours darker for some), text
    // in shade 0.
    const ours: Record<string, string> = { yellow: SCHEME_TEXT.dark.yellowLight, orange: SCHEME_TEXT.dark.orangeLight };
    const bg = ours[color] ?? darken(shade(color, 9), 0.5);
    pairs.push([`${color} notice text`, shade(color, 0), bg, TEXT_CONTRAST]);
    pairs.push([`dimmed in a ${color} notice`, SCHEME_TEXT.dark.dimmed, bg, TEXT_CONTRAST]);
    pairs.push([`text in a ${color} notice`, text, bg, TEXT_CONTRAST]);
  }
  return pairs;
}

describe('the theme’s contrast', () => {
  it.each([...AVATAR_COLORS])('initials on the avatar colour %s', (color) => {
    expect(contrastRatio(onFilled(color), color)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  for (const [scheme, pairs] of [
    ['light', lightPairs()],
    ['dark', darkPairs()],
  ] as const) {
    it.each(pairs)(`${scheme}: %s`, (_name, foreground, background, minimum) => {
      expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(minimum);
    });
  }
});
