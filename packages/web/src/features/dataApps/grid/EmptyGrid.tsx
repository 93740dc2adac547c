import { EmptyState } from '@mantine/core';
import { IconLayoutGridAdd, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A tab with no cards (spec 2 §6): editors are told to add cards with the button; others that no card was added
 * and that without edit access they cannot add any.
 */
export function EmptyGrid({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('dataApps');
  return canEdit ? (
    <EmptyState
      icon={<IconLayoutGridAdd size={28} />}
      title={t('grid.editTitle')}
      description={t('grid.editText')}
      py="xl"
    />
  ) : (
    <EmptyState icon={<IconLock size={28} />} title={t('grid.viewTitle')} description={t('grid.viewText')} py="xl" />
  );
}
