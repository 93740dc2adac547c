import { Button, EmptyState } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  report: boolean;
  canEdit: boolean;
  onAdd: () => void;
}

/** A data app whose tabs or sections were all deleted: a message and, for editors, 'Add one!'. */
export function EmptyDashboard({ report, canEdit, onAdd }: Props) {
  const { t } = useTranslation('dashboards');
  return (
    <EmptyState
      icon={<IconLayoutDashboard size={28} />}
      title={canEdit ? t(report ? 'emptyApp.report' : 'emptyApp.dashboard') : t('emptyApp.readOnly')}
      py="xl"
    >
      {canEdit && (
        <Button mt="md" onClick={onAdd}>
          {t('emptyApp.addOne')}
        </Button>
      )}
    </EmptyState>
  );
}
