/**
 * ECharts, tree-shaken: only the 7 chart types' series and the components the options use are registered
 * (grid, legend, tooltip, radar, zoom, visual map), with the canvas and SVG renderers. Time axis labels speak the
 * UI language: each language's ECharts locale is built from Intl's month and day names.
 */
import { BarChart, BoxplotChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  GridComponent,
  LegendScrollComponent,
  RadarComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  BarChart,
  ScatterChart,
  PieChart,
  RadarChart,
  BoxplotChart,
  GridComponent,
  LegendScrollComponent,
  TooltipComponent,
  RadarComponent,
  DataZoomInsideComponent,
  DataZoomSliderComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
  SVGRenderer,
]);

const registered = new Set<string>(['EN']);

function names(locale: string, options: Intl.DateTimeFormatOptions, count: number, at: (i: number) => Date) {
  const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  return Array.from({ length: count }, (_, i) => format.format(at(i)));
}

/** The ECharts locale name for a UI language, registered on first use ('en' is ECharts' built-in 'EN'). */
export function echartsLocale(language: string): string {
  const lang = language.slice(0, 2).toLowerCase();
  if (lang === 'en' || !/^[a-z]{2}$/.test(lang)) return 'EN';
  const name = lang.toUpperCase();
  if (!registered.has(name)) {
    const month = (i: number) => new Date(Date.UTC(2001, i, 1));
    const day = (i: number) => new Date(Date.UTC(2001, 0, 7 + i)); // 2001-01-07 is a Sunday
    // Only the time names: charts here use no legend selector, toolbox or aria texts (the other locale parts).
    const locale = {
      time: {
        month: names(lang, { month: 'long' }, 12, month),
        monthAbbr: names(lang, { month: 'short' }, 12, month),
        dayOfWeek: names(lang, { weekday: 'long' }, 7, day),
        dayOfWeekAbbr: names(lang, { weekday: 'short' }, 7, day),
      },
    };
    echarts.registerLocale(name, locale as unknown as Parameters<typeof echarts.registerLocale>[1]);
    registered.add(name);
  }
  return name;
}

export { echarts };
