import {
  type DndContextProps,
  type DragEndEvent,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  type DropRefusal,
  type DropTarget,
  dropFeature,
  dropRefusal,
  type MappingFeature,
  type MappingResult,
  moveRefusal,
  moveSeries,
  reorderItem,
  type UnitType,
  type Vis,
} from '@tessera/shared';
import { nanoid } from 'nanoid';
import { useRef, useState } from 'react';
import { chipOfDropId, type MappingDrag, sameTarget, targetOfDropId } from './dnd.ts';
import { keyboardPlaces } from './keyboardDrag.ts';
import type { BucketChoice } from './useBucketChoices.ts';
import { useDragAnnouncements } from './useDragAnnouncements.ts';

/**
 * Space picks a column or chip up (Enter keeps opening a column's "Add to…" menu or a chip's settings); Space or
 * Enter drops it, Escape puts it back.
 */
const KEYBOARD_CODES = {
  start: [KeyboardCode.Space],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
  cancel: [KeyboardCode.Esc],
};

/**
 * Drag and drop on the mapping screen: a pointer drag (a few pixels before it starts, so a click still opens a
 * feature's "Add to…" menu or a chip's settings) or a keyboard drag (the arrow keys jump between the places that
 * take the item) dropped on a bucket runs the shared drop or move rule; the "Add to…" menu adds a feature to the
 * bucket chosen there. A chip dropped on another chip of its own bucket takes its place (reorder); on a chip of
 * another bucket, it moves to that bucket. New series get a nanoid (21 characters). A drop or move the bucket's
 * rules refuse changes nothing and leaves its reason in `refused` (the screen shows it).
 */
export function useDropHandlers(vis: Vis, type: UnitType, apply: (result: MappingResult) => void) {
  // The keyboard places are read when a key is pressed, from the vis of that moment.
  const latest = useRef({ vis, type });
  latest.current = { vis, type };
  const [keyboard] = useState(() => keyboardPlaces(() => latest.current));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { keyboardCodes: KEYBOARD_CODES, coordinateGetter: keyboard.coordinateGetter }),
  );
  const accessibility = useDragAnnouncements(vis, type);
  const [dragging, setDragging] = useState<MappingDrag | null>(null);
  // The filter just made by a drop on the Filters bucket (its menu opens at once).
  const [newFilterId, setNewFilterId] = useState<string | null>(null);
  // Why the last drop was refused (shown until the next drop or until dismissed).
  const [refused, setRefused] = useState<DropRefusal | null>(null);
  const drop = (target: DropTarget, feature: MappingFeature) => {
    const refusal = dropRefusal(vis, target, feature, type);
    setRefused(refusal);
    if (refusal) return;
    const id = nanoid();
    const result = dropFeature(vis, target, feature, id);
    if (target.bucket === 'filters' && result.vis !== vis) setNewFilterId(id);
    apply(result);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    keyboard.reset();
    const chip = chipOfDropId(event.over?.id);
    const target = chip?.target ?? targetOfDropId(event.over?.id);
    const drag = event.active.data.current as MappingDrag | undefined;
    if (!target || !drag) return;
    if (drag.kind !== 'feature' && chip && sameTarget(drag.from, target)) {
      apply(reorderItem(vis, target, drag.kind === 'series' ? drag.seriesId : drag.id, chip.index));
      return;
    }
    if (drag.kind === 'item') return;
    if (drag.kind === 'feature') {
      drop(target, drag.feature);
      return;
    }
    const refusal = moveRefusal(vis, drag.seriesId, target);
    setRefused(refusal);
    if (!refusal) apply(moveSeries(vis, drag.seriesId, target));
  };
  /** Everything the screen's DndContext takes. */
  const dndProps = {
    sensors,
    collisionDetection: keyboard.collisionDetection,
    accessibility,
    onDragStart: (event) => {
      keyboard.reset();
      setDragging((event.active.data.current as MappingDrag | undefined) ?? null);
    },
    onDragCancel: () => {
      keyboard.reset();
      setDragging(null);
    },
    onDragEnd,
  } satisfies DndContextProps;
  return {
    newFilterId,
    dragging,
    refused,
    dismissRefusal: () => setRefused(null),
    dndProps,
    add: (feature: MappingFeature, choice: BucketChoice) => drop(choice.target, feature),
  };
}
