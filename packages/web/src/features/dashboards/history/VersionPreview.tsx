import { Alert, Badge, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { VersionDifference } from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardVersion, useRestoreVersion } from '../../../api/dashboardHistory.ts';
import { type DashboardView, orderedView } from '../../../api/dashboards.ts';
import { type DashboardMode, DashboardModeContext } from '../../canvas/index.ts';
import { PinnedDashboardViewProvider } from '../../filters/index.ts';
import { CardGrid } from '../grid/CardGrid.tsx';
import { VersionFilters } from './VersionFilters.tsx';

interface Props {
  projectId: string;
  dashboardId: string;
  versionId: string;
  canEdit: boolean;
  onClose: () => void;
  onRestored: () => void;
}

/**
 * One version of a data app, read-only: its tabs with their real cards (as mapped then, under the filters saved
 * then, with today's data: the cards read the version's app, pinned, not today's from the cache), what
 * differs from now card by card, and Restore for editors (a new version equal to this one).
 */
export function VersionPreview({ projectId, dashboardId, versionId, canEdit, onClose, onRestored }: Props) {
  const { t } = useTranslation('dashboards');
  const version = useDashboardVersion(projectId, dashboardId, versionId);
  const restore = useRestoreVersion(projectId, dashboardId);
  const mode = useMemo<DashboardMode>(
    () => ({ place: { kind: 'version', projectId, versionId }, canEdit: false, cardMenu: false, preview: false }),
    [projectId, versionId],
  );
  const data = version.data;
  const view: DashboardView | null = data ? orderedView(data) : null;
  const missing = new Set(data?.missingCards ?? []);

  const onRestore = () =>
    restore.mutate(versionId, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('history.restored', { number: data?.version.number }) });
        onRestored();
      },
      onError: (err) => notifications.show({ color: 'red', message: err.message || t('common.failed') }),
    });

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      title={data ? t('history.previewTitle', { number: data.version.number }) : t('history.title')}
    >
      {!view || !data ? (
        <Loader aria-label={t('common.loading')} />
      ) : (
        <Stack gap="md">
          <Alert color="blue" title={data.version.summary}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('history.readOnly')}</Text>
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  {t('history.back')}
                </Button>
                {canEdit && (
                  <Button onClick={onRestore} loading={restore.isPending}>
                    {t('history.restore')}
                  </Button>
                )}
              </Group>
            </Group>
          </Alert>
          <Stack gap={4} aria-label={t('history.differences')}>
            <Title order={4}>{t('history.differences')}</Title>
            {data.differences.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('history.same')}
              </Text>
            ) : (
              <List size="sm">
                {data.differences.map((d) => (
                  <List.Item key={`${d.type}:${d._id}`}>{describe(d, t)}</List.Item>
                ))}
              </List>
            )}
            {missing.size > 0 && (
              <Alert color="orange">
                {t('history.missing', {
                  names: view.units
                    .filter((u) => missing.has(u._id))
                    .map((u) => u.name || t('history.untitled'))
                    .join(', '),
                })}
              </Alert>
            )}
          </Stack>
          <DashboardModeContext.Provider value={mode}>
            <PinnedDashboardViewProvider view={view}>
              <VersionFilters dashboardId={dashboardId} filters={view.dashboard.filters} level="dashboard" />
              {view.tabs.map((tab) => (
                <Stack key={tab._id} gap="xs">
                  <Group gap="xs">
                    <Title order={3}>{tab.name}</Title>
                    {data.differences.some((d) => d.type === 'tab' && d._id === tab._id) && (
                      <Badge variant="light" color="orange">
                        {t('history.differs')}
                      </Badge>
                    )}
                  </Group>
                  <VersionFilters dashboardId={dashboardId} filters={tab.filters} level="tab" />
                  <CardGrid tab={tab} units={view.units.filter((u) => u.tabId === tab._id)} />
                </Stack>
              ))}
            </PinnedDashboardViewProvider>
          </DashboardModeContext.Provider>
        </Stack>
      )}
    </Modal>
  );
}

function describe(d: VersionDifference, t: (key: string, options?: Record<string, unknown>) => string): string {
  const name = d.type === 'dashboard' ? t('history.theApp') : d.name || t('history.untitled');
  const what = t(`history.kind.${d.type}`, { name });
  if (d.change !== 'changed') return t(`history.${d.change}Since`, { what });
  return t('history.changedSince', {
    what,
    aspects: d.aspects.map((a) => t(`history.aspect.${a}`)).join(', '),
  });
}
