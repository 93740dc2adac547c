import { Box, CloseButton, Drawer, Group, Loader, NavLink, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDatabase, IconTable } from '@tabler/icons-react';
import type { Dashboard } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useProjectDatasets } from '../../../api/dashboards.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import { useDashboardMode } from '../../canvas/index.ts';
import { FeatureColors } from './FeatureColors.tsx';

/** Sidebar width and the width from which it is docked beside the page. */
export const SIDEBAR_WIDTH = 274;
export const DOCKED_FROM = 1023;

function DatasetList({
  dashboard,
  onClose,
}: {
  dashboard: Pick<Dashboard, '_id' | 'colors' | 'display'>;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboards');
  const { project } = useCurrentProject();
  // Without the dataset view role the list is simply empty (the server would refuse it).
  const allowed = useProjectCan('dataset:view');
  const datasets = useProjectDatasets(project._id, allowed);
  const list = allowed ? (datasets.data ?? []) : [];
  const { canEdit } = useDashboardMode();
  const editable = canEdit && !dashboard.display.hide.hideDashboardColors;
  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{t('datasets.title')}</Title>
        <CloseButton aria-label={t('datasets.close')} onClick={onClose} />
      </Group>
      {allowed && datasets.isPending ? (
        <Loader size="sm" aria-label={t('datasets.loading')} />
      ) : list.length === 0 ? (
        <Stack align="center" gap={4} py="lg" c="dimmed">
          <IconDatabase size={24} stroke={1.5} />
          <Text size="sm">{t('datasets.none')}</Text>
        </Stack>
      ) : (
        <ScrollArea flex={1} type="auto">
          {list.map((dataset) => (
            <NavLink
              key={dataset._id}
              label={dataset.name}
              leftSection={<IconTable size={16} />}
              component="button"
              aria-label={t('datasets.featureColors', { name: dataset.name })}
            >
              <FeatureColors
                dashboard={dashboard}
                projectId={project._id}
                datasetId={dataset._id}
                editable={editable}
              />
            </NavLink>
          ))}
        </ScrollArea>
      )}
    </Stack>
  );
}

/**
 * The collapsible dataset side list ('Show Datasets'): docked beside the page from 1023 px wide, a drawer below.
 * What it lists grows with the datasets and mapping issues (dragging fields into cards).
 */
export function DatasetSideList({
  dashboard,
  opened,
  onClose,
}: {
  dashboard: Pick<Dashboard, '_id' | 'colors' | 'display'>;
  opened: boolean;
  onClose: () => void;
}) {
  const docked = useMediaQuery(`(min-width: ${DOCKED_FROM}px)`, true);
  if (docked) {
    if (!opened) return null;
    return (
      <Box
        component="aside"
        w={SIDEBAR_WIDTH}
        p="md"
        style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)', alignSelf: 'stretch' }}
      >
        <DatasetList dashboard={dashboard} onClose={onClose} />
      </Box>
    );
  }
  return (
    <Drawer opened={opened} onClose={onClose} size={SIDEBAR_WIDTH} withCloseButton={false} padding="md">
      <DatasetList dashboard={dashboard} onClose={onClose} />
    </Drawer>
  );
}
