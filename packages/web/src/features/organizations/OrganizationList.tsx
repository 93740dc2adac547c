import { Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { listSearch, ORGANIZATION_SEARCH_FIELDS, organizationCreation } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllOrganizations, useClientOrganizations } from '../../api/organizations.ts';
import { useMe, useMyOrganization } from '../../api/session.ts';
import { CreateOrganizationModal } from './CreateOrganizationModal.tsx';
import { OrganizationRow } from './OrganizationRow.tsx';
import { actorOf } from './orgRefs.ts';
import { SearchBox, useListSearchState } from './SearchBox.tsx';

const LIST_PATHS = { clients: '/settings/clients', all: '/settings/root/organizations' } as const;

/**
 * A list of organizations: the client organizations of the viewer's consultant organization, or every
 * organization for product operations. Search by name and plan, Create Organization, and per row the Active
 * toggle and Delete except on one's own organization; a row opens the organization's settings.
 */
export function OrganizationList({ kind }: { kind: 'clients' | 'all' }) {
  const { t } = useTranslation('organizations');
  const me = useMe().data;
  const myOrganization = useMyOrganization().data;
  const all = useAllOrganizations(kind === 'all');
  const clients = useClientOrganizations(kind === 'clients' ? me?.organizationId : undefined);
  const list = kind === 'all' ? all : clients;
  const search = useListSearchState(ORGANIZATION_SEARCH_FIELDS);
  const [creating, setCreating] = useState(false);

  if (!me || list.isError) return null; // a failed query shows the full-page error
  if (!list.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const creation = myOrganization ? organizationCreation(actorOf(me), myOrganization.type) : 'none';
  const names = new Map(list.data.map((o) => [o._id, o.name]));
  const shown = listSearch(list.data, search.text, ORGANIZATION_SEARCH_FIELDS, search.regexFields);
  const path = LIST_PATHS[kind];

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t(`lists.${kind}`)}
        </Title>
        <Group gap="sm" wrap="wrap">
          <SearchBox state={search} placeholder={t('search.organizations')} />
          {creation !== 'none' && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('lists.create')}
            </Button>
          )}
        </Group>
        {list.data.length === 0 || shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {list.data.length === 0 ? t('lists.empty') : t('search.noMatch')}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t(`lists.${kind}`)}>
            {shown.map((organization) => (
              <OrganizationRow
                key={organization._id}
                organization={organization}
                to={`${path}/${organization._id}`}
                own={organization._id === me.organizationId}
                consultantName={
                  kind === 'all' && organization.consultantId ? names.get(organization.consultantId) : undefined
                }
              />
            ))}
          </Stack>
        )}
      </Stack>
      {creation !== 'none' && (
        <CreateOrganizationModal
          opened={creating}
          onClose={() => setCreating(false)}
          creation={creation}
          organizations={list.data}
        />
      )}
    </Container>
  );
}
