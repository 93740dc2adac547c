import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { type DashboardView, useTabMutations, useUpdateDashboard } from '../../../api/dashboards.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { dashboardPath, placeProjectId, useDashboardMode } from '../../canvas/index.ts';
import type { TabValues } from './TabModal.tsx';

/**
 * The tab (section) actions with the navigation rules: creating or duplicating goes to the
 * new tab only once the call succeeded (a failure throws and nothing moves). Deleting the selected tab goes to
 * the next tab, else the previous, else the dashboard: the dashboard route applies that rule when its tab is
 * gone (see dashboardRoute.ts).
 */
export function useTabActions(view: DashboardView) {
  const { t } = useTranslation('dashboards');
  const serverText = useServerText();
  const navigate = useNavigate();
  const { place } = useDashboardMode();
  const { dashboard } = view;
  const mutations = useTabMutations(dashboard._id);
  const update = useUpdateDashboard(placeProjectId(place) ?? '');
  const words = dashboard.type === 'Report' ? 'sections' : 'tabs';

  const go = useCallback(
    (tabId: string | null) => navigate(dashboardPath(place, dashboard, tabId)),
    [navigate, place, dashboard],
  );

  const create = async (values: TabValues) => {
    const { tab } = await mutations.create.mutateAsync(values);
    await go(tab._id);
  };

  const notifyFailure = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: error instanceof ApiError ? serverText(error.message) : t('common.failed'),
    });

  return {
    words,
    create,
    /** "Add one!" and the add button of a report: a tab named after its place, at once. */
    createDefault: () =>
      create({ name: t(`${words}.defaultName`, { n: dashboard.tabs.length + 1 }), description: '' }).catch(
        notifyFailure,
      ),
    duplicate: async (tabId: string) => {
      try {
        const { tab } = await mutations.duplicate.mutateAsync(tabId);
        await go(tab._id);
      } catch (error) {
        notifyFailure(error);
      }
    },
    /**
     * Throws on failure (the confirmation dialog shows it). Where the page goes when the selected tab is the one
     * deleted is the route's rule (dashboardRouteOutcome), the same as when another editor deletes it.
     */
    remove: async (tabId: string) => {
      const answer = await mutations.remove.mutateAsync(tabId);
      mutations.removed(tabId, answer.dashboard);
    },
    edit: (tabId: string, values: TabValues) => mutations.update.mutateAsync({ tabId, change: values }),
    reorder: (tabs: string[]) => update.mutate({ id: dashboard._id, change: { tabs } }, { onError: notifyFailure }),
    select: (tabId: string, replace = false) => navigate(dashboardPath(place, dashboard, tabId), { replace }),
  };
}

export type TabActions = ReturnType<typeof useTabActions>;
