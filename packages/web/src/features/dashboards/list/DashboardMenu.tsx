import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconPhotoUp, IconSettings, IconTrash } from '@tabler/icons-react';
import type { Dashboard } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type AppAction = 'settings' | 'duplicate' | 'updatePreview' | 'delete';

const ITEMS: Array<{ action: AppAction; icon: ReactNode; color?: string }> = [
  { action: 'settings', icon: <IconSettings size={16} /> },
  { action: 'duplicate', icon: <IconCopy size={16} /> },
  { action: 'updatePreview', icon: <IconPhotoUp size={16} /> },
  { action: 'delete', icon: <IconTrash size={16} />, color: 'red' },
];

/**
 * A data app card's menu: Data App Settings, Duplicate Dashboard, Update Dashboard Preview and
 * Delete Dashboard. Each needs the dashboard edit role, so the list shows the menu to editors only.
 */
export function DashboardMenu({
  dashboard,
  onAction,
}: {
  dashboard: Dashboard;
  onAction: (a: AppAction, d: Dashboard) => void;
}) {
  const { t } = useTranslation('dashboards');
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('appCard.menu', { name: dashboard.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {ITEMS.map(({ action, icon, color }) => (
          <Menu.Item key={action} leftSection={icon} color={color} onClick={() => onAction(action, dashboard)}>
            {t(`appMenu.${action}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
