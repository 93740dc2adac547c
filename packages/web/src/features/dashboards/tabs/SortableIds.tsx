import { type CSSProperties, type HTMLAttributes, lazy, type ReactNode, Suspense } from 'react';

export interface SortableRender {
  ref: (node: HTMLElement | null) => void;
  style: CSSProperties;
  /** Spread on the element the user drags (the tab itself); empty when sorting is off. */
  handle: Pick<HTMLAttributes<HTMLElement>, 'onPointerDown' | 'onKeyDown'>;
  dragging: boolean;
}

export interface SortableIdsProps {
  ids: readonly string[];
  orientation: 'horizontal' | 'vertical';
  /** Editors only. */
  enabled: boolean;
  onMove: (ids: string[]) => void;
  /** The name screen readers hear for an id (a tab's or a section's name), never the id itself. */
  nameOf: (id: string) => string | undefined;
  children: (id: string, sortable: SortableRender) => ReactNode;
}

/** Drag and drop (@dnd-kit) is loaded for editors only: viewers and public visitors never run it. */
const SortableDnd = lazy(() => import('./SortableDnd.tsx'));

const STILL: SortableRender = { ref: () => {}, style: {}, handle: {}, dragging: false };

/** The ids in order, each rendered by `children`; editors can drag them to reorder. */
export function SortableIds(props: SortableIdsProps) {
  const still = <>{props.ids.map((id) => props.children(id, STILL))}</>;
  if (!props.enabled) return still;
  return (
    <Suspense fallback={still}>
      <SortableDnd {...props} />
    </Suspense>
  );
}
