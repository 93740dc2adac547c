import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { onSessionExpired, usePageErrorStatus } from '../api/errors.ts';
import { FullPageError } from '../ui/FullPageError.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/**
 * The top of every page, public ones included: the error boundary, the full-page error (which replaces the
 * application while a status of 400 or more is stored), the end-of-session redirect, and the document language.
 */
export function RootLayout() {
  const { i18n } = useTranslation();
  const status = usePageErrorStatus();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    document.documentElement.lang = i18n.resolvedLanguage ?? i18n.language;
  }, [i18n.resolvedLanguage, i18n.language]);

  // A 401 on a stored token: the token is already removed; forget what was cached for that user and sign in again.
  useEffect(
    () =>
      onSessionExpired(() => {
        void navigate('/login', { replace: true });
        queryClient.clear();
      }),
    [navigate, queryClient],
  );

  return (
    <ErrorBoundary resetKey={location.pathname}>
      {status !== null && status >= 400 ? <FullPageError status={status} /> : <Outlet />}
    </ErrorBoundary>
  );
}
