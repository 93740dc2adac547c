import { z } from 'zod';
import { id } from '../http/ids.ts';
import { colorSchemeNameSchema, hexColorSchema } from './colors.ts';
import { filterSchema } from './filters.ts';
import { BINS, OPERATIONS } from './operations.ts';

/**
 * The strict shapes of a card's vis (chart vis, axis entry, series entry, chart display, KPI, table,
 * order by). A unit stores its vis loosely (vis.ts); the query compiler and the mapping editor read it through
 * these schemas, so a vis that does not parse is a bad request (400), never a crash.
 */

export const CHART_TYPES = ['area', 'line', 'scatter', 'bar', 'pie', 'radar', 'boxplot'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
/** Types whose mapping carries over when the main chart type changes among them. */
export const LINE_FAMILY: readonly ChartType[] = ['area', 'line', 'scatter', 'bar'];

export const LINE_TYPES = ['linear', 'smooth', 'step'] as const;
export const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
export const AXIS_BOUND_TYPES = ['auto', 'data', 'fixed'] as const;
export const AXIS_SCALES = ['linear', 'log'] as const;
export const STACK_OPTIONS = ['none', 'all'] as const;
export const LEGEND_POSITIONS = ['top', 'bottom', 'left', 'right'] as const;

/** Where a series takes its rows from: the dataset's latest data (all imported jobs), or one job. */
export const LATEST = 'latest';
export const jobChoiceSchema = z.union([z.literal(LATEST), id]);

const label = z.string().max(200);
const operationSchema = z.union([z.enum(OPERATIONS), z.literal('')]);

/** A feature reference: the feature and the dataset it belongs to. */
export const featureRefSchema = z
  .object({ _id: id, dataset: z.object({ _id: id }).passthrough().optional() })
  .passthrough();

export const seriesDisplaySchema = z
  .object({
    hasDot: z.boolean(),
    dotHasLabel: z.boolean(),
    dotSize: z.number().min(4).max(50),
    lineType: z.enum(LINE_TYPES),
    lineStyle: z.enum(LINE_STYLES),
    lineWidth: z.number().min(2).max(50),
    fillOpacity: z.number().min(0).max(1),
  })
  .partial();

export const seriesSchema = z
  .object({
    /** Random 21 characters (nanoid); the key of this series' values in a data row. */
    id: z.string().min(1).max(64),
    feature: featureRefSchema,
    jobId: jobChoiceSchema.optional(),
    operation: operationSchema.optional(),
    numberOfBins: z.number().int().min(BINS.min).max(BINS.max).optional(),
    chartType: z.enum(CHART_TYPES).optional(),
    filters: z.array(filterSchema).max(20).optional(),
    display: seriesDisplaySchema.optional(),
    group: z.string().max(200).optional(),
    label: label.optional(),
    unitOfMeasure: z.string().max(50).optional(),
  })
  .passthrough();
export type Series = z.infer<typeof seriesSchema>;

export const axisDisplaySchema = z
  .object({
    zoomVisible: z.boolean(),
    hasTitle: z.boolean(),
    hasLabels: z.boolean(),
    slant: z.boolean(),
    typeMin: z.enum(AXIS_BOUND_TYPES),
    typeMax: z.enum(AXIS_BOUND_TYPES),
    valueMin: z.number().nullable(),
    valueMax: z.number().nullable(),
    orientation: z.enum(['normal', 'opposite']),
    scale: z.enum(AXIS_SCALES),
    reversed: z.boolean(),
    radarOuterRadius: z.number().min(0).max(100),
    radarStartAngle: z.number().min(-360).max(360),
    innerRadius: z.number().min(0).max(100),
    outerRadius: z.number().min(0).max(100),
    startAngle: z.number().min(-360).max(360),
    pieHasLabels: z.boolean(),
  })
  .partial();

export const axisSchema = z
  .object({ series: z.array(seriesSchema).max(50), title: label.optional(), display: axisDisplaySchema.optional() })
  .passthrough();
export type Axis = z.infer<typeof axisSchema>;

export const orderByEntrySchema = z
  .object({
    id: z.string().min(1).max(64),
    /** The feature id. */
    value: id,
    operation: operationSchema.optional(),
    type: z.enum(['ASC', 'DESC']),
    nulls: z.literal('last').optional(),
  })
  .passthrough();
export type OrderByEntry = z.infer<typeof orderByEntrySchema>;

export const chartDisplaySchema = z
  .object({
    hasTooltip: z.boolean(),
    hasLegend: z.boolean(),
    legendPosition: z.enum(LEGEND_POSITIONS),
    legendItemGap: z.number().min(0).max(50),
    hasAnimation: z.boolean(),
    stackGroups: z.enum(STACK_OPTIONS),
    stackOffset: z.enum(STACK_OPTIONS),
    barGap: z.number().min(0).max(50),
    barCategoryGap: z.number().min(0).max(50),
    showVisualMap: z.boolean(),
    grid: z.object({ horizontal: z.boolean(), vertical: z.boolean() }).partial(),
    dependentAxis: z.enum(['x', 'y']),
  })
  .partial()
  .passthrough();

const colorMap = z.record(z.string().max(200), hexColorSchema);

export const chartColorsSchema = z
  .object({
    series: colorMap,
    groups: colorMap,
    gradients: z.object({ High: hexColorSchema, Low: hexColorSchema }).partial(),
    features: colorMap,
    colorScheme: colorSchemeNameSchema,
  })
  .partial();

const bucket = z.array(axisSchema).max(10).default([]);

export const chartVisSchema = z
  .object({
    chartType: z.enum(CHART_TYPES).default('area'),
    independent: bucket,
    dependent: bucket,
    otherDimensions: bucket,
    gradientDimension: bucket,
    groupBy: bucket,
    orderBy: z.array(orderByEntrySchema).max(10).default([]),
    filters: z.array(filterSchema).max(50).default([]),
    tooltip: z.object({ series: z.array(seriesSchema).max(20).default([]) }).default({ series: [] }),
    display: chartDisplaySchema.default({}),
    colors: chartColorsSchema.default({}),
  })
  .passthrough();
export type ChartVis = z.infer<typeof chartVisSchema>;

export const kpiVisSchema = z
  .object({ kpi: z.array(seriesSchema).max(20).default([]), filters: z.array(filterSchema).max(50).default([]) })
  .passthrough();
export type KpiVis = z.infer<typeof kpiVisSchema>;

export const tableColumnSchema = z
  .object({ id: z.string().min(1).max(64), feature: featureRefSchema, jobId: jobChoiceSchema.optional() })
  .passthrough();
export type TableColumn = z.infer<typeof tableColumnSchema>;

export const tableVisSchema = z
  .object({
    table: z.array(tableColumnSchema).max(100).default([]),
    filters: z.array(filterSchema).max(50).default([]),
  })
  .passthrough();
export type TableVis = z.infer<typeof tableVisSchema>;

/** The buckets of a chart vis that hold axis entries, in the order the query reads them. */
export const CHART_BUCKETS = ['independent', 'dependent', 'otherDimensions', 'gradientDimension', 'groupBy'] as const;
export type ChartBucket = (typeof CHART_BUCKETS)[number];

/** Every series of a chart vis with the bucket and axis it sits in (tooltip series last, axis -1). */
export function chartSeries(vis: ChartVis): Array<{ bucket: ChartBucket | 'tooltip'; axis: number; series: Series }> {
  const out: Array<{ bucket: ChartBucket | 'tooltip'; axis: number; series: Series }> = [];
  for (const bucketName of CHART_BUCKETS) {
    vis[bucketName].forEach((axis, axisIndex) => {
      for (const series of axis.series) out.push({ bucket: bucketName, axis: axisIndex, series });
    });
  }
  for (const series of vis.tooltip.series) out.push({ bucket: 'tooltip', axis: -1, series });
  return out;
}
