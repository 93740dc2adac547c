import type { RouteObject } from 'react-router';
import { SettingsRoutes } from '../../app/SettingsRoutes.tsx';

/** /settings/* as the app's router mounts it, for the settings tests. */
export const settingsRoutes: RouteObject[] = [
  { path: '/settings/*', element: <SettingsRoutes /> },
  { path: '/login', element: <p>login page</p> },
];
