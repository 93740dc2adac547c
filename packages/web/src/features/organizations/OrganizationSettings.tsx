import { Anchor, Badge, Center, Container, Group, Loader, Stack, Tabs, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Organization, User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useMe } from '../../api/session.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { GeneralSettings } from './GeneralSettings.tsx';
import { OrganizationLog } from './OrganizationLog.tsx';
import { OrganizationLogo } from './OrganizationLogo.tsx';
import { OrganizationProjects } from './OrganizationProjects.tsx';
import { actorOf, refOf } from './orgRefs.ts';
import { type OrgTab, organizationTabs } from './orgTabs.ts';
import { UserAccounts } from './UserAccounts.tsx';

export interface OrganizationSettingsProps {
  organization: Organization;
  /** The settings path of this organization, without a tab (e.g. /settings/clients/{id}). */
  basePath: string;
  /** The list it was opened from, for the back link and after a delete; none for one's own organization. */
  listPath?: string;
}

/**
 * One organization's settings: tabs by path (general, users, projects, log), each shown only when the
 * viewer holds its role; the empty path opens the first one, and a tab one may not see is the 404 page.
 */
export function OrganizationSettings({ organization, basePath, listPath }: OrganizationSettingsProps) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const me = useMe().data;
  const tab = useParams()['*']?.replace(/\/+$/, '') ?? '';
  if (!me) return null; // the shell waits for the user before showing any page
  const tabs = organizationTabs(actorOf(me), refOf(organization));

  if (tab === '') return tabs[0] ? <Navigate to={`${basePath}/${tabs[0]}`} replace /> : <NotFound />;
  if (!(tabs as string[]).includes(tab)) return <NotFound />;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        {listPath && (
          <Anchor component={Link} to={listPath} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {t('lists.back')}
            </Group>
          </Anchor>
        )}
        <Group gap="md" wrap="nowrap">
          <OrganizationLogo organization={organization} size={48} />
          <Stack gap={4} miw={0}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {organization.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light">{t(`types.${organization.type}`)}</Badge>
              {!organization.active && (
                <Badge variant="light" color="red">
                  {t('inactive')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Tabs value={tab} onChange={(value) => value && void navigate(`${basePath}/${value}`)} keepMounted={false}>
          {/* One scrolling row on a phone rather than tabs wrapping under each other. */}
          <Tabs.List
            mb="lg"
            aria-label={t('tabs.label')}
            style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
          >
            {tabs.map((key) => (
              <Tabs.Tab key={key} value={key} style={{ flexShrink: 0 }}>
                {t(`tabs.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <TabPanel
            tab={tab as OrgTab}
            organization={organization}
            me={me}
            onDeleted={() => void navigate(listPath ?? '/settings')}
          />
        </Tabs>
      </Stack>
    </Container>
  );
}

function TabPanel({
  tab,
  organization,
  me,
  onDeleted,
}: {
  tab: OrgTab;
  organization: Organization;
  me: User;
  onDeleted: () => void;
}) {
  return (
    <Tabs.Panel value={tab}>
      {tab === 'general' && <GeneralSettings organization={organization} actor={actorOf(me)} onDeleted={onDeleted} />}
      {tab === 'users' && <UserAccounts organization={organization} me={me} />}
      {tab === 'projects' && <OrganizationProjects organizationId={organization._id} />}
      {tab === 'log' && <OrganizationLog organizationId={organization._id} />}
    </Tabs.Panel>
  );
}

/** The page's loader while the organization loads. */
export function OrganizationLoading() {
  const { t } = useTranslation('organizations');
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
