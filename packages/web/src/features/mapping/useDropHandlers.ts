import { type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { dropFeature, type MappingFeature, type MappingResult, moveSeries, type Vis } from '@tessera/shared';
import { nanoid } from 'nanoid';
import { useState } from 'react';
import { type MappingDrag, targetOfDropId } from './dnd.ts';
import type { BucketChoice } from './useBucketChoices.ts';

/**
 * Drag and drop on the mapping screen: a pointer drag (a few pixels before it starts, so a click still opens a
 * feature's "Add to…" menu or a chip's settings) dropped on a bucket runs the shared drop or move rule; the
 * keyboard way adds a feature to the bucket chosen in its menu. New series get a nanoid (21 characters).
 */
export function useDropHandlers(vis: Vis, apply: (result: MappingResult) => void) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [dragging, setDragging] = useState<MappingDrag | null>(null);
  return {
    sensors,
    dragging,
    onDragStart: (event: { active: { data: { current?: unknown } } }) =>
      setDragging((event.active.data.current as MappingDrag | undefined) ?? null),
    onDragCancel: () => setDragging(null),
    onDragEnd: (event: DragEndEvent) => {
      setDragging(null);
      const target = targetOfDropId(event.over?.id);
      const drag = event.active.data.current as MappingDrag | undefined;
      if (!target || !drag) return;
      if (drag.kind === 'feature') apply(dropFeature(vis, target, drag.feature, nanoid()));
      else apply(moveSeries(vis, drag.seriesId, target));
    },
    add: (feature: MappingFeature, choice: BucketChoice) => apply(dropFeature(vis, choice.target, feature, nanoid())),
  };
}
