import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pageErrorStore } from '../api/errors.ts';

/** Replaces the whole application while a status of 400 or more is stored. */
export function FullPageError({ status }: { status: number }) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  // Navigate first, then clear: clearing first would mount the failed page again for a moment, and its query,
  // retried on mount, would store the error once more.
  const goHome = async () => {
    await navigate('/projects');
    pageErrorStore.clear();
  };
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Text fz={64} fw={700} lh={1} c="dimmed" aria-hidden>
          {status}
        </Text>
        <Title order={1} fz="h2" ta="center">
          {t('shell:pageError.title', { status })}
        </Title>
        <Text ta="center" c="dimmed">
          {t('shell:pageError.message')}
        </Text>
        <Button onClick={() => void goHome()}>{t('common:goHome')}</Button>
      </Stack>
    </Center>
  );
}
