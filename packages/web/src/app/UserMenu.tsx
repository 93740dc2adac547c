import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBriefcase, IconBuilding, IconLogout, IconUser, IconWorld } from '@tabler/icons-react';
import type { User } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../api/session.ts';
import { UserAvatar } from '../ui/UserAvatar.tsx';
import { type UserMenuKey, userMenuLinks } from './userMenu.ts';

export const USER_MENU_ICONS: Record<UserMenuKey, ReactNode> = {
  accountSettings: <IconUser size={16} />,
  organizationSettings: <IconBuilding size={16} />,
  clientOrganizations: <IconBriefcase size={16} />,
  manageAllOrganizations: <IconWorld size={16} />,
};

/** The avatar's menu: settings links by role, then Log Out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const logOut = useLogout();
  return (
    <Menu position="bottom-end" width={260} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('menu.open')} style={{ borderRadius: '50%' }}>
          <UserAvatar user={user} size={36} decorative />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name.first} {user.name.last}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {userMenuLinks(user.roles).map((link) => (
          <Menu.Item key={link.key} component={Link} to={link.to} leftSection={USER_MENU_ICONS[link.key]}>
            {t(`menu.${link.key}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void logOut()}>
          {t('menu.logOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
