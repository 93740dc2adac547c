import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { sessionKeys, useMe } from '../../api/session.ts';

/**
 * The mapping screen's help: how to drag columns into buckets, and the keyboard way. Shown until the user
 * dismisses it once; the dismissal is saved with the user (`popOvers.mappingPopovers`), so it stays dismissed
 * on every device.
 */
export function MappingHelp() {
  const { t } = useTranslation('mapping');
  const me = useMe();
  const client = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => call(api.updateMyUser, { body: { popOvers: { mappingPopovers: true } } }),
    onSuccess: (user) => client.setQueryData(sessionKeys.me, user),
  });
  if (!me.data || me.data.popOvers.mappingPopovers) return null;
  return (
    <Alert icon={<IconInfoCircle size={16} />} title={t('help.title')} variant="light" py="xs">
      <Text size="xs">{t('help.drag')}</Text>
      <Text size="xs">{t('help.keyboard')}</Text>
      <Text size="xs">{t('help.settings')}</Text>
      <Group justify="flex-end" mt={4}>
        <Button size="compact-xs" variant="light" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('help.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
