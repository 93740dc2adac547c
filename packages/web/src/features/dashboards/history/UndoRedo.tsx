import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUndoRedo, useUndoState } from '../../../api/dashboardHistory.ts';

/**
 * Undo and redo while editing (docs/data-apps.md "Undo and redo"): Ctrl+Z / Ctrl+Shift+Z (⌘ on macOS) and two
 * buttons. Each step is a server change, so a reload keeps the result; an undo that would overwrite someone
 * else's newer change is refused, and the message says who made it.
 */
export function UndoRedo({ projectId, dashboardId }: { projectId: string; dashboardId: string }) {
  const { t } = useTranslation('dashboards');
  const mac = useOs() === 'macos';
  const counts = useUndoState(projectId, dashboardId, true);
  const step = useUndoRedo(projectId, dashboardId);
  const run = (direction: 'undo' | 'redo') => {
    if (step.isPending) return;
    step.mutate(direction, {
      onError: (err) => notifications.show({ color: 'red', message: err.message || t('common.failed') }),
    });
  };
  useHotkeys([
    ['mod+Z', () => run('undo')],
    ['mod+shift+Z', () => run('redo')],
  ]);
  const key = mac ? '⌘' : 'Ctrl+';
  const undo = counts.data?.undo ?? 0;
  const redo = counts.data?.redo ?? 0;
  return (
    <Group gap={4}>
      <Tooltip label={t('history.undoKey', { key })}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t('history.undo')}
          disabled={undo === 0 || step.isPending}
          loading={step.isPending && step.variables === 'undo'}
          onClick={() => run('undo')}
        >
          <IconArrowBackUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('history.redoKey', { key })}>
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t('history.redo')}
          disabled={redo === 0 || step.isPending}
          loading={step.isPending && step.variables === 'redo'}
          onClick={() => run('redo')}
        >
          <IconArrowForwardUp size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
