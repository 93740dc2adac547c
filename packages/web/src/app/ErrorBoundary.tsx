import { Button, Center, Stack, Title } from '@mantine/core';
import { api } from '@tessera/shared';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { call } from '../api/client.ts';

/** The contract caps the stack at 20 000 characters; anything longer is cut rather than rejected. */
const MAX_STACK = 20_000;
const reported = new WeakSet<object>();

function describe(error: unknown, componentStack: string | null | undefined): string {
  const head = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return `${head}${componentStack ? `\n\nComponent stack:${componentStack}` : ''}`.slice(0, MAX_STACK);
}

/**
 * Sends one error report (POST /api/v1/errors/ui {stack, path}) per error object: a boundary that catches the
 * same error again (a re-render, StrictMode) does not report it twice. The report is best effort.
 */
export function reportUiError(error: unknown, componentStack?: string | null): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const body = { stack: describe(error, componentStack), path: window.location.pathname.slice(0, 2000) };
  call(api.reportUiError, { body }).catch(() => undefined);
}

interface Props {
  children: ReactNode;
  /** When this value changes (the path), a caught error is forgotten so that navigating away recovers. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** The application error boundary: shows "Something went wrong." and reports the error. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportUiError(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: null, failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashPage /> : this.props.children;
  }
}

function CrashPage() {
  const { t } = useTranslation('common');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md">
        <Title order={2} ta="center">
          {t('somethingWentWrong')}
        </Title>
        {/* A full page load on purpose: after a crash, the app starts again from a clean state. */}
        <Button component="a" href="/projects">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * The router's own error element: errors React Router catches itself (a lazy page that fails to load, an
 * error thrown while rendering a route) show the same page and are reported the same way.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => reportUiError(error), [error]);
  return <CrashPage />;
}
