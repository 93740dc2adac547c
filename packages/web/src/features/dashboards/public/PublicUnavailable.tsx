import { Button, Center, Stack, Text } from '@mantine/core';
import { IconWorldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A public or preview address that answers nothing: unknown, private, or its organization does not share. */
export function PublicUnavailable() {
  const { t } = useTranslation(['dashboards', 'common']);
  return (
    <Center py={80} px="md">
      <Stack align="center" gap="md">
        <IconWorldOff size={48} stroke={1.5} aria-hidden />
        <Text ta="center">{t('dashboards:public.notFound')}</Text>
        <Button component={Link} to="/projects" variant="default">
          {t('common:goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
