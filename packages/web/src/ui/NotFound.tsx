import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The 404 page: unknown paths under the shell and failed role checks. */
export function NotFound() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Center py={80} px="md">
      <Stack align="center" gap="md" maw={480}>
        <Text fz={64} fw={700} lh={1} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2" ta="center">
          {t('shell:notFound.title')}
        </Title>
        <Text ta="center" c="dimmed">
          {t('shell:notFound.message')}
        </Text>
        <Button component={Link} to="/projects">
          {t('common:goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
