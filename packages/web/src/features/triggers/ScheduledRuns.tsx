import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelTriggers } from '../../api/triggers.ts';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { TriggerFormModal } from './TriggerFormModal.tsx';
import { TriggerRow } from './TriggerRow.tsx';

/** The Model Info tab's scheduled runs list, with Add (model edit). */
export function ScheduledRuns({ model }: { model: Model }) {
  const { t } = useTranslation('triggers');
  const canEdit = useProjectCan('model:edit');
  const triggers = useModelTriggers(model.projectId, model._id);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between">
        <Text fw={500}>{t('title')}</Text>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        )}
      </Group>
      {triggers.data?.length === 0 && <Text c="dimmed">{t('none')}</Text>}
      {triggers.data?.map((trigger) => (
        <TriggerRow key={trigger._id} trigger={trigger} canEdit={canEdit} model={model} />
      ))}
      {canEdit && <TriggerFormModal model={model} opened={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
