import { Center, Loader } from '@mantine/core';
import type { DashboardType } from '@tessera/shared';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { orderedView, useDashboard } from '../../../api/dashboards.ts';
import { findMyProject, useMyProjects } from '../../../api/projects.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import {
  type DashboardMode,
  DashboardModeContext,
  type DashboardPlace,
  dashboardPath,
  dashboardsListPath,
  publicLink,
} from '../../canvas/index.ts';
import { DashboardScreen } from './DashboardScreen.tsx';
import { dashboardRouteOutcome } from './dashboardRoute.ts';

/**
 * A dashboard or report inside a project: /projects/{projectId}/dashboards/[report/]{id}/tabs/{tabId}.
 * An unknown dashboard (or one the user cannot see) goes back to the list; the other redirects are in
 * dashboardRouteOutcome.
 */
export function ProjectDashboardRoute({ pathType }: { pathType: DashboardType }) {
  const { dashboardId = '', tabId } = useParams();
  return <DashboardRouteFor key={dashboardId} dashboardId={dashboardId} tabId={tabId} pathType={pathType} />;
}

function DashboardRouteFor({
  dashboardId,
  tabId,
  pathType,
}: {
  dashboardId: string;
  tabId?: string;
  pathType: DashboardType;
}) {
  const { t } = useTranslation('dashboards');
  const { project } = useCurrentProject();
  const canEdit = useProjectCan('dashboard:edit');
  const withDatasets = useProjectCan('dataset:view');
  const projectId = project._id;
  const detail = useDashboard(projectId, dashboardId);
  const mine = useMyProjects();
  const sharing = findMyProject(mine.data, projectId)?.organization.publicSharing ?? false;
  // The tab order last shown: when the open tab disappears, the tab rules pick where to go from it.
  const shownTabs = useRef<readonly string[]>([]);

  const mode = useMemo<DashboardMode>(
    () => ({
      place: { kind: 'project', projectId } satisfies DashboardPlace,
      canEdit,
      cardMenu: true,
      preview: false,
    }),
    [projectId, canEdit],
  );

  if (detail.isError) return <Navigate to={dashboardsListPath(projectId)} replace />;
  if (!detail.data) {
    return (
      <Center py={80}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const { dashboard } = detail.data;
  const outcome = dashboardRouteOutcome(dashboard, pathType, tabId, shownTabs.current);
  if (outcome.kind === 'redirect') return <Navigate to={dashboardPath(mode.place, dashboard, outcome.tabId)} replace />;
  shownTabs.current = dashboard.tabs;
  const link = project.public && sharing ? publicLink(window.location.origin, dashboard, outcome.tabId) : null;
  return (
    <DashboardModeContext.Provider value={mode}>
      <DashboardScreen
        view={orderedView(detail.data)}
        tabId={outcome.tabId}
        publicLink={link}
        withDatasets={withDatasets}
      />
    </DashboardModeContext.Provider>
  );
}
