import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Subscription, Tab } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useSubscriptionMutations, useSubscriptions } from '../../../api/subscriptions.ts';

/**
 * A data app's subscriptions: to whom, what, next and last sent, the last failure, Edit and Delete. The server lists
 * only those the caller may change (an editor every one, a viewer their own).
 */
export function SubscriptionList({
  projectId,
  dashboardId,
  tabs,
  enabled,
  onEdit,
}: {
  projectId: string;
  dashboardId: string;
  tabs: Tab[];
  enabled: boolean;
  onEdit: (subscription: Subscription) => void;
}) {
  const { t, i18n } = useTranslation('dashboards');
  const list = useSubscriptions(projectId, dashboardId, enabled);
  const { remove } = useSubscriptionMutations(projectId, dashboardId);
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(iso))
      : '—';
  const tabNames = (s: Subscription) =>
    s.tabs.length
      ? s.tabs.map((id) => tabs.find((tab) => tab._id === id)?.name ?? '?').join(', ')
      : t('subscriptions.allTabs');

  if (list.isLoading) return <Text size="sm">{t('subscriptions.loading')}</Text>;
  const rows = list.data ?? [];
  if (!rows.length) {
    return (
      <Text size="sm" c="dimmed">
        {t('subscriptions.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="subscription-list">
      {rows.map((s) => (
        <Paper key={s._id} withBorder p="sm" data-testid="subscription-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <Group gap="xs">
                <Badge variant="light">{s.format === 'pdf' ? 'PDF' : 'PNG'}</Badge>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {s.recipients.length ? s.recipients.map((r) => r.email).join(', ') : t('subscriptions.noRecipients')}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('subscriptions.what', { tabs: tabNames(s) })}
              </Text>
              <Text size="xs">
                {t('subscriptions.next', { time: when(s.nextRunAt) })} ·{' '}
                {t('subscriptions.lastSent', { time: when(s.lastSentAt) })}
              </Text>
              {s.lastError && (
                <Text size="xs" c="red">
                  {t('subscriptions.lastError', { message: s.lastError })}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={t('subscriptions.edit')}>
                <ActionIcon variant="subtle" aria-label={t('subscriptions.edit')} onClick={() => onEdit(s)}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('subscriptions.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('subscriptions.delete')}
                  loading={remove.isPending && remove.variables === s._id}
                  onClick={() => remove.mutate(s._id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
