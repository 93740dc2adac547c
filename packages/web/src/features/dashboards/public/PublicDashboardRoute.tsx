import { Box, Center, Loader } from '@mantine/core';
import type { DashboardType } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { orderedView, usePublicDashboard } from '../../../api/dashboards.ts';
import { useDocumentTitle } from '../../../ui/documentTitle.ts';
import { type DashboardMode, DashboardModeContext, dashboardPath } from '../../canvas/index.ts';
import { DashboardScreen } from '../dashboard/DashboardScreen.tsx';
import { dashboardRouteOutcome } from '../dashboard/dashboardRoute.ts';
import { PublicBanner } from './PublicBanner.tsx';
import { PublicUnavailable } from './PublicUnavailable.tsx';
import { usePublicSocket } from './usePublicSocket.ts';

/** Read-only, no card menu, no editing. */
const PUBLIC_MODE: DashboardMode = { place: { kind: 'public' }, canEdit: false, cardMenu: false, preview: false };

/**
 * The public page, /public/dashboards/[report/]{id}[/tabs/{tabId}]: no login, the
 * banner, the dashboard read-only, and live updates of the project.
 */
export function PublicDashboardRoute({ pathType }: { pathType: DashboardType }) {
  const { dashboardId = '', tabId } = useParams();
  const { t } = useTranslation('dashboards');
  const detail = usePublicDashboard(dashboardId, null);
  usePublicSocket(detail.data?.dashboard.projectId);
  useDocumentTitle(detail.data?.dashboard.name);

  if (detail.isError) return <PublicUnavailable />;
  if (!detail.data) {
    return (
      <Center py={80}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const { dashboard } = detail.data;
  const outcome = dashboardRouteOutcome(dashboard, pathType, tabId);
  if (outcome.kind === 'redirect')
    return <Navigate to={dashboardPath(PUBLIC_MODE.place, dashboard, outcome.tabId)} replace />;
  return (
    <Box mih="100dvh">
      <PublicBanner />
      <DashboardModeContext.Provider value={PUBLIC_MODE}>
        <DashboardScreen view={orderedView(detail.data)} tabId={outcome.tabId} publicLink={null} withDatasets={false} />
      </DashboardModeContext.Provider>
    </Box>
  );
}
