import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useDndAnnouncements } from '../../../app/useDndAnnouncements.ts';
import { moveId } from './tabNavigation.ts';

export interface SortableRender {
  ref: (node: HTMLElement | null) => void;
  style: CSSProperties;
  /** Spread on the element the user drags (the tab itself); empty when sorting is off. */
  handle: Pick<HTMLAttributes<HTMLElement>, 'onPointerDown' | 'onKeyDown'>;
  dragging: boolean;
}

interface Props {
  ids: readonly string[];
  orientation: 'horizontal' | 'vertical';
  /** Editors only (spec 2 §6 "tabs can be ... reordered"). */
  enabled: boolean;
  onMove: (ids: string[]) => void;
  /** The name screen readers hear for an id (a tab's or a section's name), never the id itself. */
  nameOf: (id: string) => string | undefined;
  children: (id: string, sortable: SortableRender) => ReactNode;
}

/**
 * Drag to reorder (spec 2 §2 "Tab bar: drag to reorder") with @dnd-kit. A drag starts only after the pointer
 * moved a few pixels, so a click still selects the tab.
 */
export function SortableIds({ ids, orientation, enabled, onMove, nameOf, children }: Props) {
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
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={[...ids]}
        strategy={orientation === 'horizontal' ? horizontalListSortingStrategy : verticalListSortingStrategy}
        disabled={!enabled}
      >
        {ids.map((id) => (
          <SortableEntry key={id} id={id} enabled={enabled} render={children} />
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableEntry({ id, enabled, render }: { id: string; enabled: boolean; render: Props['children'] }) {
  const { setNodeRef, transform, transition, listeners, isDragging } = useSortable({ id, disabled: !enabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  // Only the pointer listeners: dnd-kit's own attributes would turn the tab into a generic button.
  const handle = (enabled ? (listeners ?? {}) : {}) as SortableRender['handle'];
  return <>{render(id, { ref: setNodeRef, style, handle, dragging: isDragging })}</>;
}
