import { Group, Stack, TextInput } from '@mantine/core';
import type { User } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { LogoUpload } from './LogoUpload.tsx';
import { NameField } from './NameField.tsx';

export interface UserProfileProps {
  user: User;
  /** Saves the name; the caller picks the call (own account, or another user from the organization's list). */
  saveName?: (name: User['name']) => Promise<unknown>;
  /** Called with the new logo after an upload; without it the logo cannot be changed here. */
  onLogoUploaded?: (logo: string) => void;
}

/**
 * The Profile tab: avatar and logo upload, first and last name saved on blur, email read-only.
 * Reused by the organization settings' user modal, which passes its own save callbacks (or none to view only).
 */
export function UserProfile({ user, saveName, onLogoUploaded }: UserProfileProps) {
  const { t } = useTranslation('settings');
  const readOnly = !saveName;
  const save = (part: 'first' | 'last') => (value: string) =>
    saveName ? saveName({ ...user.name, [part]: value }) : Promise.resolve();

  return (
    <Stack gap="lg" maw={520}>
      <Group align="flex-start" gap="lg">
        <UserAvatar user={user} size={90} />
        {onLogoUploaded && <LogoUpload userId={user._id} onUploaded={onLogoUploaded} />}
      </Group>
      <NameField
        label={t('profile.first')}
        value={user.name.first}
        serverFields={['name.first', 'first', 'name']}
        save={save('first')}
        readOnly={readOnly}
      />
      <NameField
        label={t('profile.last')}
        value={user.name.last}
        serverFields={['name.last', 'last']}
        save={save('last')}
        readOnly={readOnly}
      />
      <TextInput label={t('profile.email')} value={user.email} readOnly variant="filled" />
    </Stack>
  );
}
