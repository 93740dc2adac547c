import { Box } from '@mantine/core';
import {
  cardIsMapped,
  type DashboardType,
  PREVIEW,
  PREVIEW_READY_ATTRIBUTE,
  PREVIEW_TOKEN_PARAM,
} from '@tessera/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { orderedView, usePublicDashboard } from '../../../api/dashboards.ts';
import { useUnitsDataSettled } from '../../../api/units.ts';
import {
  completeLayout,
  type DashboardMode,
  DashboardModeContext,
  dashboardPath,
  previewLayout,
} from '../../canvas/index.ts';
import { chartsDrawn } from '../../cards/index.ts';
import { dashboardRouteOutcome } from '../dashboard/dashboardRoute.ts';
import { CardGrid } from '../grid/CardGrid.tsx';
import { PublicUnavailable } from './PublicUnavailable.tsx';

/**
 * The page the server's renderer screenshots for a data app's list image:
 * /preview/projects/{projectId}/dashboards/[report/]{id}/tabs/{tabId}, no login. It presents the renderer's
 * one-time `previewToken` to the API, draws the tab's first rows (cards with y up to 3) on a 12-column grid
 * 1180 wide, and marks itself ready for the screenshot once drawn and every drawn card's data has answered
 * (or failed).
 */
export function PreviewDashboardRoute({ pathType }: { pathType: DashboardType }) {
  const { projectId = '', dashboardId = '', tabId } = useParams();
  const [search] = useSearchParams();
  const token = search.get(PREVIEW_TOKEN_PARAM);
  const detail = usePublicDashboard(dashboardId, token);
  const [ready, setReady] = useState(false);
  const mode = useMemo<DashboardMode>(
    () => ({ place: { kind: 'preview', projectId }, canEdit: false, cardMenu: false, preview: true }),
    [projectId],
  );

  const outcome = detail.data ? dashboardRouteOutcome(detail.data.dashboard, pathType, tabId) : null;
  const shownTab = outcome?.kind === 'show' ? detail.data?.tabs.find((t) => t._id === outcome.tabId) : undefined;
  // The cards the page draws (y up to 3) that ask for data: the screenshot waits for their answers.
  const waitFor = useMemo(() => {
    if (!shownTab || !detail.data) return [];
    const drawn = new Set(previewLayout(completeLayout(shownTab.units, shownTab.layout)).map((item) => item.i));
    return detail.data.units.filter((unit) => drawn.has(unit._id) && cardIsMapped(unit)).map((unit) => unit._id);
  }, [shownTab, detail.data]);
  const cardsSettled = useUnitsDataSettled(waitFor);
  const settled = detail.isError || (outcome?.kind === 'show' && cardsSettled);
  const page = useRef<HTMLDivElement>(null);
  // Ready after the drawn page is committed (the effect runs after it), so the screenshot sees the cards, and
  // once every chart card has drawn (charts draw one per task after their data, see features/cards/drawQueue).
  useEffect(() => {
    if (!settled) return;
    const root = page.current;
    if (!root) {
      setReady(true);
      return;
    }
    const check = () => {
      if (chartsDrawn(root)) setReady(true);
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    return () => observer.disconnect();
  }, [settled]);

  if (detail.isError) {
    return (
      <Box {...{ [PREVIEW_READY_ATTRIBUTE]: 'true' }}>
        <PublicUnavailable />
      </Box>
    );
  }
  if (!detail.data || !outcome) return null;
  if (outcome.kind === 'redirect') {
    const path = dashboardPath(mode.place, detail.data.dashboard, outcome.tabId);
    return <Navigate to={token ? `${path}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}` : path} replace />;
  }
  const view = orderedView(detail.data);
  const tab = view.tabs.find((candidate) => candidate._id === outcome.tabId);
  return (
    <Box ref={page} w={PREVIEW.width} p={0} {...(ready ? { [PREVIEW_READY_ATTRIBUTE]: 'true' } : {})}>
      <DashboardModeContext.Provider value={mode}>
        {tab && <CardGrid tab={tab} units={view.units.filter((unit) => unit.tabId === tab._id)} />}
      </DashboardModeContext.Provider>
    </Box>
  );
}
