import {
  type Collision,
  type CollisionDetection,
  type DroppableContainer,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  pointerWithin,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { DropTarget, UnitType, Vis } from '@tessera/shared';
import { refusalFor } from './Bucket.tsx';
import { type MappingDrag, sameTarget } from './dnd.ts';

/**
 * The keyboard way of dragging (dnd-kit's KeyboardSensor): the arrow keys jump from one drop place that takes
 * the dragged item to the next, in the order they are on the page, instead of moving it by pixels. The places
 * are the buckets that accept the item and, for a chip, the places of the chips of its own bucket (reorder); a
 * chip of another bucket is no place of its own, since a chip dropped there only joins that bucket.
 */

/** What the droppables carry (Bucket and BucketChip). */
interface PlaceData {
  target?: DropTarget;
  index?: number;
}

export const NEXT_KEYS: string[] = [KeyboardCode.Down, KeyboardCode.Right];
export const PREVIOUS_KEYS: string[] = [KeyboardCode.Up, KeyboardCode.Left];

function accepts(container: DroppableContainer, drag: MappingDrag, vis: Vis, type: UnitType): boolean {
  const { target, index } = (container.data.current ?? {}) as PlaceData;
  if (!target) return false;
  const isChip = index !== undefined;
  if (drag.kind === 'feature') return !isChip && refusalFor(drag, vis, target, type) === null;
  if (sameTarget(drag.from, target)) return isChip;
  return !isChip && refusalFor(drag, vis, target, type) === null;
}

/** The places the dragged item may go to, in page order. */
export function dropPlaces(containers: DroppableContainer[], drag: MappingDrag, vis: Vis, type: UnitType) {
  return containers
    .filter((container) => container.node.current && accepts(container, drag, vis, type))
    .sort((a, b) =>
      (a.node.current as Node).compareDocumentPosition(b.node.current as Node) & Node.DOCUMENT_POSITION_FOLLOWING
        ? -1
        : 1,
    );
}

/** The place one arrow key leads to from `current` (none yet: the first or the last); it stays at either end. */
export function stepPlace(places: UniqueIdentifier[], current: UniqueIdentifier | null, forward: boolean) {
  if (places.length === 0) return null;
  const at = current === null ? -1 : places.indexOf(current);
  if (at === -1) return forward ? places[0]! : places[places.length - 1]!;
  return places[Math.min(places.length - 1, Math.max(0, at + (forward ? 1 : -1)))]!;
}

/**
 * The coordinate getter and the collision detection that go with it. The getter keeps the chosen place in
 * `place`, and the collision detection reports it as what the dragged item is over while no pointer drives the
 * drag: the places nest (chips in buckets), so their rectangles alone could not tell which one was chosen.
 */
export function keyboardPlaces(read: () => { vis: Vis; type: UnitType }) {
  let place: UniqueIdentifier | null = null;
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
    const forward = NEXT_KEYS.includes(event.code);
    if (!forward && !PREVIOUS_KEYS.includes(event.code)) return undefined;
    event.preventDefault();
    const drag = context.active?.data.current as MappingDrag | undefined;
    if (!drag) return currentCoordinates;
    const { vis, type } = read();
    const places = dropPlaces(context.droppableContainers.getEnabled(), drag, vis, type);
    // A chip starts on its own place, found by its node (a chip is both draggable and droppable).
    const start = place ?? places.find((p) => p.node.current === context.activeNode)?.id ?? null;
    place = stepPlace(
      places.map((p) => p.id),
      start,
      forward,
    );
    const rect = place === null ? undefined : context.droppableRects.get(place);
    // Moving onto the place's corner moves the dragged copy there on screen.
    return rect ? { x: rect.left, y: rect.top } : { ...currentCoordinates };
  };
  const collisionDetection: CollisionDetection = (args) => {
    if (args.pointerCoordinates) return pointerWithin(args);
    const chosen = args.droppableContainers.find((container) => container.id === place);
    return chosen ? [{ id: chosen.id, data: { droppableContainer: chosen, value: 0 } } satisfies Collision] : [];
  };
  const reset = () => {
    place = null;
  };
  return { coordinateGetter, collisionDetection, reset };
}
