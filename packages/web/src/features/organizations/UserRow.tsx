import { Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { COPIED_LABEL_MS, rolePresetOf, type User } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteUser, useResendUserEmail, useUpdateUser } from '../../api/users.ts';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useOrgAction } from './useOrgAction.ts';

/** The reset link of an invitation: this host's /login/reset/{token}. */
export const resetLinkOf = (token: string, origin = window.location.origin) => `${origin}/login/reset/${token}`;

interface UserRowProps {
  user: User;
  /** The row is the viewer's own user: no resend, deactivate or delete. */
  own: boolean;
  /** The viewer may act on this user (manages the organization's users and holds every role the user holds). */
  canAct: boolean;
  onOpen: () => void;
}

/**
 * One user of the User Accounts list: avatar, name, email, role preset, "Unclaimed Account" with Resend Email,
 * Deactivate User / Reactivate User and Delete. Clicking the name opens the user settings modal.
 */
export function UserRow({ user, own, canAct, onOpen }: UserRowProps) {
  const { t } = useTranslation('organizations');
  const resend = useResendUserEmail();
  const update = useUpdateUser();
  const remove = useDeleteUser(user.organizationId);
  const [resetLink, setResetLink] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { failure, run } = useOrgAction();
  const name = `${user.name.first} ${user.name.last}`;
  const actions = canAct && !own;

  const resendEmail = () =>
    run(async () => {
      const answer = await resend.mutateAsync(user._id);
      setResetLink(resetLinkOf(answer.reset.token));
    });
  const toggleActive = () =>
    run(async () => {
      await update.mutateAsync({ id: user._id, change: { active: !user.active } });
    });

  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={name}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <UnstyledButton onClick={onOpen} aria-label={t('users.open', { name })} style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="nowrap">
              <UserAvatar user={user} size={40} />
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate>
                  {name}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
          <Group gap={6} wrap="wrap" ml={52}>
            <Badge variant="light">{t(`roles.presets.${rolePresetOf(user.roles)}`)}</Badge>
            {own && <Badge variant="outline">{t('users.you')}</Badge>}
            {user.needsReset && (
              <Badge variant="light" color="yellow">
                {t('users.unclaimed')}
              </Badge>
            )}
            {!user.active && (
              <Badge variant="light" color="red">
                {t('users.inactive')}
              </Badge>
            )}
          </Group>
        </Stack>
        {actions && (
          <Group gap={6} wrap="wrap">
            {user.needsReset && (
              <Button
                size="xs"
                variant="default"
                onClick={() => void resendEmail()}
                loading={resend.isPending}
                disabled={!!resetLink}
              >
                {resetLink ? t('users.sent') : t('users.resend')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={() => void toggleActive()} loading={update.isPending}>
              {user.active ? t('users.deactivate') : t('users.reactivate')}
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setConfirmDelete(true)}>
              {t('users.delete')}
            </Button>
          </Group>
        )}
      </Group>
      {resetLink && (
        <Stack gap={2} mt="xs">
          <Text size="sm" c="dimmed">
            {t('users.resetLink')}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Anchor href={resetLink} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
              {resetLink}
            </Anchor>
            <CopyButton value={resetLink} timeout={COPIED_LABEL_MS}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="subtle" onClick={copy} style={{ flexShrink: 0 }}>
                  {copied ? t('users.copied') : t('users.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
      {failure && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {failure}
        </Text>
      )}
      <ConfirmModal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { name, email: user.email })}
        confirmLabel={t('users.delete')}
        onConfirm={() => remove.mutateAsync(user._id)}
      />
    </Paper>
  );
}
