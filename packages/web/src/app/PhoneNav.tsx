import { Box, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconHome, IconLogout } from '@tabler/icons-react';
import type { User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../api/session.ts';
import { LanguageToggle } from '../ui/LanguageToggle.tsx';
import { ThemeToggle } from '../ui/ThemeToggle.tsx';
import { UserAvatar } from '../ui/UserAvatar.tsx';
import { ProjectTabs } from './ProjectTabs.tsx';
import type { ShellProject } from './shellProject.tsx';
import { USER_MENU_ICONS } from './UserMenu.tsx';
import { userMenuLinks } from './userMenu.ts';

/** The burger's panel on a phone (< 767 px): Home, the project tabs, the user menu's items and the toggles. */
export function PhoneNav({ user, project }: { user: User; project: ShellProject | null }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const logOut = useLogout();
  return (
    <ScrollArea h="100%">
      <Stack gap={0} p="sm">
        <NavLink
          component={Link}
          to="/projects"
          label={t('home')}
          leftSection={<IconHome size={18} />}
          active={pathname === '/projects'}
        />
        {project && <ProjectTabs projectId={project._id} roles={project.roles} vertical />}
        <Divider my="sm" />
        <Group gap="sm" px="sm" py="xs" wrap="nowrap">
          <UserAvatar user={user} size={36} decorative />
          <Box miw={0}>
            <Text size="sm" fw={600} truncate>
              {user.name.first} {user.name.last}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Box>
        </Group>
        {userMenuLinks(user.roles).map((link) => (
          <NavLink
            key={link.key}
            component={Link}
            to={link.to}
            label={t(`menu.${link.key}`)}
            leftSection={USER_MENU_ICONS[link.key]}
            active={pathname.startsWith(link.to)}
          />
        ))}
        <NavLink
          component="button"
          label={t('menu.logOut')}
          leftSection={<IconLogout size={16} />}
          onClick={() => void logOut()}
        />
        <Divider my="sm" />
        <Group justify="space-between" px="sm">
          <LanguageToggle />
          <ThemeToggle />
        </Group>
      </Stack>
    </ScrollArea>
  );
}
