import type { DatePrecision, FeatureType } from '../../datasets/types.ts';
import type { Vis } from '../vis.ts';

/**
 * The vocabulary of the card mapping editor: the buckets a feature can be
 * dropped into, the feature that is dragged, and what every editing rule returns.
 */

export const BUCKET_NAMES = [
  'independent',
  'dependent',
  'groupBy',
  'otherDimensions',
  'gradientDimension',
  'tooltip',
  'orderBy',
  'filters',
  'kpi',
  'table',
] as const;
export type BucketName = (typeof BUCKET_NAMES)[number];

/** Where a drop lands: a bucket, and for the axis buckets the axis entry (bar's second Y axis is 1). */
export interface DropTarget {
  bucket: BucketName;
  axis?: number;
}

/** The feature being dragged from the side list. */
export interface MappingFeature {
  _id: string;
  name: string;
  type: FeatureType;
  precision?: DatePrecision | null;
  dataset: { _id: string };
}

/**
 * The result of an edit: the next vis, and whether the card's data must be fetched again (a bucket
 * or an operation change refetches, a display or colour change does not).
 */
export interface MappingResult {
  vis: Vis;
  refetch: boolean;
}

/**
 * Why a drop is refused (the bucket shows it while the feature hovers over it, the screen when it is dropped):
 * otherDataset for a table's columns, chartDataset for a chart's series (a chart reads one dataset).
 */
export type DropRefusal = 'full' | 'type' | 'duplicate' | 'otherDataset' | 'chartDataset' | 'unavailable';
