import { Anchor, Group, Paper, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

/** The public page's banner: the dashboard is public, with a link to the provider. */
export function PublicBanner() {
  const { t } = useTranslation('dashboards');
  return (
    <Paper component="header" radius={0} px="md" py={8} bg="var(--mantine-color-blue-light)" role="banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconWorld size={18} aria-hidden />
          <Text size="sm">{t('public.banner')}</Text>
        </Group>
        <Anchor href="/" size="sm" fw={600}>
          {t('public.poweredBy', { product: PRODUCT_NAME })}
        </Anchor>
      </Group>
    </Paper>
  );
}
