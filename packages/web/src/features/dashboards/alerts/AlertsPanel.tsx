import { ActionIcon, Badge, Drawer, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type Alert, formatNumber } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertConditionText, useAlertFirings, useAlertMutations, useProjectAlerts } from '../../../api/alerts.ts';
import { AlertDialog } from './AlertDialog.tsx';

interface Props {
  projectId: string;
  dashboardId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The Alerts panel of a data app's menu (docs/data-apps.md "Alerts"): the caller's alerts in the project, this data
 * app's first, each with its condition, its last value, whether the condition holds now and its firings; Edit
 * (its condition, threshold and name) and Delete. The list holds the caller's own alerts only: each is theirs to edit.
 */
export function AlertsPanel({ projectId, dashboardId, opened, onClose }: Props) {
  const { t } = useTranslation('dashboards');
  const list = useProjectAlerts(projectId, opened);
  const alerts = [...(list.data ?? [])].sort(
    (a, b) => Number(b.dashboardId === dashboardId) - Number(a.dashboardId === dashboardId),
  );
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('alerts.panelTitle')} size="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('alerts.panelIntro')}
        </Text>
        {list.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {list.isError && <Text c="red">{t('common.failed')}</Text>}
        {list.data && alerts.length === 0 && <Text size="sm">{t('alerts.empty')}</Text>}
        {alerts.map((alert) => (
          <AlertRow key={alert._id} projectId={projectId} alert={alert} here={alert.dashboardId === dashboardId} />
        ))}
      </Stack>
    </Drawer>
  );
}

function AlertRow({ projectId, alert, here }: { projectId: string; alert: Alert; here: boolean }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const firings = useAlertFirings(projectId, alert._id);
  const { remove } = useAlertMutations(projectId);
  const [editing, setEditing] = useState(false);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const removeAlert = () =>
    remove.mutate(alert._id, {
      onSuccess: () => notifications.show({ message: t('alerts.deleted') }),
      onError: () => notifications.show({ color: 'red', message: t('common.failed') }),
    });

  return (
    <Paper withBorder p="sm" radius="md" aria-label={alert.name} role="group">
      {editing && <AlertDialog projectId={projectId} alert={alert} onClose={() => setEditing(false)} />}
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {alert.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Badge color={alert.active ? 'orange' : 'gray'} variant="light">
              {alert.active ? t('alerts.active') : t('alerts.inactive')}
            </Badge>
            <Tooltip label={t('alerts.edit')}>
              <ActionIcon variant="subtle" size="sm" aria-label={t('alerts.edit')} onClick={() => setEditing(true)}>
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('alerts.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t('alerts.delete')}
                loading={remove.isPending}
                onClick={removeAlert}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm">{alertConditionText(t, alert.condition, alert.value, locale)}</Text>
        <Text size="sm" c="dimmed">
          {alert.lastValue === null
            ? t('alerts.neverChecked')
            : t('alerts.lastValue', { value: formatNumber(alert.lastValue, locale) })}
          {here ? '' : ` · ${t('alerts.onOtherDashboard')}`}
        </Text>
        <Text size="sm" fw={500} mt={4}>
          {t('alerts.firings')}
        </Text>
        {firings.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('alerts.noFirings')}
          </Text>
        )}
        <Stack gap={2} role="list" aria-label={t('alerts.firings')}>
          {firings.data?.map((firing) => (
            <Text size="sm" key={firing._id} role="listitem">
              {t('alerts.firedAt', {
                time: time.format(new Date(firing.firedAt)),
                value: formatNumber(firing.value, locale),
              })}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
