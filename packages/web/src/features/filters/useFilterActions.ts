import { notifications } from '@mantine/notifications';
import type { DashboardFilter } from '@tessera/shared';
import { nanoid } from 'nanoid';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardView } from '../../api/dashboards.ts';
import { type FilterOwner, useFilterMutations } from '../../api/filters.ts';
import { useDashboardMode } from '../canvas/index.ts';
import { type FilterDraft, toNewFilter } from './filterDraft.ts';
import { localFilterStore, localOrSaved } from './localFilters.ts';

export type FilterLevel = 'dashboard' | 'tab';

export interface FilterActions {
  /** Saved (editors) or session (others) filters, dashboard level then tab level. */
  dashboardFilters: readonly DashboardFilter[];
  tabFilters: readonly DashboardFilter[];
  /** Editors save for everyone; others filter for themselves. */
  saves: boolean;
  add: (level: FilterLevel, draft: FilterDraft) => void;
  update: (draft: FilterDraft) => void;
  remove: (filterId: string) => void;
  clearAll: () => void;
}

/**
 * What the filter bar does with a finished menu: editors save through the API (the answer updates the cached
 * dashboard, the live channel tells other viewers); viewers without edit and public visitors change their
 * session filters only.
 */
export function useFilterActions(view: DashboardView, tabId: string | null): FilterActions {
  const { t } = useTranslation('filters');
  const { canEdit } = useDashboardMode();
  const mutations = useFilterMutations();
  const dashboardId = view.dashboard._id;
  const local = useSyncExternalStore(localFilterStore.subscribe, () => localFilterStore.get(dashboardId));
  const tab = view.tabs.find((candidate) => candidate._id === tabId);
  const savedTab = tab?.filters ?? [];

  const dashboardFilters = canEdit ? view.dashboard.filters : localOrSaved(local, null, view.dashboard.filters);
  const tabFilters = !tabId ? [] : canEdit ? savedTab : localOrSaved(local, tabId, savedTab);
  const levelOf = (filterId: string): FilterLevel =>
    dashboardFilters.some((filter) => filter._id === filterId) ? 'dashboard' : 'tab';

  const failed = { onError: () => notifications.show({ color: 'red', message: t('bar.failed') }) };
  const setLocal = (level: FilterLevel, filters: DashboardFilter[]) =>
    localFilterStore.set(dashboardId, level === 'dashboard' ? null : tabId, filters);
  const listOf = (level: FilterLevel) => (level === 'dashboard' ? dashboardFilters : tabFilters);

  return {
    dashboardFilters,
    tabFilters,
    saves: canEdit,
    add(level, draft) {
      if (canEdit) {
        const owner: FilterOwner =
          level === 'tab' && tabId ? { kind: 'tab', id: tabId } : { kind: 'dashboard', id: dashboardId };
        mutations.add.mutate({ owner, filter: toNewFilter(draft) }, failed);
      } else {
        const target = level === 'tab' && tabId ? 'tab' : 'dashboard';
        setLocal(target, [...listOf(target), { ...draft, _id: nanoid() }]);
      }
    },
    update(draft) {
      if (canEdit) mutations.update.mutate({ id: draft._id, change: toNewFilter(draft) }, failed);
      else {
        const level = levelOf(draft._id);
        setLocal(
          level,
          listOf(level).map((filter) => (filter._id === draft._id ? draft : filter)),
        );
      }
    },
    remove(filterId) {
      if (canEdit) mutations.remove.mutate(filterId, failed);
      else {
        const level = levelOf(filterId);
        setLocal(
          level,
          listOf(level).filter((filter) => filter._id !== filterId),
        );
      }
    },
    clearAll() {
      if (canEdit) {
        if (dashboardFilters.length) mutations.clear.mutate({ kind: 'dashboard', id: dashboardId }, failed);
        if (tabId && tabFilters.length) mutations.clear.mutate({ kind: 'tab', id: tabId }, failed);
      } else {
        setLocal('dashboard', []);
        if (tabId) setLocal('tab', []);
      }
    },
  };
}
