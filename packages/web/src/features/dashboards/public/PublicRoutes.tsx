import { Route, Routes } from 'react-router';
import { NotFound } from '../../../ui/NotFound.tsx';
import { PreviewDashboardRoute } from './PreviewDashboardRoute.tsx';
import { PublicDashboardRoute } from './PublicDashboardRoute.tsx';

/**
 * The public routes under /public/dashboards: {id}, {id}/tabs/{tabId}, report/{id}/* and
 * report/{id}/tabs/{tabId}.
 */
export function PublicDashboardRoutes() {
  return (
    <Routes>
      <Route path=":dashboardId" element={<PublicDashboardRoute pathType="Dashboard" />} />
      <Route path=":dashboardId/tabs/:tabId" element={<PublicDashboardRoute pathType="Dashboard" />} />
      <Route path="report/:dashboardId/tabs/:tabId" element={<PublicDashboardRoute pathType="Report" />} />
      <Route path="report/:dashboardId/*" element={<PublicDashboardRoute pathType="Report" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** The preview routes under /preview/projects/{projectId}/dashboards: [report/]{id}/tabs/{tabId}. */
export function PreviewDashboardRoutes() {
  return (
    <Routes>
      <Route path=":dashboardId/tabs/:tabId" element={<PreviewDashboardRoute pathType="Dashboard" />} />
      <Route path="report/:dashboardId/tabs/:tabId" element={<PreviewDashboardRoute pathType="Report" />} />
      {/* Without a tab the page goes to the first one (the renderer normally names it). */}
      <Route path=":dashboardId" element={<PreviewDashboardRoute pathType="Dashboard" />} />
      <Route path="report/:dashboardId" element={<PreviewDashboardRoute pathType="Report" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
