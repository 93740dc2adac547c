import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /**
   * Runs the action; the modal closes when it resolves and shows the server's message when it throws (an ApiError's
   * message, already translated by its code).
   */
  onConfirm: () => Promise<unknown>;
  /** The confirm button's colour: red (the default) for a destructive action, the theme's for any other. */
  confirmColor?: string;
}

/**
 * A plain yes/no confirmation for an action that cannot be undone (Delete user, Delete Dashboard, Delete Tab,
 * Publish Form...). For a confirmation that needs a name typed, see TypedConfirmModal.
 */
export function ConfirmModal({
  opened,
  onClose,
  title,
  message,
  confirmLabel,
  onConfirm,
  confirmColor = 'red',
}: ConfirmModalProps) {
  const { t } = useTranslation('typedConfirm');
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
      setFailure(err instanceof ApiError ? err.message : t('failed'));
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
            {t('cancel')}
          </Button>
          <Button color={confirmColor} onClick={() => void confirm()} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
