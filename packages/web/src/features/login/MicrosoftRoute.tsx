import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { tokenStore } from '../../api/client.ts';
import { finishSsoCallback, markSsoDeactivated } from './microsoft.ts';
import { SignInPage } from './SignInPage.tsx';

/** How long to wait for window.close() before concluding this tab is not a popup. */
const CLOSE_WAIT_MS = 300;

/**
 * /login/microsoft: where the identity provider sends the sign-in popup back. With a code and a state (or an
 * error) in the URL this is the popup: it finishes the sign-in and closes. Otherwise it is the sign-in page.
 */
export function MicrosoftRoute() {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const isCallback = (params.has('code') && params.has('state')) || params.has('error');
  return isCallback ? <MicrosoftCallback params={params} /> : <SignInPage />;
}

function MicrosoftCallback({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation('sso');
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    void (async () => {
      const result = await finishSsoCallback(params);
      window.close();
      await new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS));
      if (!active || window.closed) return;
      // Still open: popups were blocked and the flow ran in this very tab (or the link was opened by hand),
      // so nobody else is listening; finish the sign-in here.
      if ('accessToken' in result) {
        tokenStore.set(result.accessToken);
        await navigate('/projects', { replace: true });
      } else {
        markSsoDeactivated();
        await navigate('/login/microsoft', { replace: true });
      }
    })();
    return () => {
      active = false;
    };
  }, [params, navigate]);

  return (
    <Center py="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {t('signingIn')}
        </Text>
      </Stack>
    </Center>
  );
}
