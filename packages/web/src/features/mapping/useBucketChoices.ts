import {
  type BucketSpec,
  bucketsFor,
  type ChartType,
  canDrop,
  type DropTarget,
  type MappingFeature,
  type UnitType,
  type Vis,
} from '@tessera/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A bucket as the screen names it, and whether a given feature may go there (the keyboard "Add to…" list). */
export interface BucketChoice {
  key: string;
  target: DropTarget;
  label: string;
  multiple: boolean;
}

/** A bucket's visible name: bar's second Y axis is 'Y axis 2'. */
export function bucketLabel(
  t: TFunction,
  spec: Pick<BucketSpec, 'bucket' | 'axis'>,
  chartType?: ChartType,
  subtype?: unknown,
): string {
  // A custom network's buckets are its connections' source, target and value.
  if (subtype === 'network' && spec.bucket !== 'filters') return t(`buckets.network.${spec.bucket}`);
  if (spec.bucket === 'dependent' && chartType === 'bar')
    return t('buckets.dependentNumbered', { number: spec.axis + 1 });
  return t(`buckets.${spec.bucket}`);
}

export function bucketChoices(t: TFunction, type: UnitType, vis: Vis): BucketChoice[] {
  const chartType = (vis.chartType as ChartType | undefined) ?? 'area';
  const subtype = type === 'custom' ? vis.subtype : undefined;
  return bucketsFor(type, chartType, subtype).map((spec) => ({
    key: `${spec.bucket}:${spec.axis}`,
    target: { bucket: spec.bucket, axis: spec.axis },
    label: bucketLabel(t, spec, type === 'chart' ? chartType : undefined, subtype),
    multiple: spec.multiple,
  }));
}

/** The buckets of the card, and for one feature the ones that accept it now. */
export function useBucketChoices(type: UnitType, vis: Vis) {
  const { t } = useTranslation('mapping');
  const all = bucketChoices(t, type, vis);
  return {
    all,
    accepting: (feature: MappingFeature) => all.filter((c) => canDrop(vis, c.target, feature, type)),
  };
}
