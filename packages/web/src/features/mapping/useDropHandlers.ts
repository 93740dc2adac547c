import { type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  type DropTarget,
  dropFeature,
  type MappingFeature,
  type MappingResult,
  moveSeries,
  reorderItem,
  type Vis,
} from '@tessera/shared';
import { nanoid } from 'nanoid';
import { useState } from 'react';
import { chipOfDropId, type MappingDrag, sameTarget, targetOfDropId } from './dnd.ts';
import type { BucketChoice } from './useBucketChoices.ts';

/**
 * Drag and drop on the mapping screen: a pointer drag (a few pixels before it starts, so a click still opens a
 * feature's "Add to…" menu or a chip's settings) dropped on a bucket runs the shared drop or move rule; the
 * keyboard way adds a feature to the bucket chosen in its menu. A chip dropped on another chip of its own bucket
 * takes its place (reorder); on a chip of another bucket, it moves to that bucket. New series get a nanoid (21 characters).
 */
export function useDropHandlers(vis: Vis, apply: (result: MappingResult) => void) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [dragging, setDragging] = useState<MappingDrag | null>(null);
  // The filter just made by a drop on the Filters bucket (its menu opens at once).
  const [newFilterId, setNewFilterId] = useState<string | null>(null);
  const drop = (target: DropTarget, feature: MappingFeature) => {
    const id = nanoid();
    const result = dropFeature(vis, target, feature, id);
    if (target.bucket === 'filters' && result.vis !== vis) setNewFilterId(id);
    apply(result);
  };
  return {
    newFilterId,
    sensors,
    dragging,
    onDragStart: (event: { active: { data: { current?: unknown } } }) =>
      setDragging((event.active.data.current as MappingDrag | undefined) ?? null),
    onDragCancel: () => setDragging(null),
    onDragEnd: (event: DragEndEvent) => {
      setDragging(null);
      const chip = chipOfDropId(event.over?.id);
      const target = chip?.target ?? targetOfDropId(event.over?.id);
      const drag = event.active.data.current as MappingDrag | undefined;
      if (!target || !drag) return;
      if (drag.kind !== 'feature' && chip && sameTarget(drag.from, target)) {
        apply(reorderItem(vis, target, drag.kind === 'series' ? drag.seriesId : drag.id, chip.index));
        return;
      }
      if (drag.kind === 'item') return;
      if (drag.kind === 'feature') drop(target, drag.feature);
      else apply(moveSeries(vis, drag.seriesId, target));
    },
    add: (feature: MappingFeature, choice: BucketChoice) => drop(choice.target, feature),
  };
}
