import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { type Model, TRIGGER_TEXTS, type Trigger } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTriggerMutations } from '../../api/triggers.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { TriggerFormModal } from './TriggerFormModal.tsx';

/**
 * A scheduled run's menu (model edit): Edit Scheduled Run (when the model is at hand), Pause or Resume, and
 * Delete Scheduled Run with its confirmation.
 */
export function TriggerMenu({ trigger, model }: { trigger: Trigger; model?: Model }) {
  const { t } = useTranslation('triggers');
  const { pause, activate, remove } = useTriggerMutations(trigger.projectId);
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const active = trigger.status === 'active';
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('menu.label', { name: trigger.name })}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {model && <Menu.Item onClick={() => setEditing(true)}>{t('menu.edit')}</Menu.Item>}
          <Menu.Item onClick={() => (active ? pause : activate).mutate(trigger._id)}>
            {t(active ? 'menu.pause' : 'menu.resume')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setDeleting(true)}>
            {t('menu.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {model && editing && (
        <TriggerFormModal model={model} trigger={trigger} opened onClose={() => setEditing(false)} />
      )}
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('menu.delete')}
        message={t('confirmDelete', { defaultValue: TRIGGER_TEXTS.confirmDelete })}
        confirmLabel={t('delete')}
        onConfirm={() => remove.mutateAsync(trigger._id)}
      />
    </>
  );
}
