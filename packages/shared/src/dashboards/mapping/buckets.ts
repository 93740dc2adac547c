import type { FeatureType } from '../../datasets/types.ts';
import type { UnitType } from '../constants.ts';
import type { Vis } from '../vis.ts';
import { type ChartType, chartSeries, LINE_FAMILY } from '../visSchemas.ts';
import type { BucketName, DropRefusal, DropTarget, MappingFeature } from './types.ts';
import { bucketSeries, chartVisOf, kpiVisOf, tableVisOf } from './visAccess.ts';

/**
 * Which buckets the mapping screen shows for a card, how many items each takes, and whether a dragged feature
 * may land in one ("A drop into a bucket is allowed only if the bucket allows several items or is
 * empty, and the bucket's own validation accepts the item"; "Table mapping: no duplicate feature; all columns
 * from a single dataset").
 *
 * Choices where the spec is silent, kept here in one place: the X axis, group by, dot size and gradient take one
 * feature each (one grouping key per role; several features belong on Y); the Y axis, tooltip, order by,
 * filters, the KPI list and the table's columns take several. Dot size and gradient take numbers only (they
 * scale a size or a colour); group by takes anything but a raw number (a group is a category). Order by and the
 * tooltip take a feature once. Only bar has a second Y axis; only scatter sizes its dots; gradients colour the
 * line family's points and bars. A chart's series (and its order by) come from one dataset, like a table's columns.
 */

export interface BucketSpec {
  bucket: BucketName;
  axis: number;
  multiple: boolean;
}

const spec = (bucket: BucketName, multiple: boolean, axis = 0): BucketSpec => ({ bucket, axis, multiple });

/**
 * The buckets of a custom (beta) card's subtype (see the web's customVis.ts for the vis each stores): image and
 * comparison KPIs map a KPI list (the comparison reads its first two), a network maps its sources on X, its
 * targets on group by and an optional value per connection on Y. The other subtypes are typed in: none.
 */
function customBuckets(subtype: unknown): BucketSpec[] {
  if (subtype === 'imageKpi' || subtype === 'comparisonKpi') return [spec('kpi', true), spec('filters', true)];
  if (subtype === 'network') {
    return [spec('independent', false), spec('groupBy', false), spec('dependent', false), spec('filters', true)];
  }
  return [];
}

/**
 * The buckets of a card type (and chart type, or custom subtype), in the order the screen shows them.
 */
export function bucketsFor(type: UnitType, chartType: ChartType = 'area', subtype?: unknown): BucketSpec[] {
  if (type === 'kpi') return [spec('kpi', true), spec('filters', true)];
  if (type === 'table') return [spec('table', true), spec('filters', true)];
  if (type === 'custom') return customBuckets(subtype);
  if (type !== 'chart') return [];
  const out = [spec('independent', false), spec('dependent', true)];
  if (chartType === 'bar') out.push(spec('dependent', true, 1));
  out.push(spec('groupBy', false));
  if (chartType === 'scatter') out.push(spec('otherDimensions', false));
  if (LINE_FAMILY.includes(chartType)) out.push(spec('gradientDimension', false));
  out.push(spec('tooltip', true), spec('orderBy', true), spec('filters', true));
  return out;
}

const NUMBER_ONLY: BucketName[] = ['otherDimensions', 'gradientDimension'];

/** The type rule of a bucket alone. */
export function bucketAcceptsType(bucket: BucketName, type: FeatureType): boolean {
  if (NUMBER_ONLY.includes(bucket)) return type === 'number';
  if (bucket === 'groupBy') return type !== 'number';
  return true;
}

/** The features already in a bucket (the axis's own for axis buckets), as their ids and dataset ids. */
function itemsIn(vis: Vis, target: DropTarget): Array<{ featureId: string; datasetId?: string }> {
  const of = (feature: { _id: string; dataset?: { _id: string } }) => ({
    featureId: feature._id,
    datasetId: feature.dataset?._id,
  });
  switch (target.bucket) {
    case 'kpi':
      return kpiVisOf(vis).kpi.map((s) => of(s.feature));
    case 'table':
      return tableVisOf(vis).table.map((c) => of(c.feature));
    case 'filters':
      return ((vis.filters ?? []) as Array<{ feature: { id: string } }>).map((f) => ({ featureId: f.feature.id }));
    case 'orderBy':
      return chartVisOf(vis).orderBy.map((o) => ({ featureId: o.value }));
    case 'tooltip':
      return chartVisOf(vis).tooltip.series.map((s) => of(s.feature));
    default: {
      const axes = chartVisOf(vis)[target.bucket];
      const axis = target.axis ?? 0;
      return (axes[axis] ? axes[axis].series : []).map((s) => of(s.feature));
    }
  }
}

/** How many series sit in a chart bucket over all its axes (the X axis is one bucket whatever its axes). */
const chartBucketCount = (vis: Vis, bucket: BucketName) =>
  bucket === 'independent' || bucket === 'groupBy' || bucket === 'otherDimensions' || bucket === 'gradientDimension'
    ? bucketSeries(chartVisOf(vis)[bucket]).length
    : 0;

/**
 * The datasets a chart's series read. A chart reads one dataset: its rows are keyed by its X and group-by
 * features, which belong to one dataset, so a series of another dataset has no key to be matched by (issue #20
 * item 3: such a chart used to be accepted, then failed with 'Data query failed').
 */
export function chartDatasets(vis: Vis): string[] {
  const ids = chartSeries(chartVisOf(vis)).map((entry) => entry.series.feature.dataset?._id);
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/**
 * Why a feature may not be dropped on a target, or null when it may. `type` is the card type; chart cards read
 * the chart type from the vis.
 */
export function dropRefusal(
  vis: Vis,
  target: DropTarget,
  feature: MappingFeature,
  type: UnitType = visUnitType(vis, target),
): DropRefusal | null {
  const chartType = (vis.chartType as ChartType | undefined) ?? 'area';
  const available = bucketsFor(type, chartType, vis.subtype).find(
    (b) => b.bucket === target.bucket && b.axis === (target.axis ?? 0),
  );
  if (!available) return 'unavailable';
  const items = itemsIn(vis, target);
  const count = Math.max(items.length, chartBucketCount(vis, target.bucket));
  if (!available.multiple && count > 0) return 'full';
  if (!bucketAcceptsType(target.bucket, feature.type)) return 'type';
  const once: BucketName[] = ['table', 'orderBy', 'tooltip'];
  if (once.includes(target.bucket) && items.some((i) => i.featureId === feature._id)) return 'duplicate';
  if (target.bucket === 'table' && items.some((i) => i.datasetId && i.datasetId !== feature.dataset._id)) {
    return 'otherDataset';
  }
  const dataset = feature.dataset._id;
  if (type === 'chart' && target.bucket !== 'filters' && dataset && chartDatasets(vis).some((d) => d !== dataset)) {
    return 'chartDataset';
  }
  return null;
}

/** Whether a feature may be dropped on a target (the drop zone highlights it; a refused drop changes nothing). */
export const canDrop = (
  vis: Vis,
  target: DropTarget,
  feature: MappingFeature,
  type: UnitType = visUnitType(vis, target),
): boolean => dropRefusal(vis, target, feature, type) === null;

/** The card type of a vis when the caller does not say: a subtype names a custom card, the KPI and table lists
 * name theirs, else a chart. */
export function visUnitType(vis: Vis, target?: DropTarget): UnitType {
  // Custom (beta) cards carry their subtype in the vis.
  if (typeof vis.subtype === 'string') return 'custom';
  if (target?.bucket === 'kpi' || Array.isArray(vis.kpi)) return 'kpi';
  if (target?.bucket === 'table' || Array.isArray(vis.table)) return 'table';
  return 'chart';
}
