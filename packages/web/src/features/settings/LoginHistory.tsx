import { Badge, Center, Loader, Table, Text } from '@mantine/core';
import type { LoginEvent } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useUserLoginLog } from '../../api/account.ts';

const STATUS_COLORS: Record<LoginEvent['status'], string> = {
  success: 'green',
  failure: 'red',
  deactivated: 'orange',
  'rate-limited': 'yellow',
  'reset-required': 'blue',
};

/**
 * A user's login log (GET /api/v1/logs/users/{id}): type, email, status and time in the viewer's local time.
 * Reused by the organization settings' user modal.
 */
export function LoginHistory({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('settings');
  const log = useUserLoginLog(userId);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });

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

  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.type')}</Table.Th>
            <Table.Th>{t('log.email')}</Table.Th>
            <Table.Th>{t('log.status')}</Table.Th>
            <Table.Th>{t('log.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.map((event) => (
            <Table.Tr key={event._id}>
              <Table.Td>{t(`log.types.${event.type}`)}</Table.Td>
              <Table.Td>{event.email}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLORS[event.status]}>
                  {t(`log.statuses.${event.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <time dateTime={event.timeCreated}>{time.format(new Date(event.timeCreated))}</time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
