import { ActionIcon, Group, Menu, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowsExchange,
  IconDoorExit,
  IconDots,
  IconId,
  IconPencil,
  IconTransfer,
  IconTrash,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import type { MyProject, OrgRoles } from '@tessera/shared';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useUpdateProject } from '../../../api/projects.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { type ProjectMenuItem, projectMenuItems } from '../projectMenu.ts';

type DialogItem = Exclude<ProjectMenuItem, 'publicDashboards'>;

/** The menu's groups, separated by dividers: one's role, the members, the project, leaving it or deleting it. */
const GROUPS: ProjectMenuItem[][] = [
  ['yourRole'],
  ['members'],
  ['rename', 'publicDashboards', 'transferAssets', 'transferProject'],
  ['leave', 'delete'],
];

const ITEMS: Record<DialogItem, { icon: ReactNode; label: string; color?: string }> = {
  yourRole: { icon: <IconId size={16} />, label: 'menu.yourRole' },
  members: { icon: <IconUsers size={16} />, label: 'menu.editMembers' },
  rename: { icon: <IconPencil size={16} />, label: 'menu.rename' },
  transferAssets: { icon: <IconArrowsExchange size={16} />, label: 'menu.transferAssets' },
  transferProject: { icon: <IconTransfer size={16} />, label: 'menu.transferProject' },
  leave: { icon: <IconDoorExit size={16} />, label: 'menu.leave', color: 'red' },
  delete: { icon: <IconTrash size={16} />, label: 'menu.delete', color: 'red' },
};

interface Props {
  project: MyProject;
  orgRoles: Partial<OrgRoles>;
  onOpenDialog: (kind: DialogItem, project: MyProject) => void;
}

/**
 * A project's menu: each item by the caller's rights; the Public Dashboards switch
 * acts at once, the others open their dialog. Members is a section holding Edit Members.
 */
export function ProjectMenu({ project, orgRoles, onOpenDialog }: Props) {
  const { t } = useTranslation('projects');
  const serverText = useServerText();
  const update = useUpdateProject();
  const items = projectMenuItems(project, orgRoles);

  const togglePublic = () => {
    const value = !project.public;
    update.mutate(
      { projectId: project._id, change: { public: value } },
      {
        onSuccess: () =>
          notifications.show({
            message: t(value ? 'menu.madePublic' : 'menu.madePrivate', { name: project.name }),
            color: 'green',
          }),
        onError: (error) =>
          notifications.show({
            message: error instanceof ApiError ? serverText(error.message) : t('failed'),
            color: 'red',
          }),
      },
    );
  };

  const item = (key: DialogItem) => (
    <Menu.Item
      key={key}
      leftSection={ITEMS[key].icon}
      color={ITEMS[key].color}
      onClick={() => onOpenDialog(key, project)}
    >
      {t(ITEMS[key].label)}
    </Menu.Item>
  );

  // A checkbox item (role menuitemcheckbox, aria-checked) drawn as a switch: the spec calls it a switch.
  const publicSwitch = (
    <Menu.CheckboxItem
      key="publicDashboards"
      checked={project.public}
      onChange={togglePublic}
      disabled={update.isPending}
      // The switch shows the state; the item's own check mark would say it twice.
      styles={{ itemIndicator: { display: 'none' } }}
      rightSection={<Switch size="xs" checked={project.public} readOnly tabIndex={-1} aria-hidden="true" />}
    >
      <Group gap="xs" wrap="nowrap">
        <IconWorld size={16} />
        {t('menu.publicDashboards')}
      </Group>
    </Menu.CheckboxItem>
  );

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('menu.open', { name: project.name })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {GROUPS.map((group) => group.filter((key) => items.includes(key)))
          .filter((group) => group.length > 0)
          .map((group, index) => (
            <Fragment key={group[0]}>
              {index > 0 && <Menu.Divider />}
              {group[0] === 'members' && <Menu.Label>{t('menu.members')}</Menu.Label>}
              {group.map((key) => (key === 'publicDashboards' ? publicSwitch : item(key)))}
            </Fragment>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
