import { Checkbox, Switch } from '@mantine/core';
import type { Dashboard } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateDashboard } from '../../../api/dashboards.ts';
import { DashboardFormModal } from './DashboardFormModal.tsx';
import { useDashboardForm } from './dashboardForm.ts';

const FLAGS = ['hideCommandBar', 'hideDashboardColors', 'hideFilters'] as const;
type Hide = Dashboard['display']['hide'];

interface Props {
  projectId: string;
  dashboard: Dashboard;
  onClose: () => void;
}

/**
 * Data App Settings, the Edit Dashboard modal: Name (required), Description, and the checkboxes
 * Hide Model Bar, Hide Data App Colors and Hide Filters, and the cross-filtering switch (a click on a card's
 * element filters the tab's other cards). Mounted only while open, so it starts from the dashboard's current values.
 */
export function DashboardSettingsModal({ projectId, dashboard, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const update = useUpdateDashboard(projectId);
  const form = useDashboardForm({ name: dashboard.name, description: dashboard.description });
  const [hide, setHide] = useState<Hide>(dashboard.display.hide);
  // Cross-filtering is on unless turned off (docs/cross-filters.md).
  const [crossFilters, setCrossFilters] = useState(dashboard.display.crossFilters !== false);

  const close = () => {
    if (!update.isPending) onClose();
  };

  return (
    <DashboardFormModal
      opened
      title={t('appForm.editTitle')}
      nameLabel={t('appForm.name')}
      submitLabel={t('appForm.save')}
      form={form}
      onSave={async ({ name, description }) => {
        await update.mutateAsync({ id: dashboard._id, change: { name, description, display: { hide, crossFilters } } });
        onClose();
      }}
      busy={update.isPending}
      onClose={close}
    >
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
      <Switch
        label={t('appForm.crossFilters')}
        description={t('appForm.crossFiltersHint')}
        checked={crossFilters}
        onChange={(event) => setCrossFilters(event.currentTarget.checked)}
      />
    </DashboardFormModal>
  );
}
