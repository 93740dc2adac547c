import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { holdsEveryRoleOf, listSearch, type Organization, USER_SEARCH_FIELDS, type User } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationUsers } from '../../api/users.ts';
import { CreateUserModal } from './CreateUserModal.tsx';
import { SearchBox, useListSearchState } from './SearchBox.tsx';
import { UserRow } from './UserRow.tsx';
import { UserSettingsModal } from './UserSettingsModal.tsx';

/**
 * The User Accounts tab: the organization's users with search (first, last, email; "re:" for
 * a regular expression), Create User, and per user the admin controls. The tab shows only to those who manage
 * this organization's users; among them, controls on a user holding a role the viewer lacks are left out, as
 * the server refuses them.
 */
export function UserAccounts({ organization, me }: { organization: Organization; me: User }) {
  const { t } = useTranslation('organizations');
  const users = useOrganizationUsers(organization._id);
  const search = useListSearchState(USER_SEARCH_FIELDS);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  if (users.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (users.isError) return null; // the full-page error shows a failed query

  const shown = listSearch(users.data, search.text, USER_SEARCH_FIELDS, search.regexFields);
  const opened = users.data.find((u) => u._id === openId) ?? null;
  const canAct = (user: User) => holdsEveryRoleOf(me.roles, user.roles);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <SearchBox state={search} placeholder={t('search.users')} />
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setCreating(true)}>
          {t('users.create')}
        </Button>
      </Group>
      {users.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('users.empty')}
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('search.noMatch')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('tabs.users')}>
          {shown.map((user) => (
            <UserRow
              key={user._id}
              user={user}
              own={user._id === me._id}
              canAct={canAct(user)}
              onOpen={() => setOpenId(user._id)}
            />
          ))}
        </Stack>
      )}
      <CreateUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        organizationId={organization._id}
        editor={me.roles}
      />
      <UserSettingsModal
        user={opened}
        onClose={() => setOpenId(null)}
        editor={me.roles}
        canAct={opened ? canAct(opened) : false}
        own={opened?._id === me._id}
      />
    </Stack>
  );
}
