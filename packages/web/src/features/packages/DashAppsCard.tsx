import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Package } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The package's Dash apps, each opened on its own page (docs/dash-apps.md). */
export function DashAppsCard({ pkg, projectId }: { pkg: Package; projectId: string }) {
  const { t } = useTranslation('packages');
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        {t('page.dashApps')}
      </Title>
      <Stack gap="xs">
        {pkg.dashApps.map((app) => (
          <Group key={app.name} justify="space-between">
            <Text size="sm">
              {app.name}{' '}
              <Text span c="dimmed">
                ({app.module}.{app.variable})
              </Text>
            </Text>
            <Button
              size="xs"
              component={Link}
              to={`/projects/${projectId}/packages/${pkg._id}/dash/${encodeURIComponent(app.name)}`}
              disabled={pkg.status !== 'built'}
            >
              {t('page.startDash')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
