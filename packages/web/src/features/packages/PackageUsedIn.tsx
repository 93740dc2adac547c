import { Anchor, List, Stack, Text } from '@mantine/core';
import type { Package } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a model of the package opens: its page, or its onboarding while it is a draft. */
export const modelPath = (projectId: string, use: Package['usedIn'][number]) =>
  `/projects/${projectId}/models/${use.modelId}${use.onboarded ? '' : '/onboard'}`;

/**
 * "Used in N model(s)" on the package page: each model that runs one of its functions, linked (a draft to its
 * onboarding), with the function's name.
 */
export function PackageUsedIn({ projectId, usedIn }: { projectId: string; usedIn: Package['usedIn'] }) {
  const { t } = useTranslation('packages');
  return (
    <Stack gap={4}>
      <Text size="sm">{t('page.usedIn', { count: usedIn.length })}</Text>
      {usedIn.length > 0 && (
        <List size="sm" spacing={2} data-testid="package-used-in">
          {usedIn.map((use) => (
            <List.Item key={use.modelId}>
              <Anchor component={Link} to={modelPath(projectId, use)}>
                {use.modelName}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {t('page.usedFunction', { name: use.algorithmName })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
