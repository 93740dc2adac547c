import { Alert, Anchor, Box, Breadcrumbs, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { usePackage, usePackageMutations } from '../../api/packages.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useServerText } from '../../ui/serverText.ts';

/**
 * /projects/{projectId}/packages/{packageId}/dash/{dashApp}: starts the app (loading, then running, or the
 * server's message / 'Failed to start Dash application') and shows it in a frame of the app's own origin, which is
 * never the web app's (docs/security.md).
 */
export function DashAppPage() {
  const { t } = useTranslation('packages');
  const serverText = useServerText();
  const { packageId = '', dashApp = '' } = useParams();
  const { project } = useCurrentProject();
  const pkg = usePackage(project._id, packageId);
  const { startDash } = usePackageMutations(project._id, packageId);
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const start = startDash.mutateAsync;

  useEffect(() => {
    let live = true;
    setUrl(undefined);
    setError(undefined);
    start(dashApp)
      .then((answer) => live && setUrl(answer.url))
      .catch(
        (err) => live && setError(err instanceof ApiError && err.message ? serverText(err.message) : t('dash.failed')),
      );
    return () => {
      live = false;
    };
  }, [start, dashApp, serverText, t]);

  // A ticket opens its app once (the frame used this one): a new tab asks for its own.
  const openNewTab = () =>
    start(dashApp)
      .then((answer) => window.open(answer.url, '_blank', 'noopener,noreferrer'))
      .catch((err) => setError(err instanceof ApiError && err.message ? serverText(err.message) : t('dash.failed')));

  return (
    <Stack p="md" gap="sm" h="calc(100vh - 80px)">
      <Group justify="space-between">
        <Breadcrumbs>
          <Anchor component={Link} to={`/projects/${project._id}/models`}>
            {t('page.breadcrumb')}
          </Anchor>
          <Anchor component={Link} to={`/projects/${project._id}/packages/${packageId}`}>
            {pkg.data?.name ?? '…'}
          </Anchor>
          <Text>{dashApp}</Text>
        </Breadcrumbs>
        {url && (
          <Button size="xs" variant="light" onClick={openNewTab}>
            {t('dash.openNew')}
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {!url && !error && (
        <Center py={80}>
          <Stack align="center">
            <Loader />
            <Text>{t('dash.loading')}</Text>
          </Stack>
        </Center>
      )}
      {url && (
        <Box style={{ flex: 1, border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
          <iframe
            title={t('dash.frame', { name: dashApp })}
            src={url}
            style={{ width: '100%', height: '100%', border: 0 }}
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
          />
        </Box>
      )}
    </Stack>
  );
}
