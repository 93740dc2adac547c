import { useDraggable, useDroppable } from '@dnd-kit/core';
import { NavLink } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import type { Dataset } from '@tessera/shared';
import type { ReactNode } from 'react';
import { NavLink as RouterLink } from 'react-router';

/**
 * The placeholder drop target of the Datasets list: dropping a dataset dragged from a folder there takes it out
 * of that folder.
 */
export const OUT_OF_FOLDER = 'out-of-folder';
export const folderDropId = (folderId: string) => `folder:${folderId}`;

/**
 * Swallows the click the browser fires when the mouse is released after a drag: released over the dragged
 * dataset's link, it would open that dataset. The click, when there is one, is dispatched in the same task as
 * the pointer release that ended the drag, so the listener is removed on the next task.
 */
export function swallowClickAfterDrag(): void {
  const swallow = (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
}

/** What a drag carries: the dataset and the folder it was dragged from (null from the Datasets list). */
export interface DragData {
  dataset: Dataset;
  fromFolder: string | null;
}

/** Where a dataset dropped on `overId` goes: the folder ids it then belongs to, or null for no change. */
export function collectionsAfterDrop(drag: DragData, overId: string | null): string[] | null {
  const { dataset, fromFolder } = drag;
  if (!overId) return null;
  if (overId === OUT_OF_FOLDER) {
    return fromFolder ? dataset.collections.filter((id) => id !== fromFolder) : null;
  }
  const target = overId.startsWith('folder:') ? overId.slice('folder:'.length) : null;
  if (!target || target === fromFolder || dataset.collections.includes(target)) return null;
  return [...dataset.collections.filter((id) => id !== fromFolder), target];
}

/** A dataset of the sidebar: a link to its page, draggable when the user may edit datasets. */
export function DraggableDataset({
  dataset,
  fromFolder,
  to,
  canDrag,
}: {
  dataset: Dataset;
  fromFolder: string | null;
  to: string;
  canDrag: boolean;
}) {
  // Only the pointer drags (no keyboard sensor): the link keeps its role, with no button around it.
  const { listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `dataset:${dataset._id}:${fromFolder ?? ''}`,
    data: { dataset, fromFolder, label: dataset.name } satisfies DragData & { label: string },
    disabled: !canDrag,
  });
  const style = transform
    ? { transform: `translate(${transform.x}px, ${transform.y}px)`, zIndex: 10, opacity: isDragging ? 0.8 : 1 }
    : undefined;
  return (
    <div ref={setNodeRef} style={style} {...listeners}>
      {/* The browser's own link drag would cancel the pointer events dnd-kit follows. */}
      <NavLink
        component={RouterLink}
        to={to}
        draggable={false}
        label={dataset.name}
        leftSection={<IconTable size={14} />}
      />
    </div>
  );
}

/** A drop target, highlighted while a dataset hovers it; `label` is its name for screen readers. */
export function DropArea({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id, data: { label } });
  return (
    <div
      ref={setNodeRef}
      style={{ borderRadius: 4, outline: isOver ? '2px dashed var(--mantine-color-blue-5)' : undefined }}
    >
      {children}
    </div>
  );
}
