/**
 * The neutral colours of a chart (text, axis lines, grid lines, tooltip) on the light and the dark theme. The
 * chart's background stays transparent: the card's own background shows through. Values follow Mantine's gray
 * and dark palettes so charts match the cards around them.
 */
import type { ChartTheme } from './types.ts';

export interface ChartPalette {
  text: string;
  subtleText: string;
  axisLine: string;
  splitLine: string;
  tooltipBackground: string;
  tooltipBorder: string;
  /** Pie slice borders and radar split areas: the card's background. */
  surface: string;
}

const PALETTES: Record<ChartTheme, ChartPalette> = {
  light: {
    text: '#212529',
    subtleText: '#495057',
    axisLine: '#adb5bd',
    splitLine: '#e9ecef',
    tooltipBackground: '#ffffff',
    tooltipBorder: '#dee2e6',
    surface: '#ffffff',
  },
  dark: {
    text: '#c9c9c9',
    subtleText: '#a6a7ab',
    axisLine: '#5c5f66',
    splitLine: '#373a40',
    tooltipBackground: '#25262b',
    tooltipBorder: '#373a40',
    surface: '#242424',
  },
};

export const chartPalette = (theme: ChartTheme): ChartPalette => PALETTES[theme] ?? PALETTES.light;
