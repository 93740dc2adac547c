import { notifications } from '@mantine/notifications';
import type { ExportFilters, ExportRequest } from '@tessera/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { ExportFailed, runExport, saveBlob } from '../../../api/exports.ts';
import { jobMessageText } from '../../../api/serverErrors.ts';
import { CROSS_PARAM, entriesFromParam } from '../../crossFilters/index.ts';
import { localFilterStore } from '../../filters/index.ts';

/**
 * Export PDF and Download PNG (docs/data-apps.md "Export"): starts the export with the filters the person has in
 * force (their own, when they changed the saved ones, and the page's cross-filters), shows its progress in a notice, and saves the file.
 */
export function useExport(dashboardId: string, tabIds: readonly string[]) {
  const { t } = useTranslation('dashboards');
  const [busy, setBusy] = useState(false);
  const [search] = useSearchParams();
  const cross = search.get(CROSS_PARAM);

  const start = useCallback(
    async (request: Omit<ExportRequest, 'filters'>) => {
      const id = `export-${dashboardId}-${Date.now()}`;
      const working = (fraction: number) => ({
        id,
        loading: true,
        autoClose: false as const,
        withCloseButton: false,
        message: t('export.working', { percent: Math.round(fraction * 100) }),
      });
      notifications.show(working(0));
      setBusy(true);
      try {
        const filters = ownFilters(dashboardId, tabIds);
        const crossFilters = entriesFromParam(cross);
        const asked = { ...request, ...(filters ? { filters } : {}), ...(crossFilters.length ? { crossFilters } : {}) };
        const file = await runExport(dashboardId, asked, (fraction) => notifications.update(working(fraction)));
        saveBlob(file.blob, file.fileName);
        notifications.update({ id, loading: false, color: 'green', autoClose: 4000, message: t('export.done') });
      } catch (err) {
        const reason =
          err instanceof ApiError
            ? err.message
            : err instanceof ExportFailed
              ? (jobMessageText(err.job) ?? err.message)
              : String(err);
        notifications.update({
          id,
          loading: false,
          color: 'red',
          autoClose: 8000,
          withCloseButton: true,
          message: t('export.failed', { message: reason }),
        });
      } finally {
        setBusy(false);
      }
    },
    [dashboardId, tabIds, cross, t],
  );
  return { start, busy };
}

/** The person's own filters (changed from the saved ones on this page), for the tabs that still exist. */
export function ownFilters(dashboardId: string, tabIds: readonly string[]): ExportFilters | undefined {
  const local = localFilterStore.get(dashboardId);
  if (!local) return undefined;
  const tabs = Object.fromEntries(Object.entries(local.tabs).filter(([tabId]) => tabIds.includes(tabId)));
  return { ...(local.dashboard ? { dashboard: local.dashboard } : {}), tabs };
}
