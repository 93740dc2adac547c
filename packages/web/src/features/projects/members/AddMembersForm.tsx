import { Button, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type MyProject, type Organization, PROJECT_ROLE_PRESETS, type ProjectRoles } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useAddMembers, useMemberCandidates } from '../../../api/permissions.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { ProjectRoleEditor } from './ProjectRoleEditor.tsx';

interface Props {
  project: MyProject;
  /** The caller's own organization first, then the others they may take users from. */
  organizations: ReadonlyArray<Pick<Organization, '_id' | 'name'>>;
  ownOrganizationId: string;
}

/**
 * Adding members: pick an organization and users (only active users who are not members yet are
 * offered), choose a role — View Dashboards by default — and one permission is added per user.
 */
export function AddMembersForm({ project, organizations, ownOrganizationId }: Props) {
  const { t } = useTranslation('projects');
  const serverText = useServerText();
  const [organizationId, setOrganizationId] = useState(ownOrganizationId);
  const [userIds, setUserIds] = useState<string[]>([]);
  const [roles, setRoles] = useState<ProjectRoles>(PROJECT_ROLE_PRESETS.viewDashboards);
  const [error, setError] = useState<string | null>(null);
  // The own organization is the server's default: it is asked without a parameter.
  const candidates = useMemberCandidates(
    project._id,
    organizationId === ownOrganizationId ? undefined : organizationId,
  );
  const add = useAddMembers();
  const users = candidates.data ?? [];

  const submit = () => {
    if (userIds.length === 0) return setError(t('required'));
    add.mutate(
      { projectId: project._id, userIds, roles },
      {
        onSuccess: () => {
          notifications.show({ message: t('members.added', { count: userIds.length }), color: 'green' });
          setUserIds([]);
          setError(null);
        },
        onError: (e) => setError(e instanceof ApiError ? serverText(e.message) : t('failed')),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{t('members.add')}</Title>
      <Select
        label={t('members.organization')}
        allowDeselect={false}
        searchable={organizations.length > 8}
        disabled={organizations.length < 2}
        data={organizations.map((o) => ({ value: o._id, label: o.name }))}
        value={organizationId}
        onChange={(value) => {
          if (!value) return;
          setOrganizationId(value);
          setUserIds([]);
          setError(null);
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {candidates.isSuccess && users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('members.noCandidates')}
        </Text>
      ) : (
        <MultiSelect
          label={t('members.users')}
          placeholder={userIds.length === 0 ? t('members.usersPlaceholder') : undefined}
          searchable
          disabled={candidates.isPending}
          data={users.map((u) => ({ value: u._id, label: `${u.name.first} ${u.name.last} (${u.email})` }))}
          value={userIds}
          onChange={(ids) => {
            setUserIds(ids);
            setError(null);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <ProjectRoleEditor roles={roles} editor={project.permission.roles} onChange={setRoles} />
      <Group justify="flex-end">
        <Button onClick={submit} loading={add.isPending} disabled={users.length === 0}>
          {t('members.addSubmit')}
        </Button>
      </Group>
    </Stack>
  );
}
