import { ActionIcon, Badge, Collapse, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAdjustments, IconTrash } from '@tabler/icons-react';
import { canActOnMember, type Member, type ProjectRoles, sameRoles } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useDeletePermission, useUpdateMemberRoles } from '../../../api/permissions.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { UserAvatar } from '../../../ui/UserAvatar.tsx';
import { ProjectRoleEditor } from './ProjectRoleEditor.tsx';

interface Props {
  member: Member;
  editor: ProjectRoles;
  isMe: boolean;
  /** False for one's own row unless one manages the organization's projects. */
  canEditRole: boolean;
}

/** One member in Edit Members: who they are, their role (saved on each change) and the remove button. */
export function MemberRow({ member, editor, isMe, canEditRole: mayEditOwn }: Props) {
  const { t } = useTranslation('projects');
  // Nobody changes or removes a member who holds more rights than they do (the server's rule).
  const holdsMore = !isMe && !canActOnMember(editor, member.roles);
  const canEditRole = mayEditOwn && !holdsMore;
  const locked = holdsMore ? t('members.holdsMore') : t('members.ownRole');
  const serverText = useServerText();
  const [opened, details] = useDisclosure(false);
  const update = useUpdateMemberRoles();
  const remove = useDeletePermission();
  const name = `${member.user.name.first} ${member.user.name.last}`;

  // The editor shows the chosen roles at once; they follow the server's again when it answers (or refuses).
  const [draft, setDraft] = useState(member.roles);
  const [saved, setSaved] = useState(member.roles);
  if (!sameRoles(saved, member.roles)) {
    setSaved(member.roles);
    setDraft(member.roles);
  }
  const fail = (error: unknown) =>
    notifications.show({ message: error instanceof ApiError ? serverText(error.message) : t('failed'), color: 'red' });

  const change = (roles: ProjectRoles) => {
    setDraft(roles);
    update.mutate(
      { projectId: member.projectId, permissionId: member._id, roles },
      {
        onError: (error) => {
          setDraft(member.roles);
          fail(error);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="xs">
      <Group wrap="nowrap" gap="sm">
        <UserAvatar user={member.user} size={36} />
        <Stack gap={0} miw={0} flex={1}>
          <Text size="sm" fw={600} truncate>
            {name}{' '}
            {isMe && (
              <Text span size="xs" c="dimmed">
                {t('members.you')}
              </Text>
            )}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {member.user.email}
          </Text>
          <Badge variant="light" size="sm" mt={4}>
            {t(`presets.${member.preset}`)}
          </Badge>
        </Stack>
        <Tooltip label={canEditRole ? t('members.editRole', { name }) : locked}>
          <ActionIcon
            variant={opened ? 'light' : 'subtle'}
            color="gray"
            onClick={details.toggle}
            aria-label={t('members.editRole', { name })}
            aria-expanded={opened}
          >
            <IconAdjustments size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={holdsMore ? locked : t('members.remove', { name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            disabled={holdsMore}
            loading={remove.isPending}
            aria-label={t('members.remove', { name })}
            onClick={() =>
              remove.mutate(
                { projectId: member.projectId, permissionId: member._id },
                {
                  onSuccess: () => notifications.show({ message: t('members.removed', { name }), color: 'green' }),
                  onError: fail,
                },
              )
            }
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Collapse expanded={opened}>
        <Stack gap="xs" pt="sm">
          {!canEditRole && (
            <Text size="xs" c="dimmed">
              {locked}
            </Text>
          )}
          <ProjectRoleEditor
            roles={draft}
            editor={editor}
            onChange={change}
            disabled={!canEditRole}
            label={t('role.of', { name })}
          />
        </Stack>
      </Collapse>
    </Paper>
  );
}
