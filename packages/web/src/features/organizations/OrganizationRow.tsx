import { Badge, Button, Group, Paper, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import type { Organization } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUpdateOrganization } from '../../api/organizations.ts';
import { DeleteOrganizationModal } from './OrganizationLifecycle.tsx';
import { OrganizationLogo } from './OrganizationLogo.tsx';
import { useOrgAction } from './useOrgAction.ts';

interface OrganizationRowProps {
  organization: Organization;
  /** The settings path of this organization (clicking the row opens it). */
  to: string;
  /** The viewer's own organization: no Active toggle and no Delete. */
  own: boolean;
  /** The name of its consultant, for a client in the list of all organizations. */
  consultantName?: string;
}

/** One organization of a list: logo, name, type and plan; Active toggle and Delete (typed name) unless it is one's own. */
export function OrganizationRow({ organization, to, own, consultantName }: OrganizationRowProps) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const update = useUpdateOrganization();
  const { failure, run } = useOrgAction();
  const [deleting, setDeleting] = useState(false);

  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={organization.name}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <UnstyledButton
          onClick={() => void navigate(to)}
          aria-label={t('lists.open', { name: organization.name })}
          style={{ minWidth: 0, flex: '1 1 260px' }}
        >
          <Group gap="sm" wrap="nowrap">
            <OrganizationLogo organization={organization} />
            <Stack gap={2} miw={0}>
              <Text fw={600} truncate>
                {organization.name}
              </Text>
              <Group gap={6}>
                <Badge variant="light" size="sm">
                  {t(`types.${organization.type}`)}
                </Badge>
                {consultantName && (
                  <Text size="xs" c="dimmed" truncate>
                    {consultantName}
                  </Text>
                )}
                {organization.plan && (
                  <Text size="xs" c="dimmed">
                    {t('lists.plan', { plan: organization.plan })}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
        {own ? (
          <Badge variant="outline">{t('yourOrganization')}</Badge>
        ) : (
          <Group gap="md" wrap="nowrap">
            <Switch
              label={t('general.active')}
              checked={organization.active}
              disabled={update.isPending}
              onChange={(e) => {
                const active = e.currentTarget.checked;
                void run(() => update.mutateAsync({ id: organization._id, change: { active } }));
              }}
            />
            <Button size="xs" color="red" variant="light" onClick={() => setDeleting(true)}>
              {t('general.danger')}
            </Button>
          </Group>
        )}
      </Group>
      {failure && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {failure}
        </Text>
      )}
      <DeleteOrganizationModal organization={organization} opened={deleting} onClose={() => setDeleting(false)} />
    </Paper>
  );
}
