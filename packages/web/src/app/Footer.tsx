import { Anchor, Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, PRODUCT_NAME, SUPPORT_EMAIL } from '@tessera/shared';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { call } from '../api/client.ts';
import { LegalModal, type LegalText } from './LegalModal.tsx';

/** The footer: product version, support contact, Privacy Policy and Terms of Service. */
export function Footer() {
  const { t } = useTranslation('shell');
  const [legal, setLegal] = useState<LegalText | null>(null);
  // The version is decoration: its failure must not replace the page with the full-page error.
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => call(api.health),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { pageError: false },
  });
  return (
    <Box component="footer" px="md" py="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {PRODUCT_NAME}
          {health.data ? ` · ${t('footer.version', { version: health.data.version })}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          <Trans
            t={t}
            i18nKey="footer.support"
            values={{ email: SUPPORT_EMAIL }}
            components={[<Anchor key="mail" href={`mailto:${SUPPORT_EMAIL}`} inherit />]}
          />
        </Text>
        <Group gap="md">
          <Anchor component="button" type="button" size="xs" onClick={() => setLegal('privacy')}>
            {t('footer.privacy')}
          </Anchor>
          <Anchor component="button" type="button" size="xs" onClick={() => setLegal('terms')}>
            {t('footer.terms')}
          </Anchor>
        </Group>
      </Group>
      <LegalModal text={legal} onClose={() => setLegal(null)} />
    </Box>
  );
}
