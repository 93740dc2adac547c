import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MyProject, Organization } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useReachableOrganizations, useUpdateProject } from '../../../api/projects.ts';
import { useMe } from '../../../api/session.ts';
import { useServerText } from '../../../ui/serverText.ts';

/**
 * Where a project may be transferred: every organization for manageAllOrganizations, otherwise the
 * client organizations of the caller's consultant organization — which is what the organization index answers
 * for each role; inactive ones and the project's current organization are left out.
 */
export function transferTargets(organizations: readonly Organization[], currentOrganizationId: string): Organization[] {
  return organizations.filter((o) => o.active && o._id !== currentOrganizationId);
}

/** Transfer Project (editProject plus manageAllOrganizations or manageClientOrganizations), with the spec's warning. */
export function TransferProjectModal({ project, onClose }: { project: MyProject; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const serverText = useServerText();
  const me = useMe();
  const roles = me.data?.roles;
  const organizations = useReachableOrganizations(
    !!(roles?.manageAllOrganizations || roles?.manageClientOrganizations),
  );
  const update = useUpdateProject();
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const targets = transferTargets(organizations.data ?? [], project.organizationId);

  const submit = () => {
    if (!target) {
      setError(t('required'));
      return;
    }
    const organization = targets.find((o) => o._id === target);
    update.mutate(
      { projectId: project._id, change: { organizationId: target } },
      {
        onSuccess: () => {
          notifications.show({
            message: t('transferProject.done', { name: project.name, organization: organization?.name ?? '' }),
            color: 'green',
          });
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? serverText(e.message) : t('failed')),
      },
    );
  };

  return (
    <Modal opened onClose={() => !update.isPending && onClose()} title={t('transferProject.title')} centered>
      <Stack gap="md">
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('transferProject.warning')}
        </Alert>
        {organizations.isLoading ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : targets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('transferProject.noTargets')}
          </Text>
        ) : (
          <Select
            label={t('transferProject.target')}
            withAsterisk
            searchable
            data={targets.map((o) => ({ value: o._id, label: o.name }))}
            value={target}
            onChange={(value) => {
              setTarget(value);
              setError(null);
            }}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={update.isPending} disabled={targets.length === 0}>
            {t('transferProject.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
