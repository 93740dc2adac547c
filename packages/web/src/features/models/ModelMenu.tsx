import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useModelEdits } from '../../api/models.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { UpdateSourceModal } from './source/UpdateSourceModal.tsx';

/**
 * A model's menu (model edit): Duplicate Model (then opens the copy's onboarding), Update Source (not
 * for a transferred model: it cannot be updated), Delete Model (confirmed).
 */
export function ModelMenu({ model, projectId }: { model: Model; projectId: string }) {
  const { t } = useTranslation('models');
  const navigate = useNavigate();
  const { duplicate, remove } = useModelEdits(projectId);
  const [deleting, setDeleting] = useState(false);
  const [updating, setUpdating] = useState(false);
  const copy = () =>
    duplicate.mutate(model._id, {
      onSuccess: ({ _id }) => void navigate(`/projects/${projectId}/models/${_id}/onboard`),
    });
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('menu.label')}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={copy}>{t('menu.duplicate')}</Menu.Item>
          <Menu.Item
            onClick={() => setUpdating(true)}
            disabled={model.transferred || (model.sourceMissing === true && !model.onboarded)}
          >
            {t('menu.updateSource')}
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setDeleting(true)}>
            {t('menu.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('menu.delete')}
        message={t('deleteConfirm', { name: model.name })}
        confirmLabel={t('menu.delete')}
        onConfirm={() => remove.mutateAsync(model._id)}
      />
      {updating && <UpdateSourceModal model={model} projectId={projectId} onClose={() => setUpdating(false)} />}
    </>
  );
}
