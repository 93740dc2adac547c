import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS, type LoginEvent } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<LoginEvent['status'], string> = {
  success: 'green',
  failure: 'red',
  deactivated: 'orange',
  'rate-limited': 'yellow',
  'reset-required': 'blue',
};

/**
 * Login events: type, email, status and time in the viewer's local time. A table, or on a phone
 * one small card per event, since four columns do not fit below 767 px. Usable for any list of events (a
 * user's log here, an organization's log in its settings).
 */
export function LoginEvents({ events }: { events: LoginEvent[] }) {
  const { t, i18n } = useTranslation('settings');
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.phone - 0.02}px)`, false, { getInitialValueInEffect: false });
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const when = (event: LoginEvent) => (
    <time dateTime={event.timeCreated}>{time.format(new Date(event.timeCreated))}</time>
  );
  const status = (event: LoginEvent) => (
    <Badge variant="light" color={STATUS_COLORS[event.status]}>
      {t(`log.statuses.${event.status}`)}
    </Badge>
  );

  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label={t('tabs.log')}>
        {events.map((event) => (
          <Paper key={event._id} withBorder p="sm" role="listitem">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {t(`log.types.${event.type}`)}
              </Text>
              {status(event)}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {event.email}
            </Text>
            <Text size="xs" c="dimmed">
              {when(event)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={640}>
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
          {events.map((event) => (
            <Table.Tr key={event._id}>
              <Table.Td>{t(`log.types.${event.type}`)}</Table.Td>
              <Table.Td>{event.email}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{status(event)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(event)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
