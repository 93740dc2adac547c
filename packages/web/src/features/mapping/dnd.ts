import type { DropTarget, MappingFeature } from '@tessera/shared';

/**
 * What the mapping screen's drags carry and where they land (@dnd-kit): a feature from the side list or a
 * mapped series' chip, dropped on a bucket. Ids are strings: `bucket:{name}:{axis}`.
 */

export type MappingDrag = { kind: 'feature'; feature: MappingFeature } | { kind: 'series'; seriesId: string };

export const bucketDropId = (target: DropTarget) => `bucket:${target.bucket}:${target.axis ?? 0}`;

export function targetOfDropId(id: string | number | null | undefined): DropTarget | null {
  if (typeof id !== 'string' || !id.startsWith('bucket:')) return null;
  const [, bucket, axis] = id.split(':');
  return { bucket: bucket as DropTarget['bucket'], axis: Number(axis) || 0 };
}

export const featureDragId = (featureId: string) => `feature:${featureId}`;
export const seriesDragId = (seriesId: string) => `series:${seriesId}`;
