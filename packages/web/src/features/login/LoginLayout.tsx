import { Box, Center, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../ui/documentTitle.ts';
import { LanguageToggle } from '../../ui/LanguageToggle.tsx';
import { LoginLogo } from './logos.tsx';

/** The public login area: one centred card with the logo, the EN/FR toggle and the current screen; its page title. */
export function LoginLayout() {
  const { t, i18n } = useTranslation('login');
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const page = pathname.startsWith('/login/recover')
    ? 'recover'
    : pathname.startsWith('/login/reset')
      ? 'reset'
      : 'signIn';
  useDocumentTitle(t(`pageTitle.${page}`));
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
