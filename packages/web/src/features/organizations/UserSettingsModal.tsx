import { Divider, Loader, Modal, Stack, Tabs } from '@mantine/core';
import type { OrgRoles, User } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useStoreUserLogo, useUpdateUser } from '../../api/users.ts';
import { useServerText } from '../../ui/serverText.ts';
import { LoginHistory, UserProfile } from '../settings/index.ts';
import { RoleEditor } from './RoleEditor.tsx';

interface UserSettingsModalProps {
  /** The user shown, kept current by the list it was opened from; null closes the modal. */
  user: User | null;
  onClose: () => void;
  /** The viewer's roles (role editor rule). */
  editor: OrgRoles;
  /** The viewer may change this user: name, logo and (for another user) roles. */
  canAct: boolean;
  own: boolean;
}

/** A user's settings opened from the User Accounts list: Profile and Login History only. */
export function UserSettingsModal({ user, onClose, editor, canAct, own }: UserSettingsModalProps) {
  const { t } = useTranslation('organizations');
  const update = useUpdateUser();
  const storeLogo = useStoreUserLogo();
  const [tab, setTab] = useState<string | null>('profile');

  const close = () => {
    setTab('profile');
    onClose();
  };

  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={user ? `${user.name.first} ${user.name.last}` : t('userModal.title')}
      size="lg"
      centered
    >
      {user && (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile">{t('userModal.profile')}</Tabs.Tab>
            <Tabs.Tab value="log">{t('userModal.log')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile">
            <Stack gap="lg">
              <UserProfile
                user={user}
                saveName={canAct ? (name) => update.mutateAsync({ id: user._id, change: { name } }) : undefined}
                onLogoUploaded={canAct ? (logo) => storeLogo(user, logo) : undefined}
              />
              {canAct && !own && (
                <>
                  <Divider />
                  <UserRoles user={user} editor={editor} />
                </>
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="log">
            <LoginHistory userId={user._id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

/** Another user's roles, saved as soon as they change; a refusal shows under the editor and the saved roles return. */
function UserRoles({ user, editor }: { user: User; editor: OrgRoles }) {
  const { t } = useTranslation('organizations');
  const serverText = useServerText();
  const update = useUpdateUser();
  const [error, setError] = useState<string | null>(null);

  const save = async (roles: OrgRoles) => {
    setError(null);
    try {
      await update.mutateAsync({ id: user._id, change: { roles } });
    } catch (err) {
      const message = err instanceof ApiError ? (err.fields.roles ?? err.message) : t('users.actionFailed');
      setError(serverText(message));
    }
  };

  return (
    <Stack gap={4}>
      <RoleEditor
        editor={editor}
        current={user.roles}
        value={update.isPending && update.variables?.change.roles ? update.variables.change.roles : user.roles}
        onChange={(roles) => void save(roles)}
        error={error}
        disabled={update.isPending}
      />
      {update.isPending && <Loader size="xs" aria-label={t('roles.saving')} />}
    </Stack>
  );
}
