/**
 * Fixtures and a router for the data apps' component tests: answers shaped by the shared schemas (the client
 * parses every answer), the project context the project shell provides, and a probe showing where the app went.
 */

import type { QueryClient } from '@tanstack/react-query';
import {
  type Dashboard,
  type DashboardType,
  type MyProjectPermission,
  PROJECT_ROLE_PRESETS,
  type Project,
  type ProjectRoles,
  type Tab,
  type Unit,
} from '@tessera/shared';
import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { CurrentProjectContext } from '../../project/currentProject.tsx';
import { renderWithProviders, testQueryClient } from '../../ui/testing.tsx';
import { DashboardsRoutes } from './DashboardsRoutes.tsx';
import { PreviewDashboardRoutes, PublicDashboardRoutes } from './public/PublicRoutes.tsx';

/** A 24-hex-digit id ending in `n`. */
export const hexId = (n: number | string) => String(n).padStart(24, '0');

export const PROJECT_ID = hexId('aa1');
export const DASHBOARD_ID = hexId('dd1');

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    _id: DASHBOARD_ID,
    name: 'Revenue',
    description: '',
    type: 'Dashboard',
    tabs: [],
    colors: { colorScheme: 'spectrumOne', features: {} },
    filters: [],
    display: { hide: { hideCommandBar: false, hideDashboardColors: false, hideFilters: false } },
    timeCreated: '2024-01-01T00:00:00.000Z',
    projectId: PROJECT_ID,
    user: null,
    sourcesCount: 0,
    preview: { url: null, status: 'new' },
    ...overrides,
  };
}

export function makeTab(id: string, overrides: Partial<Tab> = {}): Tab {
  return {
    _id: id,
    dashboardId: DASHBOARD_ID,
    name: `Tab ${id.slice(-2)}`,
    description: '',
    units: [],
    layout: [],
    filters: [],
    ...overrides,
  };
}

export function makeUnit(id: string, tabId: string, overrides: Partial<Unit> = {}): Unit {
  return {
    _id: id,
    tabId,
    dashboardId: DASHBOARD_ID,
    type: null,
    subtype: null,
    name: '',
    description: '',
    vis: {},
    ...overrides,
  };
}

/** A dashboard (or report) of these tabs, with these cards placed as given. */
export function makeView(
  type: DashboardType,
  tabs: Tab[],
  units: Unit[] = [],
): { dashboard: Dashboard; tabs: Tab[]; units: Unit[] } {
  return { dashboard: makeDashboard({ type, tabs: tabs.map((t) => t._id) }), tabs, units };
}

export const layoutItem = (i: string, x: number, y: number, w: number, h: number) => ({
  i,
  x,
  y,
  w,
  h,
  moved: false,
  static: false,
});

export function projectContext(roles: ProjectRoles, project: Partial<Project> = {}) {
  const permission: MyProjectPermission = { _id: hexId('ee1'), roles, preset: 'custom', member: true };
  return {
    project: {
      _id: PROJECT_ID,
      name: 'Sales',
      organizationId: hexId('0f1'),
      public: false,
      timeCreated: '2024-01-01T00:00:00.000Z',
      ...project,
    },
    permission,
  };
}

export const EDITOR = PROJECT_ROLE_PRESETS.edit;
export const VIEWER = PROJECT_ROLE_PRESETS.viewDashboards;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders the data apps' routes (project, public, preview) at `path`, as `roles` in the project. */
export function renderDashboards(
  path: string | { pathname: string; state: unknown },
  {
    roles = EDITOR,
    project = {},
    client = testQueryClient(),
  }: { roles?: ProjectRoles; project?: Partial<Project>; client?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          {
            path: '/projects/:projectId/dashboards/*',
            element: (
              <CurrentProjectContext.Provider value={projectContext(roles, project)}>
                <DashboardsRoutes />
              </CurrentProjectContext.Provider>
            ),
          },
          { path: '/projects/:projectId/units/*', element: <p>mapping editor</p> },
          { path: '/public/dashboards/*', element: <PublicDashboardRoutes /> },
          { path: '/preview/projects/:projectId/dashboards/*', element: <PreviewDashboardRoutes /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, client);
  return { router, client };
}

/** Where the app is now (path and query). */
export const currentLocation = () => screen.getByTestId('location').textContent;
