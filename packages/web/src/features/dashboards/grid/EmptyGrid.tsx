import { EmptyState } from '@mantine/core';
import { IconLayoutGridAdd, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDashboardAudience } from '../../canvas/index.ts';

/**
 * A tab with no cards: editors are told to add cards with the button; members who read it that no
 * card was added and that without edit access they cannot add any; public visitors and the preview image only
 * that no card was added (nothing addressed to editors).
 */
export function EmptyGrid({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('dashboards');
  const audience = useDashboardAudience();
  if (audience === 'visitor') return <EmptyState title={t('grid.viewTitle')} py="xl" data-testid="empty-grid" />;
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
