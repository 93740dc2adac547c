import { Navigate, Route, Routes } from 'react-router';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { dashboardsListPath } from '../canvas/index.ts';
import { ProjectDashboardRoute } from './dashboard/ProjectDashboardRoute.tsx';
import { DashboardsListPage } from './list/DashboardsListPage.tsx';

/**
 * The data apps area under /projects/{projectId}/dashboards, behind the project shell's dashboard
 * view guard: the list, dashboards at {id}[/tabs/{tabId}] and reports at report/{id}[/tabs/{tabId}].
 */
export function DashboardsRoutes() {
  const { project } = useCurrentProject();
  return (
    <Routes>
      <Route index element={<DashboardsListPage />} />
      <Route path="report/:dashboardId" element={<ProjectDashboardRoute pathType="Report" />} />
      <Route path="report/:dashboardId/tabs/:tabId" element={<ProjectDashboardRoute pathType="Report" />} />
      <Route path=":dashboardId" element={<ProjectDashboardRoute pathType="Dashboard" />} />
      <Route path=":dashboardId/tabs/:tabId" element={<ProjectDashboardRoute pathType="Dashboard" />} />
      <Route path="*" element={<Navigate to={dashboardsListPath(project._id)} replace />} />
    </Routes>
  );
}
