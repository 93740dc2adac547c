import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import type { DashboardType } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDashboard } from '../../../api/dashboards.ts';
import { formErrors, useServerText } from '../../login/serverText.ts';
import { DataAppFields } from './DataAppFields.tsx';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/** Create Data App (spec 2 §2 "Modals"): App Name (required), Description, and the layout, Dashboard or Report. */
export function CreateDataAppModal({ projectId, opened, onClose }: Props) {
  const { t } = useTranslation('dataApps');
  const serverText = useServerText('dataApps');
  const create = useCreateDashboard(projectId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<DashboardType>('Dashboard');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const reset = () => {
    setName('');
    setDescription('');
    setType('Dashboard');
    setErrors({});
    onClose();
  };
  const close = () => {
    if (!create.isPending) reset();
  };

  const submit = async () => {
    if (!name.trim()) {
      setErrors({ name: t('appForm.required') });
      return;
    }
    setErrors({});
    try {
      // The first tab (section) is named in the creator's language.
      const tabName = t(type === 'Report' ? 'sections.defaultName' : 'tabs.defaultName', { n: 1 });
      await create.mutateAsync({ name: name.trim(), description, type, tabName });
      reset();
    } catch (error) {
      setErrors(formErrors(error, ['name', 'description'], 'form', serverText, t('common.failed')));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('appForm.createTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <DataAppFields
            nameLabel={t('appForm.appName')}
            name={name}
            onName={setName}
            description={description}
            onDescription={setDescription}
            errors={errors}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="data-app-layout">
              {t('appForm.layout')}
            </Text>
            <SegmentedControl
              aria-labelledby="data-app-layout"
              value={type}
              onChange={(value) => setType(value as DashboardType)}
              data={[
                { value: 'Dashboard', label: t('appForm.Dashboard') },
                { value: 'Report', label: t('appForm.Report') },
              ]}
            />
          </Stack>
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('appForm.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
