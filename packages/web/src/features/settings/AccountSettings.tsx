import { Center, Container, Loader, Tabs } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useUpdateMyName } from '../../api/account.ts';
import { sessionKeys, useMe } from '../../api/session.ts';
import { NotFound } from '../../ui/NotFound.tsx';
import { LoginHistory } from './LoginHistory.tsx';
import { PasswordTab } from './PasswordTab.tsx';
import { UserProfile } from './UserProfile.tsx';

/** The tabs of one's own account, by path segment. */
export const ACCOUNT_TABS = ['profile', 'password', 'log'] as const;
type AccountTab = (typeof ACCOUNT_TABS)[number];
const BASE = '/settings/users/my';

/** Own account settings at /settings/users/my/{profile|password|log}. */
export function AccountSettings() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const tab = useParams()['*']?.replace(/\/+$/, '') ?? '';
  const me = useMe();
  const queryClient = useQueryClient();
  const updateName = useUpdateMyName();

  if (tab === '') return <Navigate to={`${BASE}/profile`} replace />;
  if (!(ACCOUNT_TABS as readonly string[]).includes(tab)) return <NotFound />;
  if (!me.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const user = me.data;

  // The saved user replaces the session's copy, so the navigation bar's name and avatar follow at once.
  const saveName = async (name: User['name']) => {
    const saved = await updateName.mutateAsync(name);
    queryClient.setQueryData(sessionKeys.me, saved);
  };
  const logoUploaded = (logo: string) =>
    queryClient.setQueryData<User>(sessionKeys.me, (old) => old && { ...old, logo });

  return (
    <Container size="md" py="lg">
      <Tabs value={tab} onChange={(value) => value && void navigate(`${BASE}/${value}`)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value={'profile' satisfies AccountTab}>{t('tabs.profile')}</Tabs.Tab>
          <Tabs.Tab value={'password' satisfies AccountTab}>{t('tabs.password')}</Tabs.Tab>
          <Tabs.Tab value={'log' satisfies AccountTab}>{t('tabs.log')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <UserProfile user={user} saveName={saveName} onLogoUploaded={logoUploaded} />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordTab />
        </Tabs.Panel>
        <Tabs.Panel value="log">
          <LoginHistory userId={user._id} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
