import { Badge, Button, Group, NavLink, Tooltip } from '@mantine/core';
import { IconBrain, IconDatabase, IconForms, IconLayoutDashboard, IconMessageChatbot } from '@tabler/icons-react';
import { type ProjectRoles, SHELL_TOOLTIP_DELAY_MS } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type ProjectTabKey, visibleProjectTabs } from '../project/projectAccess.ts';

const ICONS: Record<ProjectTabKey, ReactNode> = {
  dashboards: <IconLayoutDashboard size={18} />,
  datasets: <IconDatabase size={18} />,
  models: <IconBrain size={18} />,
  forms: <IconForms size={18} />,
  assistant: <IconMessageChatbot size={18} />,
};

interface Props {
  projectId: string;
  roles: ProjectRoles | undefined;
  /** Vertical in the phone's burger menu, horizontal in the bar. */
  vertical?: boolean;
}

/**
 * The project's areas: Data Apps, Datasets, Models, Forms and Mobi (beta), each shown only when the
 * permission allows viewing it. On a tablet the bar keeps the icons and moves the names into tooltips.
 */
export function ProjectTabs({ projectId, roles, vertical = false }: Props) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const tabs = visibleProjectTabs(roles).map((tab) => {
    const to = `/projects/${projectId}/${tab.segment}`;
    return { ...tab, to, active: pathname === to || pathname.startsWith(`${to}/`), label: t(`tabs.${tab.key}`) };
  });
  if (tabs.length === 0) return null;
  const beta = (
    <Badge size="xs" variant="light" ml={4}>
      {t('tabs.beta')}
    </Badge>
  );

  if (vertical) {
    return (
      <nav aria-label={t('tabs.label')}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            component={Link}
            to={tab.to}
            active={tab.active}
            label={tab.label}
            leftSection={ICONS[tab.key]}
            rightSection={tab.beta ? beta : undefined}
            aria-current={tab.active ? 'page' : undefined}
          />
        ))}
      </nav>
    );
  }
  return (
    <Group component="nav" aria-label={t('tabs.label')} gap={4} wrap="nowrap">
      {tabs.map((tab) => (
        <Tooltip
          key={tab.key}
          label={tab.beta ? `${tab.label} (${t('tabs.beta')})` : tab.label}
          openDelay={SHELL_TOOLTIP_DELAY_MS}
          hiddenFrom="md"
        >
          <Button
            component={Link}
            to={tab.to}
            variant={tab.active ? 'light' : 'subtle'}
            color={tab.active ? 'blue' : 'gray'}
            size="sm"
            px="xs"
            aria-current={tab.active ? 'page' : undefined}
            aria-label={tab.beta ? `${tab.label} ${t('tabs.beta')}` : tab.label}
          >
            {/* The icon sits in the label so that it stays centred when the name is hidden on a tablet. */}
            <Group gap={8} wrap="nowrap">
              {ICONS[tab.key]}
              <Group gap={0} wrap="nowrap" visibleFrom="md">
                {tab.label}
                {/* The space keeps the words apart in the link's text, which its name ("Mobi beta") then holds. */}
                {tab.beta && <> {beta}</>}
              </Group>
            </Group>
          </Button>
        </Tooltip>
      ))}
    </Group>
  );
}
