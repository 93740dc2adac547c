import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBarToUp,
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { elementMoves, type FormElement, moveItem } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useDndAnnouncements } from '../../../ui/useDndAnnouncements.ts';

interface Props {
  elements: FormElement[];
  /** A published form's elements are shown read-only. */
  editable: boolean;
  onReorder: (ids: string[]) => void;
  onEdit: (element: FormElement) => void;
  onDelete: (element: FormElement) => void;
  onRequired: (element: FormElement, required: boolean) => void;
}

/**
 * The builder's elements: drag and drop with @dnd-kit (pointer, and keyboard: focus the handle,
 * Space, arrows, Space), move up and move to top for elements after the second, move down, edit, delete, and
 * a required switch per question.
 */
export function ElementList({ elements, editable, onReorder, onEdit, onDelete, onRequired }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = elements.map((e) => e._id);
  const accessibility = useDndAnnouncements();
  const move = (from: number, to: number) => onReorder(moveItem(ids, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={accessibility}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!editable}>
        <Stack gap="xs" role="list">
          {elements.map((element, index) => (
            <ElementRow
              key={element._id}
              element={element}
              index={index}
              count={elements.length}
              editable={editable}
              onMove={(to) => move(index, to)}
              onEdit={() => onEdit(element)}
              onDelete={() => onDelete(element)}
              onRequired={(required) => onRequired(element, required)}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

interface RowProps {
  element: FormElement;
  index: number;
  count: number;
  editable: boolean;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  onRequired: (required: boolean) => void;
}

function ElementRow({ element, index, count, editable, onMove, onEdit, onDelete, onRequired }: RowProps) {
  const { t } = useTranslation('forms');
  const name =
    (element.type === 'title' ? element.config.title : element.config.question) || t(`types.${element.type}`);
  // The name screen readers hear while it is dragged (useDndAnnouncements), never its id.
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: element._id,
    data: { label: name },
  });
  const moves = elementMoves(index, count);
  const action = (label: string, icon: React.ReactNode, onClick: () => void, color?: string) => (
    <Tooltip label={label} withinPortal>
      <ActionIcon variant="subtle" color={color ?? 'gray'} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      role="listitem"
      data-testid="form-element"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      {/* On a narrow window the switch and the buttons wrap below the element's type and name, which read whole. */}
      <Group gap="xs">
        {editable && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('builder.drag', { name })}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        <Stack gap={2} style={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Group gap={6}>
            <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
              {t(`types.${element.type}`)}
            </Badge>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          </Group>
        </Stack>
        {element.type !== 'title' && (
          <Switch
            size="xs"
            label={t('builder.required')}
            checked={Boolean(element.config.required)}
            disabled={!editable}
            onChange={(e) => onRequired(e.currentTarget.checked)}
          />
        )}
        {editable && (
          <Group gap={0} wrap="nowrap">
            {moves.top && action(t('builder.moveToTop'), <IconArrowBarToUp size={16} />, () => onMove(0))}
            {moves.up && action(t('builder.moveUp'), <IconArrowUp size={16} />, () => onMove(index - 1))}
            {moves.down && action(t('builder.moveDown'), <IconArrowDown size={16} />, () => onMove(index + 1))}
            {action(t('builder.editElement', { name }), <IconPencil size={16} />, onEdit)}
            {action(t('builder.deleteElement', { name }), <IconTrash size={16} />, onDelete, 'red')}
          </Group>
        )}
      </Group>
    </Paper>
  );
}
