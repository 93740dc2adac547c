import { Alert, Button, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { sessionKeys, useMe } from '../../api/session.ts';

/**
 * The datasets area's help, shown until the user dismisses it once: the dismissal is saved with the user
 * (`popOvers.datasetPopovers`, spec 3 §9), so it stays dismissed on every device.
 */
export function DatasetHelp() {
  const { t } = useTranslation('datasets');
  const me = useMe();
  const client = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => call(api.updateMyUser, { body: { popOvers: { datasetPopovers: true } } }),
    onSuccess: (user) => client.setQueryData(sessionKeys.me, user),
  });
  if (!me.data || me.data.popOvers.datasetPopovers) return null;
  return (
    <Alert icon={<IconInfoCircle size={16} />} title={t('help.title')} variant="light">
      <Text size="xs">{t('help.body')}</Text>
      <Group justify="flex-end" mt="xs">
        <Button size="compact-xs" variant="light" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {t('help.dismiss')}
        </Button>
      </Group>
    </Alert>
  );
}
