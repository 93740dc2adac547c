import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useServerText } from '../login/serverText.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog closes when it resolves and shows the server's message when it throws. */
  onConfirm: () => Promise<unknown>;
}

/** A yes/no confirmation for a destructive action (Delete Dashboard, Delete Tab, Delete Section). */
export function ConfirmDialog({ opened, onClose, title, message, confirmLabel, onConfirm }: Props) {
  const { t } = useTranslation('dataApps');
  const serverText = useServerText('dataApps');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setFailure(err instanceof ApiError ? serverText(err.message) : t('common.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {failure && (
          <Text size="sm" c="red" role="alert">
            {failure}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
