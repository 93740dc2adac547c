import { createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { BREAKPOINTS, COLORS, THEME_STORAGE_KEY } from '@tessera/shared';

/** Greys and blues, red for errors and green for success; dark by default, kept locally. */
export const theme = createTheme({
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  colors: {
    red: ['#fdecec', '#f9d4d4', '#f1a8a8', '#e97b7b', '#e25c5c', '#D94E4E', '#c74545', '#b03b3b', '#9a3232', '#842929'],
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
  other: { errorColor: COLORS.error, successColor: COLORS.success },
  breakpoints: {
    xs: '30em',
    sm: `${BREAKPOINTS.phone / 16}em`,
    md: `${BREAKPOINTS.tablet / 16}em`,
    lg: '75em',
    xl: '88em',
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });
