import type { UnitType, Vis } from '@tessera/shared';

/**
 * What `DEMO=1` loads: three CSVs of the npm package vega-datasets (BSD-3-Clause; the data's own sources are
 * listed in its SOURCES.md: Seattle weather from NOAA, Gapminder's health and income, Iowa's electricity from the
 * U.S. EIA), a dashboard with a card of every type (KPI, table, and each chart type the product has: area, line,
 * scatter, bar, pie, radar, boxplot), a report of three sections' worth of cards, and a public link.
 */
export const DEMO = {
  organization: 'Demo Organization',
  project: 'Demo: weather, health and energy',
  dashboard: 'Demo dashboard',
  report: 'Demo report',
} as const;

export const DEMO_DATASETS = [
  { key: 'weather', file: 'seattle-weather.csv', name: 'Seattle weather' },
  { key: 'countries', file: 'gapminder-health-income.csv', name: 'Gapminder health and income' },
  { key: 'electricity', file: 'iowa-electricity.csv', name: 'Iowa electricity' },
] as const;
export type DemoDatasetKey = (typeof DEMO_DATASETS)[number]['key'];

/** A dataset's feature ids by column name. */
export type DemoFeatures = Record<DemoDatasetKey, { datasetId: string; features: Record<string, string> }>;

export interface DemoCard {
  name: string;
  description: string;
  type: UnitType;
  box: { x: number; y: number; w: number; h: number };
  vis: Vis;
}

/** The cards of the demo dashboard (every card type and chart type), placed on a 12-column grid. */
export function dashboardCards(f: DemoFeatures): DemoCard[] {
  const ref = (key: DemoDatasetKey, column: string) => {
    const id = f[key].features[column];
    if (!id) throw new Error(`the demo dataset ${key} has no column ${column}`);
    return { _id: id, dataset: { _id: f[key].datasetId } };
  };
  const series = (id: string, key: DemoDatasetKey, column: string, operation = '', extra: object = {}) => ({
    id,
    feature: ref(key, column),
    operation,
    ...extra,
  });
  const axis = (...s: ReturnType<typeof series>[]) => [{ series: s }];
  return [
    {
      name: 'Seattle, 2012-2015',
      description: 'Average highest temperature (°C) and total precipitation (mm) over four years.',
      type: 'kpi',
      box: { x: 0, y: 0, w: 4, h: 3 },
      vis: {
        kpi: [
          series('kpi-temp', 'weather', 'temp_max', 'avg', { unitOfMeasure: '°C', label: 'Average high' }),
          series('kpi-rain', 'weather', 'precipitation', 'sum', { unitOfMeasure: ' mm', label: 'Precipitation' }),
        ],
        filters: [],
      },
    },
    {
      name: 'Temperatures by month',
      description: 'Area chart: average highest and lowest temperature of each month.',
      type: 'chart',
      box: { x: 4, y: 0, w: 8, h: 3 },
      vis: {
        chartType: 'area',
        independent: axis(series('area-date', 'weather', 'date', 'year-month')),
        dependent: axis(
          series('area-max', 'weather', 'temp_max', 'avg'),
          series('area-min', 'weather', 'temp_min', 'avg'),
        ),
      },
    },
    {
      name: 'Iowa electricity by source',
      description: 'Line chart: net generation (GWh) each year, one line per source.',
      type: 'chart',
      box: { x: 0, y: 3, w: 6, h: 4 },
      vis: {
        chartType: 'line',
        independent: axis(series('line-year', 'electricity', 'year', 'year')),
        dependent: axis(series('line-gen', 'electricity', 'net_generation', 'sum')),
        groupBy: axis(series('line-source', 'electricity', 'source')),
      },
    },
    {
      name: 'Wind by kind of weather',
      description: 'Bar chart: the average wind speed (m/s) on days of each kind of weather.',
      type: 'chart',
      box: { x: 6, y: 3, w: 6, h: 4 },
      vis: {
        chartType: 'bar',
        independent: axis(series('bar-weather', 'weather', 'weather')),
        dependent: axis(series('bar-wind', 'weather', 'wind', 'avg')),
      },
    },
    {
      name: 'Health and income',
      description: 'Scatter: life expectancy against income per person, one dot per country, sized by population.',
      type: 'chart',
      box: { x: 0, y: 7, w: 6, h: 4 },
      vis: {
        chartType: 'scatter',
        independent: axis(series('scatter-income', 'countries', 'income')),
        dependent: axis(series('scatter-health', 'countries', 'health')),
        otherDimensions: axis(series('scatter-population', 'countries', 'population')),
      },
    },
    {
      name: 'Population by region',
      description: 'Pie: the population of the countries of each region.',
      type: 'chart',
      box: { x: 6, y: 7, w: 6, h: 4 },
      vis: {
        chartType: 'pie',
        independent: axis(series('pie-region', 'countries', 'region')),
        dependent: axis(series('pie-population', 'countries', 'population', 'sum')),
      },
    },
    {
      name: 'Precipitation through the year',
      description: 'Radar: average precipitation (mm) of each month of the year.',
      type: 'chart',
      box: { x: 0, y: 11, w: 6, h: 4 },
      vis: {
        chartType: 'radar',
        independent: axis(series('radar-month', 'weather', 'date', 'month')),
        dependent: axis(series('radar-rain', 'weather', 'precipitation', 'avg')),
      },
    },
    {
      name: 'Highest temperature by weather',
      description: 'Boxplot: the spread of daily highs on days of each kind of weather.',
      type: 'chart',
      box: { x: 6, y: 11, w: 6, h: 4 },
      vis: {
        chartType: 'boxplot',
        independent: axis(series('box-weather', 'weather', 'weather')),
        dependent: axis(series('box-temp', 'weather', 'temp_max')),
      },
    },
    {
      name: 'Daily weather',
      description: 'Table: every day of the Seattle weather dataset.',
      type: 'table',
      box: { x: 0, y: 15, w: 12, h: 5 },
      vis: {
        table: ['date', 'weather', 'temp_max', 'temp_min', 'precipitation', 'wind'].map((column) => ({
          id: `col-${column}`,
          feature: ref('weather', column),
        })),
        filters: [],
      },
    },
  ];
}

/** The report's cards: a short story on the weather data (a report lays cards out two to a row). */
export function reportCards(f: DemoFeatures): DemoCard[] {
  const [kpi, area, , bar, , , radar] = dashboardCards(f);
  return [kpi, area, bar, radar].map((card, i) => ({
    ...(card as DemoCard),
    box: { x: (i % 2) * 6, y: Math.floor(i / 2) * 4, w: 6, h: 4 },
  }));
}
