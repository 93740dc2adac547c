import { Center, Divider, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS, can, type MyProject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useProjectMembers } from '../../../api/permissions.ts';
import { useReachableOrganizations } from '../../../api/projects.ts';
import { useMe, useMyOrganization } from '../../../api/session.ts';
import { AddMembersForm } from './AddMembersForm.tsx';
import { MemberRow } from './MemberRow.tsx';
import { canEditMemberRole, projectOrganization } from './memberRoles.ts';

/** Edit Members (editMembers): the members with their roles, and the form adding new ones. */
export function MembersModal({ project, onClose }: { project: MyProject; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const me = useMe();
  const ownOrganization = useMyOrganization();
  const members = useProjectMembers(project._id);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.phone}px)`);
  const roles = me.data?.roles;
  const reachesOthers = !!(roles?.manageAllOrganizations || roles?.manageClientOrganizations);
  const others = useReachableOrganizations(reachesOthers);

  const user = me.data;
  const own = ownOrganization.data;
  // The shared rule the server enforces: who manages the organization's projects.
  const manages =
    !!user &&
    can(
      { id: user._id, organizationId: user.organizationId, roles: user.roles },
      'organization:manageProjects',
      projectOrganization(project.organizationId, [...(own ? [own] : []), ...(others.data ?? [])]),
    );
  const organizations = own ? [own, ...(others.data ?? []).filter((o) => o.active && o._id !== own._id)] : [];

  return (
    <Modal opened onClose={onClose} title={t('members.title')} size="lg" centered fullScreen={phone}>
      <Stack gap="md">
        <Title order={4}>{t('members.current')}</Title>
        {members.isPending ? (
          <Center>
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : (members.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('members.empty')}
          </Text>
        ) : (
          <Stack gap="xs">
            {members.data?.map((member) => (
              <MemberRow
                key={member._id}
                member={member}
                editor={project.permission.roles}
                isMe={member.userId === user?._id}
                canEditRole={canEditMemberRole(member.userId, user?._id ?? '', manages)}
              />
            ))}
          </Stack>
        )}
        <Divider />
        {own && user && <AddMembersForm project={project} organizations={organizations} ownOrganizationId={own._id} />}
      </Stack>
    </Modal>
  );
}
