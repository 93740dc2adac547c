import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Dashboard } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dashboardPath } from '../../canvas/index.ts';
import { AppDescription } from '../header/AppDescription.tsx';
import { type AppAction, DashboardMenu } from './DashboardMenu.tsx';
import { PreviewImage } from './PreviewImage.tsx';

interface Props {
  projectId: string;
  dashboard: Dashboard;
  canEdit: boolean;
  onAction: (action: AppAction, dashboard: Dashboard) => void;
}

/**
 * One data app of the list: its image, name, layout and description, opening the dashboard at its first tab
 * (report/{id}/tabs/{tabId} for a report), and its menu for editors.
 */
export function DashboardCard({ projectId, dashboard, canEdit, onAction }: Props) {
  const { t } = useTranslation('dashboards');
  const to = dashboardPath({ kind: 'project', projectId }, dashboard, dashboard.tabs[0]);
  return (
    <Card withBorder radius="md" padding={0}>
      <UnstyledButton component={Link} to={to} aria-label={t('appCard.open', { name: dashboard.name })}>
        <PreviewImage projectId={projectId} dashboard={dashboard} />
      </UnstyledButton>
      <Group wrap="nowrap" align="flex-start" gap="xs" p="sm">
        <Stack gap={4} miw={0} flex={1}>
          <Text fw={600} truncate component={Link} to={to}>
            {dashboard.name}
          </Text>
          <Group gap={6}>
            <Badge size="xs" variant="light" color={dashboard.type === 'Report' ? 'grape' : 'blue'}>
              {t(dashboard.type === 'Report' ? 'appCard.report' : 'appCard.dashboard')}
            </Badge>
            {dashboard.user && (
              <Text size="xs" c="dimmed" truncate>
                {t('appCard.createdBy', { name: `${dashboard.user.name.first} ${dashboard.user.name.last}` })}
              </Text>
            )}
          </Group>
          {dashboard.description && <AppDescription description={dashboard.description} />}
        </Stack>
        {canEdit && <DashboardMenu dashboard={dashboard} onAction={onAction} />}
      </Group>
    </Card>
  );
}
