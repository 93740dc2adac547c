import { Alert, Button, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type PopOvers } from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client.ts';
import { sessionKeys, useMe } from '../api/session.ts';

/**
 * An area's help, shown until the user dismisses it once. The dismissal is saved with the user (`popOvers`), so
 * it stays dismissed on every device.
 */
export function HelpNotice({
  popover,
  title,
  children,
}: {
  popover: keyof PopOvers;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => call(api.updateMyUser, { body: { popOvers: { [popover]: true } } }),
    onSuccess: (user) => client.setQueryData(sessionKeys.me, user),
  });
  if (!me.data || me.data.popOvers[popover]) return null;
  return (
    <Alert icon={<IconInfoCircle size={16} />} title={title} variant="light" py="xs" data-testid={`help-${popover}`}>
      {children}
      <Group justify="flex-end" mt={4}>
        <Button size="compact-xs" variant="light" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('help.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
