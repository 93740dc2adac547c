import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager, Menu } from '@mantine/core';
import { BREAKPOINTS, COLORS, THEME_STORAGE_KEY } from '@tessera/shared';

/** Greys and blues, red for errors and green for success; dark by default, kept locally. */
export const theme = createTheme({
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  primaryColor: 'blue',
  // Shade 8 under white text in both schemes: Mantine's light default (6) gives white on blue 3.55:1.
  primaryShade: { light: 8, dark: 8 },
  // Filled controls, badges and avatars write in black or white, whichever reads better on their colour.
  autoContrast: true,
  // Black and white read equally well at this luminance: above it black is the better of the two.
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  colors: {
    // Shade 4 is the dark scheme's red text: light enough for 4.5:1 on the dark paper.
    red: ['#fdecec', '#f9d4d4', '#f1a8a8', '#f5a3a3', '#f28b8b', '#D94E4E', '#c74545', '#b03b3b', '#9a3232', '#842929'],
    green: [
      '#e0faf2',
      '#c2f4e4',
      '#85e9c9',
      '#47dead',
      '#1fd397',
      '#00C48B',
      '#00b07d',
      '#009a6d',
      '#00845e',
      '#006e4e',
    ],
  },
  components: {
    // No hidden focus placeholder in menus (a child with tabindex a menu may not have): focus goes to the first item.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
  },
  other: { errorColor: COLORS.error, successColor: COLORS.success },
  breakpoints: {
    xs: '30em',
    sm: `${BREAKPOINTS.phone / 16}em`,
    md: `${BREAKPOINTS.tablet / 16}em`,
    lg: '75em',
    xl: '88em',
  },
});

/**
 * The colours our text is drawn in where Mantine's defaults fall short of WCAG 1.4.3 (docs/accessibility.md):
 * dimmed text, links, the error text, and the text of yellow and orange notices. `themeContrast.test.ts`
 * measures every pair of text and background we use in both schemes.
 */
export const SCHEME_TEXT = {
  light: {
    dimmed: '#565d64',
    anchor: 'var(--mantine-color-blue-9)',
    error: 'var(--mantine-color-red-7)',
    tealLightColor: '#06694b',
    yellowLightColor: '#8a4b00',
    orangeLightColor: '#9a3f05',
  },
  dark: {
    dimmed: '#a6a6a6',
    error: 'var(--mantine-color-red-4)',
    /** Menu items coloured red (Delete) use shade 6 in both schemes; in the dark one it is the red text. */
    red6: 'var(--mantine-color-red-4)',
    /** The background of yellow and orange notices, darker than Mantine's so that dimmed text reads on them. */
    yellowLight: '#502a00',
    orangeLight: '#4f1a06',
  },
} as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': SCHEME_TEXT.light.dimmed,
    '--mantine-color-anchor': SCHEME_TEXT.light.anchor,
    '--mantine-color-error': SCHEME_TEXT.light.error,
    '--mantine-color-teal-light-color': SCHEME_TEXT.light.tealLightColor,
    '--mantine-color-yellow-light-color': SCHEME_TEXT.light.yellowLightColor,
    '--mantine-color-orange-light-color': SCHEME_TEXT.light.orangeLightColor,
  },
  dark: {
    '--mantine-color-dimmed': SCHEME_TEXT.dark.dimmed,
    '--mantine-color-error': SCHEME_TEXT.dark.error,
    '--mantine-color-red-6': SCHEME_TEXT.dark.red6,
    '--mantine-color-yellow-light': SCHEME_TEXT.dark.yellowLight,
    '--mantine-color-orange-light': SCHEME_TEXT.dark.orangeLight,
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });
