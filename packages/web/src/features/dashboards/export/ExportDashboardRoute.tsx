import { Box, Stack } from '@mantine/core';
import {
  decodeExportFilters,
  EXPORT_PARAMS,
  EXPORT_PNG_WIDTH,
  EXPORT_READY_ATTRIBUTE,
  PREVIEW_TOKEN_PARAM,
  type PublicFeature,
} from '@tessera/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { orderedView, usePublicDashboard } from '../../../api/dashboards.ts';
import { type DashboardMode, DashboardModeContext } from '../../canvas/index.ts';
import { cardsDrawn } from '../../cards/index.ts';
import { localFilterStore } from '../../filters/index.ts';
import { PublicUnavailable } from '../public/PublicUnavailable.tsx';
import { ExportTab } from './ExportTab.tsx';
import { useTablesLoaded } from './exportProgress.ts';

/**
 * The page the server's Chromium prints or takes for an export (docs/data-apps.md "Export"):
 * /export/projects/{projectId}/dashboards/{id}?previewToken=…&tabs=…[&unit=…][&filters=…]&at=…&format=…, no login.
 * Each chosen tab starts a page with the data app's name, the time and the filters in force; tables are printed
 * whole (up to a limit). The page marks itself ready once every card has drawn and every table has all its rows,
 * and tells its progress meanwhile (data-export-progress).
 */
export function ExportDashboardRoute() {
  const { projectId = '', dashboardId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get(PREVIEW_TOKEN_PARAM);
  const tabIds = (search.get(EXPORT_PARAMS.tabs) ?? '').split(',').filter(Boolean);
  const unitId = search.get(EXPORT_PARAMS.unit);
  const png = search.get(EXPORT_PARAMS.format) === 'png';
  const at = search.get(EXPORT_PARAMS.at) ?? new Date().toISOString();
  // The filters the export was asked with replace the saved ones, as a visitor's own filters do.
  useState(() => {
    const filters = decodeExportFilters(search.get(EXPORT_PARAMS.filters));
    if (filters?.dashboard) localFilterStore.set(dashboardId, null, filters.dashboard);
    for (const [tabId, list] of Object.entries(filters?.tabs ?? {})) localFilterStore.set(dashboardId, tabId, list);
    return true;
  });
  const detail = usePublicDashboard(dashboardId, token);
  const mode = useMemo<DashboardMode>(
    () => ({ place: { kind: 'preview', projectId }, canEdit: false, cardMenu: false, preview: false, exporting: true }),
    [projectId],
  );
  const view = detail.data ? orderedView(detail.data) : undefined;
  const tabs = view?.tabs.filter((tab) => tabIds.includes(tab._id)) ?? [];
  const units = view?.units.filter((unit) => (unitId ? unit._id === unitId : true)) ?? [];
  const tables = units.filter((unit) => unit.type === 'table' && tabIds.includes(unit.tabId));
  const { loaded: tablesLoaded, onLoaded } = useTablesLoaded();
  const root = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const element = root.current;
    if (!element || !view) return;
    const check = () => {
      const bodies = element.querySelectorAll('[data-testid="card-body"]').length;
      const waiting = element.querySelectorAll('[data-testid="card-body"][data-state="loader"]').length;
      const total = bodies + tables.length;
      setProgress(total === 0 ? 1 : (bodies - waiting + tablesLoaded) / total);
      setDrawn(cardsDrawn(element));
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(element, { subtree: true, childList: true, attributes: true });
    return () => observer.disconnect();
  }, [view, tables.length, tablesLoaded]);

  if (detail.isError) {
    return (
      <Box {...{ [EXPORT_READY_ATTRIBUTE]: 'true' }}>
        <PublicUnavailable />
      </Box>
    );
  }
  const ready = !!view && drawn && tablesLoaded >= tables.length;
  return (
    <Box
      ref={root}
      bg="white"
      w={png ? EXPORT_PNG_WIDTH : undefined}
      data-export-progress={progress.toFixed(3)}
      {...(ready ? { [EXPORT_READY_ATTRIBUTE]: 'true' } : {})}
    >
      {view && (
        <DashboardModeContext.Provider value={mode}>
          <Stack gap={0}>
            {tabs.map((tab, index) => (
              <ExportTab
                key={tab._id}
                dashboard={view.dashboard}
                features={(detail.data as { features?: PublicFeature[] }).features ?? []}
                tab={tab}
                units={units.filter((unit) => unit.tabId === tab._id)}
                at={at}
                first={index === 0}
                target={png && !unitId}
                targetUnitId={png ? unitId : null}
                onTableLoaded={onLoaded}
              />
            ))}
          </Stack>
        </DashboardModeContext.Provider>
      )}
    </Box>
  );
}
