/**
 * Chart scenarios to look at (the look script renders each to a picture): every chart type and the options
 * that change the drawing most, on data shaped like the unit data answer.
 */
import type { DataRow } from '@tessera/shared';
import type { ChartSpec } from './testFixtures.ts';

const months = Array.from(
  { length: 24 },
  (_, i) => `${2023 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
);
const regions = ['North', 'South', 'East', 'West'];
const wave = (i: number, phase = 0, amp = 1) => Math.round((100 + 40 * Math.sin(i / 3 + phase)) * amp * 100) / 100;

export const SCENARIOS: Record<string, ChartSpec> = {
  area: {
    chartType: 'area',
    series: [
      { id: 'm', role: 'independent', valueType: 'year-month', label: 'Month' },
      { id: 'rev', role: 'dependent', label: 'Revenue' },
      { id: 'cost', role: 'dependent', label: 'Cost' },
    ],
    rows: months.map((m, i) => ({ m, rev: wave(i) * 1000, cost: wave(i, 1, 0.6) * 1000 })),
  },
  'area-stacked-100': {
    chartType: 'area',
    display: { stackGroups: 'all', stackOffset: 'all' },
    series: [
      { id: 'm', role: 'independent', valueType: 'year-month', label: 'Month' },
      { id: 'rev', role: 'dependent', label: 'Revenue' },
      { id: 'g', role: 'groupBy', valueType: 'category', label: 'Region' },
    ],
    rows: months.flatMap((m, i) => regions.map((g, k) => ({ m, g, rev: wave(i, k, 1 + k / 3) }))),
  },
  line: {
    chartType: 'line',
    series: [
      { id: 'd', role: 'independent', valueType: 'date', label: 'Day', precision: 'day' },
      { id: 'v', role: 'dependent', label: 'Temperature', vis: { display: { lineType: 'smooth' } } },
      { id: 'g', role: 'groupBy', valueType: 'category', label: 'City' },
      { id: 'n', role: 'tooltip', valueType: 'text', label: 'Note' },
    ],
    rows: Array.from({ length: 60 }, (_, i) =>
      ['Paris', 'Lyon', 'Nice'].map((g, k) => ({
        d: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
        g,
        v: Math.round((10 + k * 3 + 5 * Math.sin(i / 6 + k)) * 10) / 10,
        n: `note ${i}`,
      })),
    ).flat(),
  },
  scatter: {
    chartType: 'scatter',
    series: [
      { id: 'x', role: 'independent', label: 'Height (cm)' },
      { id: 'y', role: 'dependent', label: 'Weight (kg)' },
      { id: 's', role: 'otherDimensions', label: 'Age' },
      { id: 'c', role: 'gradientDimension', label: 'Score' },
    ],
    rows: Array.from({ length: 120 }, (_, i) => {
      const x = 150 + ((i * 37) % 50);
      return { x, y: Math.round(x * 0.45 + ((i * 13) % 17) - 8), s: 18 + ((i * 7) % 60), c: (i * 11) % 100 };
    }),
  },
  bar: {
    chartType: 'bar',
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Product' },
      { id: 'sales', role: 'dependent', label: 'Sales' },
      { id: 'units', role: 'dependent', label: 'Units' },
      { id: 'margin', role: 'dependent', axis: 1, label: 'Margin', vis: { chartType: 'line' } },
    ],
    axes: { dependent: [{ title: 'Amount' }, { display: { typeMin: 'fixed', valueMin: 0 } }] },
    rows: ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'].map((x, i) => ({
      x,
      sales: 12000 + i * 3500 - (i % 2) * 6000,
      units: 8000 + ((i * 2100) % 7000),
      margin: 0.12 + (i % 3) * 0.07,
    })),
  },
  'bar-horizontal': {
    chartType: 'bar',
    display: { dependentAxis: 'x' },
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Department' },
      { id: 'y', role: 'dependent', label: 'Head count', vis: { display: { dotHasLabel: true } } },
    ],
    rows: ['Research and development', 'Sales', 'Customer success management', 'Finance', 'Operations'].map((x, i) => ({
      x,
      y: 40 + i * 17,
    })),
  },
  'bar-stacked-options': {
    chartType: 'bar',
    display: { stackGroups: 'all', legendPosition: 'right', grid: { vertical: true } },
    axes: { independent: [{ display: { slant: true, zoomVisible: true } }] },
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Sales representative' },
      { id: 'y', role: 'dependent', label: 'Deals' },
      { id: 'g', role: 'groupBy', valueType: 'category', label: 'Stage' },
    ],
    rows: ['Alexandra Montgomery', 'Bob', 'Christopher Fairweather', 'Dee', 'Evangeline Smith', 'Fred'].flatMap(
      (x, i) => ['Lead', 'Qualified', 'Proposal', 'Won'].map((g, k) => ({ x, g, y: 3 + ((i * 5 + k * 3) % 9) })),
    ),
  },
  'line-small': {
    chartType: 'line',
    series: [
      { id: 'm', role: 'independent', valueType: 'year-month', label: 'Month' },
      { id: 'rev', role: 'dependent', label: 'Revenue', vis: { display: { lineStyle: 'dashed', lineWidth: 3 } } },
      { id: 'cost', role: 'dependent', label: 'Cost', vis: { display: { lineType: 'step', hasDot: false } } },
    ],
    rows: months.map((m, i) => ({ m, rev: wave(i) * 1000, cost: wave(i, 1, 0.6) * 1000 })),
  },
  histogram: {
    chartType: 'bar',
    display: { barCategoryGap: 2 },
    series: [
      { id: 'b', role: 'independent', valueType: 'bin', binWidth: 5, label: 'Age' },
      { id: 'n', role: 'dependent', label: 'Count' },
    ],
    rows: Array.from({ length: 10 }, (_, i) => ({ b: 20 + i * 5, n: Math.round(100 * Math.exp(-((i - 4) ** 2) / 8)) })),
  },
  pie: {
    chartType: 'pie',
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Channel' },
      { id: 'a', role: 'dependent', label: '2023' },
      { id: 'b', role: 'dependent', label: '2024' },
    ],
    rows: ['Web', 'Stores', 'Partners', 'Phone', 'Other'].map((x, i) => ({
      x,
      a: 50 - i * 8,
      b: 40 - i * 5 + (i % 2) * 9,
    })),
  },
  /** Two rings, each its own dependent axis entry with its own settings (the pie panel's per-ring display). */
  'pie-rings': {
    chartType: 'pie',
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Channel' },
      { id: 'a', role: 'dependent', label: '2023' },
      { id: 'b', role: 'dependent', label: '2024', axis: 1 },
    ],
    axes: {
      dependent: [{ display: { innerRadius: 20, outerRadius: 40 } }, { display: { outerRadius: 70, startAngle: 0 } }],
    },
    rows: ['Web', 'Stores', 'Partners', 'Phone', 'Other'].map((x, i) => ({
      x,
      a: 50 - i * 8,
      b: 40 - i * 5 + (i % 2) * 9,
    })),
  },
  /** Three monthly points on a time axis: ticks on months, never "29" for 1 March. */
  'line-monthly': {
    chartType: 'line',
    series: [
      { id: 'd', role: 'independent', valueType: 'date', label: 'Month', precision: 'month' },
      { id: 'v', role: 'dependent', label: 'Revenue' },
    ],
    rows: ['2024-01-01', '2024-02-01', '2024-03-01'].map((d, i) => ({ d, v: 100 + i * 25 })),
  },
  radar: {
    chartType: 'radar',
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Skill' },
      { id: 'y', role: 'dependent', label: 'Score' },
      { id: 'g', role: 'groupBy', valueType: 'category', label: 'Team' },
    ],
    rows: ['Speed', 'Quality', 'Cost', 'Safety', 'Service', 'Innovation'].flatMap((x, i) =>
      ['Team A', 'Team B', 'Team C'].map((g, k) => ({ x, g, y: 40 + ((i * 17 + k * 29) % 60) })),
    ),
  },
  boxplot: {
    chartType: 'boxplot',
    series: [
      { id: 'x', role: 'independent', valueType: 'category', label: 'Plant' },
      { id: 'y', role: 'dependent', label: 'Output', valueType: 'boxplot' },
      { id: 'g', role: 'groupBy', valueType: 'category', label: 'Shift' },
    ],
    rows: ['Lyon', 'Lille', 'Nantes', 'Metz'].flatMap((x, i) =>
      ['Day', 'Night'].map((g, k) => {
        const m = 50 + i * 8 - k * 10;
        return { x, g, y: [m - 30, m - 10, m, m + 12, m + 28] };
      }),
    ),
  },
};

/** Scenarios drawn at another size than 600 × 320 (a small card). */
export const SIZES: Record<string, { width: number; height: number }> = {
  'line-small': { width: 320, height: 200 },
};

/** A line chart of `n` points (a day each) for the render-time measure. */
export function bigLine(n: number): { series: ChartSpec['series']; rows: DataRow[]; chartType: 'line' } {
  return {
    chartType: 'line',
    series: [
      { id: 'd', role: 'independent', valueType: 'date', label: 'Day' },
      { id: 'v', role: 'dependent', label: 'Value' },
    ],
    rows: Array.from({ length: n }, (_, i) => ({
      d: new Date(Date.UTC(2000, 0, 1) + i * 86_400_000).toISOString(),
      v: Math.round(1000 + 300 * Math.sin(i / 50) + ((i * 7919) % 200)),
    })),
  };
}
