import { useDndContext, useDroppable } from '@dnd-kit/core';
import { Paper, Stack, Text } from '@mantine/core';
import { type DropTarget, dropRefusal, moveRefusal, type UnitType, type Vis } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bucketDropId, type MappingDrag, sameTarget } from './dnd.ts';

interface Props {
  target: DropTarget;
  label: string;
  multiple: boolean;
  type: UnitType;
  vis: Vis;
  /** The chips. */
  children: ReactNode;
  empty: boolean;
}

/** Why the dragged item may not land here (null: it may), for the highlight and the hint. */
export function refusalFor(drag: MappingDrag | undefined, vis: Vis, target: DropTarget, type: UnitType) {
  if (!drag) return null;
  if (drag.kind === 'feature') return dropRefusal(vis, target, drag.feature, type);
  // Reordering within the bucket is always allowed; other chips than series stay in their bucket.
  if (sameTarget(drag.from, target)) return null;
  if (drag.kind === 'item') return 'unavailable';
  return moveRefusal(vis, drag.seriesId, target);
}

/**
 * A bucket: a drop zone with its name and chips. While something is dragged it shows whether the drop is
 * allowed (green) or refused (red, with the reason); a refused drop changes nothing.
 */
export function Bucket({ target, label, multiple, type, vis, children, empty }: Props) {
  const { t } = useTranslation('mapping');
  const { active } = useDndContext();
  const drag = active?.data.current as MappingDrag | undefined;
  const { setNodeRef, isOver } = useDroppable({ id: bucketDropId(target), data: { target } });
  const refusal = refusalFor(drag, vis, target, type);
  const state = !drag ? 'idle' : refusal ? 'refused' : 'accepting';
  const color = state === 'refused' ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-green-6)';
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="md"
      role="group"
      aria-label={label}
      data-testid={`bucket-${target.bucket}-${target.axis ?? 0}`}
      data-drop={state}
      style={{
        borderStyle: state === 'idle' ? undefined : 'dashed',
        borderColor: state === 'idle' ? undefined : color,
        background: isOver && state !== 'idle' ? `color-mix(in srgb, ${color} 12%, transparent)` : undefined,
      }}
    >
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" mb={4}>
        {label}
      </Text>
      <Stack gap={4}>
        {children}
        {empty && (
          <Text size="xs" c="dimmed">
            {multiple ? t('buckets.dropMany') : t('buckets.dropOne')}
          </Text>
        )}
        {state === 'refused' && isOver && refusal && (
          <Text size="xs" c="red">
            {t(`refusals.${refusal}`)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
