import type { RouteObject } from 'react-router';
import { LoginLayout } from './LoginLayout.tsx';
import { RecoverPage } from './RecoverPage.tsx';
import { ResetPage } from './ResetPage.tsx';
import { SignInPage } from './SignInPage.tsx';

/** The login area as the app's router mounts it, with markers for where the screens lead. */
export const loginRoutes: RouteObject[] = [
  {
    path: '/login',
    element: <LoginLayout />,
    children: [
      { index: true, element: <SignInPage /> },
      { path: 'recover', element: <RecoverPage /> },
      { path: 'reset/:resetCode', element: <ResetPage /> },
    ],
  },
  { path: '/projects', element: <p>projects page</p> },
];
