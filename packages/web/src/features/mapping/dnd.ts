import type { DropTarget, MappingFeature } from '@tessera/shared';

/**
 * What the mapping screen's drags carry and where they land (@dnd-kit): a feature from the side list or a
 * mapped series' chip, dropped on a bucket, or a chip dropped on another chip of its bucket (reorder). Ids are
 * strings: `bucket:{name}:{axis}`, `chip:{name}:{axis}:{index}`.
 */

export type MappingDrag =
  | { kind: 'feature'; feature: MappingFeature }
  /** A series chip: it may move to another bucket, or to another place in its own (`from`). `name`: as shown. */
  | { kind: 'series'; seriesId: string; from?: DropTarget; name?: string }
  /** A column, order-by or filter chip: it moves only within its own bucket. */
  | { kind: 'item'; id: string; from: DropTarget; name?: string };

/** A chip is also a drop place: dropping on it takes its place (`index`) in its bucket. */
export const chipDropId = (target: DropTarget, index: number) => `chip:${target.bucket}:${target.axis ?? 0}:${index}`;

export function chipOfDropId(id: string | number | null | undefined): { target: DropTarget; index: number } | null {
  if (typeof id !== 'string' || !id.startsWith('chip:')) return null;
  const [, bucket, axis, index] = id.split(':');
  return { target: { bucket: bucket as DropTarget['bucket'], axis: Number(axis) || 0 }, index: Number(index) || 0 };
}

export const sameTarget = (a: DropTarget | undefined, b: DropTarget) =>
  !!a && a.bucket === b.bucket && (a.axis ?? 0) === (b.axis ?? 0);

export const bucketDropId = (target: DropTarget) => `bucket:${target.bucket}:${target.axis ?? 0}`;

export function targetOfDropId(id: string | number | null | undefined): DropTarget | null {
  if (typeof id !== 'string' || !id.startsWith('bucket:')) return null;
  const [, bucket, axis] = id.split(':');
  return { bucket: bucket as DropTarget['bucket'], axis: Number(axis) || 0 };
}

export const featureDragId = (featureId: string) => `feature:${featureId}`;
export const seriesDragId = (seriesId: string) => `series:${seriesId}`;
export const itemDragId = (id: string) => `item:${id}`;
