import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { DashboardType } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateDashboard } from '../../../api/dashboards.ts';
import { dashboardPath } from '../../canvas/index.ts';
import { DashboardFormModal } from './DashboardFormModal.tsx';
import { useDashboardForm } from './dashboardForm.ts';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Create Data App: App Name (required), Description, and the layout, Dashboard or Report;
 * the new data app opens.
 */
export function CreateDashboardModal({ projectId, opened, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const create = useCreateDashboard(projectId);
  const navigate = useNavigate();
  const form = useDashboardForm({ name: '', description: '' });
  const [type, setType] = useState<DashboardType>('Dashboard');

  // The modal stays mounted between openings, so closing it clears what was typed.
  const reset = () => {
    form.reset();
    setType('Dashboard');
    onClose();
  };
  const close = () => {
    if (!create.isPending) reset();
  };

  return (
    <DashboardFormModal
      opened={opened}
      title={t('appForm.createTitle')}
      nameLabel={t('appForm.appName')}
      submitLabel={t('appForm.create')}
      form={form}
      onSave={async ({ name, description }) => {
        // The first tab (section) is named in the creator's language.
        const tabName = t(type === 'Report' ? 'sections.defaultName' : 'tabs.defaultName', { n: 1 });
        const created = await create.mutateAsync({ name, description, type, tabName });
        reset();
        // The new data app opens (its first tab).
        void navigate(dashboardPath({ kind: 'project', projectId }, created));
      }}
      busy={create.isPending}
      onClose={close}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="dashboard-layout">
          {t('appForm.layout')}
        </Text>
        <SegmentedControl
          aria-labelledby="dashboard-layout"
          value={type}
          onChange={(value) => setType(value as DashboardType)}
          data={[
            { value: 'Dashboard', label: t('appForm.Dashboard') },
            { value: 'Report', label: t('appForm.Report') },
          ]}
        />
      </Stack>
    </DashboardFormModal>
  );
}
