import { Group, Stack, Switch, Text } from '@mantine/core';
import {
  canAdministerOrganization,
  canChangeOrganizationKind,
  isOwnOrganization,
  type OrgActor,
  type Organization,
} from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateOrganization, useUploadOrganizationLogo } from '../../api/organizations.ts';
import { LogoPicker, NameField } from '../settings/index.ts';
import { KindSettings } from './KindSettings.tsx';
import { OrganizationLifecycle } from './OrganizationLifecycle.tsx';
import { OrganizationLogo } from './OrganizationLogo.tsx';
import { refOf } from './orgRefs.ts';
import { useOrgAction } from './useOrgAction.ts';

interface GeneralSettingsProps {
  organization: Organization;
  actor: OrgActor;
  /** Where to go once the organization is deleted (its list). */
  onDeleted: () => void;
}

/**
 * General Settings: name saved on blur when non-empty and changed, logo, type and plan (product
 * operations), Public Sharing, and for an organization other than one's own the Active toggle and Delete.
 */
export function GeneralSettings({ organization, actor, onDeleted }: GeneralSettingsProps) {
  const { t } = useTranslation('organizations');
  const update = useUpdateOrganization();
  const logo = useUploadOrganizationLogo(organization._id);
  const sharing = useOrgAction();
  const ref = refOf(organization);
  const lifecycle = canAdministerOrganization(actor, ref) && !isOwnOrganization(actor, ref);

  return (
    <Stack gap="lg" maw={620}>
      <Group align="flex-start" gap="lg">
        <OrganizationLogo organization={organization} size={90} />
        <LogoPicker upload={logo.mutateAsync} pending={logo.isPending} onUploaded={() => {}} />
      </Group>
      <NameField
        label={t('general.name')}
        value={organization.name}
        serverFields={['name']}
        save={(name) => update.mutateAsync({ id: organization._id, change: { name } })}
      />
      {canChangeOrganizationKind(actor) && <KindSettings organization={organization} />}
      <Switch
        label={t('general.publicSharing')}
        description={t('general.publicSharingHint')}
        checked={organization.publicSharing}
        onChange={(e) => {
          const publicSharing = e.currentTarget.checked;
          void sharing.run(() => update.mutateAsync({ id: organization._id, change: { publicSharing } }));
        }}
      />
      {sharing.failure && (
        <Text size="sm" c="red" role="alert">
          {sharing.failure}
        </Text>
      )}
      {lifecycle && <OrganizationLifecycle organization={organization} onDeleted={onDeleted} />}
    </Stack>
  );
}
