import { createBrowserRouter, Navigate } from 'react-router';
import { RouteErrorPage } from './ErrorBoundary.tsx';

/**
 * The route table. Areas are loaded lazily so that the sign-in page stays small; each later
 * area (projects, data apps, datasets, models, forms) adds its routes under the shell.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorPage />,
    lazy: async () => ({ Component: (await import('./RootLayout.tsx')).RootLayout }),
    children: [
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('../features/login/LoginLayout.tsx')).LoginLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/login/SignInPage.tsx')).SignInPage }),
          },
          {
            path: 'microsoft',
            lazy: async () => ({ Component: (await import('../features/login/MicrosoftRoute.tsx')).MicrosoftRoute }),
          },
          {
            path: 'recover',
            lazy: async () => ({ Component: (await import('../features/login/RecoverPage.tsx')).RecoverPage }),
          },
          {
            path: 'reset/:resetCode',
            lazy: async () => ({ Component: (await import('../features/login/ResetPage.tsx')).ResetPage }),
          },
        ],
      },
      // Public data app pages, no login: the public dashboard and the preview the server screenshots.
      {
        path: 'public/dashboards/*',
        lazy: async () => ({
          Component: (await import('../features/dashboards/public/PublicRoutes.tsx')).PublicDashboardRoutes,
        }),
      },
      // The public form page, no login.
      {
        path: 'public/forms/:formId',
        lazy: async () => ({
          Component: (await import('../features/forms/public/PublicFormPage.tsx')).PublicFormPage,
        }),
      },
      // The export page the server's Chromium prints (docs/data-apps.md "Export"), no login: a preview token.
      {
        path: 'export/projects/:projectId/dashboards/:dashboardId',
        lazy: async () => ({
          Component: (await import('../features/dashboards/export/ExportDashboardRoute.tsx')).ExportDashboardRoute,
        }),
      },
      {
        path: 'preview/projects/:projectId/dashboards/*',
        lazy: async () => ({
          Component: (await import('../features/dashboards/public/PublicRoutes.tsx')).PreviewDashboardRoutes,
        }),
      },
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./Shell.tsx')).Shell }),
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          {
            path: 'projects',
            lazy: async () => ({
              Component: (await import('../features/projects/ProjectListPage.tsx')).ProjectListPage,
            }),
          },
          {
            path: 'projects/:projectId/*',
            lazy: async () => ({
              Component: (await import('./projectShell/ProjectShell.tsx')).ProjectShell,
            }),
          },
          {
            path: 'help/writing-a-package',
            lazy: async () => ({
              Component: (await import('../features/help/WritingAPackagePage.tsx')).WritingAPackagePage,
            }),
          },
          {
            path: 'settings/*',
            lazy: async () => ({ Component: (await import('./SettingsRoutes.tsx')).SettingsRoutes }),
          },
          { path: '*', lazy: async () => ({ Component: (await import('../ui/NotFound.tsx')).NotFound }) },
        ],
      },
    ],
  },
]);
