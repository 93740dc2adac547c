import { Spoiler, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A data app's description: two lines, and Show more for the rest, never cut with no way to read it (reflow at
 * 320 CSS px, docs/accessibility.md). The dashboard's header and the list's cards show it so.
 */
export function AppDescription({ description, testId }: { description: string; testId?: string }) {
  const { t } = useTranslation('dashboards');
  return (
    <Spoiler maxHeight={44} showLabel={t('header.showMore')} hideLabel={t('header.showLess')} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Spoiler>
  );
}
