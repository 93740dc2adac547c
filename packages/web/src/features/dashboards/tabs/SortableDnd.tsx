import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties } from 'react';
import { useDndAnnouncements } from '../../../ui/useDndAnnouncements.ts';
import type { SortableIdsProps as Props, SortableRender } from './SortableIds.tsx';
import { moveId } from './tabNavigation.ts';

/**
 * Drag to reorder with @dnd-kit. A drag starts only after the pointer
 * moved a few pixels, so a click still selects the tab.
 */
export default function SortableDnd({ ids, orientation, onMove, nameOf, children }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const accessibility = useDndAnnouncements(nameOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(moveId(ids, String(active.id), String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // The live region goes to the end of the page: inside a tab list it would be a child a tab list may not have.
      accessibility={{ ...accessibility, container: document.body }}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={[...ids]}
        strategy={orientation === 'horizontal' ? horizontalListSortingStrategy : verticalListSortingStrategy}
      >
        {ids.map((id) => (
          <SortableEntry key={id} id={id} render={children} />
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableEntry({ id, render }: { id: string; render: Props['children'] }) {
  const { setNodeRef, transform, transition, listeners, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  // Only the pointer listeners: dnd-kit's own attributes would turn the tab into a generic button.
  const handle = (listeners ?? {}) as SortableRender['handle'];
  return <>{render(id, { ref: setNodeRef, style, handle, dragging: isDragging })}</>;
}
