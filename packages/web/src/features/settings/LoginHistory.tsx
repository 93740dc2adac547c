import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserLoginLog } from '../../api/account.ts';
import { LoginEvents } from './LoginEvents.tsx';

/**
 * A user's login log (GET /api/v1/logs/users/{id}), or "No account activity". Reused by the organization
 * settings' user modal.
 */
export function LoginHistory({ userId }: { userId: string }) {
  const { t } = useTranslation('settings');
  const log = useUserLoginLog(userId);

  if (log.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('log.loading')} />
      </Center>
    );
  }
  if (log.isError) return null; // the shell shows the full-page error for a failed query
  if (log.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('log.empty')}
      </Text>
    );
  }
  return <LoginEvents events={log.data} />;
}
