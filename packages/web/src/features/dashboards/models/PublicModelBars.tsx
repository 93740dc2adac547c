import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicDashboardModels } from '../../../api/models.ts';

/**
 * The model bars of a public dashboard, read-only (docs/product.md "Public data apps"): each model's name and the
 * inputs of its bar with the values of the run the cards show. A visitor can neither change them nor run.
 */
export function PublicModelBars({ dashboardId }: { dashboardId: string }) {
  const { t } = useTranslation('dashboards');
  const bars = usePublicDashboardModels(dashboardId).data?.models ?? [];
  if (bars.length === 0) return null;
  return (
    <Stack gap={6} mt="xs" data-testid="public-model-bars">
      {bars.map((bar) => (
        <Paper key={bar._id} withBorder radius="md" px="sm" py={6} aria-label={bar.name} component="section">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Text fw={600} size="sm" style={{ alignSelf: 'center' }}>
              {bar.name}
            </Text>
            {bar.inputs.map((input) => (
              <TextInput key={input._id} size="xs" label={input.name || input.varName} value={input.value} readOnly />
            ))}
            <Text size="xs" c="dimmed" ml="auto" style={{ alignSelf: 'center' }}>
              {t('modelBar.publicShown')}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
