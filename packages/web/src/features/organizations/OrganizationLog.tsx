import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOrganizationLog } from '../../api/organizations.ts';
import { LoginEvents } from '../settings/index.ts';

/** The Login History tab: the organization's login events (GET /api/v1/logs/organizations/{id}), or "No activity". */
export function OrganizationLog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const log = useOrganizationLog(organizationId);

  if (log.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (log.isError) return null; // the full-page error shows a failed query
  if (log.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('log.empty')}
      </Text>
    );
  }
  return <LoginEvents events={log.data} />;
}
