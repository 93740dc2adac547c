import { ActionIcon, Box, Burger, Group, Tooltip } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { SHELL_TOOLTIP_DELAY_MS, type User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageToggle } from '../ui/LanguageToggle.tsx';
import { ThemeToggle } from '../ui/ThemeToggle.tsx';
import { ProjectTabs } from './ProjectTabs.tsx';
import { ShellTitle } from './ShellTitle.tsx';
import type { ShellProject } from './shellProject.tsx';
import { UserMenu } from './UserMenu.tsx';

interface Props {
  user: User;
  project: ShellProject | null;
  navOpened: boolean;
  onToggleNav: () => void;
}

/**
 * The navigation bar. From tablet width up it holds everything; on a phone it keeps the burger and
 * the title, and the rest moves into the burger's panel (PhoneNav).
 */
export function ShellHeader({ user, project, navOpened, onToggleNav }: Props) {
  const { t } = useTranslation('shell');
  return (
    <Group h="100%" px="md" gap="sm" wrap="nowrap">
      <Burger
        opened={navOpened}
        onClick={onToggleNav}
        hiddenFrom="sm"
        size="sm"
        aria-label={navOpened ? t('closeNavigation') : t('openNavigation')}
      />
      <Tooltip label={t('home')} openDelay={SHELL_TOOLTIP_DELAY_MS}>
        <ActionIcon component={Link} to="/projects" variant="subtle" size="lg" aria-label={t('home')} visibleFrom="sm">
          <IconHome size={20} />
        </ActionIcon>
      </Tooltip>
      <Box flex={1} miw={0}>
        <ShellTitle user={user} project={project} />
      </Box>
      {project && (
        <Box visibleFrom="sm">
          <ProjectTabs projectId={project._id} roles={project.roles} />
        </Box>
      )}
      <Group gap="sm" wrap="nowrap" visibleFrom="sm">
        <LanguageToggle />
        <ThemeToggle />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
