import { Button, Group, Tooltip } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { visFeatureIds } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AddFilterButton } from './AddFilterButton.tsx';
import { FilterChip } from './FilterChip.tsx';
import { useCachedDashboardView } from './useActiveFilters.ts';
import { useFeatureLookup, useFreshPublicFeatures } from './useFeatureLookup.ts';
import { useFilterActions } from './useFilterActions.ts';

/**
 * The dashboard's filter bar: the dashboard's and the open
 * tab's filters as chips, Add Filter and Clear all. Editors' filters are saved for everyone; the others' stay
 * theirs for the session. The open tab comes from the route.
 */
export function FilterBar({ dashboardId }: { dashboardId: string }) {
  const view = useCachedDashboardView(dashboardId);
  if (!view) return null;
  return <LoadedFilterBar view={view} />;
}

function LoadedFilterBar({ view }: { view: NonNullable<ReturnType<typeof useCachedDashboardView>> }) {
  const { t } = useTranslation('filters');
  const { tabId = null } = useParams();
  const openTab = view.tabs.some((tab) => tab._id === tabId) ? tabId : null;
  const actions = useFilterActions(view, openTab);
  const { lookup, projectId, featuresFailed, publicFeatures } = useFeatureLookup(view.dashboard._id);
  const filters = [...actions.dashboardFilters, ...actions.tabFilters];
  useFreshPublicFeatures(
    view.dashboard._id,
    [
      ...[...view.dashboard.filters, ...view.tabs.flatMap((tab) => tab.filters)].map((filter) => filter.feature.id),
      ...view.units.flatMap((unit) => visFeatureIds(unit.vis)),
    ],
    projectId === null ? publicFeatures : undefined,
  );
  // Public visitors (and members without the dataset role) add filters on the dashboard's features (those its
  // filters use and its cards map).
  const canAdd = publicFeatures === undefined ? !featuresFailed : publicFeatures.length > 0;
  if (filters.length === 0 && !canAdd) return null;

  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('bar.label')} data-testid="filter-bar">
      <Tooltip label={actions.saves ? t('bar.label') : t('bar.localHint')} openDelay={500}>
        <IconFilter size={18} aria-hidden style={{ opacity: 0.7 }} />
      </Tooltip>
      {filters.map((filter) => (
        <FilterChip
          key={filter._id}
          filter={filter}
          level={actions.tabFilters.includes(filter) ? 'tab' : 'dashboard'}
          feature={lookup(filter)}
          actions={actions}
          projectId={projectId}
        />
      ))}
      {canAdd && (
        <AddFilterButton projectId={projectId} publicFeatures={publicFeatures} actions={actions} tabId={openTab} />
      )}
      {filters.length > 0 && (
        <Button size="xs" variant="subtle" onClick={actions.clearAll}>
          {t('bar.clearAll')}
        </Button>
      )}
    </Group>
  );
}
