import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { Dashboard } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateDashboard } from '../../../api/dashboards.ts';
import { formErrors, useServerText } from '../../login/serverText.ts';
import { DataAppFields } from './DataAppFields.tsx';

const FLAGS = ['hideCommandBar', 'hideDashboardColors', 'hideFilters'] as const;
type Hide = Dashboard['display']['hide'];

interface Props {
  projectId: string;
  dashboard: Dashboard;
  onClose: () => void;
}

/**
 * Data App Settings, the Edit Dashboard modal (spec 2 §2): Name (required), Description, and the checkboxes
 * Hide Model Bar, Hide Data App Colors and Hide Filters. Mounted only while open, so it starts from the
 * dashboard's current values.
 */
export function DataAppSettingsModal({ projectId, dashboard, onClose }: Props) {
  const { t } = useTranslation('dataApps');
  const serverText = useServerText('dataApps');
  const update = useUpdateDashboard(projectId);
  const [name, setName] = useState(dashboard.name);
  const [description, setDescription] = useState(dashboard.description);
  const [hide, setHide] = useState<Hide>(dashboard.display.hide);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    if (!update.isPending) onClose();
  };

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: t('appForm.required') });
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ id: dashboard._id, change: { name: name.trim(), description, display: { hide } } });
      onClose();
    } catch (error) {
      setErrors(formErrors(error, ['name', 'description'], 'form', serverText, t('common.failed')));
    }
  };

  return (
    <Modal opened onClose={close} title={t('appForm.editTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <DataAppFields
            nameLabel={t('appForm.name')}
            name={name}
            onName={setName}
            description={description}
            onDescription={setDescription}
            errors={errors}
          />
          {FLAGS.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`appForm.${flag}`)}
              checked={hide[flag]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setHide((current) => ({ ...current, [flag]: checked }));
              }}
            />
          ))}
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('appForm.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
