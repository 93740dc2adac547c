import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { Organization } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteOrganization, useUpdateOrganization } from '../../api/organizations.ts';
import { TypedConfirmModal } from '../../ui/TypedConfirmModal.tsx';
import { useOrgAction } from './useOrgAction.ts';

/** The Delete Organization dialog: type the name to confirm. */
export function DeleteOrganizationModal({
  organization,
  opened,
  onClose,
  onDeleted,
}: {
  organization: Organization;
  opened: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('organizations');
  const remove = useDeleteOrganization();
  return (
    <TypedConfirmModal
      opened={opened}
      onClose={onClose}
      title={t('lists.deleteTitle')}
      message={t('general.deleteMessage', { name: organization.name })}
      expected={organization.name}
      confirmLabel={t('general.danger')}
      onConfirm={async () => {
        await remove.mutateAsync(organization._id);
        onDeleted?.();
      }}
    />
  );
}

/**
 * Active toggle and Delete of General Settings, for an organization other than one's own that the viewer
 * administers.
 */
export function OrganizationLifecycle({
  organization,
  onDeleted,
}: {
  organization: Organization;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('organizations');
  const update = useUpdateOrganization();
  const { failure, run } = useOrgAction();
  const [deleting, setDeleting] = useState(false);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Switch
          label={t('general.active')}
          description={t('general.activeHint')}
          checked={organization.active}
          disabled={update.isPending}
          onChange={(e) => {
            const active = e.currentTarget.checked;
            void run(() => update.mutateAsync({ id: organization._id, change: { active } }));
          }}
        />
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
            {t('general.deleteHint')}
          </Text>
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            {t('general.delete')}
          </Button>
        </Group>
      </Stack>
      <DeleteOrganizationModal
        organization={organization}
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={onDeleted}
      />
    </Paper>
  );
}
