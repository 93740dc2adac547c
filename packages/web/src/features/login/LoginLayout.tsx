import { Box, Center, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useSearchParams } from 'react-router';
import { LanguageToggle } from '../../app/LanguageToggle.tsx';
import { LoginLogo } from './logos.tsx';

/** The public login area (spec 1 §2): one centred card with the logo, the EN/FR toggle and the current screen. */
export function LoginLayout() {
  const { i18n } = useTranslation('login');
  const [search] = useSearchParams();
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
        <Group justify="space-between" align="center" wrap="nowrap" mb="xl">
          <Box miw={0} style={{ overflow: 'hidden' }}>
            <LoginLogo organization={search.get('organization')} language={i18n.resolvedLanguage ?? i18n.language} />
          </Box>
          <LanguageToggle />
        </Group>
        <Outlet />
      </Paper>
    </Center>
  );
}
