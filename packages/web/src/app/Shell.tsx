import { AppShell, Box, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { tokenStore } from '../api/client.ts';
import { useMe } from '../api/session.ts';
import { Footer } from './Footer.tsx';
import { PhoneNav } from './PhoneNav.tsx';
import { ShellDocumentTitle } from './ShellDocumentTitle.tsx';
import { ShellHeader } from './ShellHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { type ShellProject, ShellProjectContext } from './shellProject.tsx';

const HEADER_HEIGHT = 60;

/**
 * The signed-in application: without a stored token it goes to /login; while the user loads it shows a
 * loader; then the navigation bar, the page and the footer. Below 767 px the bar collapses into a burger menu.
 */
export function Shell() {
  const { t } = useTranslation('common');
  const me = useMe();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const [project, setProject] = useState<ShellProject | null>(null);

  // Following a link in the burger's panel closes it (state adjusted during render when the path changes).
  const [navPath, setNavPath] = useState(pathname);
  if (navPath !== pathname) {
    setNavPath(pathname);
    nav.close();
  }

  if (!tokenStore.get()) return <Navigate to="/login" replace />;
  if (!me.data) {
    // A failed load is handled globally (full-page error, or /login on a 401).
    if (me.isError) return null;
    return (
      <Center h="100dvh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return (
    <ShellProjectContext.Provider value={setProject}>
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        navbar={{ width: 300, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: true } }}
        padding={0}
      >
        <ShellDocumentTitle user={me.data} project={project} />
        <SkipLink />
        <AppShell.Header>
          <ShellHeader user={me.data} project={project} navOpened={navOpened} onToggleNav={nav.toggle} />
        </AppShell.Header>
        <AppShell.Navbar hiddenFrom="sm">
          <PhoneNav user={me.data} project={project} />
        </AppShell.Navbar>
        <AppShell.Main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ display: 'flex', flexDirection: 'column', outline: 'none' }}
        >
          <Box flex={1} miw={0}>
            <Outlet />
          </Box>
          <Footer />
        </AppShell.Main>
      </AppShell>
    </ShellProjectContext.Provider>
  );
}
