import { Badge, Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { Model, Trigger } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { TriggerMenu } from './TriggerMenu.tsx';

/** One scheduled run: its name, state and next run in the viewer's own time; the menu for model editors. */
export function TriggerRow({ trigger, canEdit, model }: { trigger: Trigger; canEdit: boolean; model?: Model }) {
  const { t, i18n } = useTranslation('triggers');
  const active = trigger.status === 'active';
  const next = trigger.nextRunAt
    ? t('nextRun', { when: new Date(trigger.nextRunAt).toLocaleString(i18n.language) })
    : t(active ? 'over' : 'paused');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="trigger-row">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconClock size={18} />
        <div style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={500} truncate>
              {trigger.name}
            </Text>
            <Badge size="xs" variant="light" color={active ? 'green' : 'gray'}>
              {t(active ? 'active' : 'inactive')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {next}
          </Text>
        </div>
      </Group>
      {canEdit && <TriggerMenu trigger={trigger} model={model} />}
    </Group>
  );
}
